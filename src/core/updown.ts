// Foundations in same-suit pairs, one building up and one building down, with the foundation exchange
// (RULES.md 1.2, 14.3). Used by games whose eight foundations are an up pile and a down pile per suit.
//
// Pile `first + s` builds up for suit s (0..3) and pile `first + 4 + s` builds down. Each pile may start with
// `base` cards that are only a base (Les Petits Paquets' kings); above them an up pile runs upFrom..upTo and a
// down pile downFrom..downTo, one rank per card, so the rank a pile takes next follows from its size alone.

import { rankOf, suitOf, type Card } from './card.js';
import { MoveKind, makeMove } from './move.js';
import type { Table } from './table.js';

/** The foundation exchange policy (RULES.md 14.3): none, any card any time, or one card on loan per suit. */
export type ExchangePolicy = 'off' | 'free' | 'oneOnLoan';

/**
 * Eight foundations: an up pile and a down pile per suit, and the exchange between them under the policy (P9);
 * under oneOnLoan every play but an exchange repays the suit's loan (P13).
 */
export class UpDownFoundations {
  private readonly exchanges: boolean; // policy !== 'off'
  private readonly onLoan: boolean; // policy === 'oneOnLoan'

  /** Pile numbers first..first+7 (up piles S H D C, then down piles S H D C); see the file comment. */
  constructor(
    readonly first: number,
    readonly base: number,
    readonly upFrom: number,
    readonly upTo: number,
    readonly downFrom: number,
    readonly downTo: number,
    readonly policy: ExchangePolicy,
    /** Under 'oneOnLoan': the first of four table variables (one per suit) marking a card on loan. */
    readonly loanVar = -1,
  ) {
    this.exchanges = policy !== 'off';
    this.onLoan = policy === 'oneOnLoan';
  }

  /** Cards each pile holds when complete, base included. */
  get full(): number {
    return this.base + this.upTo - this.upFrom + 1;
  }

  /** The rank pile f (first..first+7) takes next; 0 when it is complete. */
  wants(t: Table, f: number): number {
    const k = t.size(f) - this.base; // sequence cards on the pile
    if (f - this.first < 4) {
      const r = this.upFrom + k;
      return r > this.upTo ? 0 : r;
    }
    const r = this.downFrom - k;
    return r < this.downTo ? 0 : r;
  }

  /** Write the rank each of the eight piles takes next (0: complete) into out[0..8). */
  wantsAll(t: Table, out: Uint8Array): void {
    for (let i = 0; i < 8; i++) out[i] = this.wants(t, this.first + i);
  }

  /** Whether card c may be played on pile f now. */
  fits(t: Table, c: Card, f: number): boolean {
    const i = f - this.first;
    return i >= 0 && i < 8 && (i & 3) === suitOf(c) && this.wants(t, f) === rankOf(c);
  }

  /** The pile that takes card c now, the up pile first; -1 if neither does. */
  target(t: Table, c: Card): number {
    const s = suitOf(c);
    if (this.wants(t, this.first + s) === rankOf(c)) return this.first + s;
    return this.wants(t, this.first + 4 + s) === rankOf(c) ? this.first + 4 + s : -1;
  }

  /** Whether both piles of card c's suit take it now (the player then chooses). */
  fitsBoth(t: Table, c: Card): boolean {
    const s = suitOf(c);
    const r = rankOf(c);
    return this.wants(t, this.first + s) === r && this.wants(t, this.first + 4 + s) === r;
  }

  /** The other pile of pile f's suit. */
  partner(f: number): number {
    return f - this.first < 4 ? f + 4 : f - 4;
  }

  /** Cards that must reach the foundations before c can be played there (0: it fits now; 255: never). */
  need(t: Table, c: Card): number {
    // wants() written out for the two piles of c's suit: a complete pile's next rank falls outside its range. A
    // pile never holds fewer cards than its base (laid at the deal, never exchanged away).
    const s = suitOf(c);
    const r = rankOf(c);
    const len = t.len;
    let best = 255;
    const up = this.upFrom + len[this.first + s]! - this.base; // past upTo when the up pile is complete
    if (r >= up && r <= this.upTo) best = r - up;
    const down = this.downFrom - len[this.first + 4 + s]! + this.base; // below downTo when the down pile is
    if (r <= down && r >= this.downTo && down - r < best) best = down - r;
    return best;
  }

  /** Cards played to the foundations, bases excluded. */
  count(t: Table): number {
    let n = 0;
    for (let f = this.first; f < this.first + 8; f++) n += t.size(f) - this.base;
    return n;
  }

  /** True when every pile is complete. */
  complete(t: Table): boolean {
    const full = this.full;
    for (let f = this.first; f < this.first + 8; f++) if (t.size(f) !== full) return false;
    return true;
  }

  /**
   * Whether the top card of pile `from` may be exchanged onto pile `to` now under the policy (D5, K6): never with
   * off, and never a pile's base (K8).
   */
  canExchange(t: Table, from: number, to: number): boolean {
    if (!this.exchanges) return false;
    const i = from - this.first;
    if (i < 0 || i >= 8 || to !== this.partner(from) || t.size(from) <= this.base) return false;
    if (this.onLoan && t.vars[this.loanVar + (i & 3)] !== 0) return false;
    return this.wants(t, to) === rankOf(t.top(from));
  }

  /** Write the exchange moves allowed now into out from index n, suit by suit, the up pile's first; returns the new n.
   * */
  addExchanges(t: Table, out: Int32Array, n: number): number {
    if (!this.exchanges) return n;
    // Two piles of a suit can exchange only where they meet: between them, one card of each rank.
    const meeting = 2 * this.base + this.downFrom - this.upFrom + 1;
    for (let s = 0; s < 4; s++) {
      const up = this.first + s;
      if (t.size(up) + t.size(up + 4) !== meeting) continue;
      if (this.canExchange(t, up, up + 4)) out[n++] = makeMove(MoveKind.Exchange, up, up + 4);
      if (this.canExchange(t, up + 4, up)) out[n++] = makeMove(MoveKind.Exchange, up + 4, up);
    }
    return n;
  }

  /**
   * Write the exchange moves allowed now into out from index n, pile by pile (the up piles S H D C, then the down
   * piles S H D C: The Carpet's order); returns the new n.
   */
  addExchangesByPile(t: Table, out: Int32Array, n: number): number {
    if (!this.exchanges) return n;
    for (let f = this.first; f < this.first + 8; f++) {
      const to = this.partner(f);
      if (this.canExchange(t, f, to)) out[n++] = makeMove(MoveKind.Exchange, f, to);
    }
    return n;
  }

  /** Every exchange move there can be (for a game's moveSpace). */
  exchangeSpace(): number[] {
    const moves: number[] = [];
    for (let f = this.first; f < this.first + 8; f++) moves.push(makeMove(MoveKind.Exchange, f, this.partner(f)));
    return moves;
  }

  /** Make an exchange (canExchange true); under 'oneOnLoan' the suit's card is then on loan. */
  exchange(t: Table, from: number, to: number): void {
    t.move(from, to);
    if (this.onLoan) t.set(this.loanVar + ((from - this.first) & 3), 1);
  }

  /** Play the top card of pile `from` on foundation f (fits true); under 'oneOnLoan' it repays the suit's loan. */
  play(t: Table, from: number, f: number): void {
    t.move(from, f);
    if (this.onLoan) t.set(this.loanVar + ((f - this.first) & 3), 0);
  }
}
