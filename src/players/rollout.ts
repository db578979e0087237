// rollout: sampling the unseen cards (hindsight rollouts with common random numbers). At each decision with more
// than one real choice, the player deals the cards it has not seen afresh (core/sample.ts) --samples times from
// its own generator, and in each sample plays every candidate move and then the --rollout player (greedy) to the
// end of the deal. It makes the candidate that won most samples, then the one with most cards on the foundations
// summed over the samples; ties go to greedy's preference, and so does a candidate not clearly better than
// greedy's own choice over the same samples (GATE below), so that noise among close candidates does not steer it.
//
// Candidates: greedy's CANDIDATES best moves (greedy.ts order), and stopping when every move may be declined.
// Every candidate is played on the same samples (common random numbers), so a difference between two candidates
// is not noise from different deals of the unseen cards.
//
// Honesty: a sample is built from the cards in sight and the hidden piles' sizes only (core/sample.ts), so the
// player never reads a hidden pile; inside a sample any move may turn up a card, since the card is the sample's
// own, not the real one. A sample also re-keys the game's shuffled re-deals (Table.salt), so a rollout that
// passes a re-deal does not learn the real re-deal's order. The real position is restored exactly before the
// player answers.
//
// Speed: a sample's rollouts keep meeting each other's lines within a move or two (two moves made in either order),
// and greedy's line from a position is the same each time, so where each of a rollout's first positions ends is
// remembered for the rest of the sample (play-on.ts, RememberingPlayOn), and a rollout that meets one ends there at
// once: the same moves as without it (rolloutWithoutMemo, tested on whole deals of every game).

import type { Game, GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { Rng } from '../core/random.js';
import { seededRng } from '../core/random.js';
import { UnseenSampler } from '../core/sample.js';
import { InputError } from '../core/errors.js';
import { RememberingPlayOn, playOn } from './play-on.js';
import { PlayOutEnds } from './play-out-ends.js';
import { greedyOrder, greedyPlayer } from './greedy.js';
import { learnedPlayer } from './learned.js';
import { modulePlayer } from './modules.js';
import { DEFAULT_SETTINGS, STOP, allOptional, type Player, type PlayerSettings, type PlayerSpec } from './player.js';

/** How many of greedy's best moves are tried at a decision (stopping, when allowed, comes on top). */
export const CANDIDATES = 8;

/**
 * The player leaves greedy's choice only for a candidate better than it by at least GATE standard errors of the
 * mean paired difference over the samples (a sample's value: cards on the foundations, plus cardsInPlay for a
 * win). Without a gate, noise among close moves costs wins (the tuning: docs/decisions.md#rollouts-gate).
 */
const GATE = 1;

/** Slots of the rollouts' memo: a sample remembers at most JOIN_WINDOW (12) positions a candidate. */
const MEMO_SIZE = 1 << 10;

/** A rollout's end as the memo keeps it: cards on the foundations, twice, plus 1 for a win. */
const endValue = (state: GameState): number => state.foundationCount() * 2 + (state.isWon() ? 1 : 0);

/**
 * A second opinion on a sample in which no candidate's play-out won (planners/hindsight.ts searches it with every
 * card of the sample known): the index among candidates[0..k) of a move it finds winning, or -1.
 */
export interface SampleJudge {
  /** A new deal. */
  reset(): void;
  /** Called once per decision before its samples, with the decision's candidates. */
  begin(state: GameState, candidates: Int32Array, k: number): void;
  /** The state stands in sample `sample` of the decision; the candidates are begin()'s. */
  judge(state: GameState, sample: number): number;
  /**
   * Before the decision's first sample: lay out, as a step of the table, a sample the judge carried from the last
   * decision instead of a fresh one (planners/carry.ts); false, with nothing begun, when it carries none.
   */
  carried?(state: GameState): boolean;
  /** The move the player made (at every move, with a choice or not; STOP when it stopped). */
  made(move: Move): void;
}

/** The built-in players a rollout may be played with (each choosing by the position alone, as the memo needs). */
const ROLLOUT_PLAYERS: Record<string, PlayerSpec> = { greedy: greedyPlayer, learned: learnedPlayer };

/** The ids of the built-in players a rollout may be played with. */
export const ROLLOUT_PLAYER_IDS: readonly string[] = Object.keys(ROLLOUT_PLAYERS);

/** The player a rollout is played with: a built-in one, or a loaded module (by file URL) that declares itself
 * positional. */
function rolloutPlayerOf(id: string): PlayerSpec | undefined {
  const module = modulePlayer(id);
  return ROLLOUT_PLAYERS[id] ?? (module?.positional === true ? module : undefined);
}

class RolloutPlayer implements Player {
  private rng: Rng = seededRng('rollout');
  private readonly sampler = new UnseenSampler();
  private readonly order: (state: GameState, moves: Int32Array, n: number) => void;
  private readonly inner: Player;
  private readonly samples: number;
  private readonly ranked = new Int32Array(4096); // the decision's moves in greedy's order
  private readonly buffer = new Int32Array(4096); // the rollouts' move lists
  private readonly wins = new Float64Array(CANDIDATES + 1);
  private readonly cards = new Float64Array(CANDIDATES + 1);
  private readonly candidates = new Int32Array(CANDIDATES + 1);
  private readonly values = new Float64Array(CANDIDATES + 1); // one sample's value of each candidate
  private readonly sumD = new Float64Array(CANDIDATES + 1); // paired differences from candidate 0, summed
  private readonly sumD2 = new Float64Array(CANDIDATES + 1); // and their squares
  private readonly memo = new PlayOutEnds(MEMO_SIZE); // where this sample's rollouts end (play-on.ts)
  private readonly rollout = new RememberingPlayOn(this.memo, endValue);

  constructor(
    game: Game,
    settings: PlayerSettings,
    private readonly remembers = true, // rollouts through the memo (false: the reference it is checked against)
    private readonly judge?: SampleJudge, // consulted on the samples no candidate's play-out won
    private readonly keep = 0, // foresight: the hidden piles' top cards kept true in every sample (core/sample.ts)
  ) {
    const inner = rolloutPlayerOf(settings.rollout ?? DEFAULT_SETTINGS.rollout);
    if (inner === undefined)
      throw new InputError(
        `unknown rollout player '${settings.rollout}' (known: ${Object.keys(ROLLOUT_PLAYERS).join(', ')})`,
      );
    this.inner = inner.create(game, settings);
    this.order = greedyOrder(game);
    this.samples = settings.samples ?? DEFAULT_SETTINGS.samples;
  }

  reset(makeRng: () => Rng): void {
    this.rng = makeRng();
    this.inner.reset(() => seededRng('rollout-inner')); // greedy draws nothing
    this.judge?.reset();
  }

  choose(state: GameState, moves: Int32Array, n: number): Move {
    const m = this.decide(state, moves, n);
    this.judge?.made(m);
    return m;
  }

  private decide(state: GameState, moves: Int32Array, n: number): Move {
    const mayStop = allOptional(moves, n);
    if (n === 1 && !mayStop) return moves[0]!;
    // Candidates in greedy's order of preference (its own choice first, stopping first when it would stop).
    const greedyChoice = this.inner.choose(state, moves, n);
    const ranked = this.ranked;
    ranked.set(moves.subarray(0, n));
    this.order(state, ranked, n);
    const c = this.candidates;
    let k = 0;
    if (mayStop && greedyChoice === STOP) c[k++] = STOP;
    for (let i = 0; i < n && i < CANDIDATES; i++) c[k++] = ranked[i]!;
    if (mayStop && greedyChoice !== STOP) c[k++] = STOP;
    if (k === 1) return c[0]!;
    this.wins.fill(0);
    this.cards.fill(0);
    this.sumD.fill(0);
    this.sumD2.fill(0);
    const t = state.table;
    const winWorth = state.cardsInPlay;
    const judge = this.judge;
    judge?.begin(state, c, k);
    const values = this.values;
    for (let s = 0; s < this.samples; s++) {
      if (s > 0 || this.keep > 0 || judge?.carried?.(state) !== true) this.sampler.resample(state, this.rng, this.keep);
      this.memo.clear(); // a new salt, new places for the unseen copies: the key sees neither (play-out-ends.ts)
      let anyWon = false;
      for (let i = 0; i < k; i++) {
        const m = c[i]!;
        if (m === STOP) {
          values[i] = state.foundationCount();
          this.cards[i]! += values[i]!;
        } else {
          state.apply(m);
          const end = this.playOut(state);
          const won = (end & 1) === 1;
          const cards = end >>> 1;
          if (won) {
            this.wins[i]!++;
            anyWon = true;
          }
          this.cards[i]! += cards;
          values[i] = cards + (won ? winWorth : 0);
          state.undo();
        }
      }
      if (judge !== undefined && !anyWon) {
        const j = judge.judge(state, s);
        if (j >= 0) {
          this.wins[j]!++;
          values[j]! += winWorth;
        }
      }
      const base = values[0]!;
      for (let i = 0; i < k; i++) {
        const d = values[i]! - base;
        this.sumD[i]! += d;
        this.sumD2[i]! += d * d;
      }
      t.undo(); // the sample
    }
    let best = 0;
    for (let i = 1; i < k; i++) {
      if (this.wins[i]! > this.wins[best]! || (this.wins[i] === this.wins[best] && this.cards[i]! > this.cards[best]!))
        best = i;
    }
    if (best !== 0) {
      const K = this.samples;
      const mean = this.sumD[best]! / K;
      const se = Math.sqrt(Math.max(0, this.sumD2[best]! / K - mean * mean) / K);
      if (!(mean > GATE * se)) best = 0; // not clearly better than greedy's choice
    }
    return c[best]!;
  }

  /** Play the rollout out with the inner player and take it back; its end as endValue gives it. */
  private playOut(state: GameState): number {
    if (this.remembers) {
      this.rollout.play(state, this.inner, this.buffer);
      for (let j = 0; j < this.rollout.made; j++) state.undo();
      return this.rollout.value;
    }
    const made = playOn(state, this.inner, this.buffer).moves;
    const end = endValue(state);
    for (let j = 0; j < made; j++) state.undo();
    return end;
  }
}

/** The rollout player. */
export const rolloutPlayer: PlayerSpec = {
  id: 'rollout',
  summary:
    "samples the unseen cards --samples times and plays each of greedy's best moves out with --rollout (greedy) in every sample; the move winning most samples, then most cards",
  uses: ['samples', 'rollout'],
  create: (game, settings) => new RolloutPlayer(game, settings),
};

/** The rollout player without its rollouts' memo: the same moves, slower (the reference the tests check it against). */
export function rolloutWithoutMemo(game: Game, settings: PlayerSettings): Player {
  return new RolloutPlayer(game, settings, false);
}

/** The rollout player with a judge of the samples its play-outs lose (planners/hindsight.ts). */
export function judgedRollout(game: Game, settings: PlayerSettings, judge?: SampleJudge, keep = 0): Player {
  return new RolloutPlayer(game, settings, true, judge, keep);
}
