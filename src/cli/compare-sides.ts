// The two sides of `patience compare`: two players (built-in ids or player modules, each with its settings and
// options), or two rule readings with one player. Checked whole before any deal.

import { InputError } from '../core/errors.js';
import type { PlayerSettings } from '../players/player.js';
import { checkCreate, checkOptionsTaken, playerOptions } from './player-modules.js';
import { choosePlayerWords, settingsFor, taskSettings, type ChosenPlayer } from '../sim/modules.js';
import { chooseGame, settingsText, type GameChoice } from './setup.js';

/** One side of a comparison: its label, game and rules, player and the settings it plays with. */
export interface Side {
  readonly label: string;
  readonly choice: GameChoice;
  readonly chosen: ChosenPlayer;
  readonly settings: PlayerSettings;
}

/** What names the sides: the compare arguments that say who plays. */
export interface SidesArgs {
  readonly game: string;
  /** One player (with --rules) or two. */
  readonly players: readonly string[];
  /** Two rule readings, each one or more name=value separated by spaces or commas. */
  readonly rules?: readonly string[];
  /** Rule options both sides share. */
  readonly rule: readonly string[];
  readonly depth: number;
  readonly nodes: number;
  /** key=value options for module players; a:key=value or b:key=value for one side (--player-option). */
  readonly playerOption?: readonly string[];
}

/** Check the arguments and name the two sides; throws InputError before any work. */
export async function compareSides(args: SidesArgs): Promise<[Side, Side]> {
  const base: PlayerSettings = { depth: args.depth, nodes: args.nodes };
  const options = playerOptions(args.playerOption ?? [], true);
  const optionsOf = (side: 'a' | 'b') => ({ ...options.get('')!, ...options.get(side)! });
  const readings = args.rules;
  let sides: [Side, Side];
  if (readings !== undefined && readings.length > 0) {
    if (readings.length !== 2) throw new InputError(`--rules needs exactly two readings, got ${readings.length}`);
    if (args.players.length !== 1)
      throw new InputError('--rules compares two readings with one player: give one --player id');
    const [chosen] = await choosePlayerWords(args.players);
    sides = readings.map((reading, i) => {
      const assignments = reading.split(/[\s,]+/).filter((a) => a.length > 0);
      if (assignments.length === 0) throw new InputError(`empty rule reading '${reading}'`);
      const settings = settingsFor(chosen!, base, optionsOf(i === 0 ? 'a' : 'b'));
      return {
        label: assignments.join(' '),
        choice: chooseGame(args.game, [...args.rule, ...assignments]),
        chosen: chosen!,
        settings,
      };
    }) as [Side, Side];
    if (sides[0].choice.optionsText === sides[1].choice.optionsText)
      throw new InputError(`the two readings give the same rules: ${sides[0].choice.optionsText}`);
  } else {
    if (args.players.length !== 2)
      throw new InputError(`--player needs two ids (or one with --rules), got ${args.players.length}`);
    const choice = chooseGame(args.game, args.rule);
    const [a, b] = await choosePlayerWords(args.players, true);
    const sa = settingsFor(a!, base, optionsOf('a'));
    const sb = settingsFor(b!, base, optionsOf('b'));
    const [ta, tb] = [settingsText(a!.spec, sa), settingsText(b!.spec, sb)];
    if (a!.key === b!.key && ta === tb)
      throw new InputError(
        `both sides are ${a!.spec.id} with the same settings${ta ? ` (${ta})` : ''}: give each side its options with a:key=value and b:key=value`,
      );
    // One module on both sides, with different options: the labels say which options.
    const same = a!.spec.id === b!.spec.id;
    sides = [
      { label: same ? `${a!.spec.id}[${ta}]` : a!.spec.id, choice, chosen: a!, settings: sa },
      { label: same ? `${b!.spec.id}[${tb}]` : b!.spec.id, choice, chosen: b!, settings: sb },
    ];
  }
  checkOptionsTaken(
    args.playerOption ?? [],
    sides.map((s) => s.chosen),
  );
  for (const side of sides) checkCreate(side.chosen, side.choice.game, taskSettings(side.settings));
  return sides;
}
