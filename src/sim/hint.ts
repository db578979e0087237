// A hint for the move in front of a player: every legal move with its estimated chance of winning for a player
// who sees what a person sees, by the rollout player's machinery (players/rollout.ts). The unseen cards are
// dealt afresh `samples` times from what is in sight (core/sample.ts), and in each sample every move is made and
// the deal played out by greedy; every move meets the same samples (common random numbers), so a difference
// between two moves is not noise from different deals of the unseen cards.
//
// Honesty: a sample is built from the cards in sight and the hidden piles' sizes alone, and the real position is
// only ever changed inside a sample, so two positions that differ only in unseen cards get the same hint from the
// same seed. The optional search (solveNodes) knows every card of a sample: what it finds is an upper bound on
// the chance of winning, never a player's chance.

import type { Game, GameState } from '../core/game.js';
import { describeMove } from '../core/game.js';
import type { Move } from '../core/move.js';
import { seededRng } from '../core/random.js';
import { UnseenSampler } from '../core/sample.js';
import { greedyFor, greedyOrder } from '../players/greedy.js';
import { RememberingPlayOn } from '../players/play-on.js';
import { PlayOutEnds } from '../players/play-out-ends.js';
import { DEFAULT_SETTINGS, STOP, allOptional } from '../players/player.js';
import { rolloutPlayer } from '../players/rollout.js';
import { Outcome, Solver, defaultPlan } from '../solve/solver.js';
import { wilson } from '../stats/wilson.js';
import { greedyPlayout } from '../solve/playout.js';

/** Samples of the unseen cards a hint plays every move out on, unless told otherwise. */
export const HINT_SAMPLES = 200;

/** What a hint is asked with. */
export interface HintSettings {
  /** Samples of the unseen cards; every move is played out on each. */
  readonly samples: number;
  /** Keys the samples' generator and the rollout player's. */
  readonly seed: string;
  /**
   * When given, for each move whose play-outs never won: search the samples with every card known, at most this
   * many positions each, until one is won (a won play-out already shows a sample winnable).
   */
  readonly solveNodes?: number;
}

/** Whether some sample is still winnable after a move, with every card known (an upper bound). */
export interface Winnable {
  /** 'yes': a sample with a win (a play-out's or the search's); 'no': every sample proved lost; else 'unknown'. */
  readonly verdict: 'yes' | 'no' | 'unknown';
  /** Samples searched by the solver (0 when a play-out had won). */
  readonly searched: number;
  /** Of those, proved lost (every reachable position searched). */
  readonly unsolvable: number;
}

/** One move of a hint. */
export interface HintRow {
  /** The move (STOP: stopping here, when every move may be declined). */
  readonly move: Move;
  /** What it does, in words (core/game.ts describeMove). */
  readonly text: string;
  /** Samples whose play-out after the move was won, of `samples`. */
  readonly wins: number;
  readonly samples: number;
  /** wins / samples, with its 95% Wilson interval. */
  readonly chance: number;
  readonly low: number;
  readonly high: number;
  /** Cards the move puts on the foundations on average, to the play-out's end (the foundations' count then less now).
   * */
  readonly cards: number;
  /** The move the rollout player makes here (its own default settings, its generator keyed by the seed). */
  readonly rollout: boolean;
  /** Lost in every sample (every play-out after it lost). */
  readonly lostAll: boolean;
  /** With solveNodes. */
  readonly winnable?: Winnable;
}

/** A sample's play-out end as the memo keeps it: cards on the foundations, twice, plus 1 for a win (as rollout.ts). */
const endValue = (state: GameState): number => state.foundationCount() * 2 + (state.isWon() ? 1 : 0);

/** Positions the solver's table is sized for at least, and its most memory: the search is a modest one. */
const SOLVER_TABLE_BYTES = 64 * 2 ** 20;

/**
 * Every legal move of the position with its chance of winning, best first (most wins, then most cards, then
 * greedy's order); [] when there is no move. The state is left exactly as it was.
 */
export function hint(game: Game, state: GameState, settings: HintSettings): HintRow[] {
  const buffer = new Int32Array(4096);
  const n = state.legalMoves(buffer);
  if (n === 0) return [];
  const moves = Int32Array.from(buffer.subarray(0, n));
  greedyOrder(game)(state, moves, n);
  const choices: Move[] = [...moves];
  if (allOptional(moves, n)) choices.push(STOP);
  const k = choices.length;
  const rolloutMove = rolloutChoice(game, state, moves, settings.seed);
  const texts = choices.map((m) => (m === STOP ? 'stop here' : describeMove(state, m)));

  const wins = new Float64Array(k);
  const cards = new Float64Array(k);
  const searched = new Int32Array(k);
  const unsolvable = new Int32Array(k);
  const won = new Uint8Array(k); // some sample is winnable after the move
  const inner = greedyFor(game);
  const memo = new PlayOutEnds(1 << 10);
  const rollout = new RememberingPlayOn(memo, endValue);
  const solver =
    settings.solveNodes === undefined
      ? undefined
      : new Solver(state, {
          budget: settings.solveNodes,
          order: greedyOrder(game),
          plan: defaultPlan(settings.solveNodes, SOLVER_TABLE_BYTES),
          playout: greedyPlayout(game),
          solving: game.solving,
        });
  const sampler = new UnseenSampler();
  const rng = seededRng(`${settings.seed}:hint`);
  const now = state.foundationCount();
  for (let s = 0; s < settings.samples; s++) {
    sampler.resample(state, rng);
    memo.clear(); // a new sample: new places for the unseen cards (play-out-ends.ts)
    for (let i = 0; i < k; i++) {
      const m = choices[i]!;
      if (m === STOP) {
        cards[i]! += now;
        continue;
      }
      state.apply(m);
      rollout.play(state, inner, buffer);
      for (let j = 0; j < rollout.made; j++) state.undo();
      if ((rollout.value & 1) === 1) {
        wins[i]!++;
        won[i] = 1;
      } else if (solver !== undefined && won[i] === 0) {
        searched[i]!++;
        const verdict = solver.solveHere();
        if (verdict.outcome === Outcome.Solved) won[i] = 1;
        else if (verdict.outcome === Outcome.Unsolvable) unsolvable[i]!++;
      }
      cards[i]! += rollout.value >>> 1;
      state.undo();
    }
    state.table.undo(); // the sample
  }

  const samples = settings.samples;
  const rows: HintRow[] = choices.map((m, i) => {
    const [low, high] = wilson(wins[i]!, samples);
    const row: HintRow = {
      move: m,
      text: texts[i]!,
      wins: wins[i]!,
      samples,
      chance: wins[i]! / samples,
      low,
      high,
      cards: cards[i]! / samples - now,
      rollout: m === rolloutMove,
      lostAll: wins[i] === 0,
    };
    if (solver === undefined) return row;
    const verdict = won[i] === 1 ? 'yes' : unsolvable[i] === samples ? 'no' : 'unknown';
    return { ...row, winnable: { verdict, searched: searched[i]!, unsolvable: unsolvable[i]! } };
  });
  const order = rows
    .map((_, i) => i)
    .sort((a, b) => rows[b]!.wins - rows[a]!.wins || rows[b]!.cards - rows[a]!.cards || a - b);
  return order.map((i) => rows[i]!);
}

/** The move the rollout player makes in the position, at its own default settings (STOP when it stops). */
function rolloutChoice(game: Game, state: GameState, moves: Int32Array, seed: string): Move {
  const player = rolloutPlayer.create(game, DEFAULT_SETTINGS);
  player.reset(() => seededRng(`${seed}:hint:rollout`));
  return player.choose(state, Int32Array.from(moves), moves.length);
}
