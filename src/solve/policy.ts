// Nested rollout policy adaptation (Rosin 2011): the solver's first win finder from POLICY_FROM positions, before
// the nested searches. Every card is known.
//
// A policy gives each move a weight by its code: its kind, the card on top of the pile it leaves, and the piles it
// leaves and reaches. Level 0 plays the position out, each move drawn with chance proportional to e^weight among
// the legal moves, never into a position this playout has already passed through (the game would go round in
// circles), and scores where it ends as the nested searches do (progressOf, far more for a win). Level L runs
// ITERATIONS searches of level L-1, each from a copy of its policy, keeps the best line found so far, and after
// each one moves its policy towards that line: along the line, each move's weight gains ALPHA and every legal
// move's weight loses ALPHA times the chance the policy gave it there. The searches run level 1, 2, 3, ... from a
// blank policy until the budget they are given is spent. The draws come from a generator keyed by the caller's
// seed (the deck's), so a deal's verdict is the same on any worker. It only finds wins: a line it returns is a
// winning line, replayed and checked by the caller like every other; when it finds none it proves nothing.

import type { GameState } from '../core/game.js';
import type { SolvingAid } from '../core/solving.js';
import { faceOf } from '../core/card.js';
import { fromOf, kindOf, toOf, type Move } from '../core/move.js';
import { seededRng, type Rng } from '../core/random.js';
import { key53, progressOf } from './nested.js';

/** The searches of level L-1 a level-L search runs. */
export const ITERATIONS = 50;
/** How far one adaptation moves the policy towards the best line. */
const ALPHA = 1;
/** A won line's score: above every score of a position not won (as nested.ts). */
const WON = 1 << 20;
/** The most moves a playout makes (a line that long is going round in circles). */
const MOST_MOVES = 2000;

/**
 * Weights by move code (numbered as PolicySearch.indexOf numbers the codes met in a deal; past the end, 0), and
 * e^weight beside each, computed when first asked for (-1 until then).
 */
interface Policy {
  readonly w: Float64Array;
  readonly e: Float64Array;
}

/**
 * A line and the score where it ends (-1 once the search is cut off), with what an adaptation reads at each of its
 * positions: the codes of the legal moves there, codes[starts[j]] to codes[starts[j+1]-1] for move j, in the order
 * the game lists them, and the code of the move made, chosen[j].
 */
interface Scored {
  readonly score: number;
  readonly line: readonly Move[];
  readonly codes: Int32Array;
  readonly starts: Int32Array;
  readonly chosen: Int32Array;
}

const CUT: Scored = {
  score: -1,
  line: [],
  codes: new Int32Array(0),
  starts: new Int32Array(1),
  chosen: new Int32Array(0),
};
/** The policy every level starts from: every weight 0. */
const BLANK: Policy = { w: new Float64Array(0), e: new Float64Array(0) };
/** `weights` copied into an array of `length` weights, 0 past their end. */
function grown(weights: Float64Array, length: number): Float64Array {
  const next = new Float64Array(length);
  next.set(weights);
  return next;
}

/** `codes` copied into an array of `length` codes. */
function grownCodes(codes: Int32Array, length: number): Int32Array {
  const next = new Int32Array(length);
  next.set(codes);
  return next;
}

/** Policy searches over one state, reused deal after deal. */
export class PolicySearch {
  /** Positions reached by a move since the count was last set, and each position of a line an adaptation reads. */
  nodes = 0;
  private stop = 0;
  private rng: Rng = seededRng('');
  private readonly moves = new Int32Array(4096);
  private readonly weights = new Float64Array(4096);
  private readonly codes = new Int32Array(4096);
  private readonly struck = new Uint8Array(4096);
  private readonly visited = new Set<number>();
  /** The playout's line so far, kept as Scored keeps it (codes, starts, chosen). */
  private lineCodes: Int32Array = new Int32Array(1 << 14);
  private readonly lineStarts = new Int32Array(MOST_MOVES + 1);
  private readonly lineChosen = new Int32Array(MOST_MOVES);
  /** Each move code met in this deal's searches, numbered in the order met: its index in a Policy. */
  private readonly index = new Map<number, number>();

  /** Searches of `state`, scoring by the progress measure of the game's `aid` where it has one. */
  constructor(
    private readonly state: GameState,
    private readonly aid?: SolvingAid,
  ) {}

  /**
   * Levels 1, 2, ... in turn, each from the position `root()` lays out and a blank policy, drawing from a generator
   * keyed by `seed`, counting positions from `nodes` until `stop`: the first winning line found, or undefined. The
   * state is left at the root.
   */
  levels(seed: string, nodes: number, stop: number, root: () => unknown): Move[] | undefined {
    this.nodes = nodes;
    this.stop = stop;
    this.rng = seededRng(`policy:${seed}`);
    this.index.clear();
    for (let level = 1; this.nodes < stop; level++) {
      root();
      const before = this.nodes;
      const found = this.search(level, BLANK);
      if (found.score >= WON) return [...found.line];
      if (this.nodes === before) break; // no move from the root: every level finds the same nothing
    }
    return undefined;
  }

  /** A level-`level` search from here with `policy` (not changed): its best line, or CUT. The state is left as it was.
   * */
  private search(level: number, policy: Policy): Scored {
    if (level === 0) return this.playOut(policy);
    let best: Scored = CUT;
    let adapted = policy;
    for (let i = 0; i < ITERATIONS; i++) {
      const found = this.search(level - 1, adapted);
      if (found.score < 0) return CUT;
      if (found.score >= best.score) best = found;
      if (best.score >= WON) return best;
      const next = this.adapt(adapted, best);
      if (next === undefined) return CUT;
      adapted = next;
    }
    return best;
  }

  /** Level 0: a playout drawn by `policy`, its line and score; CUT once the budget is spent. The state is left as it
   * was. */
  private playOut(policy: Policy): Scored {
    const state = this.state;
    const moves = this.moves;
    const weights = this.weights;
    const visited = this.visited;
    const line: Move[] = [];
    visited.clear();
    visited.add(key53(this.state));
    let cut = false;
    let codes: Int32Array = this.lineCodes;
    const starts = this.lineStarts;
    const chosen = this.lineChosen;
    while (!state.isWon() && line.length < MOST_MOVES) {
      const n = state.legalMoves(moves);
      this.weigh(policy, n);
      const at = starts[line.length]!;
      if (at + n > codes.length) codes = this.lineCodes = grownCodes(codes, 2 * (at + n));
      codes.set(this.codes.subarray(0, n), at);
      starts[line.length + 1] = at + n;
      const struck = this.struck;
      struck.fill(0, 0, n);
      let standing = n;
      let made = false;
      // draw a move; one leading back to a position of this playout is struck off and another drawn
      while (standing > 0 && !made) {
        if (this.nodes >= this.stop) {
          cut = true;
          break;
        }
        let total = 0;
        for (let i = 0; i < n; i++) if (struck[i] === 0) total += weights[i]!;
        let x = this.rng() * total;
        let k = -1;
        for (let i = 0; i < n; i++) {
          if (struck[i] === 1 || (weights[i] === 0 && total > 0)) continue;
          k = i; // the last move standing when rounding leaves x above the weights
          if ((x -= weights[i]!) <= 0) break;
        }
        state.apply(moves[k]!);
        this.nodes++;
        const key = key53(this.state);
        if (visited.has(key)) {
          state.undo();
          struck[k] = 1;
          standing--;
          continue;
        }
        visited.add(key);
        chosen[line.length] = this.codes[k]!;
        line.push(moves[k]!);
        made = true;
      }
      if (!made) break;
    }
    const score = cut ? -1 : state.isWon() ? WON : progressOf(state, this.aid);
    for (let i = 0; i < line.length; i++) state.undo();
    if (cut) return CUT;
    const L = line.length;
    return {
      score,
      line,
      codes: codes.slice(0, starts[L]),
      starts: starts.slice(0, L + 1),
      chosen: chosen.slice(0, L),
    };
  }

  /**
   * `policy` moved towards `best`, a line from here: a new policy, or undefined once the budget is spent. Each of
   * the line's positions is counted, as if its move were made again (the codes were kept when it was played).
   */
  private adapt(policy: Policy, best: Scored): Policy | undefined {
    const next = grown(policy.w, this.index.size); // every code of the line has been met
    const { codes, starts, chosen } = best;
    const weights = this.weights;
    for (let j = 0; j < chosen.length; j++) {
      if (this.nodes >= this.stop) return undefined;
      const from = starts[j]!;
      const n = starts[j + 1]! - from;
      let total = 0;
      for (let i = 0; i < n; i++) {
        const w = this.weightOf(policy, codes[from + i]!);
        weights[i] = w;
        total += w;
      }
      for (let i = 0; i < n; i++) {
        const c = codes[from + i]!;
        next[c] = next[c]! - (ALPHA * weights[i]!) / total;
      }
      const c = chosen[j]!;
      next[c] = next[c]! + ALPHA;
      this.nodes++;
    }
    return { w: next, e: new Float64Array(next.length).fill(-1) };
  }

  /** The codes' indices and weights e^policy of the first `n` moves of this.moves, into their buffers. */
  private weigh(policy: Policy, n: number): void {
    for (let i = 0; i < n; i++) {
      const c = this.indexOf(this.codeOf(this.moves[i]!));
      this.codes[i] = c;
      this.weights[i] = this.weightOf(policy, c);
    }
  }

  /** A move's code here: its kind, the face on top of the pile it leaves (64: none), and the two piles (each below
   * 256). */
  private codeOf(m: Move): number {
    const t = this.state.table;
    const from = fromOf(m);
    const face = t.len[from]! > 0 ? faceOf(t.top(from)) : 64;
    return ((kindOf(m) * 65 + face) * 256 + toOf(m)) * 256 + from;
  }

  /** e^weight of code index `c` by `policy` (e^0 past its end), computed once per policy and code. */
  private weightOf(policy: Policy, c: number): number {
    if (c >= policy.e.length) return 1;
    const w = policy.e[c]!;
    return w >= 0 ? w : (policy.e[c] = Math.exp(policy.w[c]!));
  }

  /** The index of `code` in a Policy: the next one free when it is met for the first time in this deal. */
  private indexOf(code: number): number {
    let c = this.index.get(code);
    if (c === undefined) this.index.set(code, (c = this.index.size));
    return c;
  }
}
