// `patience replay`: play one deal move by move with a player, printing a picture of the layout at each pause
// (after the deal and whenever a card has been turned up), every move, and the result.

import { parseDeck, makeExactDeck, orderedDeck, type Deck } from '../core/deck.js';
import { makePosition } from '../core/position.js';
import { gameAtPosition } from '../core/position-load.js';
import { formatOptions } from '../core/options.js';
import { checkAllSeen, readPosition } from './position-file.js';
import { counted } from './output.js';
import { checkNotInputs, checkWritable, writeAtomically } from './files.js';
import { describeMove } from '../core/game.js';
import { reveals } from '../core/move.js';
import { DEFAULT_SETTINGS, type Player } from '../players/player.js';
import { dealDeck, dealName, playerRng } from '../sim/deals.js';
import { pysolWordsNote, pysolWords } from './pysol.js';
import { linePlayer, playDeal, stoppingAfter } from '../sim/play.js';
import { escalate, escalationSolvers } from '../sim/solve-batch.js';
import { OUTCOME_NAMES, Outcome } from '../solve/solver.js';
import { InputError } from '../core/errors.js';
import { DEFAULT_DEAL, solverSettings } from '../sim/run-options.js';
import { checkSettingsUsed, chooseGame, settingsText } from './setup.js';
import { Misplay } from '../players/modules.js';
import { checkCreate, checkOptionsTaken, playerOptions } from './player-modules.js';
import { choosePlayerWords, chooseRollout, settingsFor, taskSettings } from '../sim/modules.js';
import { hint } from '../sim/hint.js';
import { hintLegend, hintText, inWords } from './hint.js';

/** The options of `patience replay`, as parsed. */
export interface ReplayArgs {
  readonly game: string;
  readonly seed: string;
  /** The deal index within the seed (default DEFAULT_DEAL). */
  readonly deal?: number;
  readonly deck?: string;
  readonly player: string;
  readonly rule: readonly string[];
  readonly depth: number;
  readonly samples?: number;
  readonly rollout?: string;
  readonly searchNodes?: number;
  readonly searches?: number;
  readonly foresight?: string;
  readonly iterations?: number;
  /** Lookahead positions per decision (one), or the solver's budgets with `solution`; undefined: the default. */
  readonly nodes?: readonly number[];
  /** With `solution`: the most memory of the solver's table, in MiB (solve's --memory). */
  readonly memory?: number;
  readonly pictures: 'pause' | 'every' | 'end';
  readonly printDeck: boolean;
  /** Play the solver's winning line instead of the player's game. */
  readonly solution?: boolean;
  /** The player settings (and --delta) given on the command line rather than left at their defaults: each must be used.
   * */
  readonly given?: readonly string[];
  /** key=value options for a module player (--player-option). */
  readonly playerOption?: readonly string[];
  /** Print the stack of what a module player threw. */
  readonly debug?: boolean;
  /** Start from the position in this file (core/position.ts's notation) instead of a deal. */
  readonly position?: string;
  /** Print only the position after this many moves, in the notation. */
  readonly to?: number;
  /** With `to`: the file to write the position to ('-': standard output, the default). */
  readonly out?: string;
  /** Replace an existing `out`. */
  readonly force?: boolean;
  /** With `to`: write the hidden piles' cards as unseen ('?'). */
  readonly unseen?: boolean;
  /** Before each move with an alternative, the hint there (its samples; the deal's seed keys them). */
  readonly hint?: number;
}

/** Replay the deal; returns the exit code. */
export async function replay(args: ReplayArgs, version = ''): Promise<number> {
  const choice = chooseGame(args.game, args.rule);
  const deal = args.deal ?? DEFAULT_DEAL;
  const [picked] = await choosePlayerWords([args.player]);
  const rollout = await chooseRollout(args.rollout ?? DEFAULT_SETTINGS.rollout);
  checkOptionsTaken(args.playerOption ?? [], [picked!, rollout]);
  const player = picked!.spec;
  if (!args.solution) checkSettingsUsed([player], args.given ?? []);
  if (!args.solution && (args.nodes?.length ?? 0) > 1)
    throw new InputError('--nodes is one number for the lookahead; a list of budgets goes with --solution');
  if (args.position !== undefined && (args.deck !== undefined || args.printDeck))
    throw new InputError(
      `--position does not go with ${args.deck !== undefined ? '--deck' : '--print-deck'}: the position is the start`,
    );
  if (args.out !== undefined && args.to === undefined)
    throw new InputError('--out goes with --to: it is the file the position after move N is written to');
  if (args.force && args.out === undefined)
    throw new InputError('--force goes with -o: it lets the position written by --to replace a file');
  if (args.unseen && args.to === undefined)
    throw new InputError('--unseen goes with --to: it writes the position after move N with its unseen cards as ?');
  checkNotInputs([args.out], [args.position]);
  if (args.out !== undefined) checkWritable(args.out, args.force === true);
  const position = args.position !== undefined ? readPosition(args.position, choice) : undefined;
  if (position)
    checkAllSeen(
      position,
      args.position!,
      'replay',
      'write them in, or ask `patience solve --position` with --samples',
    );
  const deck: Deck = position
    ? orderedDeck()
    : args.deck !== undefined
      ? parseDeck(args.deck)
      : dealDeck(args.seed, choice.game.id, deal);
  if (args.printDeck) {
    process.stdout.write(makeExactDeck(deck) + '\n');
    return 0;
  }
  const base = {
    depth: args.depth,
    nodes: args.nodes?.[0] ?? DEFAULT_SETTINGS.nodes,
    samples: args.samples ?? DEFAULT_SETTINGS.samples,
    rollout: args.rollout ?? DEFAULT_SETTINGS.rollout,
    searchNodes: args.searchNodes ?? DEFAULT_SETTINGS.searchNodes,
    searches: args.searches ?? DEFAULT_SETTINGS.searches,
    foresight: args.foresight ?? DEFAULT_SETTINGS.foresight,
    iterations: args.iterations ?? DEFAULT_SETTINGS.iterations,
  };
  const settings = settingsFor(picked!, base, playerOptions(args.playerOption ?? [], false).get('')!, rollout);
  checkCreate(picked!, choice.game, taskSettings(settings, rollout), rollout);
  // From a position, every deal() lays it out (the solver's search and playDeal both start with one).
  const game = position ? gameAtPosition(position) : choice.game;
  const options = position?.options ?? choice.options;
  const state = game.create(options);
  const which = position
    ? `the position in ${args.position}`
    : args.deck !== undefined
      ? 'a given deck'
      : dealName(args.seed, deal);
  // PySolFC's deal: its moves in PySolFC's words, for a player to follow on its screen
  const words = pysolWords(choice.game, args.seed, !position && args.deck === undefined);
  const out: string[] = [];
  const print = (line: string) => out.push(line);
  let chosen: Player = player.create(choice.game, taskSettings(settings, rollout));
  if (args.solution) {
    // as solve searches it: each budget in turn, each solver's table within --memory, so the same line
    const { budgets, tableBytes } = solverSettings({ nodes: args.nodes, memoryMib: args.memory });
    const { verdict, nodes, stage } = escalate(escalationSolvers(game, options, budgets, tableBytes), deck);
    if (verdict.outcome !== Outcome.Solved) {
      const why =
        verdict.outcome === Outcome.Unsolvable
          ? 'no line wins it (every reachable position searched)'
          : `not decided within ${budgets[stage]} positions (--nodes)`;
      // With --to the position was asked for: there is no line to reach it by, which is not a verdict to print there.
      if (args.to !== undefined)
        throw new InputError(
          `the solver found no winning line of ${which} to follow to move ${args.to}: ${OUTCOME_NAMES[verdict.outcome]}, ${why}`,
        );
      process.stdout.write(`${choice.game.title}, ${which}: ${OUTCOME_NAMES[verdict.outcome]}: ${why}\n`);
      return 0;
    }
    chosen = linePlayer(verdict.line);
    print(
      `${choice.game.title}, ${which}, the solver's winning line (every card known; found in ${nodes} positions, at a budget of ${budgets[stage]})`,
    );
  } else {
    const from = picked!.module ? ` from ${picked!.module.path}, sha256 ${picked!.module.sha256.slice(0, 16)}` : '';
    print(
      `${choice.game.title}, ${which}, played by ${player.id}${settingsText(player, settings) ? ` (${settingsText(player, settings)})` : ''}${from}`,
    );
  }
  if (args.to !== undefined) chosen = stoppingAfter(chosen, args.to);
  print(`options: ${position ? formatOptions(choice.game.options, position.options) : choice.optionsText}`);
  print(position ? `position: ${args.position}` : `deck: ${makeExactDeck(deck)}`);
  if (words) print(pysolWordsNote(choice.game));
  const hinted = args.hint === undefined ? undefined : { samples: args.hint, seed: args.seed };
  if (hinted) print(['', ...hintLegend(hinted, version)].join('\n'));
  let count = 0;
  let pause = true;
  // The player's generator is keyed by seed and deal index, never by the deck, so that a deck given as a string
  // plays as simulate played that deal (pass its --seed and --deal) and a player learns nothing from the deck.
  const makeRng = () => playerRng(args.seed, choice.game.id, deal);
  let result: ReturnType<typeof playDeal>;
  try {
    result = playDeal(state, chosen, deck, makeRng, new Int32Array(4096), (m) => {
      if (args.pictures === 'every' || (args.pictures === 'pause' && pause)) print('\n' + state.picture());
      const rows = hinted ? inWords(hint(choice.game, state, hinted), state, words) : [];
      if (rows.length > 1) print(hintText(state, rows, hinted!, '      ').join('\n'));
      print(`${String(++count).padStart(4)}. ${(words ?? describeMove)(state, m)}`);
      pause = reveals(m);
    });
  } catch (err) {
    if (!(err instanceof Misplay)) throw err;
    print('\n' + state.picture());
    process.stdout.write(out.join('\n') + '\n');
    const where = err.inReset ? 'before the first move' : `at move ${count + 1}`;
    process.stderr.write(`patience: ${err.message.replace(/\s+/g, ' ')}; ${where} of ${which}\n`);
    if (args.debug && err.detail) process.stderr.write(err.detail + '\n');
    return 2;
  }
  if (args.to !== undefined) {
    if (count < args.to)
      throw new InputError(
        `--to ${args.to}: the game ${result.won ? 'was won' : 'ended'} after ${counted(count, 'move')}${result.stalled ? ' (stopped: no progress in the last moves)' : ''}`,
      );
    writeAtomically(args.out ?? '-', makePosition(choice.game, state, { hideUnseen: args.unseen === true }));
    if (args.out !== undefined && args.out !== '-')
      process.stderr.write(`the position after move ${count} of ${which} written to ${args.out}\n`);
    return 0;
  }
  print('\n' + state.picture());
  const how = result.won
    ? 'won'
    : `lost with ${result.cards} of ${state.cardsInPlay} cards on the foundations${result.stalled ? ' (stopped: no progress in the last moves)' : ''}`;
  print(`result: ${how} after ${counted(result.moves, 'move')}`);
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}
