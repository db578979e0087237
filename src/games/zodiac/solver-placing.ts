// The Zodiac's placing plan (the solver's only; it reads every card): phase 1 decided suit by suit, by where the
// cards end, without the stock's order.
//
// Where phase 1 can end. It ends with every card in the Zodiac or the Equator (Z2's failure ends the game). A
// Zodiac pile holds cards of its dealt card's suit, each married onto the one below it, one rank apart (Z4), and
// nothing leaves it in phase 1; an Equator cell holds one card. So a won deal's phase 1 ends with each pile its
// cards of now with a run of its suit's loose cards (stock, current card, talon, Equator) on top, each one rank
// from the card below, and at most 8 loose cards not placed, one per cell: its leftovers. And each suit's
// phase 2 is then won with those piles and its leftovers free (suit-unwinnable's game, solver-suit-search.ts).
//
// The search, per suit: from the suit's piles of now, put one loose card at a time on a pile top one rank from
// it, depth first, each set of piles once (as a multiset: piles alike are interchangeable), keeping the set that
// leaves the fewest cards. A set of piles whose suit game is lost (its leftovers all free) is cut with everything
// built on it: building on it only covers cards and takes free cards away, so by suit-unwinnable's proof its
// extensions are lost too. A set from which even every loose card that can still reach a top (unplaceable, the
// chain argument of unmarriable-cards) would leave as many as the best found is not built on: its extensions
// leave at least that many. A suit game too large to settle counts as won (it is built on) but its set is never
// kept, and the search's fewest is then not proved. Every pile of an end as above is built from now one card at
// a time, each set of piles on the way an extension's predecessor and its suit game won too, so the search meets
// every end whose suit game can be won: when it runs to the end, the fewest leftovers it finds for the suit are
// the fewest any won line leaves. If the four suits' fewest come to more than the 8 cells, no line wins phase 1:
// the rule placing-plan, asked once, at the root, by the state's decide(). Otherwise the ends it found are a plan,
// which playPlan (solver-placing-line.ts) plays out as moves; the solver checks that line like any other.

import { rankOf, suitOf } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';
import { SuitGames } from './solver-suit-search.js';

const ZODIAC = LAYOUT.first.zodiac;
/** The Equator's cells: at most this many cards end phase 1 outside the Zodiac. */
export const CELLS = 8;

/** One suit's search: the runs it puts on the suit's piles, and how many of the suit's loose cards are left. */
export interface SuitPlan {
  /** The Zodiac piles of the suit (0 to 23), in the ring's order. */
  readonly piles: readonly number[];
  /** The ranks the plan puts on each of those piles, lowest in the pile first. */
  readonly runs: readonly (readonly number[])[];
  /** Loose cards of the suit the plan leaves unplaced (they end in the Equator); NONE when no set of piles wins. */
  readonly left: number;
  /** Whether the search ran to its end, so that `left` is the fewest any won line leaves. */
  readonly complete: boolean;
}

/** The placing plan of a position of phase 1: each suit's, and what they decide. */
export interface PlacingPlan {
  readonly suits: readonly SuitPlan[];
  /** Leftovers of the four suits together. */
  readonly left: number;
  /** Proved: no line wins phase 1 (the suits' fewest leftovers, each searched to its end, exceed the cells). */
  readonly lost: boolean;
}

/** SuitPlan.left when the suit's game is lost with the piles as they are: more than every suit's cards. */
export const NONE = 104;

/** Positions of a suit game searched to settle a new best set of piles. */
const SETTLED = 1_000_000;

/** Leftovers a suit's first search settles for: two a suit fills the cells. */
const FIRST_ROUND = CELLS / 4;
/** The second round's first allowance of sets per suit, as a share of its last (each round doubles it). */
const SECOND_ROUND_START = 1 / 16;

/** The placing plan's searches, with their scratch. */
export class PlacingPlanner {
  private readonly games = new SuitGames();
  /** Sets of piles searched in the last plan(), all suits. */
  sets = 0;

  /**
   * The plan from the position `t` stands in, in phase 1, within about `most` sets of piles in all. First each
   * suit is searched only until it leaves at most FIRST_ROUND cards, which settles most deals at little cost. If
   * the leftovers then come to more than the cells, the suits not settled are searched again, each until the
   * four fit the cells, with an allowance doubled round by round (a suit that turns out cheap to settle is found
   * so before another's long search): each search either fits, or runs to its end (its fewest, proved), or is
   * cut off.
   */
  plan(t: Table, most: number): PlacingPlan {
    this.sets = 0;
    const each = Math.max(1, Math.floor(most / 12)); // round 1 takes at most 4 of these, the doubling rounds 8
    const suits = [0, 1, 2, 3].map((s) => this.suitPlan(t, s, FIRST_ROUND, each));
    for (
      let cap = Math.max(1, Math.floor(each * SECOND_ROUND_START));
      total(suits) > CELLS;
      cap = Math.min(each, cap * 2)
    ) {
      for (let s = 0; s < 4 && total(suits) > CELLS; s++) {
        const last = suits[s]!;
        if (last.complete) continue; // its fewest already
        suits[s] = this.suitPlan(t, s, Math.max(0, CELLS - (total(suits) - last.left)), cap, last);
      }
      if (cap === each || suits.every((suit) => suit.complete)) break;
    }
    const left = total(suits);
    return { suits, left, lost: left > CELLS && suits.every((suit) => suit.complete) };
  }

  /**
   * Suit s's search from the position `t` stands in, stopped once a set leaves at most `enough` cards (complete
   * only when it finds none) or after `most` sets; given an earlier search's plan, only fewer leftovers are
   * sought, and a search that ends without finding them proves the earlier plan's the fewest.
   */
  suitPlan(t: Table, s: number, enough: number, most: number, earlier?: SuitPlan): SuitPlan {
    const piles: number[] = [];
    const stacks: number[][] = [];
    const loose = new Int8Array(15);
    for (let r = 1; r <= 13; r++) loose[r] = 2;
    for (let z = 0; z < 24; z++) {
      const n = t.size(ZODIAC + z);
      if (n === 0 || suitOf(t.at(ZODIAC + z, 0)) !== s) continue;
      const stack: number[] = [];
      for (let i = 0; i < n; i++) stack.push(rankOf(t.at(ZODIAC + z, i)));
      for (const r of stack) loose[r]!--;
      piles.push(z);
      stacks.push(stack);
    }
    const dealt = stacks.map((stack) => stack.length);
    let free = 0;
    for (let r = 1; r <= 13; r++) free += loose[r]!;
    const seen = new Set<string>();
    let best = earlier?.left ?? NONE; // leftovers of the best set found
    let bestRuns: readonly (readonly number[])[] = earlier?.runs ?? stacks.map(() => []);
    let sets = 0;
    let complete = true;
    const search = (): boolean => {
      // true: stop (no leftover, or the search is cut off)
      const key = stacks
        .map((stack) => String.fromCharCode(...stack))
        .sort()
        .join(',');
      if (seen.has(key)) return false;
      seen.add(key);
      if (++sets > most) {
        complete = false;
        return true;
      }
      if (unplaceable(stacks, loose) >= best) return false; // no set built on this one leaves fewer than the best
      if (!this.games.winnableAsDealt(stacks)) return false;
      // A new best is kept only once its suit game is settled won (a plan must be played out); one settled lost
      // is cut. One still unsettled is built on, not kept, and the fewest leftovers are then not proved.
      let settled = !this.games.cutOff;
      if (free < best && !settled) {
        if (!this.games.winnableAsDealt(stacks, SETTLED)) return false;
        settled = !this.games.cutOff;
        if (!settled) complete = false;
      }
      if (free < best && settled) {
        best = free;
        bestRuns = stacks.map((stack, i) => stack.slice(dealt[i]));
        if (free <= enough) {
          if (free > 0) complete = false;
          return true;
        }
      }
      for (let p = 0; p < stacks.length; p++) {
        const stack = stacks[p]!;
        if (stacks.findIndex((other) => sameStack(other, stack)) < p) continue; // a pile like an earlier one
        const top = stack[stack.length - 1]!;
        for (const r of [top - 1, top + 1]) {
          if (r < 1 || r > 13 || loose[r] === 0) continue;
          stack.push(r);
          loose[r]!--;
          free--;
          const stop = search();
          free++;
          loose[r]!++;
          stack.pop();
          if (stop) return true;
        }
      }
      return false;
    };
    search();
    this.sets += sets;
    return { piles, runs: bestRuns, left: best, complete };
  }
}

/**
 * The suit's loose cards that no set of piles built on these can place (unmarriable-cards's count, solver.ts,
 * for one suit): a run of consecutive ranks with loose copies reaches a pile only through a top beside it.
 */
function unplaceable(stacks: readonly (readonly number[])[], loose: Int8Array): number {
  let tops = 0; // bit r: some pile's top is of rank r
  for (const stack of stacks) tops |= 1 << stack[stack.length - 1]!;
  let count = 0;
  for (let r = 1; r <= 13; ) {
    if (loose[r] === 0) {
      r++;
      continue;
    }
    let b = r;
    let n = loose[r]!;
    while (b < 13 && loose[b + 1]! > 0) n += loose[++b]!;
    // Anchored: a top beside the run, or within it where the run is longer than one rank.
    let near = tops & (((1 << (b + 2)) - 1) & ~((1 << (r - 1)) - 1));
    if (b === r) near &= ~(1 << r);
    if (near === 0) count += n;
    r = b + 1;
  }
  return count;
}

function total(suits: readonly SuitPlan[]): number {
  return suits.reduce((sum, suit) => sum + suit.left, 0);
}

function sameStack(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((r, i) => r === b[i]);
}
