// Loading player modules: a JavaScript module whose default export is a PlayerSpec, imported by file URL once per
// thread (the main thread checks it before any deal; every worker loads it before its first task) and added to
// the players' table (players/modules.ts), where findPlayer and the rollout player find it by that URL. Players are
// named by words: a built-in id, or the path of a module file, which is read and hashed here too (the edges, cli/
// and api/, give the words), so that every result can name the code that played.

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../core/errors.js';
import { SETTING_NAMES, type PlayerSettings, type PlayerSpec } from '../players/player.js';
import { addModulePlayer, modulePlayer } from '../players/modules.js';
import { PLAYERS, findPlayer } from '../planners/registry.js';
import { ROLLOUT_PLAYER_IDS } from '../players/rollout.js';

/** What a player module's id may hold: it names files, checkpoint parts and result rows. */
const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * The spec of the module at `url`, imported and checked once per thread, its players guarded; InputError naming
 * `shown` (the path as the user gave it) when it cannot be imported or exports no PlayerSpec.
 */
export async function loadPlayerModule(url: string, shown = url): Promise<PlayerSpec> {
  const known = modulePlayer(url);
  if (known) return known;
  let exports: Record<string, unknown>;
  try {
    exports = (await import(url)) as Record<string, unknown>;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_UNKNOWN_FILE_EXTENSION')
      throw new InputError(
        `player module ${shown}: Node cannot import this kind of file; compile it to .js or .mjs first`,
      );
    if (e instanceof SyntaxError) throw new InputError(`player module ${shown}: syntax error: ${e.message}`);
    throw new InputError(
      `player module ${shown} cannot be loaded: ${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`,
    );
  }
  const spec = exports['default'];
  if (spec === undefined) {
    const names = Object.keys(exports);
    throw new InputError(
      `player module ${shown} has no default export (it exports ${names.length > 0 ? names.join(', ') : 'nothing'}); export default { id, summary, uses, create }`,
    );
  }
  const problem = specProblem(spec);
  if (problem) throw new InputError(`player module ${shown}: its default export is not a player spec: ${problem}`);
  const checked = spec as PlayerSpec;
  if (PLAYERS.some((p) => p.id === checked.id))
    throw new InputError(
      `player module ${shown} declares id '${checked.id}', a built-in player's id: give it an id of its own`,
    );
  return addModulePlayer(url, checked);
}

/** What is wrong with a would-be PlayerSpec, or undefined. */
function specProblem(spec: unknown): string | undefined {
  if (typeof spec !== 'object' || spec === null) return `it is ${spec === null ? 'null' : typeof spec}, not an object`;
  const s = spec as Record<string, unknown>;
  if (typeof s['id'] !== 'string' || !ID.test(s['id']))
    return `id must be a string of letters, digits, '_', '.' or '-', got ${JSON.stringify(s['id']) ?? 'undefined'}`;
  if (typeof s['summary'] !== 'string') return 'summary must be a string';
  const uses = s['uses'];
  if (!Array.isArray(uses) || uses.some((u) => !(SETTING_NAMES as readonly unknown[]).includes(u)))
    return `uses must be an array of setting names (${SETTING_NAMES.join(', ')})`;
  if (typeof s['create'] !== 'function') return 'create must be a function (game, settings) => player';
  if (s['positional'] !== undefined && typeof s['positional'] !== 'boolean')
    return 'positional must be true, false or absent';
  return undefined;
}

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
    throw new InputError(
      `player module ${path}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(err)})`}`,
    );
  }
  const url = pathToFileURL(resolve(path)).href;
  const spec = await loadPlayerModule(url, path);
  return { spec, module: { path, url, sha256: createHash('sha256').update(bytes).digest('hex') } };
}

/** The players named by `words` (ids or module paths); InputError on an unknown one or one named twice. */
export async function choosePlayerWords(
  words: readonly string[],
  allowTwice = false /* one module twice (compare, with two option sets) */,
): Promise<ChosenPlayer[]> {
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
    if (j < i && !(allowTwice && p.module && chosen[j]!.key === p.key))
      throw new InputError(`player ${p.spec.id} is named twice: name each player once`);
  });
  return chosen;
}

/** The rollout player's --rollout: a built-in rollout player (greedy, learned), or a module declaring positional: true. */
export async function chooseRollout(word: string): Promise<ChosenPlayer> {
  if (!isModulePath(word)) {
    if (!ROLLOUT_PLAYER_IDS.includes(word))
      throw new InputError(
        `--rollout must be ${ROLLOUT_PLAYER_IDS.join(' or ')} or the path of a player module, got '${word}'`,
      );
    return { spec: findPlayer(word), key: word };
  }
  const { spec, module } = await openModule(word);
  if (spec.positional !== true)
    throw new InputError(
      `--rollout ${word}: player ${spec.id} does not declare positional: true (the rollout's memo needs a player that chooses by the position alone)`,
    );
  return { spec, key: module.url, module };
}

/** The settings a player gets: a module player (or one playing out with a module) also its options, sorted by key. */
export function settingsFor(
  player: ChosenPlayer,
  base: PlayerSettings,
  options: Readonly<Record<string, string>>,
  rollout?: ChosenPlayer,
): PlayerSettings {
  if (!player.module && !(rollout?.module && player.spec.uses.includes('rollout'))) return base;
  const sorted = Object.fromEntries(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { ...base, options: sorted };
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
