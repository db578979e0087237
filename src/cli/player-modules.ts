// Player modules on the command line (sim/modules.ts loads them): `--player-option key=value`, which goes to
// module players only (compare's sides take `a:key=value` and `b:key=value`); the checks made before any deal
// (create, --check-honesty); and the line that reports a module player's fault with the command that replays it.

import { InputError } from '../core/errors.js';
import { counted } from './output.js';
import type { Game } from '../core/game.js';
import type { Options } from '../core/options.js';
import type { PlayerSettings } from '../players/player.js';
import { Misplay } from '../players/modules.js';
import type { PlayerFault } from '../sim/batch.js';
import { dealFlags } from '../sim/deals.js';
import { checkHonesty } from '../sim/honesty.js';
import { codeOf, type ChosenPlayer } from '../sim/modules.js';

/** --player-option values by side: '' for every module player, 'a' and 'b' for compare's sides. */
export function playerOptions(list: readonly string[], sides: boolean): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>([
    ['', {}],
    ['a', {}],
    ['b', {}],
  ]);
  for (const item of list) {
    const m = /^(?:([ab]):)?([A-Za-z_][A-Za-z0-9_.-]*)=(.*)$/s.exec(item);
    if (!m)
      throw new InputError(
        `--player-option must be key=value${sides ? ' (or a:key=value, b:key=value for one side)' : ''}, got '${item}'`,
      );
    if (m[1] !== undefined && !sides)
      throw new InputError(`--player-option ${item}: a side (a: or b:) is for compare only`);
    out.get(m[1] ?? '')![m[2]!] = m[3]!;
  }
  return out;
}

/** InputError when options were given but no player takes them. */
export function checkOptionsTaken(list: readonly string[], players: readonly ChosenPlayer[]): void {
  if (list.length > 0 && !players.some((p) => p.module))
    throw new InputError('--player-option is for player modules, and no player given is one');
}

/** Make each module player once for the game (with the settings its tasks get), so that a create() that throws is
 * refused before any deal. */
export function checkCreate(player: ChosenPlayer, game: Game, settings: PlayerSettings, inner?: ChosenPlayer): void {
  if (!player.module && !inner?.module) return;
  const who = player.module ? `player module ${player.module.path}` : `--rollout ${inner!.module!.path}`;
  try {
    player.spec.create(game, settings);
  } catch (err) {
    // the guard's own refusal of what create() returned (players/modules.ts), or what create() threw
    if (err instanceof Misplay) throw new InputError(`${who}: ${err.message.replace(/^player \S+: /, '')}`);
    throw new InputError(`${who}: create() threw on ${game.id}: ${String(err)}`);
  }
}

/** Run the honesty check (sim/honesty.ts) on a player; InputError when its moves depend on unseen cards. */
export function checkModuleHonesty(
  player: ChosenPlayer,
  game: Game,
  options: Options,
  settings: PlayerSettings,
): string {
  const finding = checkHonesty(game, options, player.spec, settings);
  if (finding.unreproducible) {
    const { deal, move } = finding.unreproducible;
    throw new InputError(
      `player ${player.spec.id}${player.module ? ` (${player.module.path})` : ''} is not reproducible on ${game.id}: at move ${move} of deal ${deal} of seed leak it played the same deck two ways; draw from the rng you are given (makeRng), never Math.random`,
    );
  }
  if (finding.leak) {
    const { deal, move } = finding.leak;
    throw new InputError(
      `player ${player.spec.id}${player.module ? ` (${player.module.path})` : ''} is not honest on ${game.id}: at move ${move} of deal ${deal} of seed leak it played differently on two decks that differ only in cards it had not seen`,
    );
  }
  return `honesty check: player ${player.spec.id} made the same ${counted(finding.agreed, 'move')} on decks that differ only in unseen cards (${game.id}, 2 deals of seed leak); a check finds leaks, it cannot prove there are none`;
}

/** What the closing lines say after a module player's fault: its checkpoint cannot go on (players.md). */
export const AFTER_FAULT = 'the same module would stop at the same deal: fix it, then start again with --force';

/** The one line that reports a module player's fault, with the command that replays the deal. */
export function faultLine(fault: PlayerFault, game: string, seed: string, replayFlags: string): string {
  const where =
    fault.move === 0 ? `before the first move of deal ${fault.deal}` : `at move ${fault.move} of deal ${fault.deal}`;
  return `${fault.message.replace(/\s+/g, ' ')}; ${where} (game ${game}, seed ${seed}); run stopped. Replay it: patience replay --game ${game} ${dealFlags(seed, fault.deal)}${replayFlags}`;
}

/** The --player-option flags that give a player its options again, for a replay command. */
export function optionFlags(settings: PlayerSettings): string {
  return Object.entries(settings.options ?? {})
    .map(
      ([k, v]) =>
        ` --player-option ${/^[A-Za-z0-9_.=:,+@%/-]*$/.test(v) ? `${k}=${v}` : `'${`${k}=${v}`.replace(/'/g, `'\\''`)}'`}`,
    )
    .join('');
}

/** How a player appears in a checkpoint's identity: id, settings text and its code's hash. */
export function identityOf(player: ChosenPlayer, settingsText: string, rollout?: ChosenPlayer): string {
  const code = codeOf(player, rollout);
  return `${player.spec.id}(${settingsText})${code ? ` sha256:${code.sha256}` : ''}`;
}
