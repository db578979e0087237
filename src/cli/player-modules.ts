// Players named on the command line: a built-in id, or the path of a player module (a file the user wrote, whose
// default export is a PlayerSpec). A module is read and hashed here, imported and checked in this thread before
// any deal (sim/modules.ts), and named in tasks by its file URL, so that every worker loads the same file.
// `--player-option key=value` goes to module players only; compare's sides take `a:key=value` and `b:key=value`.

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import type { Options } from '../core/options.js';
import { DEFAULT_SETTINGS, type PlayerSettings, type PlayerSpec } from '../players/player.js';
import { findPlayer } from '../players/registry.js';
import type { PlayerFault } from '../sim/batch.js';
import { checkHonesty } from '../sim/honesty.js';
import { loadPlayerModule } from '../sim/modules.js';

/** A player module's file: the path as given, its URL, and the SHA-256 of its bytes (hex). */
export interface ModuleFile {
  readonly path: string;
  readonly url: string;
  readonly sha256: string;
}

/** A player as chosen: its spec, what tasks name it by (a built-in's id, a module's URL), and its module file. */
export interface ChosenPlayer {
  readonly spec: PlayerSpec;
  readonly key: string;
  readonly module?: ModuleFile;
}

/** True when a --player word names a file rather than a built-in id. */
export function isModulePath(word: string): boolean {
  return /[\\/]/.test(word) || /\.(m?js|cjs|m?ts)$/.test(word);
}

/** Read and hash a module file, then import and check it; InputError before any deal when anything is wrong. */
async function openModule(path: string): Promise<{ spec: PlayerSpec; module: ModuleFile }> {
  let bytes: Buffer;
  try {
    if (!statSync(path).isFile()) throw new InputError(`player module ${path} is not a file`);
    bytes = readFileSync(path);
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(`player module ${path}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(err)})`}`);
  }
  const url = pathToFileURL(resolve(path)).href;
  const spec = await loadPlayerModule(url, path);
  return { spec, module: { path, url, sha256: createHash('sha256').update(bytes).digest('hex') } };
}

/** The players named by `words` (ids or module paths); InputError on an unknown one or one named twice. */
export async function choosePlayerWords(words: readonly string[], allowTwice = false /* one module twice (compare, with two option sets) */): Promise<ChosenPlayer[]> {
  const chosen: ChosenPlayer[] = [];
  for (const word of words) {
    if (!isModulePath(word)) {
      const spec = findPlayer(word);
      chosen.push({ spec, key: spec.id });
    } else {
      const { spec, module } = await openModule(word);
      chosen.push({ spec, key: module.url, module });
    }
  }
  chosen.forEach((p, i) => {
    const j = chosen.findIndex((q) => q.spec.id === p.spec.id);
    if (j < i && !(allowTwice && p.module && chosen[j]!.key === p.key)) throw new InputError(`player ${p.spec.id} is named twice: name each player once`);
  });
  return chosen;
}

/** The rollout player's --rollout: 'greedy', or a module declaring positional: true. */
export async function chooseRollout(word: string): Promise<ChosenPlayer> {
  if (!isModulePath(word)) {
    if (word !== DEFAULT_SETTINGS.rollout) throw new InputError(`--rollout must be greedy or the path of a player module, got '${word}'`);
    return { spec: findPlayer(word), key: word };
  }
  const { spec, module } = await openModule(word);
  if (spec.positional !== true) throw new InputError(`--rollout ${word}: player ${spec.id} does not declare positional: true (the rollout's memo needs a player that chooses by the position alone)`);
  return { spec, key: module.url, module };
}

/** --player-option values by side: '' for every module player, 'a' and 'b' for compare's sides. */
export function playerOptions(list: readonly string[], sides: boolean): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>([['', {}], ['a', {}], ['b', {}]]);
  for (const item of list) {
    const m = /^(?:([ab]):)?([A-Za-z_][A-Za-z0-9_.-]*)=(.*)$/s.exec(item);
    if (!m) throw new InputError(`--player-option must be key=value${sides ? ' (or a:key=value, b:key=value for one side)' : ''}, got '${item}'`);
    if (m[1] !== undefined && !sides) throw new InputError(`--player-option ${item}: a side (a: or b:) is for compare only`);
    out.get(m[1] ?? '')![m[2]!] = m[3]!;
  }
  return out;
}

/** The settings a player gets: a module player (or one playing out with a module) also its options, sorted by key. */
export function settingsFor(player: ChosenPlayer, base: PlayerSettings, options: Readonly<Record<string, string>>, rollout?: ChosenPlayer): PlayerSettings {
  if (!player.module && !(rollout?.module && player.spec.uses.includes('rollout'))) return base;
  const sorted = Object.fromEntries(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { ...base, options: sorted };
}

/** InputError when options were given but no player takes them. */
export function checkOptionsTaken(list: readonly string[], players: readonly ChosenPlayer[]): void {
  if (list.length > 0 && !players.some((p) => p.module)) throw new InputError('--player-option is for player modules, and no player given is one');
}

/** Make each module player once for the game (with the settings its tasks get), so that a create() that throws is refused before any deal. */
export function checkCreate(player: ChosenPlayer, game: Game, settings: PlayerSettings, inner?: ChosenPlayer): void {
  if (!player.module && !inner?.module) return;
  const who = player.module ? `player module ${player.module.path}` : `--rollout ${inner!.module!.path}`;
  let made: unknown;
  try {
    made = player.spec.create(game, settings);
  } catch (err) {
    throw new InputError(`${who}: create() threw on ${game.id}: ${String(err)}`);
  }
  if (typeof made !== 'object' || made === null) throw new InputError(`${who}: create() returned ${String(made)}, not a player`);
}

/** Run the honesty check (sim/honesty.ts) on a player; InputError when its moves depend on unseen cards. */
export function checkModuleHonesty(player: ChosenPlayer, game: Game, options: Options, settings: PlayerSettings): string {
  const finding = checkHonesty(game, options, player.spec, settings);
  if (finding.leak) {
    const { deal, move } = finding.leak;
    throw new InputError(`player ${player.spec.id}${player.module ? ` (${player.module.path})` : ''} is not honest on ${game.id}: at move ${move} of deal ${deal} of seed leak it played differently on two decks that differ only in cards it had not seen`);
  }
  return `honesty check: player ${player.spec.id} made the same ${finding.agreed} moves on decks that differ only in unseen cards (${game.id}, 2 deals of seed leak); a check finds leaks, it cannot prove there are none`;
}

/** The one line that reports a module player's fault, with the command that replays the deal. */
export function faultLine(fault: PlayerFault, game: string, seed: string, replayFlags: string): string {
  const where = fault.move === 0 ? `before the first move of deal ${fault.deal}` : `at move ${fault.move} of deal ${fault.deal}`;
  return `${fault.message.replace(/\s+/g, ' ')}; ${where} (game ${game}, seed ${seed}); run stopped. Replay it: patience replay --game ${game} --seed ${seed} --deal ${fault.deal}${replayFlags}`;
}

/** The --player-option flags that give a player its options again, for a replay command. */
export function optionFlags(settings: PlayerSettings): string {
  return Object.entries(settings.options ?? {})
    .map(([k, v]) => ` --player-option ${/^[A-Za-z0-9_.=:,+@%/-]*$/.test(v) ? `${k}=${v}` : `'${`${k}=${v}`.replace(/'/g, `'\\''`)}'`}`)
    .join('');
}

/** The module whose code a player's results depend on: its own, or its rollout's. */
export function codeOf(player: ChosenPlayer, rollout?: ChosenPlayer): ModuleFile | undefined {
  return player.module ?? (player.spec.uses.includes('rollout') ? rollout?.module : undefined);
}

/** The file URLs a task of this player must load: its module, and its rollout's. */
export function modulesOf(player: ChosenPlayer, rollout?: ChosenPlayer): string[] {
  const urls = [player.module?.url, player.spec.uses.includes('rollout') ? rollout?.module?.url : undefined];
  return urls.filter((u): u is string => u !== undefined);
}

/** The settings as a task gets them: a module --rollout named by its URL. */
export function taskSettings(settings: PlayerSettings, rollout?: ChosenPlayer): PlayerSettings {
  return rollout?.module ? { ...settings, rollout: rollout.key } : settings;
}

/** How a player appears in a checkpoint's identity: id, settings text and its code's hash. */
export function identityOf(player: ChosenPlayer, settingsText: string, rollout?: ChosenPlayer): string {
  const code = codeOf(player, rollout);
  return `${player.spec.id}(${settingsText})${code ? ` sha256:${code.sha256}` : ''}`;
}
