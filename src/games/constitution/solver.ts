// The Constitution's solver-side declaration (Game.solving), for the solver, which knows every card: the dead-end
// rule 'cannot-climb', a relaxation in which cards only ever climb, proved below never to call a winnable position
// lost; the progress measure its nested search scores lines by (climbed); the safe move of solver-safe-move.ts.

import type { Card } from '../../core/card.js';
import type { GameSolving } from '../../core/solving.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, Phase, ROWS as LAYOUT_ROWS, VARS, rowOf } from './layout.js';
import { safePlay } from './solver-safe-move.js';
import type { ConstitutionState } from './state.js';

// The layout's numbers as this file's own constants: its loops read them as such, not through imports.
const FOUNDATION = LAYOUT.first.foundation;
const PEOPLE = LAYOUT.first.people;
const STACKS = LAYOUT.end.privy - PEOPLE; // the 32 piles of the rows; the talon is stack STACKS
const ROWS = LAYOUT_ROWS; // rows 1 (People) .. 4 (Privy Council), a card's level in the relaxation
const STOCK = LAYOUT.first.stock;
const DEALT_STOCK = 80 - STACKS; // the stock as dealt: the 80 cards less one on each pile
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;
const VACANCY = VARS.index.vacancy;
const JACK = 11;

// Per card: its face (0..51); per face: its suit, rank and colour. The rule reads these in its loops.
const FACE = Uint8Array.from({ length: 256 }, (_, c) => c % 52);
const SUIT = Uint8Array.from({ length: 52 }, (_, f) => Math.floor(f / 13));
const RANK = Uint8Array.from({ length: 52 }, (_, f) => (f % 13) + 1);
const RED = Uint8Array.from({ length: 52 }, (_, f) => (Math.floor(f / 13) === 1 || Math.floor(f / 13) === 2 ? 1 : 0));

/** What the solver asks of The Constitution: 'cannot-climb', a Privy Council play proved safe, the rows climbed. */
export const constitutionSolving: GameSolving<ConstitutionState> = {
  deadEndRules: ['cannot-climb'],
  aid: (state) => {
    const cannotClimb = new CannotClimb(state.table);
    const t = state.table;
    return {
      deadEnd: () => cannotClimb.test(),
      progress: () => climbed(t, state.foundationCount()),
      safeMove: (moves, n) => safePlay(t, moves, n),
    };
  },
};

/**
 * The progress measure (SolvingAid.progress): the rows the cards have climbed, each card counting the row it lies
 * in (1 the People .. 4 the Privy Council), 5 on a foundation, 0 in the stock or the talon. Every card reaches a
 * foundation only by climbing the four rows one at a time (Rules II, IV; C2, C3), so each step of that climb
 * counts one, where the cards on the foundations alone stay level over the many moves that lead to a play.
 * `played`: the cards on the foundations (GameState.foundationCount).
 */
export function climbed(t: Table, played: number): number {
  const len = t.len;
  let n = (ROWS + 1) * played;
  for (let k = 0; k < STACKS; k++) n += ((k >> 3) + 1) * len[PEOPLE + k]!;
  return n;
}

/** The rule's work buffers, allocated once per state. */
export class CannotClimb {
  private readonly spot = new Int16Array(104); // per card: stack << 8 | index; -1 in the stock; -2 elsewhere
  private readonly origin = new Uint8Array(104); // per card: the row it lies in now (0: the talon or the stock)
  private readonly level = new Uint8Array(104); // per card: the highest row it reaches in the relaxation (5: played)
  private readonly present = new Uint8Array(STACKS + 1); // per stack (the 32 piles, then the talon): cards not yet freed
  private readonly floating: number[] = []; // cards freed from their stacks, or in the stock, not yet played
  private readonly reached = new Uint8Array(52); // per face: copies played, at this position or in the relaxation
  private readonly chain = new Uint8Array(8); // per suit s: the highest rank r with a copy of each of 1..r reached;
  // at 4 + s: with both copies of each
  private readonly vacant = new Uint8Array(ROWS + 1); // per row 1..4: a pile there is empty or freed to the bottom

  constructor(private readonly table: Table) {}

  /**
   * 0, or 1 when some card can never climb to the Privy Council and be played ('cannot-climb'); looked at only
   * while the stock is whole and once it is out (below).
   *
   * The relaxation. Every card has a level: the row it lies in (0: the talon or the stock). A card leaves its
   * pile (or the talon) only from the top, so each pile and the talon is a stack freed from the top down; the
   * stock's cards count as free at level 0. A card at level j (the top still to free of a pile of row j, or a
   * freed card, which the relaxation never covers again) climbs to level j + 1 when
   *   (a) j = 4: it is played: for every rank below its own a copy of its suit has been played (`chain`), both
   *       copies when its twin is on a foundation now;
   *   (b) 1 <= j <= 3, a build (Rule IV): a card Y of the other colour one higher can be a top of row j + 1:
   *       Y is not on a foundation now, and either Y lies in row j + 1 at the top still to free of its pile, or
   *       Y came from row j + 1 or below (or the talon or stock) and has reached level j + 1 or more;
   *   (c) a fill (C2): some pile of row j + 1 is freed to the bottom in the relaxation, or is the vacancy
   *       waiting for the player's fill now (the talon and stock: row 1 only). A pile empty now stays empty
   *       (C7: its vacancy was filled at once or waits for good; nothing is built onto an empty pile).
   * The position is declared lost when some card is never played.
   *
   * Proof that a winnable position is never declared lost. Take a winning line; by induction over its moves,
   * each card that leaves its place, climbs to row j + 1, or is played, has done so in the relaxation. A card
   * moves only from the top of its pile or of the talon, so every card that lay above it here has left, and by
   * induction was freed. It moves up exactly one row (Rules II, IV; C2, C3) or, from the Privy Council, to a
   * foundation: played, its foundation holds a copy of each lower rank, each played earlier: (a) (if its twin was
   * on a foundation here, that one already held every lower rank, so it goes on the other: both copies); built onto Y,
   * a top of row j + 1: Y was not on a foundation here (cards never leave one), never moves down, and either
   * never moved (so it lay in row j + 1 with every card above it gone: the top still to free) or climbed into
   * row j + 1 earlier, which by induction the relaxation did too: (b); filling a vacancy of row j + 1: every card
   * that lay in that pile here has left, and it was not empty here, save the one waiting now (C7): (c). Climbing only
   * opens more ways, so the order of the relaxation does
   * not matter, and the compulsory fills (C2, C7) only restrict the real game further. So in a winnable
   * position every card is played in the relaxation, and the rule does not fire.
   */
  test(): number {
    const t = this.table;
    const len = t.len;
    // Once the stock is out, and while it is whole, as dealt (a deal lost from the start is proved so at once):
    // in between, its cards count as free and the relaxation seldom closes, at several times the search's cost (the
    // figures: docs/decisions.md#constitutions-cannot-climb-rule-only).
    if (len[STOCK] !== 0 && len[STOCK] !== DEALT_STOCK) return 0;
    const cards = t.cards;
    const cap = t.cap;
    const { spot, origin, level, present, floating, reached, vacant } = this;
    spot.fill(-2);
    vacant.fill(0);
    floating.length = 0;
    for (let k = 0; k <= STACKS; k++) {
      const p = k < STACKS ? PEOPLE + k : TALON;
      const row = k < STACKS ? (k >> 3) + 1 : 0;
      const n = len[p]!;
      present[k] = n;
      for (let i = 0, at = p * cap; i < n; i++, at++) {
        const c = cards[at]!;
        spot[c] = (k << 8) | i;
        origin[c] = row;
        level[c] = row;
      }
    }
    // C2, C7: a pile empty now stays empty, save the vacancy waiting for the player's fill.
    if (t.vars[PHASE] === Phase.Fill) vacant[rowOf(t.vars[VACANCY]!)] = 1;
    for (let i = 0, at = STOCK * cap; i < len[STOCK]!; i++, at++) {
      const c = cards[at]!;
      spot[c] = -1;
      origin[c] = 0;
      level[c] = 0;
      floating.push(c);
    }
    // Played faces: a foundation of k cards holds ranks 1..k.
    let played = 0;
    for (let s = 0; s < 4; s++) {
      const a = len[FOUNDATION + s]!;
      const b = len[FOUNDATION + s + 4]!;
      played += a + b - 2;
      for (let r = 1; r <= JACK; r++) reached[s * 13 + r - 1] = (a >= r ? 1 : 0) + (b >= r ? 1 : 0);
    }
    for (let s = 0; s < 8; s++) this.chain[s] = this.chainFrom(s, 1); // the aces are placed at the deal
    for (let changed = true; changed && played < 80; ) {
      changed = false;
      for (let k = 0; k <= STACKS; k++) {
        const row = k < STACKS ? (k >> 3) + 1 : 0;
        const at = (k < STACKS ? PEOPLE + k : TALON) * cap;
        while (present[k]! > 0) {
          const c = cards[at + present[k]! - 1]!;
          if (!this.climbs(c, row)) break;
          changed = true;
          if (--present[k] === 0 && row > 0) vacant[row] = 1;
          if (row === ROWS) played += this.play(c);
          else {
            level[c] = row + 1;
            floating.push(c);
          }
        }
      }
      for (let i = floating.length - 1; i >= 0; i--) {
        const c = floating[i]!;
        while (level[c]! <= ROWS && this.climbs(c, level[c]!)) {
          changed = true;
          if (level[c] === ROWS) played += this.play(c);
          level[c]!++;
        }
        if (level[c]! > ROWS) {
          floating[i] = floating[floating.length - 1]!;
          floating.pop();
        }
      }
    }
    return played < 80 ? 1 : 0;
  }

  /** Play card c in the relaxation; returns 1. */
  private play(c: Card): number {
    const f = FACE[c]!;
    this.reached[f]!++;
    this.level[c] = ROWS + 1;
    const s = SUIT[f]!;
    const r = RANK[f]!;
    if (r === this.chain[s]! + 1) this.chain[s] = this.chainFrom(s, r - 1);
    if (r === this.chain[s + 4]! + 1) this.chain[s + 4] = this.chainFrom(s + 4, r - 1);
    return 1;
  }

  /** The highest rank r >= from of suit s with a copy of each rank 1..r reached (given 1..from are). */
  private chainFrom(s: number, from: number): number {
    let r = from;
    const copies = s < 4 ? 1 : 2;
    const base = (s & 3) * 13;
    while (r < JACK && this.reached[base + r]! >= copies) r++;
    return r;
  }

  /** The relaxation's test: whether card c, at level j (a top still to free, or freed), climbs to level j + 1. */
  private climbs(c: Card, j: number): boolean {
    const f = FACE[c]!;
    if (j === ROWS) {
      const s = SUIT[f]!;
      const r = RANK[f]!;
      const len = this.table.len;
      const twin = len[FOUNDATION + s]! >= r || len[FOUNDATION + s + 4]! >= r; // its twin is on a foundation
      return this.chain[twin ? s + 4 : s]! >= r - 1; // (a)
    }
    if (this.vacant[j + 1]) return true; // (c)
    const r = RANK[f]!;
    if (j === 0 || r >= JACK) return false; // the talon and stock never build (C3); nothing takes a knave
    const red = RED[f]!;
    for (let s = 0; s < 4; s++) {
      if (RED[s * 13]! === red) continue; // (b): the other colour, one higher
      for (let y = s * 13 + r; y < 104; y += 52) {
        const w = this.spot[y]!;
        if (w === -2) continue; // on a foundation
        if (w >= 0 && (w & 0xff) < this.present[w >> 8]!) {
          if ((w & 0xff) === this.present[w >> 8]! - 1 && this.origin[y] === j + 1) return true; // a top to free
        } else if (this.origin[y]! <= j + 1 && this.level[y]! >= j + 1) return true; // freed, or in the stock
      }
    }
    return false;
  }
}
