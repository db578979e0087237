// The star cache, a part of each Shah state (ShahState.star). It memoises what the star and the foundations allow:
// each ray's open place (S5, rules.ts openPlace) and its card, the plays from the rays, the marriages among the
// outer tops, which foundation takes each face (rules.ts foundationFor), the open lanes (S12, rules.ts graceLane)
// and the vacancies. It is current while table.version === scanned; the state calls rescan() before reading it,
// which brings it up to date only where the table says something changed (Table.touched, over the piles the
// constructor has the table watch): a changed ray updates the marriages with the outer tops one face either side
// of its own and its own play, a changed foundation the plays of its suit; a rescan walks only the rays concerned.

import { faceOf, suitOf, type Card } from '../../core/card.js';
import { lowestBit } from '../../core/bits.js';
import { runLength } from '../../core/building.js';
import { MoveKind, makeMove } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';
import { foundationFor, graceLane, openPlace } from './rules.js';

const FOUNDATION = LAYOUT.first.foundation;
const INNER = LAYOUT.first.inner;
const MIDDLE = LAYOUT.first.middle;
const OUTER = LAYOUT.first.outer;
const PLACES_END = LAYOUT.end.outer;
const RAYS = LAYOUT.count.outer;

/** faceOf(NO_CARD): no face. */
export const NO_FACE = 52;

/** What is derived from the star and the foundations by rescan(), valid while table.version === scanned. */
export class StarCache {
  /** The table.version the rest was derived at (the version watches the star and the foundations). */
  scanned = -1;
  /** Bit r: outer pile r's top is of this face (the tops a card of a face marries onto: takersOf). */
  private readonly tops = new Uint8Array(NO_FACE + 2);
  /** Bit q of weds[r]: outer pile r's top may be married onto outer pile q's (S1). */
  private readonly weds = new Uint8Array(RAYS);
  /** Bit r: weds[r] is not empty. */
  private wedders = 0;
  /** The foundation that takes each face, or -1. */
  private readonly takes = new Int8Array(NO_FACE + 1).fill(-1);
  /** The face each foundation wants; NO_FACE when full. */
  private readonly wants = new Uint8Array(8).fill(NO_FACE);
  /** Each ray's open place (S5), or -1 for a lane. */
  private readonly available = new Int8Array(RAYS).fill(-1);
  /** The card there. */
  private readonly availableCard = new Uint8Array(RAYS);
  // Read by the state's legal moves; written only here.
  /** The marriages from one outer top onto another. */
  readonly marriages = new Int32Array(256);
  marriageCount = 0;
  /** Bit r: outer pile r holds cards. */
  outers = 0;
  /** Bit r: ray r is a lane, open for a grace (S12). */
  lanes = 0;
  /** Bit p - INNER: place p is empty (bits in refill order, S8). */
  private vacancies = 0;
  /** Bit r: ray r's card is of this suit (rays with no card: none). */
  private readonly suitRays = new Uint8Array(4);
  /** Each ray's play to a foundation, while bit r of playRays says it has one. */
  private readonly rayPlay = new Int32Array(RAYS);
  private playRays = 0;
  /** The plays from the rays' open places, rays 1 to 8. */
  readonly rayPlays = new Int32Array(RAYS);
  rayPlayCount = 0;

  /** The cache of the position on `table`, whose outer tops marry one card at a time unless groupMoves (S4). */
  constructor(
    private readonly table: Table,
    private readonly groupMoves: boolean,
  ) {
    table.watch(INNER, PLACES_END); // Table.touched bits 0-23
    table.watch(FOUNDATION, INNER); // bits 24-31
  }

  /** Bring what is derived from the star and the foundations up to date with what changed (Table.touched). */
  rescan(): void {
    const t = this.table;
    const touched = t.touched;
    t.touched = 0;
    const rays = (touched | (touched >>> 8) | (touched >>> 16)) & 0xff; // bit k: place INNER + k
    if (rays !== 0) this.scanStar(rays);
    const founded = touched >>> 24; // bits 24-31: the foundations
    let plays = rays; // the rays whose play may have changed: their card, or what the foundations take of its suit
    if (founded !== 0) {
      this.scanFoundations(founded);
      for (let suits = (founded | (founded >>> 4)) & 0xf; suits !== 0; suits &= suits - 1)
        plays |= this.suitRays[lowestBit(suits)]!;
    }
    if (plays !== 0) this.scanPlays(plays);
    this.scanned = t.version;
  }

  /**
   * Derive from the star again, for the given rays: each ray's open place (S5), the open lanes, the vacancies,
   * the suits of the rays' cards, who takes what and who may be married onto whom (S3: only an outer top, never
   * a middle or inner card); then the list of marriages.
   */
  private scanStar(rays: number): void {
    // Hot path: reads the table's arrays directly.
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const available = this.available;
    const availableCard = this.availableCard;
    const suitRays = this.suitRays;
    let outers = this.outers;
    let lanes = this.lanes;
    let vacancies = this.vacancies;
    for (let rest = rays; rest !== 0; rest &= rest - 1) {
      const r = lowestBit(rest);
      const bit = 1 << r;
      if (outers & bit) this.unwed(r, faceOf(availableCard[r]!));
      if (available[r]! >= 0) suitRays[suitOf(availableCard[r]!)]! &= ~bit;
      outers &= ~bit;
      lanes &= ~bit;
      vacancies &= ~(0x10101 << r);
      if (graceLane(len, r)) lanes |= bit;
      const p = openPlace(len, OUTER + r);
      if (p < 0) {
        vacancies |= 0x10101 << r;
        available[r] = -1;
        continue;
      }
      // Places fill from the inside out (S8, S12): the places beyond the open one are the ray's vacancies.
      if (p < MIDDLE) vacancies |= 0x10100 << r;
      else if (p < OUTER) vacancies |= 0x10000 << r;
      const c = cards[p * cap + len[p]! - 1]!;
      available[r] = p;
      availableCard[r] = c;
      suitRays[suitOf(c)]! |= bit;
      if (p >= OUTER) {
        // S2, S3: only an outer top marries or is married onto
        outers |= bit;
        this.wed(r, faceOf(c));
      }
    }
    let n = 0;
    if (this.groupMoves) {
      for (let r = 0; r < RAYS; r++) if (outers & (1 << r)) n = this.addRunMarriages(this.marriages, n, OUTER + r);
    } else {
      // Single cards (S4): each outer top onto the other outer tops that take its face.
      const marriages = this.marriages;
      const weds = this.weds;
      for (let from = this.wedders; from !== 0; from &= from - 1) {
        const r = lowestBit(from);
        for (let onto = weds[r]!; onto !== 0; onto &= onto - 1)
          marriages[n++] = makeMove(MoveKind.Marry, OUTER + r, OUTER + lowestBit(onto));
      }
    }
    this.marriageCount = n;
    this.outers = outers;
    this.lanes = lanes;
    this.vacancies = vacancies;
  }

  /**
   * Outer pile r's top, of face f, is going (S1): it no longer takes f - 1 nor is taken by a top of f + 1.
   * Outer cards are never aces, so f - 1 is a face of the same suit.
   */
  private unwed(r: number, f: number): void {
    const bit = 1 << r;
    const weds = this.weds;
    this.tops[f]! &= ~bit;
    weds[r] = 0;
    let wedders = this.wedders & ~bit;
    for (let lower = this.tops[f - 1]!; lower !== 0; lower &= lower - 1) {
      const q = lowestBit(lower);
      weds[q]! &= ~bit;
      if (weds[q] === 0) wedders &= ~(1 << q);
    }
    this.wedders = wedders;
  }

  /** Outer pile r's top is now of face f (S1): the tops of f - 1 may be married onto it, and it onto those of f + 1. */
  private wed(r: number, f: number): void {
    const bit = 1 << r;
    const weds = this.weds;
    this.tops[f]! |= bit;
    let wedders = this.wedders;
    for (let lower = this.tops[f - 1]!; lower !== 0; lower &= lower - 1) {
      const q = lowestBit(lower);
      weds[q]! |= bit;
      wedders |= 1 << q;
    }
    const onto = this.takersOf(f); // never r itself, whose top is of face f
    weds[r] = onto;
    if (onto !== 0) wedders |= bit;
    this.wedders = wedders;
  }

  /**
   * S1: the outer tops (bit r: outer pile r) a card of face f may be married onto: same suit, one higher. A
   * king's f + 1 is the next suit's ace, never an outer card, and NO_CARD's NO_FACE + 1 is never set.
   */
  private takersOf(f: number): number {
    return this.tops[f + 1]!;
  }

  /** Derive the plays of the given rays again from the star scan and the foundations; then the list of plays. */
  private scanPlays(rays: number): void {
    const available = this.available;
    const rayPlay = this.rayPlay;
    let playRays = this.playRays;
    for (let rest = rays; rest !== 0; rest &= rest - 1) {
      const r = lowestBit(rest);
      const p = available[r]!;
      const f = p < 0 ? -1 : this.takingFoundation(this.availableCard[r]!);
      if (f < 0) playRays &= ~(1 << r);
      else {
        playRays |= 1 << r;
        rayPlay[r] = makeMove(MoveKind.Play, p, f);
      }
    }
    this.playRays = playRays;
    const rayPlays = this.rayPlays;
    let n = 0;
    for (let rest = playRays; rest !== 0; rest &= rest - 1) rayPlays[n++] = rayPlay[lowestBit(rest)]!;
    this.rayPlayCount = n;
  }

  /** Add the marriages of the current card or the talon top, p, onto the outer tops that take it (S1, S2). */
  addOutsideMarriages(out: Int32Array, n: number, p: number): number {
    for (let mask = this.takersOf(faceOf(this.table.top(p))); mask !== 0; mask &= mask - 1) {
      out[n++] = makeMove(MoveKind.Marry, p, OUTER + lowestBit(mask));
    }
    return n;
  }

  /** Add the marriages of each same-suit run at the top of outer pile p (S1; S4 with groupMoves), shortest first. */
  private addRunMarriages(out: Int32Array, n: number, p: number): number {
    const t = this.table;
    const others = ~(1 << (p - OUTER));
    const run = runLength(t, p);
    for (let k = 1; k <= run; k++) {
      for (let mask = this.takersOf(faceOf(t.below(p, k - 1))) & others; mask !== 0; mask &= mask - 1) {
        out[n++] = makeMove(MoveKind.Marry, p, OUTER + lowestBit(mask), k);
      }
    }
    return n;
  }

  /**
   * Derive again which foundation takes which face, for the suits of the given foundations (bit f: foundation
   * f): the one foundationFor names.
   */
  private scanFoundations(changed: number): void {
    const len = this.table.len;
    const takes = this.takes;
    const wants = this.wants;
    for (let suits = (changed | (changed >>> 4)) & 0xf; suits !== 0; suits &= suits - 1) {
      const s = lowestBit(suits);
      takes[wants[s]!] = -1;
      takes[wants[s + 4]!] = -1;
      for (let f = FOUNDATION + s; f < INNER; f += 4) {
        // a foundation of k cards ends in rank k and wants rank k + 1, face s * 13 + k; a full one, none
        const k = len[f]!;
        wants[f] = k < 12 ? s * 13 + k : NO_FACE;
        if (k < 12) takes[s * 13 + k] = foundationFor(len, s, k + 1);
      }
    }
  }

  /** The foundation that takes card c (or NO_CARD) now, the first of an interchangeable pair; -1 if none. */
  takingFoundation(c: Card): number {
    return this.takes[faceOf(c)]!;
  }

  /** The empty places, bit p - INNER for place p (refill order, S8): from the scan while it is current. */
  vacancyMask(): number {
    const t = this.table;
    if (t.version === this.scanned) return this.vacancies;
    const len = t.len;
    let mask = 0;
    for (let i = 0; i < PLACES_END - INNER; i++) if (len[INNER + i] === 0) mask |= 1 << i;
    return mask;
  }
}
