// The solver (src/solve/): the copy-blind position key, the search's verdicts against the players', every
// claimed win checked by the game's own legality test, and the game's prunings never losing a win.

import { describe, expect, it } from 'vitest';
import { CARD_COUNT } from '../src/core/card.js';
import type { Game } from '../src/core/game.js';
import { resolveOptions } from '../src/core/options.js';
import { seededRng, randomInt } from '../src/core/random.js';
import { Table } from '../src/core/table.js';
import { GAMES, findGame } from '../src/games/registry.js';
import { greedyOrder } from '../src/players/greedy.js';
import { Outcome, Solver, defaultPlan, stageOf, withStage, type SearchPlan } from '../src/solve/solver.js';
import { discrepancyPasses } from '../src/solve/stages/discrepancies.js';
import type { NestedSearches } from '../src/solve/stages/nested.js';
import { randomRestarts, type RandomRestarts } from '../src/solve/stages/restarts.js';
import { MIN_SLOTS, PositionTable } from '../src/solve/positions.js';
import { checkLine } from '../src/solve/verify.js';
import { laidAfresh } from './helpers.js';
import { dealDeck } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { PLAYERS } from '../src/planners/registry.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { playerRng } from '../src/sim/deals.js';
import { PROBE_PLAYERS, playerProbe } from '../src/sim/probes.js';

const SEED = 'solver-test';

/** The solver as `patience solve` runs it (greedy's ordering, the probes), or bare: no probes, no pruning. */
function solverFor(game: Game, budget: number, pruning = true): Solver {
  const state = game.create(resolveOptions(game.options, {}));
  const probes = pruning ? PROBE_PLAYERS.map((id) => playerProbe(game, id, DEFAULT_SETTINGS)) : [];
  return new Solver(state, { budget, order: greedyOrder(game), probes, solving: pruning ? game.solving : undefined });
}

describe('Table.key', () => {
  it('gives equal keys to positions that differ only in which copy of a face lies where (RULES.md 1.2)', () => {
    const a = new Table(3, 1);
    const b = new Table(3, 1);
    a.put(0, 5); // 6S, first pack
    a.put(1, 57); // 6S, second pack
    b.put(0, 57);
    b.put(1, 5);
    expect(Array.from(a.key())).toEqual(Array.from(b.key()));
    b.set(0, 1);
    expect(Array.from(a.key())).not.toEqual(Array.from(b.key()));
  });

  it('is kept up to date through moves and undo, equal to a key worked out afresh, and so is hash()', () => {
    const rng = seededRng('key');
    const t = new Table(6, 2);
    for (let c = 0; c < CARD_COUNT; c++) t.put(c % 6, c);
    const start = Array.from(t.key());
    const startHash = t.hash();
    for (let i = 0; i < 400; i++) {
      t.begin();
      const from = randomInt(rng, 6);
      const to = (from + 1 + randomInt(rng, 5)) % 6;
      if (t.size(from) > 1 && i % 3 === 0) t.moveRun(from, to, 2);
      else if (t.size(from) > 0 && i % 3 === 1) t.moveUnder(from, to);
      else if (t.size(from) > 0) t.move(from, to);
      t.set(i % 2, i);
      const fresh = laidAfresh(t);
      expect(Array.from(t.key())).toEqual(Array.from(fresh.key()));
      expect(t.hash()).toBe(fresh.hash());
    }
    for (let i = 0; i < 400; i++) {
      t.undo();
      if (i % 50 === 0) {
        const fresh = laidAfresh(t);
        expect(Array.from(t.key())).toEqual(Array.from(fresh.key()));
        expect(t.hash()).toBe(fresh.hash());
      }
    }
    expect(Array.from(t.key())).toEqual(start);
    expect(t.hash()).toBe(startHash);
  });

  it('is taken up again, as it was, when undo() comes back to where dropKey() stopped keeping it', () => {
    const rng = seededRng('drop-key');
    const t = new Table(6, 2);
    for (let c = 0; c < CARD_COUNT; c++) t.put(c % 6, c);
    t.commit();
    const freshKey = () => Array.from(laidAfresh(t).key());
    let depth = 0; // moves made and not undone
    let droppedAt = -1; // the depth at which the kept key was last dropped, until undo comes back to it
    let kept = false;
    let resumed = 0;
    for (let i = 0; i < 3000; i++) {
      const action = randomInt(rng, 12);
      if (action < 5 || depth === 0) {
        t.begin();
        const from = randomInt(rng, 6);
        const to = (from + 1 + randomInt(rng, 5)) % 6;
        if (t.size(from) > 1 && i % 4 === 0) t.moveRun(from, to, 2);
        else if (t.size(from) > 0 && i % 4 === 1) t.moveUnder(from, to);
        else if (t.size(from) > 0) t.move(from, to);
        if (i % 5 === 0) t.dropKey(); // a drop within a move
        if (i % 7 === 0) {
          // the cards of one pile in another order, as a sample of the unseen cards relays them (core/sample.ts)
          const order = new Uint8Array(t.size(to));
          for (let k = 0; k < order.length; k++) order[k] = t.at(to, order.length - 1 - k);
          t.relay(to, order);
        }
        t.set(i % 2, i);
        if (i % 5 === 0) {
          if (kept) droppedAt = depth; // the drop is undone with this move: back where the move began
          kept = false;
        }
        depth++;
      } else if (action === 10) {
        t.commit(); // a new start: undo() cannot go back past it, nor take up a key dropped before it
        depth = 0;
        droppedAt = -1;
      } else if (action === 11) {
        t.setSalt(i);
      } else if (action < 8) {
        t.undo();
        depth--;
        if (droppedAt >= 0 && depth <= droppedAt) {
          if (!kept) resumed++;
          kept = true;
          droppedAt = -1;
        }
      } else if (action === 8) {
        if (kept) droppedAt = depth;
        kept = false;
        t.dropKey();
      } else {
        expect(Array.from(t.key())).toEqual(freshKey());
        kept = true; // worked out afresh if it was not kept
      }
      expect(t.keyKept).toBe(kept);
      if (kept) expect(Array.from(t.key())).toEqual(freshKey());
    }
    expect(resumed).toBeGreaterThan(50);
  });
});

/** For games whose wins are too rare among the test's deals: a deal (seed, index) the plain search wins. */
const WON_ELSEWHERE: Record<string, readonly [string, number]> = { hemispheres: ['issue13', 117] };

/** Games where no player wins any of the first 1,000 deals of the test's seed, so the check below has nothing to check.
 * */
const NO_WINS = new Set(['hemispheres']);

/**
 * Deals checked, and of them how many lookahead plays: 1,000 and 100, but lookahead on 20 in The Zodiac and 200
 * deals in The Constitution, where lookahead plays under two deals a second here and is the solver's probe on
 * every deal it solves (about 0.9 s a solve): at 1,000 deals this one check took 196 s on a quiet core, most of a
 * CI run. The Constitution's 200 deals still give some 35 won deals to solve and replay (greedy wins 16%).
 */
const CHECKED: Record<string, readonly [deals: number, lookahead: number]> = {
  constitution: [200, 20],
  zodiac: [1000, 20],
};

/** Slack for a loaded machine: the slowest game's check took about 60 s on a quiet core. */
const SLOW_GAME_TIMEOUT = 600_000;

describe('solver on every game', () => {
  for (const game of GAMES) {
    // An upper bound is never below a player (a metamorphic check). Naive's and lookahead's games are the
    // solver's probes, and greedy's is its first line, so random's and learned's wins are what test the search itself;
    // lookahead is played on the first tenth of the deals only; rollout (a search per move, hundreds of ms a deal) is
    // left out.
    const [deals, lookaheadDeals] = CHECKED[game.id] ?? [1000, 100];
    it(
      `${game.id}: wins every deal a player wins (${deals.toLocaleString('en')} deals), and every line it claims passes the game's legality test`,
      () => {
        const options = resolveOptions(game.options, {});
        const state = game.create(options);
        const solver = solverFor(game, 300_000);
        const buffer = new Int32Array(4096);
        const players = PLAYERS.filter((p) => !['rollout', 'hindsight', 'foresight', 'ismcts'].includes(p.id)).map(
          (p) => [p.id, p.create(game, DEFAULT_SETTINGS)] as const,
        );
        let checked = 0;
        for (let i = 0; i < deals; i++) {
          const deck = dealDeck(SEED, game.id, i);
          const winners = players.filter(
            ([id, p]) =>
              (id !== 'lookahead' || i < lookaheadDeals) &&
              playDeal(state, p, deck, () => playerRng(SEED, game.id, i), buffer).won,
          );
          if (winners.length === 0) continue;
          const verdict = solver.solve(deck);
          // The learned player's line is none of the solver's probes: a deal only it wins may be left unknown at
          // this budget (an upper bound counts it won), but never called lost.
          if (winners.every(([id]) => id === 'learned')) {
            expect(verdict.outcome, `deal ${i}`).not.toBe(Outcome.Unsolvable);
            if (verdict.outcome !== Outcome.Solved) continue;
          }
          expect(verdict.outcome, `deal ${i}`).toBe(Outcome.Solved);
          expect(checkLine(game.create(options), deck, verdict.line), `deal ${i}`).toBe('');
          checked++;
        }
        if (!NO_WINS.has(game.id)) expect(checked).toBeGreaterThan(0);
      },
      SLOW_GAME_TIMEOUT,
    );
  }

  it('Sympathie, which leaves no choice, gets the same verdict from the solver as from every player, deal by deal', () => {
    const game = findGame('sympathie');
    const state = game.create(resolveOptions(game.options, {}));
    const solver = solverFor(game, 100_000);
    const greedy = PLAYERS.find((p) => p.id === 'greedy')!.create(game, DEFAULT_SETTINGS);
    const buffer = new Int32Array(4096);
    const verdicts = [0, 0, 0, 0];
    for (let i = 0; i < 300; i++) {
      const deck = dealDeck(SEED, game.id, i);
      const won = playDeal(state, greedy, deck, () => playerRng(SEED, game.id, i), buffer).won;
      const verdict = solver.solve(deck).outcome;
      verdicts[verdict]!++;
      expect(verdict, `deal ${i}`).toBe(won ? Outcome.Solved : Outcome.Unsolvable);
    }
    expect(verdicts[Outcome.Solved]).toBeGreaterThan(0);
    expect(verdicts[Outcome.Unsolvable]).toBeGreaterThan(0);
  });

  for (const game of GAMES) {
    // A position on a winning line can be won, so no dead-end rule may fire on any position of one. The lines are
    // the plain search's (no rule of the game's own), and greedy's won games.
    it(`${game.id}: no dead-end rule fires on any position of a winning line`, () => {
      const options = resolveOptions(game.options, {});
      const state = game.create(options);
      const aid = game.solving?.aid(state);
      if (aid?.deadEnd === undefined) return;
      const plain = solverFor(game, 20_000, false);
      const greedy = PLAYERS.find((p) => p.id === 'greedy')!.create(game, DEFAULT_SETTINGS);
      const buffer = new Int32Array(4096);
      let positions = 0;
      const extra = WON_ELSEWHERE[game.id];
      for (let i = 0; i < 150 + (extra ? 1 : 0); i++) {
        const deck = i < 150 ? dealDeck(SEED, game.id, 2000 + i) : dealDeck(extra![0], game.id, extra![1]);
        const lines: number[][] = [];
        const verdict = (i < 150 ? plain : solverFor(game, 200_000, false)).solve(deck);
        if (verdict.outcome === Outcome.Solved) lines.push(Array.from(verdict.line));
        const played: number[] = [];
        if (
          playDeal(
            state,
            greedy,
            deck,
            () => playerRng(SEED, game.id, i),
            buffer,
            (m) => played.push(m),
          ).won
        )
          lines.push(played);
        for (const line of lines) {
          state.deal(deck);
          for (const m of line) {
            expect(aid.deadEnd(), `deal ${2000 + i}, a winning line's position ${positions}`).toBe(0);
            positions++;
            state.apply(m);
          }
          expect(aid.deadEnd(), `deal ${2000 + i}, the won position`).toBe(0);
        }
      }
      expect(positions).toBeGreaterThan(0);
    });

    it(`${game.id}: its dead-end rules and safe moves never turn a deal the plain search solves into a loss`, () => {
      const plain = solverFor(game, 20_000, false);
      const pruned = solverFor(game, 20_000);
      for (let i = 0; i < 40; i++) {
        const deck = dealDeck(SEED, game.id, 1000 + i);
        const a = plain.solve(deck).outcome;
        const b = pruned.solve(deck).outcome;
        if (a === Outcome.Solved) expect(b, `deal ${1000 + i}`).not.toBe(Outcome.Unsolvable);
        if (a === Outcome.Unsolvable) expect(b, `deal ${1000 + i}`).not.toBe(Outcome.Solved);
      }
    });
  }
});

describe('the search plan and the bounded table', () => {
  const hemispheres = findGame('hemispheres');
  const options = resolveOptions(hemispheres.options, {});
  const order = greedyOrder(hemispheres);
  /** A solver of The Hemispheres by defaultPlan(budget) as `change` changes it. */
  const planned = (budget: number, change: (plan: SearchPlan) => SearchPlan = (plan) => plan) =>
    new Solver(hemispheres.create(options), {
      budget,
      order,
      plan: change(defaultPlan(budget)),
      solving: hemispheres.solving,
    });
  /** The restarts of `plan` as `change` changes them. */
  const restarts = (change: Partial<RandomRestarts>) => (plan: SearchPlan) =>
    withStage(plan, { ...(stageOf(plan, 'restarts') as RandomRestarts), ...change });

  it('a table too small for the search forgets positions, never the current line, and gives the same verdicts', () => {
    // deals of seed 2026 that the committed runs proved unsolvable in 31,457 and 65,747 positions, and two solved
    const small = planned(2_000_000, (plan) => ({ ...plan, tableBytes: 1 }));
    const large = planned(2_000_000);
    expect(small.plan.tableBytes).toBe(1);
    for (const deal of [1669, 65, 1, 4]) {
      const deck = dealDeck('2026', 'hemispheres', deal);
      const a = small.solve(deck);
      const b = large.solve(deck);
      expect(a.outcome, `deal ${deal}`).toBe(b.outcome);
      if (deal === 65)
        expect(small.evicted, 'deal 65 forgets positions in a table of the fewest slots').toBeGreaterThan(0);
      if (a.outcome === Outcome.Solved) expect(checkLine(hemispheres.create(options), deck, a.line)).toBe('');
    }
  });

  it("refuses a plan whose allowances would meet the restarts' or the last pass's, which could prove a false loss", () => {
    expect(() => planned(1000, (plan) => withStage(plan, discrepancyPasses([0, 1 << 16])))).toThrow(RangeError);
    expect(() => planned(1000, restarts({ restarts: 0x7fffffff }))).toThrow(RangeError);
    expect(() =>
      planned(1000, (plan) => restarts({ restarts: 100 })(withStage(plan, discrepancyPasses([0, 1, 2, 3])))),
    ).not.toThrow();
  });

  it('a restart that runs out of moves before its cut-off proves the deal unsolvable', () => {
    const deck = dealDeck('2026', 'hemispheres', 1669);
    const restarted = planned(1_000_000, restarts({ restarts: 3, restartNodes: 200_000 }));
    const verdict = restarted.solve(deck);
    expect(verdict.outcome).toBe(Outcome.Unsolvable);
    // with restarts cut off at 1,000 positions each, none exhausts the deal and the last pass proves it, later
    const cutOff = planned(1_000_000, restarts({ restarts: 3, restartNodes: 1_000 })).solve(deck);
    expect(cutOff.outcome).toBe(Outcome.Unsolvable);
    expect(cutOff.nodes).toBeGreaterThan(verdict.nodes);
  });

  it('restarts draw from the deal: the same verdict and positions on a fresh solver and after other deals', () => {
    const shah = findGame('shah');
    const plan = withStage(withStage(defaultPlan(60_000), discrepancyPasses([0])), randomRestarts(4, 10_000, 0.5));
    const make = (p: SearchPlan) =>
      new Solver(shah.create(resolveOptions(shah.options, {})), {
        budget: 60_000,
        order: greedyOrder(shah),
        plan: p,
        solving: shah.solving,
      });
    const deals = [3, 6, 7, 10, 41];
    const verdictOf = (s: Solver, d: number) => {
      const v = s.solve(dealDeck('2026', 'shah', d));
      return `${v.outcome}:${v.nodes}:${Array.from(v.line).join('.')}`;
    };
    const one = make(plan);
    const once = deals.map((d) => verdictOf(one, d));
    const reversed = make(plan);
    expect(
      [...deals]
        .reverse()
        .map((d) => verdictOf(reversed, d))
        .reverse(),
    ).toEqual(once);
    expect(deals.map((d) => verdictOf(make(plan), d))).toEqual(once);
    // the shuffled restarts win deals 3, 10 and 41, which restarts in greedy's order leave unknown
    expect(once.filter((v) => v.startsWith(`${Outcome.Solved}:`))).toHaveLength(5);
    const plain = make(withStage(plan, randomRestarts(4, 10_000, 0)));
    expect([3, 10, 41].map((d) => verdictOf(plain, d).split(':')[0])).toEqual(['3', '3', '3']);
  });

  it('the default plan: restarts of a tenth of the budget over half of it up to 10,000,000; above, restarts of 1,000,000 over nine tenths', () => {
    const stage = (budget: number, name: string) => stageOf(defaultPlan(budget), name)!;
    const shareOf = (budget: number, name: string) => stage(budget, name).allowance!.share;
    const shape = (budget: number) => {
      const r = stage(budget, 'restarts') as RandomRestarts;
      return [r.restarts, r.restartNodes];
    };
    expect(defaultPlan(1e8).stages.map((s) => s.name)).toEqual([
      'policy',
      'nested',
      'game',
      'beam',
      'discrepancies',
      'restarts',
      'last',
    ]);
    expect(shape(100_000)).toEqual([5, 10_000]);
    expect(shape(1_000_000)).toEqual([5, 100_000]);
    expect(shape(10_000_000)).toEqual([5, 1_000_000]);
    expect(shape(20_000_000)).toEqual([18, 1_000_000]);
    expect(shape(40_000_000)).toEqual([36, 1_000_000]);
    expect(shape(20_000)).toEqual([1, 10_000]);
    // the nested searches first, within half of a budget below 100,000,000 and nine tenths from it: level 1
    // always, level 2 from 1,000,000, level 3 from 10,000,000, levels 4 and 5 from 100,000,000
    expect(
      [100_000, 999_999, 1_000_000, 9_999_999, 10_000_000, 40_000_000, 99_999_999, 100_000_000, 2e8].map(
        (b) => (stage(b, 'nested') as NestedSearches).levels,
      ),
    ).toEqual([1, 1, 2, 2, 3, 3, 3, 5, 5]);
    expect([100_000, 20_000_000, 99_999_999, 100_000_000, 2e8].map((b) => shareOf(b, 'nested'))).toEqual([
      0.5, 0.5, 0.5, 0.9, 0.9,
    ]);
    // then the beam searches, from 1,000,000, within half of what the nested searches leave
    expect([100_000, 999_999, 1_000_000, 1e8].map((b) => shareOf(b, 'beam'))).toEqual([0, 0, 0.5, 0.5]);
    expect([1_000_000, 99_999_999, 1e8, 2e8].map((b) => shareOf(b, 'policy'))).toEqual([0, 0, 0.25, 0.25]);
  });
});

describe('PositionTable', () => {
  it('never evicts a position on the current line, and holds no more than its slots', () => {
    const table = new PositionTable(MIN_SLOTS);
    const rng = seededRng('table');
    const key = new Int32Array(2);
    const pinned: Array<[number, number]> = [];
    for (let i = 0; i < 20 * MIN_SLOTS; i++) {
      key[0] = (rng() * 2 ** 32) | 0;
      key[1] = (rng() * 2 ** 32) | 0;
      const slot = table.visit(key, 1, i);
      expect(slot).toBeGreaterThanOrEqual(0);
      if (i % 1000 === 0) pinned.push([key[0], key[1]]);
      else table.leave(slot, i + 1);
    }
    expect(table.size).toBeLessThanOrEqual(MIN_SLOTS);
    expect(table.evicted).toBeGreaterThan(10 * MIN_SLOTS);
    for (const [a, b] of pinned) {
      key[0] = a;
      key[1] = b;
      expect(table.visit(key, 1, 0), 'a pinned position is still there').toBe(-1);
    }
  });

  it('lets a position be searched again only with a larger allowance, and forgets everything at clear()', () => {
    const table = new PositionTable(MIN_SLOTS);
    const key = Int32Array.of(12345, -678);
    const slot = table.visit(key, 2, 0);
    table.leave(slot, 10);
    expect(table.visit(key, 2, 10)).toBe(-1);
    expect(table.visit(key, 1, 10)).toBe(-1);
    expect(table.visit(key, 3, 10)).toBe(slot);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.visit(key, 0, 0)).toBeGreaterThanOrEqual(0);
  });

  it('sizes a table by the budget, within the memory given, and never below MIN_SLOTS', () => {
    expect(PositionTable.slotsFor(1000, 2 ** 30)).toBe(MIN_SLOTS);
    expect(PositionTable.slotsFor(1_000_000, 2 ** 30)).toBe(2 ** 21);
    expect(PositionTable.slotsFor(1e11, 2 ** 30)).toBe(2 ** 25); // 2^25 slots of SLOT_BYTES fit in 1 GiB, 2^26 do not
    expect(PositionTable.slotsFor(1e11, 1)).toBe(MIN_SLOTS);
  });
});
