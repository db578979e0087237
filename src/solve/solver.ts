// The solver: depth-first search over the full position of a deal, every card known (the stock's order, the
// face-down packets, the shuffles of later re-deals, which the deal already fixes). It answers whether any line
// of legal moves wins the deal: `solved` with the line, `unsolvable` when every reachable position has been
// seen without a win, `unknown` when the node budget ran out first. This is the "thoughtful" bound of the
// literature (Solvitaire, lonelybot): an upper bound on what any player can win, never a player's result.
//
// One state is searched with apply/undo. At each position:
//   1. won: stop;
//   2. seen before with at least the present allowance (below): back up;
//   3. a dead-end rule of the game proves the position lost (GameState.deadEnd): back up;
//   4. a move the game proves safe (GameState.safeMove) is made alone, without trying the others;
//   5. otherwise the legal moves are tried in the order the move ordering gives (the solve runner passes
//      greedy's: its choice first), so the first line searched is greedy's own game.
//
// Finding wins: first the probes, if any (the solve runner passes the honest players' games: a line a player
// wins with is a solution), then the search. Plain depth-first search spends its budget deep under the first moves it tried, and missed wins
// that a two-move lookahead finds. So the search runs as limited discrepancy search (Harvey & Ginsberg 1995):
// pass k may leave the ordering's first choice at most k times on a line (a forced move costs nothing), for
// k = 0, 1, 2, ... (ALLOWANCES), and the last pass has no limit. Pass 0 is greedy's game.
//
// Proving losses: the last pass is a complete search. The table of visited positions (positions.ts: 64-bit
// keys that do not tell the two copies of a face apart, RULES.md 1.2) keeps for each position the allowance it
// was searched with; a position is searched again only with a larger one. In the last pass every allowance is
// unlimited, so a position seen there is either on the current line (a cycle) or was searched in full without a
// win: the pass is plain reachability over the positions of the deal, and its `unsolvable` is exact. The earlier
// passes only ever claim wins, each a line of moves that verify.ts replays.
// The budget counts positions reached by a move over all passes (the deal's first position included); `unknown`
// never hides a deal: callers count it both ways (stats/solvability.ts).

import type { Deck } from '../core/deck.js';
import type { GameState } from '../core/game.js';
import { PositionTable } from './positions.js';

/** A deal's verdict. */
export const Outcome = {
  /** A winning line was found (and is in the result). */
  Solved: 1,
  /** Every position reachable from the deal was searched: no line wins. */
  Unsolvable: 2,
  /** The node budget ran out first. */
  Unknown: 3,
} as const;

/** Names of the outcomes, by value. */
export const OUTCOME_NAMES: readonly string[] = ['', 'solved', 'unsolvable', 'unknown'];

/** Reorders moves[0..n) in place, the move to try first first. */
export type MoveOrder = (state: GameState, moves: Int32Array, n: number) => void;

/**
 * A line to try before searching: lays out `deck` in `state`, plays it to its end by some fixed policy (a
 * player's game) and returns the moves made; the solver keeps them only if the state is then won.
 */
export type Probe = (state: GameState, deck: Deck) => ArrayLike<number>;

/** What one search found. */
export interface Verdict {
  /** An Outcome value. */
  readonly outcome: number;
  /** Positions reached. */
  readonly nodes: number;
  /** Search time in milliseconds. */
  readonly ms: number;
  /** The winning line when solved, first move first; empty otherwise. */
  readonly line: Int32Array;
}

/** The discrepancy allowances of the passes before the last, unlimited one. */
export const ALLOWANCES: readonly number[] = [0, 1, 2, 3];
/** The allowance of the last pass: more than any line can use. */
const UNLIMITED = 0x7fffffff;

const WIN = 0;
const BACK = 1;
const OPEN = 2;
/** Room kept free on the move stack for one position's moves. */
const MOST_MOVES = 4096;

/** A reusable solver for one game state. */
export class Solver {
  /** Positions cut per rule: index 0 counts safe moves made alone, index k the dead-end rule k (1-based). */
  readonly pruned: Float64Array;
  private readonly seen: PositionTable;
  private moves = new Int32Array(1 << 16); // the moves of every position on the current line, stacked
  private first = new Int32Array(1024); // per ply: index in moves of its first move
  private count = new Int32Array(1024); // per ply: how many moves
  private next = new Int32Array(1024); // per ply: the next move to try
  private left = new Int32Array(1024); // per ply: discrepancies still allowed on this line
  private line = new Int32Array(1024); // per ply: the move made from it
  private nodes = 0;

  /**
   * A solver for `state` visiting at most `budget` positions per deal, trying the probes' lines first and then
   * moves in `order`'s order.
   */
  constructor(
    private readonly state: GameState,
    readonly budget: number,
    private readonly order?: MoveOrder,
    private readonly probes: readonly Probe[] = [],
  ) {
    this.seen = new PositionTable(budget + 1);
    this.pruned = new Float64Array(1 + (state.deadEndRules?.length ?? 0));
  }

  /** Lay out the deck and search it. */
  solve(deck: Deck): Verdict {
    const start = performance.now();
    this.seen.clear();
    this.nodes = 0;
    for (const probe of this.probes) {
      const line = probe(this.state, deck);
      this.nodes += line.length + 1;
      if (this.state.isWon()) return { outcome: Outcome.Solved, nodes: this.nodes, ms: performance.now() - start, line: Int32Array.from(line) };
    }
    let outcome: number = Outcome.Unknown;
    let length = 0;
    for (let pass = 0; pass <= ALLOWANCES.length && outcome === Outcome.Unknown; pass++) {
      const allowance = pass < ALLOWANCES.length ? ALLOWANCES[pass]! : UNLIMITED;
      this.state.deal(deck);
      this.nodes++;
      length = this.pass(allowance);
      if (length >= 0) outcome = Outcome.Solved;
      else if (length === -1 && allowance === UNLIMITED) outcome = Outcome.Unsolvable;
      else if (length === -2) break; // the budget ran out
    }
    const line = outcome === Outcome.Solved ? this.line.slice(0, length) : new Int32Array(0);
    return { outcome, nodes: this.nodes, ms: performance.now() - start, line };
  }

  /**
   * One pass from the deal's first position with this allowance: the length of the winning line found (in
   * this.line), -1 when the pass ended without a win, -2 when the budget ran out.
   */
  private pass(allowance: number): number {
    const state = this.state;
    let ply = 0;
    const root = this.enter(0, 0, allowance);
    if (root === WIN) return 0;
    if (root === BACK) return -1;
    for (;;) {
      const i = this.next[ply]!;
      // Past the first move, each costs one discrepancy; with none left, the rest of this position's moves wait
      // for a later pass.
      if (i < this.count[ply]! && (i === 0 || this.left[ply]! > 0)) {
        if (this.nodes >= this.budget) return -2;
        this.next[ply] = i + 1;
        const m = this.moves[this.first[ply]! + i]!;
        state.apply(m);
        this.nodes++;
        this.line[ply] = m;
        const found = this.enter(ply + 1, this.first[ply]! + this.count[ply]!, i === 0 ? this.left[ply]! : this.left[ply]! - 1);
        if (found === WIN) return ply + 1;
        if (found === OPEN) ply++;
        else state.undo();
      } else {
        if (ply === 0) return -1;
        state.undo();
        ply--;
      }
    }
  }

  /**
   * Arrive at a position at depth `ply` with `left` discrepancies allowed, its moves to go on the stack from
   * `top`: WIN when it is won, BACK when it need not be searched (seen before with as much allowance, a dead
   * end, no move), OPEN when its moves are ready to try.
   */
  private enter(ply: number, top: number, left: number): number {
    const state = this.state;
    if (state.isWon()) return WIN;
    if (!this.seen.visit(state.table.key(), left)) return BACK;
    if (state.deadEnd !== undefined) {
      const rule = state.deadEnd();
      if (rule !== 0) {
        this.pruned[rule]!++;
        return BACK;
      }
    }
    if (top + MOST_MOVES > this.moves.length) this.moves = grown(this.moves, top + MOST_MOVES);
    if (ply >= this.first.length) this.growPlies();
    const out = this.moves.subarray(top);
    let n = state.legalMoves(out);
    if (n === 0) return BACK;
    const safe = n > 1 && state.safeMove !== undefined ? state.safeMove(out, n) : -1;
    if (safe !== -1) {
      out[0] = safe;
      n = 1;
      this.pruned[0]!++;
    } else if (n > 1 && this.order !== undefined) this.order(state, out, n);
    this.first[ply] = top;
    this.count[ply] = n;
    this.next[ply] = 0;
    this.left[ply] = left;
    return OPEN;
  }

  private growPlies(): void {
    const size = this.first.length * 2;
    this.first = grown(this.first, size);
    this.count = grown(this.count, size);
    this.next = grown(this.next, size);
    this.left = grown(this.left, size);
    this.line = grown(this.line, size);
  }
}

/** The names of the prunings a solver counts, in the order of Solver.pruned. */
export function prunedNames(state: GameState): string[] {
  return ['safe-move', ...(state.deadEndRules ?? [])];
}

/** A copy of a with room for at least `size` entries. */
function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  let n = a.length;
  while (n < size) n *= 2;
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
