// Beam search (Lowerre 1976) by the stock's turns: the solver's second win finder, after the nested searches and
// the game's own reasoning. Every card is known.
//
// A stage is the positions with one count of cards in the piles of the Stock role (the stock; The Duchesse's
// discard, Les Petits Paquets' exiles and Sympathie's face-down packets too). From each position of the beam,
// every position the free moves reach without changing that count is walked (each once per search, at most
// CLOSURE_MOST from one position), and each move that changes it gives a position of the next stage, scored by
// the nested searches' playout from it (nested.ts's score: the game's progress measure, else twice the cards on
// the foundations). The `width` best of the next stage, ties in the order found, are the next beam. Widths grow by
// WIDEN from FIRST_WIDTH until the budget it is given is spent, or a beam leaves out no position (a wider one would
// be the same). Deterministic, so a deal's verdict is the same on any worker. A game without a stock has no
// stages, and no beam. It only finds wins: a line it returns wins, and is replayed and checked by the caller like
// every other; when it finds none it proves nothing, and the dead-end rules it asks only cut positions they prove
// lost. Besides the solver's table it holds the keys it has walked (at most SEEN_MOST, about 150 MB) and the
// lines of one stage's positions.

import { PileRole, pilesWithRole, type GameState } from '../core/game.js';
import type { SolvingAid } from '../core/solving.js';
import { key53, progressOf, type Playout } from './nested.js';

/** The first beam's width, and the factor each next search widens it by. */
export const FIRST_WIDTH = 8;
export const WIDEN = 4;
/** The most positions walked by free moves from one position of the beam (the last stage's can be the whole endgame).
 * */
export const CLOSURE_MOST = 100_000;
/** Positions remembered as walked in one search, at most; then it starts afresh (a miss costs positions only). */
const SEEN_MOST = 1 << 22;

interface Candidate {
  readonly line: Int32Array;
  readonly score: number;
}

/** Beam searches over one state, reused deal after deal. */
export class BeamSearch {
  /** Positions reached by a move since the count was last set, replays and playouts included. */
  nodes = 0;
  private stop = 0;
  private readonly stock: readonly number[];
  private readonly seen = new Set<number>();
  private readonly buffers: Int32Array[] = [];
  private readonly path: number[] = [];
  private readonly out: number[] = [];
  private won: number[] | undefined;
  private narrowed = false; // whether the search under way has left out a position of a stage for want of width

  /** Searches of `state`, scoring by `playout` (which reads the position only), cutting the dead ends of `aid`. */
  constructor(
    private readonly state: GameState,
    private readonly playout: Playout,
    private readonly aid?: SolvingAid,
  ) {
    this.stock = pilesWithRole(state.pileRoles, PileRole.Stock);
  }

  /**
   * Beams of growing width from the position the state stands in, counting positions from `nodes` until `stop`:
   * the first winning line found, or undefined. The state is left as it was.
   */
  widening(nodes: number, stop: number): number[] | undefined {
    this.nodes = nodes;
    this.stop = stop;
    if (this.stock.length === 0) return undefined; // no stock, no stages
    for (let width = FIRST_WIDTH; this.nodes < stop; width *= WIDEN) {
      this.narrowed = false;
      const line = this.search(width);
      if (line !== undefined || !this.narrowed) return line; // a beam that kept every position: wider ones are the same
    }
    return undefined;
  }

  /** One beam of `width` positions, from the position the state stands in: a winning line or undefined. */
  private search(width: number): number[] | undefined {
    this.seen.clear();
    this.won = undefined;
    let beam: Int32Array[] = [new Int32Array(0)];
    while (beam.length > 0) {
      const next = new Map<number, Candidate>();
      for (const line of beam) {
        if (this.nodes + line.length >= this.stop) return undefined; // its replay alone would pass the budget
        this.path.length = 0;
        for (const m of line) {
          this.state.apply(m);
          this.path.push(m);
        }
        this.nodes += line.length;
        const cut = this.walk(this.stockCount(), next);
        for (let i = 0; i < line.length; i++) this.state.undo();
        if (this.won !== undefined) return this.won;
        if (cut) return undefined;
      }
      if (next.size > width) this.narrowed = true;
      beam = [...next.values()]
        .sort((a, b) => b.score - a.score)
        .slice(0, width)
        .map((c) => c.line);
    }
    return undefined;
  }

  /**
   * Walk the positions the free moves reach from here with `count` cards in the stock, each position of the next
   * stage added to `next` with its playout's score; true when cut off by the budget. A win is left in this.won.
   */
  private walk(count: number, next: Map<number, Candidate>): boolean {
    const state = this.state;
    let left = CLOSURE_MOST;
    const tried: number[] = [0]; // per depth of the walk: the next move to try
    const counts: number[] = [this.fresh() ? this.enter() : 0]; // a position walked from another of the beam: done
    let depth = 0;
    while (depth >= 0) {
      const i = tried[depth]!;
      if (i >= counts[depth]!) {
        if (depth > 0) {
          state.undo();
          this.path.pop();
        }
        depth--;
        continue;
      }
      if (this.nodes >= this.stop) {
        for (; depth > 0; depth--) state.undo();
        return true;
      }
      tried[depth] = i + 1;
      const m = this.buffers[depth]![i]!;
      state.apply(m);
      this.nodes++;
      this.path.push(m);
      if (state.isWon()) {
        this.won = [...this.path];
        for (; depth >= 0; depth--) state.undo();
        return false;
      }
      if (this.stockCount() !== count) {
        this.score(next);
        if (this.won !== undefined) {
          for (; depth >= 0; depth--) state.undo();
          return false;
        }
      } else if (left-- > 0 && this.fresh()) {
        depth++;
        tried[depth] = 0;
        counts[depth] = this.enter(depth);
        continue;
      }
      state.undo();
      this.path.pop();
    }
    return false;
  }

  /** The moves of the position here at walk depth `depth` into its buffer: how many (none at a dead end). */
  private enter(depth = 0): number {
    const moves = this.buffers[depth] ?? (this.buffers[depth] = new Int32Array(4096));
    return this.aid?.deadEnd !== undefined && this.aid.deadEnd() !== 0 ? 0 : this.state.legalMoves(moves);
  }

  /** Whether the position here is walked for the first time in this search (and mark it walked). */
  private fresh(): boolean {
    const key = key53(this.state);
    if (this.seen.has(key)) return false;
    if (this.seen.size >= SEEN_MOST) this.seen.clear();
    this.seen.add(key);
    return true;
  }

  /** Score a position of the next stage by its playout, once; a playout that wins is left in this.won. */
  private score(next: Map<number, Candidate>): void {
    const state = this.state;
    const key = key53(this.state);
    if (next.has(key) || (this.aid?.deadEnd !== undefined && this.aid.deadEnd() !== 0)) return;
    const out = this.out;
    out.length = 0;
    this.nodes += this.playout(state, out, this.aid) + out.length;
    const won = state.isWon();
    const score = progressOf(state, this.aid);
    for (let i = 0; i < out.length; i++) state.undo();
    if (won) this.won = [...this.path, ...out];
    else next.set(key, { line: Int32Array.from(this.path), score });
  }

  private stockCount(): number {
    let n = 0;
    for (const p of this.stock) n += this.state.table.len[p]!;
    return n;
  }
}
