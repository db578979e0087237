// The Zodiac's foundation returns (Z11) on hand-made decks; play ending under them, for the players' stall watch
// and the solver; and PySolFC's deal of its game numbers (Z12, Z10), checked against test/fixtures/pysol-zodiac.json
// (made by PySolFC's own code).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NO_CARD } from '../src/core/card.js';
import { stackedDeck } from '../src/core/deck.js';
import { randomInt, seededRng } from '../src/core/random.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, fromOf, kindOf, makeMove, toOf, type Move } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import { zodiac } from '../src/games/zodiac/index.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { STALL_LIMIT, playOn } from '../src/players/play-on.js';
import { DEFAULT_SETTINGS, STOP, type Player } from '../src/players/player.js';
import { randomPlayer } from '../src/players/random.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';
import { aidOf, cards, dealt, exact, exactCards, findMove, laidAfresh, legal, make, pile, top } from './helpers.js';

const { Play, Marry, Fill, Turn } = MoveKind;

// A deal that places every card (as test/zodiac.test.ts's): per suit the Equator holds A and K, the Zodiac six
// piles 7 8 K T A 4, and the stock's cards extend them one way each, as PLAN says.
const SUITS = 'SHDC';
const EQUATOR = [...SUITS].map((s) => `A${s} K${s}`).join(' ');
const RING = [...SUITS].map((s) => `7${s} 8${s} K${s} T${s} A${s} 4${s}`).join(' ');
const RUNS = ['65432', '9TJQ', 'QJ', '98', '23', '567']; // onto piles 1-6 of the suit
const PLAN: Array<[string, string]> = [...SUITS].flatMap((s, k) =>
  RUNS.flatMap((run, i) => [...run].map((r): [string, string] => [r + s, `zodiac ${6 * k + i + 1}`])),
);
const FULL = `${EQUATOR} ${RING} ${PLAN.map(([c]) => c).join(' ')}`;

/** The deal above, every card placed: phase 2, each spade pile bottom to top 7 6 5 4 3 2, 8 9 T J Q, K Q J, T 9 8,
 * A 2 3, 4 5 6 7 (zodiac 1-6), AS and KS in equator 1 and 2. */
function placed(rules: Record<string, OptionValue> = {}): GameState {
  const state = dealt(zodiac, FULL, rules);
  for (const [, target] of PLAN) {
    make(state, Turn);
    make(state, Marry, 'current card', target);
  }
  expect(state.picture()).toContain('phase 2');
  return state;
}

const has = (state: GameState, kind: number, from?: string, to?: string) =>
  findMove(state, kind, from, to) !== undefined;

const byRules = (state: GameState, kind: number, from: string, to: string) =>
  state.isLegal(makeMove(kind, pile(state, from), pile(state, to)));

describe('The Zodiac: foundation returns (Z11)', () => {
  it('Z11: with returns=free a foundation top comes back into an empty Equator cell or onto a Zodiac top of its suit one apart, and is played again', () => {
    const state = placed({ returns: 'free' });
    make(state, Play, 'equator 1', 'ace pile S'); // AS: equator 1 empty
    expect(has(state, Marry, 'ace pile S', 'equator 1')).toBe(true);
    expect(has(state, Marry, 'ace pile S', 'zodiac 1')).toBe(true); // AS onto 2S
    expect(byRules(state, Marry, 'ace pile S', 'zodiac 5')).toBe(false); // onto 3S: two apart
    expect(byRules(state, Marry, 'ace pile S', 'zodiac 3')).toBe(false); // onto JS
    expect(byRules(state, Marry, 'ace pile S', 'equator 2')).toBe(false); // equator 2 holds KS
    expect(byRules(state, Fill, 'ace pile S', 'equator 1')).toBe(false); // a return is a marriage move: declinable
    const t = state.table;
    const before = t.fingerprint();
    const key = Array.from(t.key());
    make(state, Marry, 'ace pile S', 'zodiac 1');
    expect(cards(state, 'zodiac 1')).toEqual(['7S', '6S', '5S', '4S', '3S', '2S', 'AS']);
    expect(state.foundationCount()).toBe(0);
    expect(Array.from(t.key())).not.toEqual(key);
    expect(has(state, Play, 'zodiac 1', 'ace pile S')).toBe(true); // and it may be played again
    state.undo();
    expect(t.fingerprint()).toBe(before);
    expect(Array.from(t.key())).toEqual(key);
    // into the Equator, and a card under the top comes up: 2S played over AS, then returned onto 3S
    make(state, Play, 'zodiac 1', 'ace pile S');
    expect(top(state, 'zodiac 1')).toBe('3S');
    make(state, Marry, 'ace pile S', 'zodiac 5'); // 2S onto the other 3S
    expect(cards(state, 'ace pile S')).toEqual(['AS']);
    make(state, Marry, 'ace pile S', 'equator 1'); // AS back into its cell
    expect(top(state, 'equator 1')).toBe('AS');
    expect(state.foundationCount()).toBe(0);
    // Z3 still stands: the Zodiac gives only to the foundations
    expect(byRules(state, Marry, 'zodiac 5', 'zodiac 1')).toBe(false);
    make(state, Play, 'equator 1', 'ace pile S');
    expect(byRules(state, Fill, 'zodiac 1', 'equator 1')).toBe(false);
  });

  it('Z11: under the default (returns=none) a card played stays on its foundation', () => {
    const state = placed();
    make(state, Play, 'equator 1', 'ace pile S');
    expect(has(state, Marry, 'ace pile S', 'equator 1')).toBe(false);
    expect(byRules(state, Marry, 'ace pile S', 'equator 1')).toBe(false);
    expect(byRules(state, Marry, 'ace pile S', 'zodiac 1')).toBe(false);
    expect(legal(state).filter((m) => fromOf(m) === pile(state, 'ace pile S'))).toEqual([]);
  });

  it("Z11: random walks through phase 2 with returns keep the shared contract (the conformance suite's walks seldom get there)", () => {
    const rng = seededRng('zodiac-returns-walk');
    for (const rules of [{ returns: 'free' }, { returns: 'free', foundationExchange: 'free' }] as Array<
      Record<string, OptionValue>
    >) {
      const state = placed(rules);
      const space = state.moveSpace();
      const t = state.table;
      const buf = new Int32Array(4096);
      let returns = 0;
      for (let step = 0; step < 300; step++) {
        const moves = Array.from(buf.subarray(0, state.legalMoves(buf)));
        if (moves.length === 0) break;
        expect(new Set(moves).size).toBe(moves.length);
        expect(moves.filter((m) => !state.isLegal(m))).toEqual([]);
        const generated = new Set(moves);
        expect(space.filter((m) => state.isLegal(m) && !generated.has(m))).toEqual([]);
        expect(Array.from(t.key())).toEqual(Array.from(laidAfresh(t).key()));
        const m = moves[randomInt(rng, moves.length)]!;
        if (kindOf(m) === Marry && fromOf(m) < 8) returns++;
        const before = t.fingerprint();
        const key = Array.from(t.key());
        const uncovered = kindOf(m) === Marry || kindOf(m) === Play ? state.uncovers(fromOf(m), 1) : NO_CARD;
        state.apply(m);
        if (uncovered !== NO_CARD) {
          const cards = new Uint8Array(256);
          const piles = new Uint8Array(256);
          expect(Array.from(cards.subarray(0, state.availableCards(cards, piles)))).toContain(uncovered);
        }
        expect(Array.from(t.cardCounts()).every((k) => k === 1)).toBe(true);
        state.undo();
        expect(t.fingerprint()).toBe(before);
        expect(Array.from(t.key())).toEqual(key);
        state.apply(m);
      }
      expect(returns, JSON.stringify(rules)).toBeGreaterThan(10);
    }
  });

  it('Z11: no return in phase 1, where the foundations are empty, and none of a Zodiac card', () => {
    const state = dealt(zodiac, FULL, { returns: 'free' });
    make(state, Turn);
    expect(legal(state).every((m) => fromOf(m) >= pile(state, 'equator 1'))).toBe(true);
  });
});

describe('The Zodiac: play ends under returns (Z11)', () => {
  const buffer = new Int32Array(4096);

  it('a player that plays 2S and takes it back onto either 3S, round a cycle of four moves, is stopped by the stall watch', () => {
    const state = placed({ returns: 'free' });
    make(state, Play, 'equator 1', 'ace pile S');
    const ace = pile(state, 'ace pile S');
    const z1 = pile(state, 'zodiac 1');
    const z5 = pile(state, 'zodiac 5');
    let onto = z5;
    const looping: Player = {
      reset: () => {},
      choose: (s, moves, n) => {
        const all = Array.from(moves.subarray(0, n));
        const play = all.find((m) => kindOf(m) === Play && toOf(m) === ace && (fromOf(m) === z1 || fromOf(m) === z5));
        if (play !== undefined && s.table.size(ace) === 1) return play;
        const back = all.find((m) => kindOf(m) === Marry && fromOf(m) === ace && toOf(m) === onto);
        if (back === undefined) return STOP;
        onto = onto === z5 ? z1 : z5;
        return back;
      },
    };
    const result = playOn(state, looping, buffer);
    expect(result.stalled).toBe(true);
    expect(result.moves).toBeLessThanOrEqual(STALL_LIMIT + 20);
  });

  it('a player that plays 2S, returns it into the Equator and marries it back, a cycle of three the looks do not divide, is stopped', () => {
    const state = placed({ returns: 'free' });
    make(state, Play, 'equator 1', 'ace pile S'); // equator 1 empty
    const ace = pile(state, 'ace pile S');
    const e1 = pile(state, 'equator 1');
    const z1 = pile(state, 'zodiac 1');
    const counts = new Set<number>();
    const looping: Player = {
      reset: () => {},
      choose: (s, moves, n) => {
        counts.add(s.foundationCount());
        const all = Array.from(moves.subarray(0, n));
        const pick = (kind: number, from: number, to: number) =>
          all.find((m) => kindOf(m) === kind && fromOf(m) === from && toOf(m) === to);
        if (s.table.size(ace) === 1) return pick(Play, z1, ace) ?? pick(Marry, e1, z1) ?? STOP;
        return pick(Marry, ace, e1) ?? STOP; // 2S back into the empty cell
      },
    };
    const result = playOn(state, looping, buffer);
    expect(counts).toEqual(new Set([1, 2])); // the count at a look every 10 moves changes for ever
    expect(result.stalled).toBe(true);
    expect(result.moves).toBeLessThanOrEqual(STALL_LIMIT + 20);
  });

  it('random and greedy play deals to their end under reading=pysol, greedy making no return', () => {
    const options = resolveOptions(zodiac.options, { reading: 'pysol' });
    for (const spec of [randomPlayer, greedyPlayer]) {
      const player = spec.create(zodiac, DEFAULT_SETTINGS);
      for (let i = 0; i < 8; i++) {
        const made: Move[] = [];
        const state = zodiac.create(options);
        const result = playDeal(
          state,
          player,
          dealDeck('ends', 'zodiac', i),
          () => playerRng('ends', 'zodiac', i),
          buffer,
          (m) => made.push(m),
        );
        expect(result.moves).toBeGreaterThan(0);
        const returns = made.filter((m) => kindOf(m) === Marry && fromOf(m) < 8);
        if (spec === greedyPlayer) expect(returns).toEqual([]);
      }
    }
  });
});

describe('The Zodiac: the solver under returns (Z11)', () => {
  it('Z11: a spade deal lost without returns is won with them, by a line using returns that passes checkLine', () => {
    // From the deal above, every card placed: AS, 2S, 3S to the ace pile and KS, QS, JS to the king pile. The ace
    // pile wants a 4 (one under the 3 of zodiac 1, one at the bottom of zodiac 6), the king pile a ten (under the
    // jack of zodiac 2, at the bottom of zodiac 4), and no other spade is a top: without the exchange the suit is
    // lost. Returning the 3 onto the 2 of zodiac 5 and the jack onto the queen of zodiac 3 frees both.
    const plays: Array<[string, string]> = [
      ['equator 1', 'ace pile S'],
      ['zodiac 1', 'ace pile S'],
      ['zodiac 5', 'ace pile S'],
      ['equator 2', 'king pile S'],
      ['zodiac 2', 'king pile S'],
      ['zodiac 3', 'king pile S'],
    ];
    const verdicts: Record<string, number> = {};
    for (const returns of ['none', 'free']) {
      const rules = { returns };
      const state = dealt(zodiac, FULL, rules);
      const line: Move[] = [];
      const step = (kind: number, from?: string, to?: string) => {
        const m = findMove(state, kind, from, to)!;
        line.push(m);
        state.apply(m);
      };
      for (const [, target] of PLAN) {
        step(Turn);
        step(Marry, 'current card', target);
      }
      for (const [from, to] of plays) step(Play, from, to);
      expect(cards(state, 'ace pile S')).toEqual(['AS', '2S', '3S']);
      // suit-unwinnable proves the spades lost without returns; with them it is left out (solver.ts)
      const unwinnable = zodiac.solving!.deadEndRules!.indexOf('suit-unwinnable') + 1;
      expect(aidOf(zodiac, state).deadEnd!()).toBe(returns === 'none' ? unwinnable : 0);
      const verdict = new Solver(state, {
        budget: 200_000,
        order: greedyOrder(zodiac),
        solving: zodiac.solving,
      }).solveHere();
      verdicts[returns] = verdict.outcome;
      if (verdict.outcome !== Outcome.Solved) continue;
      const back = Array.from(verdict.line).filter((m) => kindOf(m) === Marry && fromOf(m) < 8);
      expect(back.length).toBeGreaterThan(0);
      const options = resolveOptions(zodiac.options, rules);
      expect(checkLine(zodiac.create(options), stackedDeck(FULL), [...line, ...verdict.line])).toBe('');
    }
    expect(verdicts).toEqual({ none: Outcome.Unsolvable, free: Outcome.Solved });
  });

  it('its wins on dealt decks pass checkLine under returns=free and reading=pysol; a loss it proves, the plain search does not win', () => {
    for (const rules of [{ returns: 'free' }, { reading: 'pysol' }] as Array<Record<string, OptionValue>>) {
      const options = resolveOptions(zodiac.options, rules);
      let solved = 0;
      for (let deal = 0; deal < 5; deal++) {
        const deck = dealDeck('zodiac-returns', 'zodiac', deal);
        const solve = (aided: boolean) =>
          new Solver(zodiac.create(options), {
            budget: 30_000,
            order: greedyOrder(zodiac),
            solving: aided ? zodiac.solving : undefined,
          }).solve(deck);
        const verdict = solve(true);
        if (verdict.outcome === Outcome.Solved) {
          solved++;
          expect(checkLine(zodiac.create(options), deck, verdict.line), `deal ${deal}`).toBe('');
        }
        if (verdict.outcome === Outcome.Unsolvable)
          expect(solve(false).outcome, `deal ${deal}`).not.toBe(Outcome.Solved);
      }
      expect(solved, JSON.stringify(rules)).toBeGreaterThan(0);
    }
  });
});

interface ZodiacFixture {
  readonly pysolfc_commit: string;
  readonly deals: ReadonlyArray<{
    number: string;
    equator: string;
    top_row: string;
    bottom_row: string;
    waste: string;
    stock: string;
  }>;
}
const FIXTURE = JSON.parse(
  readFileSync(new URL('./fixtures/pysol-zodiac.json', import.meta.url), 'utf8'),
) as ZodiacFixture;

/** Our Zodiac piles under PySolFC's top row and bottom row, left to right, as the picture draws the ring (Z12). */
const UNDER_TOP_ROW = [23, 24, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const UNDER_BOTTOM_ROW = [22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11];

/** The deck --pysol deals for PySolFC's game number `number` (sim/deals.ts's seeds). */
function pysolDeckOf(number: string) {
  const ms = number.startsWith('ms');
  const n = BigInt(ms ? number.slice(2) : number);
  return n < 2n ** 53n
    ? dealDeck(ms ? 'pysol-ms' : 'pysol', 'zodiac', Number(n))
    : dealDeck(`pysol-${n - 10n}`, 'zodiac', 10);
}

describe("The Zodiac: PySolFC's deal of its game numbers (Z10, Z12)", () => {
  it('names the PySolFC commit the expected layouts came from', () => {
    expect(FIXTURE.pysolfc_commit).toBe('7a3d146a1ec1b36f18801fd8460340c3cc4853b9');
    expect(FIXTURE.deals.map((d) => d.number)).toEqual(['1', '123', 'ms123456', '123456', '12345678901234567890']);
  });

  it("--pysol's deck under reading=pysol lays PySolFC's Equator and rows where its screen shows them, turns its first waste card, and leaves its talon", () => {
    for (const d of FIXTURE.deals) {
      const state = zodiac.create(resolveOptions(zodiac.options, { reading: 'pysol' }));
      state.deal(pysolDeckOf(d.number));
      expect(Array.from({ length: 8 }, (_, i) => exactCards(state, `equator ${i + 1}`)).join(' '), d.number).toBe(
        d.equator,
      );
      const row = (under: number[]) => under.map((z) => exactCards(state, `zodiac ${z}`)).join(' ');
      expect(row(UNDER_TOP_ROW), d.number).toBe(d.top_row);
      expect(row(UNDER_BOTTOM_ROW), d.number).toBe(d.bottom_row);
      make(state, Turn); // PySolFC's deal turns this card itself
      expect(exactCards(state, 'talon'), d.number).toBe(d.waste);
      const t = state.table;
      const stock = pile(state, 'stock');
      const left = Array.from({ length: t.size(stock) }, (_, i) => exact(t.below(stock, i))).join(' ');
      expect(left, d.number).toBe(d.stock);
    }
  });

  it("Z12: dealOrder=rows lays the 24 Zodiac cards in PySolFC's places: its top row along the ring's upper half, its bottom row along the lower half", () => {
    const rows = dealt(zodiac, FULL, { dealOrder: 'rows' });
    const ring = RING.split(' '); // 7S 8S KS TS AS 4S 7H ...: PySolFC deals them column by column, top then bottom
    expect(top(rows, 'zodiac 23')).toBe(ring[0]); // column 1, top
    expect(top(rows, 'zodiac 22')).toBe(ring[1]); // column 1, bottom
    expect(top(rows, 'zodiac 24')).toBe(ring[2]); // column 2, top
    expect(top(rows, 'zodiac 21')).toBe(ring[3]);
    expect(top(rows, 'zodiac 1')).toBe(ring[4]); // column 3, top: the ring's top left
    expect(top(rows, 'zodiac 20')).toBe(ring[5]); // column 3, bottom: the ring's bottom left
    expect(top(rows, 'zodiac 10')).toBe(ring[22]); // column 12, top
    expect(top(rows, 'zodiac 11')).toBe(ring[23]); // column 12, bottom
    const all = Array.from({ length: 24 }, (_, z) => top(rows, `zodiac ${z + 1}`));
    expect([...all].sort()).toEqual([...ring].sort());
    expect(cards(rows, 'equator 1')).toEqual(['AS']); // the Equator and the stock as before
    expect(cards(rows, 'stock')).toEqual(cards(dealt(zodiac, FULL), 'stock'));
    const clockwise = dealt(zodiac, FULL);
    expect(Array.from({ length: 24 }, (_, z) => top(clockwise, `zodiac ${z + 1}`))).toEqual(ring);
  });

  it('Z12: dealOrder=ring (the default) deals the same 24 cards clockwise, in the order PySolFC deals its rows', () => {
    const d = FIXTURE.deals[0]!;
    const state = zodiac.create(resolveOptions(zodiac.options, { reading: 'pysol', dealOrder: 'ring' }));
    state.deal(pysolDeckOf(d.number));
    const top = d.top_row.split(' ');
    const bottom = d.bottom_row.split(' ');
    const dealtOrder = top.flatMap((c, i) => [c, bottom[i]!]); // column by column, top then bottom
    expect(Array.from({ length: 24 }, (_, z) => exactCards(state, `zodiac ${z + 1}`))).toEqual(dealtOrder);
  });
});
