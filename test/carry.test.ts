// A sample carried between the hindsight player's decisions (planners/carry.ts): laid out, it shows the real
// position's cards in sight and hides the sample's; a move that turns nothing up keeps its line winning; a move that
// turns up a card the sample had elsewhere is repaired by a swap that is an exact conditional draw; and the table is
// left exactly as it was.

import { describe, expect, it } from 'vitest';
import { PileRole, type GameState } from '../src/core/game.js';
import { reveals } from '../src/core/move.js';
import { STOP } from '../src/players/player.js';
import { resolveOptions } from '../src/core/options.js';
import { seededRng } from '../src/core/random.js';
import { UnseenSampler } from '../src/core/sample.js';
import { GAMES } from '../src/games/registry.js';
import { CarriedSample } from '../src/planners/carry.js';
import { SolverJudge } from '../src/planners/hindsight.js';
import { greedyOrder } from '../src/players/greedy.js';
import { judgedRollout } from '../src/players/rollout.js';
import { dealDeck } from '../src/sim/deals.js';
import { movesOf } from './helpers.js';

const shah = GAMES.find((g) => g.id === 'shah')!;

/** The cards of the piles a player sees (every pile but the hidden ones), with the variables. */
function inSight(state: GameState): string {
  const t = state.table;
  const parts: string[] = [];
  for (let p = 0; p < t.pileCount; p++)
    if (state.pileRoles[p] !== PileRole.Stock)
      parts.push(Array.from({ length: t.size(p) }, (_, i) => t.at(p, i)).join());
  return parts.join('|');
}

/** The games with a hidden pile where a move may turn nothing up (Sympathie's every move is a turn). */
const STOCKED = GAMES.filter(
  (g) => g.id !== 'sympathie' && g.create(resolveOptions(g.options, {})).pileRoles.includes(PileRole.Stock),
);

/** Greedy's line from the state after `first` (at most 40 moves), applied; the moves, `first` included. */
function lineFrom(state: GameState, first: number, order: (s: GameState, m: Int32Array, n: number) => void): number[] {
  const buf = new Int32Array(4096);
  const line = [first];
  state.apply(first);
  while (line.length < 40) {
    const n = state.legalMoves(buf);
    if (n === 0) break;
    order(state, buf, n);
    if (buf[0] === STOP) break;
    state.apply(buf[0]!);
    line.push(buf[0]!);
  }
  return line;
}

/** Whether move m takes exactly one card out of the stock and no other hidden pile changes. */
function turnsOne(state: GameState, stock: number, m: number): boolean {
  const t = state.table;
  const hidden = [...state.pileRoles.keys()].filter((p) => state.pileRoles[p] === PileRole.Stock);
  const sizes = hidden.map((p) => t.size(p));
  state.apply(m);
  const after = hidden.map((p) => t.size(p));
  state.undo();
  return hidden.every((p, i) => after[i] === sizes[i]! - (p === stock ? 1 : 0));
}

/** A Shah position after greedy's first moves of a deal, and its legal moves. */
function position(deal: number) {
  const state = shah.create(resolveOptions(shah.options, {}));
  state.deal(dealDeck('carry', 'shah', deal));
  const buf = new Int32Array(4096);
  const order = greedyOrder(shah);
  for (let step = 0; step < 6; step++) {
    const n = state.legalMoves(buf);
    order(state, buf, n);
    state.apply(buf[0]!);
  }
  return { state, moves: buf.subarray(0, state.legalMoves(buf)) };
}

describe('a carried sample (planners/carry.ts)', () => {
  it.each(STOCKED.map((g) => [g.id, g] as const))(
    '%s: carried through a move that turns nothing up, it shows the real cards and its line plays on to the same end',
    (_id, game) => {
      // A line (greedy's, in the sample) whose first move turns nothing up, carried through that move: laid out in
      // the real position after it, the sample shows the real cards in sight, needs no repair, and the rest of the
      // line is legal there and ends where the whole line ends in the sample; the table is left exactly as it was.
      const state = game.create(resolveOptions(game.options, {}));
      const t = state.table;
      const sampler = new UnseenSampler();
      const buf = new Int32Array(4096);
      const order = greedyOrder(game);
      let followed = 0;
      for (let deal = 0; deal < 6 && followed < 3; deal++) {
        state.deal(dealDeck('carry', game.id, deal));
        for (let step = 0; step < 200 && followed < 3; step++) {
          const n = state.legalMoves(buf);
          if (n === 0) break;
          order(state, buf, n);
          const first = Array.from(buf.subarray(0, n)).find((m) => !reveals(m) && m !== STOP);
          if (first !== undefined && step % 5 === 0) {
            sampler.resample(state, seededRng(`carry ${game.id} ${deal} ${step}`));
            const line = lineFrom(state, first, order);
            const end = t.fingerprint();
            for (let i = 0; i < line.length; i++) state.undo();
            const carried = new CarriedSample();
            carried.capture(state, Int32Array.from(line));
            t.undo();
            if (line.length >= 2) {
              const before = t.fingerprint();
              carried.follow(state, first);
              expect(t.fingerprint()).toBe(before);
              state.apply(first); // the real move
              const real = inSight(state);
              const at = t.fingerprint();
              expect(carried.layOut(state)).toBe(true);
              expect(carried.repaired).toBe(false);
              expect(inSight(state)).toBe(real);
              for (const m of line.slice(1)) {
                expect(state.isLegal(m)).toBe(true);
                state.apply(m);
              }
              expect(t.fingerprint()).toBe(end);
              for (let i = 1; i < line.length; i++) state.undo();
              t.undo();
              expect(t.fingerprint()).toBe(at);
              state.undo();
              followed++;
            }
          }
          state.apply(buf[0]!);
        }
      }
      expect(followed).toBe(3);
    },
  );

  it('repairs a sample whose turned card was another by an exact conditional draw (uniform stock top)', () => {
    // The real position before a move that turns up one card, and many samples of it carried through the move:
    // each repaired sample must show the real cards in sight, and the card on top of the stock must be uniform over
    // the cards the player has not seen (chi-square, 40,000 samples), as a fresh sample's is.
    const state = shah.create(resolveOptions(shah.options, {}));
    state.deal(dealDeck('carry', 'shah', 1));
    const t = state.table;
    const stock = [...state.pileRoles.keys()].find((p) => state.pileRoles[p] === PileRole.Stock)!;
    const buf = new Int32Array(4096);
    const order = greedyOrder(shah);
    let turn: number | undefined;
    for (let step = 0; step < 100 && turn === undefined; step++) {
      const n = state.legalMoves(buf);
      order(state, buf, n);
      turn = Array.from(buf.subarray(0, n)).find((m) => reveals(m) && turnsOne(state, stock, m));
      if (turn === undefined) state.apply(buf[0]!);
    }
    expect(turn).toBeDefined();
    const carried = new CarriedSample();
    const sampler = new UnseenSampler();
    const rng = seededRng('carry-repair');
    let repaired = 0;
    const TRIALS = 40_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < TRIALS; i++) {
      sampler.resample(state, rng);
      carried.capture(state, Int32Array.of(turn!, turn!));
      t.undo();
      carried.follow(state, turn!);
      state.apply(turn!);
      const real = inSight(state);
      expect(carried.layOut(state)).toBe(true);
      if (carried.repaired) repaired++;
      if (i < 50) {
        expect(inSight(state)).toBe(real);
        if (carried.repaired) {
          // Laid out again, the sample needs no repair, but its line is still not played out: the mark stays.
          t.undo();
          expect(carried.layOut(state)).toBe(true);
          expect(carried.repaired).toBe(true);
        }
      }
      const top = t.at(stock, t.size(stock) - 1);
      counts.set(top, (counts.get(top) ?? 0) + 1);
      t.undo();
      state.undo();
    }
    state.apply(turn!);
    const unseen = t.size(stock); // the stock's cards after the move, all out of sight
    const cards = new Set(Array.from({ length: unseen }, (_, i) => t.at(stock, i)));
    state.undo();
    expect(repaired).toBeGreaterThan(TRIALS * 0.9); // the sample seldom turns the real card
    expect([...counts.keys()].every((c) => cards.has(c))).toBe(true);
    const expected = TRIALS / unseen;
    let chi = 0;
    for (const c of cards) chi += ((counts.get(c) ?? 0) - expected) ** 2 / expected;
    // The 1e-6 upper quantile of chi-square is below 2.2 df for df of 20 or more; a swap into the wrong place (the
    // turned card always on top, say) gives thousands.
    expect(unseen).toBeGreaterThan(20);
    expect(chi).toBeLessThan(2.2 * (unseen - 1));
  });

  it('drops the sample when the move made is not its line', () => {
    const { state, moves } = position(2);
    const t = state.table;
    new UnseenSampler().resample(state, seededRng('drop'));
    const carried = new CarriedSample();
    carried.capture(state, Int32Array.of(moves[0]!, moves[0]!));
    t.undo();
    carried.follow(state, moves[1]!);
    expect(carried.held).toBe(false);
    expect(carried.layOut(state)).toBe(false);
  });

  it('makes hindsight vote from carried samples without a search, reproducibly', () => {
    // The carrying judge plays a few Shah deals; it votes from carried samples without searching, and two fresh
    // players make the same moves.
    const settings = { depth: 2, nodes: 2000, samples: 4, searchNodes: 10_000, searches: 2 };
    const state = shah.create(resolveOptions(shah.options, {}));
    const judge = new SolverJudge(shah, settings.searchNodes, settings.searches, true);
    let carriedVotes = 0;
    for (let i = 0; i < 2; i++) {
      const a = movesOf(state, judgedRollout(shah, settings, judge), 'carry', 'shah', i, 100);
      carriedVotes += judge.counts.carried;
      const again = new SolverJudge(shah, settings.searchNodes, settings.searches, true);
      expect(movesOf(state, judgedRollout(shah, settings, again), 'carry', 'shah', i, 100)).toEqual(a);
    }
    expect(carriedVotes).toBeGreaterThan(0);
  });
});
