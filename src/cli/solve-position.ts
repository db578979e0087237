// `patience solve --position FILE`: the solver's verdict for one position rather than for deals. With every card
// given: solved (with the winning line, replayed and checked move by move), unsolvable or unknown. With unseen
// cards ('?'): refused, or, with --samples K, K samples of the unseen cards each solved, and in how many a win
// exists: an upper bound on the chance of winning from the position, since the solver sees every card.

import { orderedDeck } from '../core/deck.js';
import { InputError } from '../core/errors.js';
import { describeMove, type Game } from '../core/game.js';
import { formatOptions } from '../core/options.js';
import type { Position } from '../core/position.js';
import { fillUnseen, gameAtPosition } from '../core/position-load.js';
import { seededRng } from '../core/random.js';
import { escalate, escalationSolvers } from '../sim/solve-batch.js';
import { solverSettings } from '../sim/run-options.js';
import { OUTCOME_NAMES, Outcome } from '../solve/solver.js';
import { checkLine } from '../solve/verify.js';
import { wilson } from '../stats/wilson.js';
import { counted } from './output.js';
import { readPosition } from './position-file.js';
import { chooseGame } from './setup.js';

/** The options of `patience solve --position`, as parsed. */
export interface SolvePositionArgs {
  readonly game: string;
  readonly rule: readonly string[];
  readonly position: string;
  /** The escalation's budgets, smallest first. */
  readonly nodes: readonly number[];
  /** The most memory of each of the solver's tables, in MiB (default DEFAULT_MEMORY_MIB). */
  readonly memory?: number;
  /** Solve this many samples of the unseen cards. */
  readonly samples?: number;
  /** Keys the samples. */
  readonly seed: string;
}

/** Solve the position in args.position; returns the exit code (1 when a winning line fails its check). */
export function solvePosition(args: SolvePositionArgs): number {
  const choice = chooseGame(args.game, args.rule);
  const position = readPosition(args.position, choice);
  const file = args.position;
  if (position.unseen > 0 && args.samples === undefined) {
    throw new InputError(
      `${file}: ${position.unseen} unseen cards ('?'): the solver needs every card; give them, or add --samples K to solve K samples of them (an upper bound on the chance of winning)`,
    );
  }
  if (position.unseen === 0 && args.samples !== undefined)
    throw new InputError(`--samples deals the unseen cards ('?'), and ${file} gives every card: leave it out`);
  const { tableBytes } = solverSettings({ nodes: args.nodes, memoryMib: args.memory });
  const budgets = args.nodes.map((b) => b.toLocaleString('en')).join(', then ');
  const out = [
    `${choice.game.title}  (${formatOptions(choice.game.options, position.options) || 'no rule options'})  position ${file}`,
  ];
  if (position.unseen === 0) {
    const game = gameAtPosition(position);
    const { verdict, nodes } = escalate(
      escalationSolvers(game, position.options, args.nodes, tableBytes),
      orderedDeck(),
    );
    const why =
      verdict.outcome === Outcome.Unsolvable
        ? ': no line wins it (every reachable position searched)'
        : verdict.outcome === Outcome.Unknown
          ? `: not decided within ${budgets} positions (--nodes)`
          : '';
    out.push(
      `solver (every card known; at most ${budgets} positions): ${OUTCOME_NAMES[verdict.outcome]}${why}, ${nodes.toLocaleString('en')} positions searched`,
    );
    let code = 0;
    if (verdict.outcome === Outcome.Solved) {
      const wrong = checkLine(game.create(position.options), orderedDeck(), verdict.line);
      out.push(`winning line, ${counted(verdict.line.length, 'move')}:`, ...describeLine(game, position, verdict.line));
      out.push(
        wrong === ''
          ? "checked: replayed from the position, every move passes the game's own legality test and the last position is won"
          : `CHECK FAILED: ${wrong}`,
      );
      if (wrong !== '') code = 1;
    }
    process.stdout.write(out.join('\n') + '\n');
    return code;
  }
  const samples = args.samples!;
  let current: Position = position;
  const solvers = escalationSolvers(
    gameAtPosition(() => current),
    position.options,
    args.nodes,
    tableBytes,
  );
  const scratch = position.game.create(position.options); // its groups of unseen cards (GameState.unseenGroups)
  let won = 0;
  let lost = 0;
  for (let k = 0; k < samples; k++) {
    current = fillUnseen(position, scratch, seededRng(`${args.seed}:${position.game.id}:position sample:${k}`));
    const { verdict } = escalate(solvers, orderedDeck());
    if (verdict.outcome === Outcome.Solved) {
      const wrong = checkLine(gameAtPosition(current).create(position.options), orderedDeck(), verdict.line);
      if (wrong !== '') throw new Error(`sample ${k}: the solver's winning line fails its check: ${wrong}`);
      won++;
    } else if (verdict.outcome === Outcome.Unsolvable) lost++;
  }
  const unknown = samples - won - lost;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const low = wilson(won, samples)[0];
  const high = wilson(won + unknown, samples)[1];
  out.push(
    `${samples} samples of the ${position.unseen} unseen cards (seed ${args.seed}), each solved with every card known (at most ${budgets} positions):`,
    `  a win exists in ${won}, in none of ${lost} (every position searched), undecided in ${unknown}`,
    `  upper bound on the chance of winning from here: ${pct(won / samples)}${unknown > 0 ? ` - ${pct((won + unknown) / samples)}` : ''} of the samples, 95% interval ${pct(low)} - ${pct(high)}`,
    '  (an upper bound: the solver sees every card of a sample, a player does not; undecided samples counted as lost at the low end, as won at the high end)',
  );
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

/** The moves of a line from the position, numbered, each said as it is read before it is made. */
function describeLine(game: Game, position: Position, line: Int32Array): string[] {
  const state = game.create(position.options);
  state.deal(orderedDeck());
  const lines: string[] = [];
  for (let i = 0; i < line.length; i++) {
    lines.push(`${String(i + 1).padStart(4)}. ${describeMove(state, line[i]!)}`);
    state.apply(line[i]!);
  }
  return lines;
}
