// Nested Monte Carlo search (Cazenave 2009; the "nested rollouts" Bjarnason, Fern and Tadepalli 2009 used on
// Klondike with every card known): the solver's win finder before its depth-first passes. Every card is known.
//
// Level 0 plays the position out by a fixed policy (the playout, given by the caller: solve/playout.ts) and scores
// where it ends: by the game's progress measure where it has one (SolvingAid.progress, for a game whose lines the
// cards on the foundations leave mostly level), else twice the cards on the foundations; far more for a win. Level
// L at a position tries each of the ordering's first CANDIDATES moves, scores each by a level L-1 search from the
// position after it, and makes the first move of the best line found so far (the best line is kept, and followed
// while nothing better turns up), until the game ends or the best line does. Deterministic: no random choices, so a
// deal's verdict is the same on any worker. So the score a level reaches from a position is remembered, at every
// level, and a search met again from the same position (moves made in another order lead there often) costs a
// lookup; when such a score is the best so far, that one search is made again for its moves. It only finds wins: a
// line it returns is a winning line, replayed and checked by the caller like every other; when it finds none it
// proves nothing.

import type { GameState } from '../core/game.js';
import type { SolvingAid } from '../core/solving.js';
import { ScoreMemo } from './score-memo.js';
import type { MoveOrder } from './verdict.js';

/**
 * Plays on from the position the state stands in by a fixed policy that reads the position only (and may ask the
 * game's `aid` for the state), until the game ends, the policy stops or play stalls, pushing each move made onto
 * `moves` (each is undone by state.undo()); returns how many other positions it looked at and left (moves applied
 * and taken back, not made), counted as positions reached.
 */
export type Playout = (state: GameState, moves: number[], aid: SolvingAid | undefined) => number;

/** How many of the ordering's first moves a level tries at each position. */
export const CANDIDATES = 8;
/** A won line's score: above every score of a position not won (twice every card; a progress measure, at most 2^19). */
const WON = 1 << 20;
/** The most moves a level makes from where it starts (a line that long is going round in circles). */
const MOST_MOVES = 2000;
/** The scores kept per level, at most; then that level's memo starts afresh (a miss costs positions, not a line). */
const MEMO_MOST = 1 << 22;

/** A nested search over one state, reused deal after deal. */
export class NestedSearch {
  /** Positions reached by a move in the searches since reset(), playouts included. */
  nodes = 0;
  private stop = 0;
  private readonly memo: ScoreMemo[] = []; // per level: the scores of searches from a position
  private readonly buffers: Int32Array[] = [];
  private readonly out: number[] = [];

  /**
   * A search of `state` trying moves in `order`'s order, scoring by `playout`, both reading the position only, as
   * its key tells it (not which copy of a card is which): what the memo of every level relies on. With
   * `rememberLevels` false only the playouts' scores are remembered, not each level's results (the lines are the
   * same either way: docs/decisions.md#nested-search-remembers-every-level). The game's `aid` for the state gives
   * the progress measure and goes to the playout.
   */
  constructor(
    private readonly state: GameState,
    private readonly order: MoveOrder,
    private readonly playout: Playout,
    private readonly rememberLevels = true,
    private readonly aid?: SolvingAid,
  ) {}

  /** Forget the last deal's scores and count positions from `nodes`. */
  reset(nodes: number): void {
    this.forget();
    this.nodes = nodes;
  }

  /** Forget every remembered score. */
  private forget(): void {
    this.memo.forEach((memo) => memo.clear()); // forEach skips the levels never searched
  }

  /**
   * Levels 1 to `most` in turn, each from the position `root()` lays out, counting positions from `nodes` until
   * `stop`: the first winning line found, or undefined.
   */
  levels(most: number, nodes: number, stop: number, root: () => unknown): number[] | undefined {
    this.reset(nodes);
    try {
      for (let level = 1; level <= most && this.nodes < stop; level++) {
        root();
        const line = this.search(level, stop);
        if (line !== undefined) return line;
      }
      return undefined;
    } finally {
      this.forget(); // the scores serve this deal's nested searches only: not held through the passes after them
    }
  }

  /**
   * A level `level` search from the position the state stands in, cut off once `stop` positions are counted: a
   * winning line from here, or undefined. The state is left as it was.
   */
  search(level: number, stop: number): number[] | undefined {
    this.stop = stop;
    const line: number[] = [];
    return this.level(level, 0, line) >= WON ? line : undefined;
  }

  /**
   * The score a level-`level` search reaches from here, or -1 once cut off. Its line is pushed onto `line` when it
   * is searched, not when its score is remembered, unless `again` asks for it to be searched again.
   */
  private level(level: number, depth: number, line: number[], again = false): number {
    if (level > 0 && !this.rememberLevels) return this.search1(level, depth, line);
    const key = this.state.table.key();
    const high = key[1]! & 0x1fffff; // the memo's key: 53 bits of the 64-bit key (a collision costs a choice only, see search1())
    const low = key[0]!;
    const memo = this.memo[level] ?? (this.memo[level] = new ScoreMemo());
    const known = again ? -1 : memo.get(high, low);
    if (known >= 0) return known;
    const score = level === 0 ? this.playOut(line) : this.search1(level, depth, line);
    if (score < 0 || score >= WON) return score; // a cut-off proves nothing; a win is never taken from the memo
    if (memo.size >= MEMO_MOST) memo.clear();
    memo.set(high, low, score);
    return score;
  }

  /** level() searched afresh at a level of 1 or more. */
  private search1(level: number, depth: number, line: number[]): number {
    const state = this.state;
    const moves = this.buffers[depth] ?? (this.buffers[depth] = new Int32Array(4096));
    let best = -1;
    let bestLine: number[] = []; // the best line found from the position reached, its first move first
    let made = 0;
    for (;;) {
      if (state.isWon() || made >= MOST_MOVES) break;
      const n = state.legalMoves(moves);
      if (n === 0) break;
      this.order(state, moves, n);
      const tried = Math.min(n, CANDIDATES);
      if (tried > 1) {
        for (let i = 0; i < tried; i++) {
          if (this.nodes >= this.stop) return this.back(made, -1);
          const m = moves[i]!;
          state.apply(m);
          this.nodes++;
          const after: number[] = [];
          let score = state.isWon() ? WON : this.level(level - 1, depth + 1, after);
          // A better line whose score was remembered: search it again for its moves (the same line, as every level is
          // deterministic; after a memo collision the true score replaces the one remembered, and a collision that
          // remembered too low a score costs this choice, as a playout's did before).
          if (score > best && after.length === 0 && !state.isWon())
            score = this.level(level - 1, depth + 1, after, true);
          state.undo();
          if (score < 0) return this.back(made, -1);
          if (score > best) {
            best = score;
            bestLine = [m, ...after];
          }
          if (score >= WON) break;
        }
      } else if (bestLine[0] !== moves[0]) {
        bestLine = [moves[0]!]; // a forced move the best line did not make: follow it, scored afresh below
        best = -1;
      }
      const m = bestLine.shift()!;
      state.apply(m);
      this.nodes++;
      line.push(m);
      made++;
      if (best >= WON) {
        for (const x of bestLine) line.push(x);
        break;
      }
      if (bestLine.length === 0 && best >= 0) break; // the best line ends here
    }
    return this.back(made, best >= WON ? WON : this.score());
  }

  /** Level 0: the playout from here, its moves pushed onto `line`; the score of where it ends. */
  private playOut(line: number[]): number {
    const state = this.state;
    const out = this.out;
    out.length = 0;
    this.nodes += this.playout(state, out, this.aid) + out.length;
    const score = this.score();
    for (let i = 0; i < out.length; i++) state.undo();
    for (const m of out) line.push(m);
    return score;
  }

  /** Undo `made` moves and return `score`. */
  private back(made: number, score: number): number {
    for (let i = 0; i < made; i++) this.state.undo();
    return score;
  }

  private score(): number {
    return this.state.isWon() ? WON : progressOf(this.state, this.aid);
  }
}

/** How far a position not won has come, as the nested and beam searches score it: the progress measure of the
 * game's `aid`, else twice the cards on the foundations. */
export function progressOf(state: GameState, aid: SolvingAid | undefined): number {
  return aid?.progress !== undefined ? aid.progress() : 2 * state.foundationCount();
}

/** 53 bits of the position's 64-bit key, as one number: how the beam and policy searches name a position they have
 * passed through (a collision costs them a position or a move, never a wrong line). */
export function key53(state: GameState): number {
  const key = state.table.key();
  return (key[1]! & 0x1fffff) * 0x100000000 + (key[0]! >>> 0);
}
