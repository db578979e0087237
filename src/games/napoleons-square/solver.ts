// Napoleon's Square's solver-side declaration (Game.solving): its dead-end rule ('stranded-card'), for the solver,
// which knows every card: a card of a packet or the talon that can never leave its place, even in a relaxation that
// frees cards more easily than play; its safe move is in solver-safe-move.ts. Both are proved for spaces filled from
// outside only and no returns: with spaces=any (N11) or returns=free (N12) the solver searches without them.

import type { GameSolving } from '../../core/solving.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';
import { safePlay } from './solver-safe-move.js';
import type { NapoleonsSquareState } from './state.js';

const FOUNDATION = LAYOUT.first.foundation;
const PACKET = LAYOUT.first.packet;
const PACKETS = LAYOUT.count.packet;
const TALON = LAYOUT.first.talon;

// Per card: its face (0..51), and per face its suit and rank: the rule reads these in its loops.
const FACE = Uint8Array.from({ length: 256 }, (_, c) => c % 52);
const SUIT = Uint8Array.from({ length: 52 }, (_, f) => Math.floor(f / 13));
const RANK = Uint8Array.from({ length: 52 }, (_, f) => (f % 13) + 1);

// How the relaxation frees a card: by a play, by a marriage, or parked by a fill.
const PLAY = 1;
const MARRY = 2;
const PARK = 3;

/** The game's dead-end rules, by name: deadEnd() returns 1 + the index. */
export const DEAD_END_RULES: readonly string[] = ['stranded-card'];

/** What the solver asks of Napoleon's Square: 'stranded-card' and the safe play of solver-safe-move.ts. */
export const napoleonsSquareSolving: GameSolving<NapoleonsSquareState> = {
  deadEndRules: DEAD_END_RULES,
  aid: (state) => {
    if (state.anyFill || state.returns) return {}; // N11, N12: neither proof covers these moves
    const stranded = new StrandedCards(state.table, state.groupMoves);
    const len = state.table.len;
    return { deadEnd: () => stranded.deadEnd(), safeMove: (moves, n) => safePlay(len, moves, n) };
  },
};

/** The stranded-card rule on one table, with its buffers allocated once. */
export class StrandedCards {
  private readonly reach = new Uint8Array(52); // per face: copies on the foundations, outside the stacks, or freed
  private readonly spots = new Int16Array(104); // per face, two slots: stack << 8 | index of a copy in a stack, or -1
  private readonly present = new Uint8Array(PACKETS + 1); // per stack (the packets, then the talon): cards not yet freed
  private readonly chain = new Uint8Array(8); // per suit s: the highest rank r with a copy of each of 1..r reached;
  // at 4 + s: with both copies of each reached
  private readonly parked: number[] = []; // faces of talon cards freed by a fill (c), still to leave by (a) or (b)
  private readonly square = new Uint8Array((PACKETS + 1) << 8); // per freed stack place (spots' code): (b) or (c) held
  private readonly recheck: number[] = []; // freed talon places for which only (a) has held so far

  /** The rule on table t (the game's), with groupMoves (N1) as the options say. */
  constructor(
    private readonly table: Table,
    private readonly groupMoves: boolean,
  ) {}

  /**
   * 0, or 1 when a card can never leave its packet or the talon ('stranded-card').
   *
   * The relaxation. Every card outside the packets and the talon (the stock, the current card) counts as free.
   * The packets and the talon are stacks, freed from the top down, and their top card X (suit s, rank r) is
   * freed when one of the ways it could leave is open in the relaxation:
   *   (a) play: for every rank below r a copy is on a foundation or freed (`chain`); both copies when X's twin
   *       is on a foundation now;
   *   (b) marry (N1): a copy Y of the card one higher of suit s, not on a foundation now, lies outside the
   *       stacks, or in a packet as the top still to free or freed, or has been freed from the talon and (b) or
   *       (c) held for it (a king has none);
   *   (b') with groupMoves, the card directly beneath X is that card (X leaves with the run);
   *   (c) fill (N2, the talon only): some packet is empty or has had all its cards freed. X is then parked in
   *       that place, and must still leave it later by (a) or (b): it is reached only then.
   * The position is declared lost when some stack cannot be freed to the bottom, or a parked card never leaves.
   *
   * Proof that a winnable position is never declared lost. Take a winning line and show, by induction over its
   * moves, that every card of a packet or the talon that leaves its place has been freed by the relaxation, and
   * every card played has been reached. A card X leaves its place at time t only when every card that lay above
   * it at this position has already left (only top cards move; a run moves with its bottom card, handled by
   * (b')): by induction they were freed, so X is the top of its stack in the relaxation. It leaves by
   *   play: the foundation it goes on holds one copy of each rank below r, each played before t, so each was
   *     free (outside the stacks) or left its place before t and was freed: (a) holds. If X's twin is on a
   *     foundation now, that foundation holds ranks 1..r already, so X goes on the other, and each rank below r
   *     has a copy on each: both reached;
   *   marriage: onto a packet top Y one higher of suit s at t; Y is not on a foundation now (cards never leave
   *     a foundation), and Y either lies outside the stacks, or lay in a packet (and every card above it there
   *     left before t, so by induction it is the top still to free or freed), or lay in the talon and left it
   *     before t for the square, by a marriage or a fill, for which by induction (b) or (c) held: (b) holds. A
   *     king has no card to marry onto;
   *   fill: only the current card or the talon top fills (N2, never a card of the square), into a place with
   *     no card, so every card that lay in that packet at this position has left: all freed, (c) holds. X
   *     then lies in the square, and to be played it must leave that place later, by play or by marriage (a
   *     packet card never fills; with groupMoves a run carrying X has X at its bottom, as X lay on no card):
   *     the same induction shows (a) or (b) holds for it then.
   * Freeing only ever opens more ways, so the order the relaxation frees in does not matter. So in a winnable
   * position every stack is freed to the bottom, and the rule does not fire.
   */
  deadEnd(): number {
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const reach = this.reach;
    const spots = this.spots;
    const present = this.present;
    spots.fill(-1);
    this.parked.length = 0;
    this.recheck.length = 0;
    let vacancy = false;
    for (let k = 0; k <= PACKETS; k++) {
      const p = k < PACKETS ? PACKET + k : TALON;
      const n = len[p]!;
      present[k] = n;
      if (n === 0 && k < PACKETS) vacancy = true;
      for (let i = 0, at = p * cap; i < n; i++, at++) {
        const f = FACE[cards[at]!]!;
        spots[spots[2 * f]! < 0 ? 2 * f : 2 * f + 1] = (k << 8) | i;
      }
    }
    // A face's copies not in a stack are on a foundation or outside (the stock, the current card): all reached.
    for (let f = 0; f < 52; f++) reach[f] = 2 - (spots[2 * f]! >= 0 ? 1 : 0) - (spots[2 * f + 1]! >= 0 ? 1 : 0);
    for (let s = 0; s < 8; s++) this.chain[s] = this.chainFrom(s, 0);
    let blocked = 0; // stacks not freed to the bottom after the last sweep
    for (let changed = true; changed; ) {
      changed = false;
      blocked = 0;
      for (let k = 0; k <= PACKETS; k++) {
        if (present[k] === 0) continue;
        const at = (k < PACKETS ? PACKET + k : TALON) * cap;
        while (present[k]! > 0) {
          const i = present[k]! - 1;
          const f = FACE[cards[at + i]!]!;
          const way = this.freeable(f, k, i, at, vacancy && k === PACKETS);
          if (way === 0) break;
          present[k] = i;
          changed = true;
          const place = (k << 8) | i;
          this.square[place] = way === PLAY ? 0 : 1;
          if (way === PLAY && k === PACKETS) this.recheck.push(place); // only a talon card's way matters
          if (way === PARK) {
            this.parked.push(f);
            continue;
          }
          this.reachOne(f);
          if (i === 0 && k < PACKETS) vacancy = true;
        }
        if (present[k]! > 0) blocked++;
      }
      for (let j = this.parked.length - 1; j >= 0; j--) {
        const f = this.parked[j]!;
        if (this.freeable(f, PACKETS, 0, 0, false) === 0) continue;
        this.parked[j] = this.parked[this.parked.length - 1]!;
        this.parked.pop();
        changed = true;
        this.reachOne(f);
      }
      // A talon card freed by a play may yet leave the talon by a marriage or a fill, and so be a marriage target.
      for (let j = this.recheck.length - 1; j >= 0; j--) {
        const place = this.recheck[j]!;
        const k = place >> 8;
        const f = FACE[cards[(k < PACKETS ? PACKET + k : TALON) * cap + (place & 0xff)]!]!;
        if (!(k === PACKETS && vacancy) && !this.marries(f, PACKETS, 0, 0)) continue;
        this.square[place] = 1;
        this.recheck[j] = this.recheck[this.recheck.length - 1]!;
        this.recheck.pop();
        changed = true;
      }
    }
    return blocked > 0 || this.parked.length > 0 ? 1 : 0;
  }

  /** The highest rank r >= from of suit s with a copy of each rank 1..r reached (given 1..from are). */
  private chainFrom(s: number, from: number): number {
    let r = from;
    const copies = s < 4 ? 1 : 2;
    const base = (s & 3) * 13;
    while (r < 13 && this.reach[base + r]! >= copies) r++;
    return r;
  }

  /** deadEnd: one more copy of face f reached; extend the chains of its suit. */
  private reachOne(f: number): void {
    this.reach[f]!++;
    const s = SUIT[f]!;
    const r = RANK[f]!;
    if (r === this.chain[s]! + 1) this.chain[s] = this.chainFrom(s, r - 1);
    if (r === this.chain[s + 4]! + 1) this.chain[s + 4] = this.chainFrom(s + 4, r - 1);
  }

  /**
   * deadEnd's test for face f, the top still to free of stack k (its index i, the stack's first card at `at` in
   * table.cards; k = PACKETS for a parked card); `fill`: (c) holds. 0: not freed; PLAY: by (a); MARRY: by (b);
   * PARK: only by (c).
   */
  private freeable(f: number, k: number, i: number, at: number, fill: boolean): number {
    const r = RANK[f]!;
    const s = SUIT[f]!;
    const len = this.table.len;
    const twin = len[FOUNDATION + s]! >= r || len[FOUNDATION + s + 4]! >= r; // X's twin is on a foundation
    if (this.chain[twin ? s + 4 : s]! >= r - 1) return PLAY; // (a)
    if (this.marries(f, k, i, at)) return MARRY; // (b)
    return fill ? PARK : 0; // (c)
  }

  /** deadEnd's (b) for face f, placed as in freeable: a copy of the card one higher can take it. */
  private marries(f: number, k: number, i: number, at: number): boolean {
    const r = RANK[f]!;
    const s = SUIT[f]!;
    const len = this.table.len;
    if (r === 13) return false;
    const up = f + 1; // the card one higher of the suit
    if (this.groupMoves && k < PACKETS && i > 0 && FACE[this.table.cards[at + i - 1]!] === up) return true; // (b')
    const played = (len[FOUNDATION + s]! > r ? 1 : 0) + (len[FOUNDATION + s + 4]! > r ? 1 : 0);
    const a = this.spots[2 * up]!;
    const b = this.spots[2 * up + 1]!;
    if (played + (a >= 0 ? 1 : 0) + (b >= 0 ? 1 : 0) < 2) return true; // a copy outside the stacks
    return this.target(a) || this.target(b);
  }

  /** deadEnd's (b): whether the copy in stack place w (spots' code; -1: none) can be a packet top. */
  private target(w: number): boolean {
    if (w < 0) return false;
    const k = w >> 8;
    const top = this.present[k]! - 1;
    if (k < PACKETS) return (w & 0xff) >= top; // a packet's top still to free, or freed (it may yet lie there)
    return (w & 0xff) > top && this.square[w] === 1; // freed from the talon, by a marriage or a fill
  }
}
