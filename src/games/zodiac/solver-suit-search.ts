// The Zodiac's dead-end rule suit-unwinnable: each suit's foundations played exactly, with the loose cards free
// (the solver's only; "loose" cards and the permanence of a Zodiac pile's order are explained in solver.ts).
//
// Proof. Every Zodiac pile holds cards of one suit: its dealt card's, since a marriage is by suit (Z4) and
// nothing else enters the ring. So the cards of suit s lie in the piles headed by a card of s, in the
// foundations of s, and loose; and nothing but them goes on the foundations of s, which nothing else
// reads (no exchange, Z6: the rule is off when the exchange is on). Take any winning line and keep only its
// plays of suit s: they play off the piles of s as they lie now, with cards added on top later, and the
// loose cards wherever they end up. Drop the added cards from the piles and make every loose card free to
// play at any time: the same plays stay legal, each pile card having above it only cards played before it.
// So if the suit's game below (its piles now, its loose cards free, its two foundations, plays only) has no
// win, no line wins. The search below is exhaustive over that game (a position's remaining cards are fixed
// by the foundations and the piles' depths), and when it runs past SUIT_STATES it answers "winnable".

import { rankOf, suitOf } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const UP = LAYOUT.first.up;
const DOWN = LAYOUT.first.down;
const ZODIAC = LAYOUT.first.zodiac;
/** Positions of one suit's game searched before the search gives up (not proved lost). */
const SUIT_STATES = 2000;
/** Verdicts kept per suit. */
const SUIT_MEMO = 8;

/** The four suits' games of suit-unwinnable, with their scratch and a few verdicts kept per suit. */
export class SuitGames {
  private readonly suitCards = new Uint8Array(104); // ranks of the piles of one suit, pile after pile, bottom first
  private readonly suitStart = new Uint8Array(25); // start of each pile in suitCards
  private readonly suitDepth = new Uint8Array(24); // cards left in each pile during the search
  private readonly suitLoose = new Int8Array(15); // free copies of each rank, during the search
  private readonly suitInPiles = new Int8Array(15); // copies of each rank left in the piles, during the search
  private suitPiles = 0;
  private suitLeft = 0; // cards left in the piles during the search
  private readonly suitFailed = new Set<number>();
  private suitStates = 0;
  private suitMost = SUIT_STATES;
  /** Whether the last search ran past its positions and answered "winnable" unsettled. */
  cutOff = false;
  private readonly suitScratch = new Uint8Array(160); // the key of a suit's game: 2 + 2 per pile + its cards
  private readonly suitMemo = Array.from({ length: 4 }, () =>
    Array.from({ length: SUIT_MEMO }, () => ({ key: new Uint8Array(160), len: -1, winnable: true })),
  );
  private readonly suitNext = new Uint8Array(4); // the memo entry of each suit to be replaced next

  /** Whether suit s's game (see above) can be won; cached while its piles and foundations stay. */
  winnable(t: Table, s: number): boolean {
    // The suit's piles and foundations, written as a key: the foundations, then each pile's number, size, ranks.
    const key = this.suitScratch;
    let k = 0;
    const u0 = t.size(UP + s) + 1; // the rank the ace pile takes next (14: complete)
    const d0 = 13 - t.size(DOWN + s); // the rank the king pile takes next (0: complete)
    key[k++] = u0;
    key[k++] = d0;
    let piles = 0;
    let n = 0;
    for (let z = 0; z < 24; z++) {
      const size = t.size(ZODIAC + z);
      if (size === 0 || suitOf(t.at(ZODIAC + z, 0)) !== s) continue;
      key[k++] = z;
      key[k++] = size;
      this.suitStart[piles] = n;
      const base = (ZODIAC + z) * t.cap;
      for (let i = 0; i < size; i++) {
        const r = rankOf(t.cards[base + i]!);
        key[k++] = r;
        this.suitCards[n++] = r;
      }
      this.suitDepth[piles] = size;
      piles++;
    }
    // A few verdicts per suit are kept, so that going back up the search finds them again.
    const ways = this.suitMemo[s]!;
    for (const memo of ways) {
      if (memo.len !== k) continue;
      let i = 0;
      while (i < k && memo.key[i] === key[i]) i++;
      if (i === k) return memo.winnable;
    }
    const memo = ways[this.suitNext[s]!]!;
    this.suitNext[s] = (this.suitNext[s]! + 1) % ways.length;
    memo.key.set(key.subarray(0, k));
    memo.len = k;
    memo.winnable = this.run(piles, n, u0, d0);
    return memo.winnable;
  }

  /**
   * Whether a suit's game with the foundations empty, these piles (ranks, bottom first) and every other card of
   * the suit free can be won (phase 1's placing plan, solver-placing.ts); "winnable" past SUIT_STATES.
   */
  winnableAsDealt(piles: readonly (readonly number[])[], most = SUIT_STATES): boolean {
    let n = 0;
    piles.forEach((pile, p) => {
      this.suitStart[p] = n;
      for (const r of pile) this.suitCards[n++] = r;
      this.suitDepth[p] = pile.length;
    });
    return this.run(piles.length, n, 1, 13, most);
  }

  /** The search over the `piles` piles of `n` cards laid out in suitCards, foundations wanting u0 and d0. */
  private run(piles: number, n: number, u0: number, d0: number, most = SUIT_STATES): boolean {
    this.suitStart[piles] = n;
    this.suitPiles = piles;
    // Loose copies: two of each rank, less those in the piles and on the foundations.
    const loose = this.suitLoose;
    for (let r = 1; r <= 13; r++) loose[r] = 2 - (r < u0 ? 1 : 0) - (r > d0 ? 1 : 0);
    this.suitInPiles.fill(0);
    for (let i = 0; i < n; i++) {
      loose[this.suitCards[i]!]!--;
      this.suitInPiles[this.suitCards[i]!]!++;
    }
    this.suitFailed.clear();
    this.suitStates = 0;
    this.suitMost = most;
    this.cutOff = false;
    this.suitLeft = n;
    return this.suitSearch(u0, d0);
  }

  /** The search: whether suit pile p still holds cards and the top one is of rank r. */
  private suitTopIs(p: number, r: number): boolean {
    const depth = this.suitDepth[p]!;
    return depth !== 0 && this.suitCards[this.suitStart[p]! + depth - 1] === r;
  }

  /** The search: play the rank-r top of suit pile p, search on with foundations wanting nu and nd, take it back. */
  private searchPlayingTop(p: number, r: number, nu: number, nd: number): boolean {
    const inPiles = this.suitInPiles;
    this.suitDepth[p]!--;
    inPiles[r]!--;
    this.suitLeft--;
    const won = this.suitSearch(nu, nd);
    this.suitLeft++;
    inPiles[r]!++;
    this.suitDepth[p]!++;
    return won;
  }

  /** Depth-first search of the suit's game from foundations wanting u (ace pile) and d (king pile). */
  private suitSearch(u: number, d: number): boolean {
    // With the piles played off, the free cards left are exactly one copy of each rank either foundation
    // still needs: the suit is won.
    if (this.suitLeft === 0) return true;
    // Only positions that failed are remembered, so until one has, there is nothing to look up.
    if (this.suitFailed.size > 0 && this.suitFailed.has(this.suitKey(u, d))) return false;
    if (++this.suitStates > this.suitMost) {
      this.cutOff = true;
      return true; // too big to settle here: not proved lost
    }
    const loose = this.suitLoose;
    const inPiles = this.suitInPiles;
    // A card whose other copy lies in no pile is played at once, without trying the rest (lone-copy, proved
    // in solver-safe-move.ts: the other copy covers nothing, or is already played).
    for (let side = 0; side < 2; side++) {
      const r = side === 0 ? u : d;
      if (r < 1 || r > 13) continue;
      const nu = side === 0 ? u + 1 : u;
      const nd = side === 0 ? d : d - 1;
      if (loose[r]! > 0 && inPiles[r] === 0) {
        loose[r]!--;
        const won = this.suitSearch(nu, nd);
        loose[r]!++;
        return won;
      }
      if (inPiles[r] === 1) {
        for (let p = 0; p < this.suitPiles; p++) if (this.suitTopIs(p, r)) return this.searchPlayingTop(p, r, nu, nd);
      }
    }
    for (let side = 0; side < 2; side++) {
      const r = side === 0 ? u : d;
      if (r < 1 || r > 13) continue;
      const nu = side === 0 ? u + 1 : u;
      const nd = side === 0 ? d : d - 1;
      if (loose[r]! > 0) {
        loose[r]!--;
        const won = this.suitSearch(nu, nd);
        loose[r]!++;
        if (won) return true;
      }
      for (let p = 0; p < this.suitPiles; p++)
        if (this.suitTopIs(p, r) && this.searchPlayingTop(p, r, nu, nd)) return true;
    }
    this.suitFailed.add(this.suitKey(u, d));
    return false;
  }

  /** A number naming the search's position (foundations and the piles' depths). */
  private suitKey(u: number, d: number): number {
    let key = u * 14 + d;
    for (let p = 0; p < this.suitPiles; p++)
      key = key * (this.suitStart[p + 1]! - this.suitStart[p]! + 1) + this.suitDepth[p]!;
    return key;
  }
}
