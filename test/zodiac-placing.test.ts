// The Zodiac's placing plan (src/games/zodiac/solver-placing.ts): phase 1 decided suit by suit by where the cards
// can end, its rule placing-plan on hand-made decks (the Equator's 8 cards, the Zodiac's 24, then the stock), and
// checked against the search on positions of real deals.

import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../src/core/deck.js';
import type { GameState } from '../src/core/game.js';
import { resolveOptions } from '../src/core/options.js';
import { zodiac } from '../src/games/zodiac/index.js';
import { isPlacing } from '../src/games/zodiac/rules.js';
import { PlacingPlanner } from '../src/games/zodiac/solver-placing.js';
import { greedyOrder } from '../src/players/greedy.js';
import { dealDeck } from '../src/sim/deals.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';
import { dealt, aidOf } from './helpers.js';

const options = resolveOptions(zodiac.options, {});
/** 1 + the index of the named rule: what decide() returns as lostBy when it proves a loss. */
const rule = (name: string) => zodiac.solving!.deadEndRules!.indexOf(name) + 1;
/** Diamonds and clubs: eleven piles each, 4 to K and the ace (lonePiles adds a second queen of each). */
const RING_DC = [...'DC'].map((s) => [...'456789TJQKA'].map((r) => r + s).join(' ')).join(' ');
/** A deal whose Zodiac holds one spade, dealt 7, one heart, `heart`, and the piles of RING_DC. */
const lonePiles = (heart: string) => `AD KD AC KC 2D 2C 3D 3C 7S ${heart} ${RING_DC} QD QC`;

/** The stages a solver of `state` gets: greedy's order, no probes, no nested search. */
const solverFor = (state: GameState, budget: number) =>
  new Solver(state, { budget: budget, order: greedyOrder(zodiac), solving: zodiac.solving });

describe('The Zodiac: the placing plan', () => {
  it('placing-plan: spades and hearts each have one pile, dealt 7: each leaves at least 7 of its 25 other cards, 14 for 8 cells', () => {
    // Why 7 at least. The pile is played off top first, its dealt 7 last. Read in the order played, its cards are
    // a walk one rank a step; before the 7 it reaches only through the suit's other 7, so it is a walk above or
    // below 7, then that 7, then a walk on one side. The ace pile passes 7 only with the dealt 7 (the last card), so
    // every card above 7 in the pile goes to the king pile, each rank once: at most 6. Below 7, a walk ending next
    // to 7 takes each rank of 2-6 twice and the ace once at most: 11. So at most 6 + 1 + 11 = 18 of the 25 place.
    const state = dealt(zodiac, lonePiles('7H'));
    expect(aidOf(zodiac, state).deadEnd!()).toBe(0); // no other rule sees it: every loose card can marry, each suit's game is open
    const plan = new PlacingPlanner().plan(state.table, 100_000);
    expect(plan.suits.map((suit) => suit.left)).toEqual([7, 7, 0, 0]);
    expect(plan.lost).toBe(true);
    const solver = solverFor(state, 100_000);
    const verdict = solver.solve(stackedDeck(lonePiles('7H')));
    expect(verdict.outcome).toBe(Outcome.Unsolvable);
    expect(solver.pruned[rule('placing-plan')]).toBe(1);
  });

  it('placing plan near miss: the heart pile dealt a king leaves one heart, 8 in all; the plan is played out, and the line checks', () => {
    const code = lonePiles('KH');
    const state = dealt(zodiac, code);
    const plan = new PlacingPlanner().plan(state.table, 100_000);
    expect(plan.suits.map((suit) => suit.left)).toEqual([7, 1, 0, 0]);
    expect(plan.lost).toBe(false);
    const line = aidOf(zodiac, state).decide!(100_000).line; // the plan's own line, not the search's
    expect(checkLine(zodiac.create(options), stackedDeck(code), Int32Array.from(line))).toBe('');
    expect(solverFor(state, 100_000).solve(stackedDeck(code)).outcome).toBe(Outcome.Solved);
  });

  it('placing-plan proves nothing with the foundation exchange (Z6 free): its suit games are read without it', () => {
    const state = dealt(zodiac, lonePiles('7H'), { foundationExchange: 'free' });
    expect(new PlacingPlanner().plan(state.table, 100_000).lost).toBe(true); // the plan alone, read without Z6
    expect(aidOf(zodiac, state).decide!(100_000).lostBy).toBe(0);
  });

  it('decides deals the search without the placing plan left unknown at 10,000,000 positions (seed 2026)', () => {
    const state = zodiac.create(options);
    const deck = dealDeck('2026', 'zodiac', 35);
    state.deal(deck);
    const won = aidOf(zodiac, state).decide!(1_000_000);
    expect(won.lostBy).toBe(0);
    expect(checkLine(zodiac.create(options), deck, Int32Array.from(won.line))).toBe('');
    state.deal(dealDeck('2026', 'zodiac', 646));
    const lost = aidOf(zodiac, state).decide!(2_000_000);
    expect(lost.lostBy).toBe(rule('placing-plan'));
  });

  it('placing-plan agrees with the search (its other rules, without the plan) near the end of phase 1 of won lines, and off them', () => {
    // From the plan's own won line of deals 0-2 of seed 2026: the positions 2, 5 and 9 moves before phase 1 ends,
    // each after every legal move there. The search settles each within its budget.
    const state = zodiac.create(options);
    const searched = zodiac.create(options);
    Object.assign(searched, { decide: undefined });
    const tally = { lost: 0, won: 0, played: 0 };
    const buffer = new Int32Array(4096);
    for (let d = 0; d < 3; d++) {
      const deck = dealDeck('2026', 'zodiac', d);
      state.deal(deck);
      const line = aidOf(zodiac, state).decide!(400_000).line;
      expect(line.length).toBeGreaterThan(0);
      let end = 0;
      for (; isPlacing(state.table); end++) state.apply(line[end]!);
      for (const back of [2, 5, 9]) {
        const at = (s: GameState, m: number) => {
          s.deal(deck);
          for (const x of line.slice(0, end - back)) s.apply(x);
          if (m >= 0) s.apply(m);
        };
        at(state, -1);
        const n = state.legalMoves(buffer);
        for (const m of Array.from(buffer.subarray(0, n))) {
          at(state, m);
          if (!isPlacing(state.table)) continue;
          at(searched, m);
          const decision = aidOf(zodiac, state).decide!(400_000);
          if (decision.line.length > 0) {
            const whole = [...line.slice(0, end - back), m, ...decision.line]; // from the deal, through the position
            expect(checkLine(zodiac.create(options), deck, whole), `deal ${d}, the plan's line`).toBe('');
            tally.played++;
          }
          const verdict = solverFor(searched, 300_000).solveHere();
          expect(verdict.outcome, `deal ${d}, ${back} before the end, move ${m}`).not.toBe(Outcome.Unknown);
          if (decision.lostBy > 0) {
            expect(verdict.outcome, `deal ${d}, ${back} before the end, move ${m}`).toBe(Outcome.Unsolvable);
            tally.lost++;
          } else if (verdict.outcome === Outcome.Solved) tally.won++;
          if (verdict.outcome === Outcome.Unsolvable) expect(decision.line.length).toBe(0);
        }
      }
    }
    expect(tally.lost).toBeGreaterThan(0);
    expect(tally.won).toBeGreaterThan(0);
    expect(tally.played).toBeGreaterThan(0);
  });

  it('placing-plan never proves lost a position of a winning line the search found without it (every tenth of phase 1, deals 2000-2014)', () => {
    const state = zodiac.create(options);
    const searching = zodiac.create(options);
    Object.assign(searching, { decide: undefined });
    const solver = solverFor(searching, 100_000);
    let asked = 0;
    for (let d = 2000; d < 2015; d++) {
      const deck = dealDeck('2026', 'zodiac', d);
      const verdict = solver.solve(deck);
      if (verdict.outcome !== Outcome.Solved) continue;
      state.deal(deck);
      for (let i = 0; i < verdict.line.length && isPlacing(state.table); i++) {
        if (i % 10 === 0) {
          expect(aidOf(zodiac, state).decide!(100_000).lostBy, `deal ${d}, position ${i}`).toBe(0);
          asked++;
        }
        state.apply(verdict.line[i]!);
      }
    }
    expect(asked).toBeGreaterThan(100);
  });
});
