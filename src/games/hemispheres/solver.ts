// The Hemispheres' solver-side declaration (Game.solving), for the solver, which knows every card; a player never
// calls these.
//
// Safe moves: none. A play can take a card that the other copy of the card beneath it needs as its marriage
// target (two packs), or fill the foundation of a suit that the other copy waiting on the talon needed; a
// barrier played on the first of two foundations at a queen takes the place the other king, on the talon
// and covering what the other foundation needs, could have had; an exchange or a marriage uses up a place.
// So no move is proved to keep every win within reach.

import { faceOf, isRed } from '../../core/card.js';
import type { GameSolving } from '../../core/solving.js';
import type { Table } from '../../core/table.js';
import { HEMISPHERE, LAYOUT } from './layout.js';
import type { HemispheresState } from './state.js';

const FOUNDATION = LAYOUT.first.foundation;
const RACE = LAYOUT.first.place; // R1..R12 at RACE + 0..11
const PLACES = LAYOUT.count.place;
const BARRIER = LAYOUT.first.barrier;
const STOCK = LAYOUT.first.stock;
const TALON = LAYOUT.first.talon;
const NORTH = HEMISPHERE.north;
const SOUTH = HEMISPHERE.south;
/** The barrier pile (from BARRIER) of each suit S H D C. */
const BARRIER_OF_SUIT = [3, 0, 2, 1];

/** Names of the dead-end rules, in the order DeadEnds.verdict() numbers them from 1. */
export const DEAD_END_RULES: readonly string[] = ['buried-in-talon'];

/** What the solver asks of The Hemispheres: its dead-end rule, read from the state's places (no safe moves). */
export const hemispheresSolving: GameSolving<HemispheresState> = {
  deadEndRules: DEAD_END_RULES,
  aid: (state) => {
    const deadEnds = new DeadEnds();
    const t = state.table;
    const places = state.places;
    return {
      deadEnd: () => {
        if (t.size(TALON) === 0) return 0;
        places.update(t);
        return deadEnds.verdict(t, places.dead);
      },
    };
  },
};

/**
 * The dead-end rules with their buffers, and the last verdict kept while the cards it depends on stay the same.
 *
 * buried-in-talon. Every card must reach the foundations, and a talon card leaves only from the top (H7), by
 * a play or a marriage; nothing is ever put under it. A red card of rank r plays only once a copy of rank
 * r-1 of its suit is on a foundation (the ace bases are there from the deal), a black card of rank r only
 * once a copy of r+1 is (the king bases are there); so, on a foundation or not, some copy of every rank
 * between the base and r must have been played first. A red card marries only onto a live top in the North
 * of its suit and rank one higher, a black card onto one in the South one lower (H1, H3); such a target must
 * not lie on a foundation now (cards never leave them), nor in the talon below the card (it could not get
 * out first), nor be a barrier (played only, H8), nor be a wrong-colour card that can never be exchanged
 * (below): it then lies in the places, the stock, the current card or the talon above.
 * A wrong-colour card leaves its place only by an exchange (H4) or, once the talon is empty, by H5. An
 * exchange needs a wrong-colour card of the other colour in the other hemisphere, and one gets there only
 * from the stock (a deal or a refill); so a wrong-colour card with no such card in the other hemisphere
 * and none of that colour in the stock stays until the talon is empty: it is not free.
 * The relaxation: every card not in the talon, and not such a stuck card, is free (playable as soon as its
 * rank is reached); the talon is taken from the top, a card going when some copy of every rank from the
 * base to it is free or taken, or when a copy of its marriage target is allowed as above. What it takes
 * only grows, so one pass from the top decides it; by induction along any winning line, the line takes each
 * talon card only after the relaxation can. So if the relaxation stops at a talon card, no line wins.
 */
export class DeadEnds {
  private readonly missing = new Uint8Array(52); // copies of each face not free (see above)
  private readonly inTalon = new Uint8Array(52); // copies of each face in the talon, below the card looked at
  private readonly stuck = new Uint8Array(PLACES); // faces of the stuck wrong-colour cards
  private readonly lastTalon = new Uint8Array(104); // the talon and stuck cards the last verdict was found for
  private readonly lastStuck = new Uint8Array(PLACES);
  private lastTalonSize = -1;
  private lastStuckCount = -1;
  private lastVerdict = 0;
  private readonly reach = new Uint8Array(4);

  /**
   * 0, or 1 + the index in DEAD_END_RULES of a rule proving the position lost; `dead` has bit i set when place
   * i holds a wrong-colour card.
   */
  verdict(t: Table, dead: number): number {
    const size = t.size(TALON);
    if (size === 0) return 0;
    // Wrong-colour cards that no exchange can reach before the talon is empty.
    const stuck = this.stuck;
    let stuckCount = 0;
    if (dead !== 0) {
      let redInStock = false;
      let blackInStock = false;
      const sb = STOCK * t.cap;
      for (let i = t.size(STOCK) - 1; i >= 0 && !(redInStock && blackInStock); i--) {
        if (isRed(t.cards[sb + i]!)) redInStock = true;
        else blackInStock = true;
      }
      // A red card in the South needs a black card in the North: dead there now, or to come from the stock.
      const redStuck = (dead & NORTH) === 0 && !blackInStock;
      const blackStuck = (dead & SOUTH) === 0 && !redInStock;
      if (redStuck || blackStuck) {
        for (let i = 0; i < PLACES; i++) {
          if ((dead & (1 << i)) === 0) continue;
          const c = t.top(RACE + i);
          if (isRed(c) ? redStuck : blackStuck) stuck[stuckCount++] = faceOf(c);
        }
      }
    }
    // The verdict depends on the talon and the stuck cards only: the foundations enter only through a marriage
    // target lying on one, and a target of a card of rank r on a foundation means that foundation holds every
    // rank from its base up to r (red) or down to r (black), so the card can be played once uncovered anyway.
    // So the last verdict stands while those are the same.
    const base = TALON * t.cap;
    if (this.sameAsLast(t, size, base, stuckCount)) return this.lastVerdict;
    this.lastVerdict = this.buriedInTalon(t, size, base, stuckCount);
    return this.lastVerdict;
  }

  /** buried-in-talon: whether the talon and the stuck cards are those of the last verdict; if not, remember them. */
  private sameAsLast(t: Table, size: number, base: number, stuckCount: number): boolean {
    const cards = t.cards;
    let same = size === this.lastTalonSize && stuckCount === this.lastStuckCount;
    for (let i = 0; same && i < stuckCount; i++) same = this.stuck[i] === this.lastStuck[i];
    for (let i = size - 1; same && i >= 0; i--) same = faceOf(cards[base + i]!) === this.lastTalon[i];
    if (same) return true;
    this.lastTalonSize = size;
    this.lastStuckCount = stuckCount;
    this.lastStuck.set(this.stuck.subarray(0, stuckCount));
    for (let i = 0; i < size; i++) this.lastTalon[i] = faceOf(cards[base + i]!);
    return false;
  }

  /** buried-in-talon (proof at the class): 1 when the relaxation stops at a talon card, else 0. */
  private buriedInTalon(t: Table, size: number, base: number, stuckCount: number): number {
    const missing = this.missing;
    const inTalon = this.inTalon;
    missing.fill(0);
    inTalon.fill(0);
    for (let i = 0; i < size; i++) inTalon[faceOf(t.cards[base + i]!)]!++;
    for (let i = 0; i < stuckCount; i++) missing[this.stuck[i]!]!++;
    for (let f = 0; f < 52; f++) missing[f]! += inTalon[f]!;
    // reach[s]: red suits, the highest rank r with some copy of each rank 2..r free or taken (1: the ace bases);
    // black suits, the lowest rank r with some copy of each rank r..12 free or taken (13: the king bases).
    const reach = this.reach;
    for (let s = 0; s < 4; s++) reach[s] = this.extend(s, s === 1 || s === 2 ? 1 : 13);
    for (let i = size - 1; i >= 0; i--) {
      const f = faceOf(t.cards[base + i]!);
      const s = Math.floor(f / 13);
      const r = (f % 13) + 1;
      inTalon[f]!--;
      const red = s === 1 || s === 2;
      if (!(red ? reach[s]! >= r - 1 : reach[s]! <= r + 1) && !this.target(t, f)) return 1;
      if (missing[f]!-- === 2 && (red ? reach[s] === r - 1 : reach[s] === r + 1)) reach[s] = this.extend(s, r);
    }
    return 0;
  }

  /** buried-in-talon: the reach of suit s (see the class) going on from rank r, which is reached. */
  private extend(s: number, r: number): number {
    const missing = this.missing;
    if (s === 1 || s === 2) {
      while (r < 13 && missing[s * 13 + r]! < 2) r++; // rank r+1 lies at face s*13 + r
      return r;
    }
    while (r > 1 && missing[s * 13 + r - 2]! < 2) r--; // rank r-1 lies at face s*13 + r - 2
    return r;
  }

  /** buried-in-talon: some copy of face f's marriage target may yet be a live top while f is in the talon. */
  private target(t: Table, f: number): boolean {
    const s = Math.floor(f / 13);
    const r = (f % 13) + 1;
    const red = s === 1 || s === 2;
    const g = red ? f + 1 : f - 1;
    if (red ? r === 13 : r === 1) return false; // a red king and a black ace marry onto nothing
    const gr = red ? r + 1 : r - 1;
    let out = this.missing[g]!; // copies in the talon below f, and wrong-colour copies stuck where they lie
    // Copies on the foundations: red rank k lies on a foundation of size >= k, black rank k on one of size >= 14-k.
    const need = red ? gr : 14 - gr;
    if (t.size(FOUNDATION + 2 * s) >= need) out++;
    if (t.size(FOUNDATION + 2 * s + 1) >= need) out++;
    // The barrier copy of a red king or black ace, while it waits in its barrier pile (played only, H8).
    if (red ? gr === 13 : gr === 1) out += t.size(BARRIER + BARRIER_OF_SUIT[s]!);
    return out < 2;
  }
}
