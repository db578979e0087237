// The solver's nested search (src/solve/nested.ts): its wins are winning lines, checked by the game's own
// legality test, in every game; it leaves the state as it found it, cut off or not; it is deterministic; its
// memo of every level changes no line (and keeps what a Map of its keys would); it scores by a game's progress
// measure where there is one; and in the solver it wins a deal of The Shah that greedy, the probes and 0.6.0's
// depth-first search at 1,000,000 positions did not.

import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../src/core/options.js';
import { GAMES, findGame } from '../src/games/registry.js';
import { greedyFor, greedyOrder } from '../src/players/greedy.js';
import { playOn } from '../src/players/play-on.js';
import { dealDeck } from '../src/sim/deals.js';
import { escalationSolvers } from '../src/sim/solve-batch.js';
import { greedyPlayout } from '../src/solve/playout.js';
import { NestedSearch, type Playout } from '../src/solve/nested.js';
import { ScoreMemo } from '../src/solve/score-memo.js';
import { Outcome, Solver, defaultPlan, without } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';

/** A nested search over a fresh state of the game, with the game's solving aid for it, and the state. */
function nestedFor(id: string) {
  const game = findGame(id);
  const options = resolveOptions(game.options, {});
  const state = game.create(options);
  const aid = game.solving?.aid(state);
  return {
    game,
    options,
    state,
    aid,
    nested: new NestedSearch(state, greedyOrder(game), greedyPlayout(game), true, aid),
  };
}

describe('NestedSearch', () => {
  it.each(GAMES.map((g) => g.id))(
    '%s: every line it returns wins when replayed and checked; the state is left as it was',
    (id) => {
      const { game, options, state, nested } = nestedFor(id);
      for (let d = 0; d < 6; d++) {
        const deck = dealDeck('nested-test', id, d);
        state.deal(deck);
        const before = state.table.key().join(',');
        nested.reset(0);
        const line = nested.search(2, 300_000);
        expect(state.table.key().join(',')).toBe(before);
        if (line === undefined) continue;
        expect(checkLine(game.create(options), deck, Int32Array.from(line))).toBe('');
      }
    },
  );

  it('is deterministic: the same line on a fresh search and after other deals; a cut-off finds nothing and restores the state', () => {
    const a = nestedFor('shah');
    const b = nestedFor('shah');
    const deck = dealDeck('2026', 'shah', 3103);
    b.state.deal(dealDeck('2026', 'shah', 7));
    b.nested.reset(0);
    b.nested.search(2, 100_000);
    for (const s of [a, b]) {
      s.state.deal(deck);
      s.nested.reset(0);
    }
    const one = a.nested.search(2, 10_000_000);
    const two = b.nested.search(2, 10_000_000);
    expect(one).toBeDefined();
    expect(checkLine(a.game.create(a.options), deck, Int32Array.from(one!))).toBe('');
    expect(two).toEqual(one);
    expect(a.nested.nodes).toBe(b.nested.nodes);
    const before = a.state.table.key().join(',');
    a.nested.reset(0);
    expect(a.nested.search(2, 5_000)).toBeUndefined();
    expect(a.nested.nodes).toBeGreaterThanOrEqual(5_000);
    expect(a.nested.nodes).toBeLessThan(5_000 + 1_000); // stops within a playout of the cut-off
    expect(a.state.table.key().join(',')).toBe(before);
  });

  it("remembering every level's scores changes no line, and saves positions (Hoffmann's deals 309 and 378, level 3)", () => {
    const shah = findGame('shah');
    const options = resolveOptions(shah.options, { edition: 'hoffmann' });
    const runs = [true, false].map((remember) => {
      const state = shah.create(options);
      const nested = new NestedSearch(
        state,
        greedyOrder(shah),
        greedyPlayout(shah),
        remember,
        shah.solving!.aid(state),
      );
      return [309, 378].map((d) => {
        state.deal(dealDeck('2026', 'shah', d));
        nested.reset(0);
        const line: number[] = [];
        const before = state.table.key().join(',');
        const inside = nested as unknown as { stop: number; level(l: number, depth: number, line: number[]): number };
        inside.stop = 1e9;
        const score = inside.level(3, 0, line);
        return { score, line, nodes: nested.nodes, restored: state.table.key().join(',') === before };
      });
    });
    for (let i = 0; i < 2; i++) {
      const [withMemo, without] = [runs[0]![i]!, runs[1]![i]!];
      expect(withMemo.restored).toBe(true);
      expect(withMemo.line.length).toBeGreaterThan(50);
      expect(withMemo.line).toEqual(without.line);
      expect(withMemo.score).toBe(without.score);
      expect(withMemo.nodes).toBeLessThan(without.nodes / 2);
    }
  });

  it('after a cut-off, a search on the same memo finds what a fresh one does', () => {
    const a = nestedFor('shah');
    const b = nestedFor('shah');
    const deck = dealDeck('2026', 'shah', 3103);
    for (const s of [a, b]) {
      s.state.deal(deck);
      s.nested.reset(0);
    }
    expect(a.nested.search(3, 20_000)).toBeUndefined(); // cut off, its completed searches remembered
    const again = a.nested.search(3, 100_000_000);
    const fresh = b.nested.search(3, 100_000_000);
    expect(fresh).toBeDefined();
    expect(again).toEqual(fresh);
  });

  it('counts the positions a playout looked at and left beside the moves it made', () => {
    const { state } = nestedFor('shah');
    const shah = findGame('shah');
    const greedy = greedyFor(shah);
    const buffer = new Int32Array(4096);
    let calls = 0;
    const playout =
      (looked: number): Playout =>
      (s, out) => {
        calls++;
        playOn(s, greedy, buffer, (m) => out.push(m));
        return looked;
      };
    const deck = dealDeck('nested-test', 'shah', 1);
    const nodes = (looked: number) => {
      const nested = new NestedSearch(state, greedyOrder(shah), playout(looked));
      calls = 0;
      nested.levels(1, 0, 10_000_000, () => state.deal(deck));
      return { nodes: nested.nodes, calls };
    };
    const plain = nodes(0);
    const counted = nodes(7);
    expect(plain.calls).toBeGreaterThan(1);
    expect(counted.calls).toBe(plain.calls); // the same search, the same playouts
    expect(counted.nodes - plain.nodes).toBe(7 * plain.calls);
  });

  it.each([
    ['constitution', 159, 3, 'the rows its cards have climbed'],
    ['zodiac', 255, 2, 'the cards placed in phase 1, its lines shunning dead ends'],
  ])(
    "scores by the game's progress where it has one: wins %s's deal %i of seed 2026 at levels 1-%i within 300,000 positions (%s), which it does not when scored by the cards on the foundations",
    (id, deal, levels) => {
      const { game, options, state, aid, nested } = nestedFor(id);
      const deck = dealDeck('2026', id, deal);
      const search = (by: NestedSearch) => by.levels(levels, 0, 300_000, () => state.deal(deck));
      const line = search(nested);
      expect(line).toBeDefined();
      expect(checkLine(game.create(options), deck, Int32Array.from(line!))).toBe('');
      const noProgress = { deadEnd: aid!.deadEnd!.bind(aid) }; // the same dead ends, scored by the foundations alone
      const byFoundations = new NestedSearch(state, greedyOrder(game), greedyPlayout(game), true, noProgress);
      expect(search(byFoundations)).toBeUndefined();
      expect(byFoundations.nodes).toBeGreaterThanOrEqual(300_000);
    },
  );

  it("in the solver: wins Cadogan's deal 3103 of seed 2026 at 1,000,000 positions, which the depth-first plan alone leaves unknown", () => {
    const shah = findGame('shah');
    const options = resolveOptions(shah.options, {});
    const deck = dealDeck('2026', 'shah', 3103);
    const [withNested] = escalationSolvers(shah, options, [1_000_000], 2 ** 26);
    const verdict = withNested!.solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(shah.create(options), deck, verdict.line)).toBe('');
    const alone = new Solver(shah.create(options), {
      budget: 1_000_000,
      order: greedyOrder(shah),
      plan: without(defaultPlan(1_000_000, 2 ** 26), 'nested'),
      solving: shah.solving,
    });
    expect(alone.solve(deck).outcome).toBe(Outcome.Unknown);
  });
});

describe('ScoreMemo', () => {
  it('keeps exactly what a Map of the 53-bit keys keeps, through growth, replacement and clear()', () => {
    const memo = new ScoreMemo();
    const map = new Map<number, number>();
    let seed = 7;
    const next = () => {
      // mulberry32: every bit varies (a plain LCG's low bits repeat with short periods)
      let t = (seed = (seed + 0x6d2b79f5) | 0);
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) >>> 0;
    };
    // few distinct parts, so that keys share a part and home slots collide: high below 2^21, low any 32 bits
    const key = (): [number, number] => [next() % 64, next() % 3 === 0 ? 0xffffffff - (next() % 50) : next() % 200];
    let found = 0;
    let most = 0;
    for (let op = 0; op < 200_000; op++) {
      const [high, low] = key();
      const number = high * 2 ** 32 + low;
      if (op % 50_000 === 49_999) {
        memo.clear();
        map.clear();
      }
      if (next() % 2 === 0) {
        const score = next() % 1000;
        memo.set(high, low | 0, score); // as nested.ts gives the low part: an element of the key's Int32Array or Uint32Array
        map.set(number, score);
      } else {
        const s = memo.get(high, low);
        expect(s).toBe(map.get(number) ?? -1);
        if (s >= 0) found++;
      }
      expect(memo.size).toBe(map.size);
      most = Math.max(most, map.size);
    }
    expect(found).toBeGreaterThan(10_000);
    expect(most).toBeGreaterThan(2_000); // grown well past its first 1,024 slots
  });

  it('clear() on a table that never grew forgets every score, and it fills again', () => {
    const memo = new ScoreMemo();
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 500; k++) memo.set(k % 7, k * 977, k);
      expect(memo.size).toBe(500);
      expect(memo.get(3, 3 * 977)).toBe(3);
      memo.clear();
      expect(memo.size).toBe(0);
      for (let k = 0; k < 500; k++) expect(memo.get(k % 7, k * 977)).toBe(-1);
    }
  });
});
