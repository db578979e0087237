// The depth-first engine the solver's complete stages share (the discrepancy passes, the restarts, the last pass:
// stages/): one state searched with apply/undo. At each position:
//   1. won: stop;
//   2. seen before with at least the present allowance (below): back up;
//   3. a dead-end rule of the game proves the position lost (SolvingAid.deadEnd): back up;
//   4. a move the game proves safe (SolvingAid.safeMove) is made alone, without trying the others;
//   5. otherwise the legal moves are tried in the order the move ordering gives (greedy's, from the solve
//      runner), in a restart with one move brought to the front at random at some positions.
//
// The table of visited positions (positions.ts) keeps for each position the allowance it was searched with; a
// position is searched again only with a larger one. A discrepancy pass stores the discrepancies left; restart r
// stores RESTART_BASE + r and the last pass UNLIMITED, and neither spends allowance on a move: within such a
// pass a position met again is on the current line (a cycle) or was searched in full in this pass without a
// win, so the pass is plain reachability over the deal's positions.

import type { GameState } from '../core/game.js';
import type { SolvingAid } from '../core/solving.js';
import type { Rng } from '../core/random.js';
import type { PositionTable } from './positions.js';
import type { Root } from './root.js';
import type { MoveOrder } from './verdict.js';

/** The allowance restart 0 stores: above every discrepancy pass's. */
export const RESTART_BASE = 1 << 16;
/** The allowance of the last pass: above every restart's. */
export const UNLIMITED = 0x7fffffff;
/** A pass's ends besides a win (a line's length): every position searched, or the cut-off reached. */
export const EXHAUSTED = -1;
export const CUT_OFF = -2;

const WIN = 0;
const BACK = 1;
const OPEN = 2;
/** Room kept free on the move stack for one position's moves. */
const MOST_MOVES = 4096;

/** Depth-first passes over one state, reused deal after deal. */
export class DepthFirst {
  /** Positions counted: set before a pass, read after it. */
  nodes = 0;
  /** What a restart's random choices draw from. */
  rng: Rng = () => 0;
  private moves = new Int32Array(1 << 16); // the moves of every position on the current line, stacked
  private first = new Int32Array(1024); // per ply: index in moves of its first move
  private count = new Int32Array(1024); // per ply: how many moves
  private next = new Int32Array(1024); // per ply: the next move to try
  private left = new Int32Array(1024); // per ply: allowance left on this line
  private slot = new Int32Array(1024); // per ply: its position's slot in the table, pinned while on the line
  private line = new Int32Array(1024); // per ply: the move made from it
  private shuffle = 0; // the pass's chance of a random first move

  /**
   * Passes over `state` in `order`'s order, in the table `seen`, counting in `pruned` the positions cut per rule:
   * index 0 the safe moves made alone, index k the dead-end rule k (1-based) of the game's `aid`.
   */
  constructor(
    private readonly state: GameState,
    private readonly order: MoveOrder | undefined,
    private readonly seen: PositionTable,
    private readonly pruned: Float64Array,
    private readonly aid: SolvingAid | undefined,
  ) {}

  /** The winning line of `length` moves the last pass found. */
  lineOf(length: number): Int32Array {
    return this.line.subarray(0, length);
  }

  /**
   * One pass from `root`, storing `allowance` (one spent per discrepancy when `spends`), with a random first move
   * at a position with probability `shuffle`, cut off once `stop` positions are reached: the length of the winning
   * line found (lineOf), EXHAUSTED or CUT_OFF. The moves left made are in root.depth.
   */
  pass(root: Root, allowance: number, spends: boolean, shuffle: number, stop: number): number {
    const state = this.state;
    this.shuffle = shuffle;
    root.layOut();
    this.nodes++;
    let ply = 0;
    const first = this.enter(0, 0, allowance);
    if (first === WIN) return 0;
    if (first === BACK) return EXHAUSTED;
    for (;;) {
      const i = this.next[ply]!;
      // Past the first move, each costs one discrepancy where the pass spends them; with none left, the rest of
      // this position's moves wait for a later pass.
      if (i < this.count[ply]! && (i === 0 || !spends || this.left[ply]! > 0)) {
        if (this.nodes >= stop) {
          root.depth = ply;
          for (; ply >= 0; ply--) this.seen.leave(this.slot[ply]!, this.nodes);
          return CUT_OFF;
        }
        this.next[ply] = i + 1;
        const m = this.moves[this.first[ply]! + i]!;
        state.apply(m);
        this.nodes++;
        this.line[ply] = m;
        const left = i === 0 || !spends ? this.left[ply]! : this.left[ply]! - 1;
        const found = this.enter(ply + 1, this.first[ply]! + this.count[ply]!, left);
        if (found === WIN) {
          root.depth = ply + 1;
          return ply + 1;
        }
        if (found === OPEN) ply++;
        else state.undo();
      } else {
        this.seen.leave(this.slot[ply]!, this.nodes);
        if (ply === 0) return EXHAUSTED;
        state.undo();
        ply--;
      }
    }
  }

  /**
   * Arrive at a position at depth `ply` with allowance `left`, its moves to go on the stack from `top`: WIN when
   * it is won, BACK when it need not be searched (seen before with as much allowance, a dead end, no move), OPEN
   * when its moves are ready to try and its table entry is pinned in this.slot[ply].
   */
  private enter(ply: number, top: number, left: number): number {
    const state = this.state;
    if (state.isWon()) return WIN;
    const slot = this.seen.visit(state.table.key(), left, this.nodes);
    if (slot === -1) return BACK;
    if (this.aid?.deadEnd !== undefined) {
      const rule = this.aid.deadEnd();
      if (rule !== 0) {
        this.pruned[rule]!++;
        this.seen.leave(slot, this.nodes);
        return BACK;
      }
    }
    if (top + MOST_MOVES > this.moves.length) this.moves = grown(this.moves, top + MOST_MOVES);
    if (ply >= this.first.length) this.growPlies();
    const out = this.moves.subarray(top);
    let n = state.legalMoves(out);
    if (n === 0) {
      this.seen.leave(slot, this.nodes);
      return BACK;
    }
    const safe = n > 1 && this.aid?.safeMove !== undefined ? this.aid.safeMove(out, n) : -1;
    if (safe !== -1) {
      out[0] = safe;
      n = 1;
      this.pruned[0]!++;
    } else if (n > 1) {
      if (this.order !== undefined) this.order(state, out, n);
      if (this.shuffle > 0 && this.rng() < this.shuffle) {
        // a random move other than the first brought to the front, the rest in their order
        const j = 1 + Math.floor(this.rng() * (n - 1));
        const m = out[j]!;
        out.copyWithin(1, 0, j);
        out[0] = m;
      }
    }
    this.first[ply] = top;
    this.count[ply] = n;
    this.next[ply] = 0;
    this.left[ply] = left;
    this.slot[ply] = slot;
    return OPEN;
  }

  private growPlies(): void {
    const size = this.first.length * 2;
    this.first = grown(this.first, size);
    this.count = grown(this.count, size);
    this.next = grown(this.next, size);
    this.left = grown(this.left, size);
    this.slot = grown(this.slot, size);
    this.line = grown(this.line, size);
  }
}

/** A copy of a with room for at least `size` entries. */
function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  let n = a.length;
  while (n < size) n *= 2;
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
