// PySolFC's game numbers dealt as ours (core/pysol-random.ts, core/pysol-deal.ts, the Sultan's hook), against
// deck strings from a run of PySolFC's own code outside the project (test/fixtures/pysol-deals.json names the
// commits of PySolFC and pysol_cards read): both generators, "ms" numbers, the edges.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeExactDeck, parseDeck } from '../src/core/deck.js';
import { pysolDeck } from '../src/core/pysol-deal.js';
import { dealtByLcg, makePysolNumber, parsePysolNumber } from '../src/core/pysol-random.js';
import { sultanHook } from '../src/games/sultan/pysol.js';
import { sultan } from '../src/games/sultan/index.js';
import { resolveOptions } from '../src/core/options.js';
import { dealDeck, dealFlags, dealName, parsePysolDeals, pysolNumberOf } from '../src/sim/deals.js';
import { MoveKind, fromOf, kindOf, toOf } from '../src/core/move.js';
import { escalate, escalationSolvers } from '../src/sim/solve-batch.js';
import { solverSettings } from '../src/sim/run-options.js';
import { Outcome } from '../src/solve/solver.js';
import { cards, top } from './helpers.js';

interface Fixture {
  readonly pysolfc_commit: string;
  readonly pysol_cards_commit: string;
  readonly deals: ReadonlyArray<{ number: string; generator: 'lcg' | 'twister'; shuffled: string; sultan: string }>;
}
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/pysol-deals.json', import.meta.url), 'utf8')) as Fixture;

describe("PySolFC's deals", () => {
  it('names the commits of PySolFC and pysol_cards the expected values came from', () => {
    expect(FIXTURE.pysolfc_commit).toMatch(/^[0-9a-f]{40}$/);
    expect(FIXTURE.pysol_cards_commit).toMatch(/^[0-9a-f]{40}$/);
    expect(FIXTURE.deals.map((d) => d.generator)).toContain('lcg');
    expect(FIXTURE.deals.map((d) => d.generator)).toContain('twister');
  });

  it.each(FIXTURE.deals.map((d) => [d.number, d] as const))(
    'game %s: the generator, the shuffle and the Sultan hook as PySolFC deals them',
    (_n, d) => {
      const p = parsePysolNumber(d.number);
      expect(dealtByLcg(p)).toBe(d.generator === 'lcg');
      expect(makePysolNumber(p)).toBe(d.number);
      expect(makeExactDeck(pysolDeck(p))).toBe(d.shuffled);
      expect(makeExactDeck(pysolDeck(p, sultanHook))).toBe(d.sultan);
    },
  );

  it('the edges: 1 and 31999 by the LCG, 32000 by the Twister, ms32000 by the LCG, numbers past 2^53 exactly', () => {
    const by = (n: string) => FIXTURE.deals.find((d) => d.number === n)!;
    expect(by('1').generator).toBe('lcg');
    expect(by('31999').generator).toBe('lcg');
    expect(by('32000').generator).toBe('twister');
    expect(by('ms32000').generator).toBe('lcg');
    expect(by('ms32000').shuffled).not.toBe(by('32000').shuffled);
    expect(by('ms1').shuffled).toBe(by('1').shuffled);
    // 2^53 + 1 is not a double: read as one it would be 2^53, another deal
    expect(makeExactDeck(pysolDeck(parsePysolNumber('9007199254740992')))).not.toBe(by('9007199254740993').shuffled);
  });

  it('refuses numbers PySolFC refuses, in one line each', () => {
    for (const bad of ['0', 'ms0', '100000000000000000001', 'ms8589934592', '12a', '-5', 'MS12', ''])
      expect(() => parsePysolNumber(bad)).toThrow(/PySolFC game number/);
    expect(parsePysolNumber('#123456')).toEqual({ n: 123456n, ms: false });
  });

  it('a range of game numbers is a seed, a first deal index and a count, and its deals name the numbers again', () => {
    expect(parsePysolDeals('1..2000')).toEqual({ seed: 'pysol', first: 1, deals: 2000 });
    expect(parsePysolDeals('123456')).toEqual({ seed: 'pysol', first: 123456, deals: 1 });
    expect(parsePysolDeals('ms5..ms9')).toEqual({ seed: 'pysol-ms', first: 5, deals: 5 });
    expect(parsePysolDeals('12345678901234567890')).toEqual({ seed: 'pysol-12345678901234567890', first: 0, deals: 1 });
    for (const bad of ['5..4', 'ms5..9', '1..2..3', '0..4'])
      expect(() => parsePysolDeals(bad)).toThrow(/--pysol|PySolFC game number/);
    expect(pysolNumberOf('pysol-12345678901234567890', 9)).toEqual({ n: 12345678901234567899n, ms: false });
    expect(pysolNumberOf('2026', 9)).toBeUndefined();
    expect(dealName('pysol', 123456)).toBe("PySolFC's game #123456");
    expect(dealName('pysol-ms', 7)).toBe("PySolFC's game ms7");
    expect(dealFlags('pysol-12345678901234567890', 0)).toBe('--pysol 12345678901234567890');
    expect(dealFlags('2026', 3)).toBe('--seed 2026 --deal 3');
  });

  it("deal i of seed pysol is PySolFC's game #i, with the game's hook", () => {
    for (const d of FIXTURE.deals.filter((x) => !x.number.startsWith('ms') && BigInt(x.number) < 2n ** 53n)) {
      expect(makeExactDeck(dealDeck('pysol', 'sultan', Number(d.number)))).toBe(d.sultan);
    }
    const big = FIXTURE.deals.find((d) => d.number === '12345678901234567890')!;
    expect(makeExactDeck(dealDeck('pysol-12345678901234567880', 'sultan', 10))).toBe(big.sultan);
    expect(makeExactDeck(dealDeck('pysol-ms', 'sultan', 123456))).toBe(
      FIXTURE.deals.find((d) => d.number === 'ms123456')!.sultan,
    );
    expect(() => dealDeck('pysol', 'shah', 1)).toThrow(/PySolFC has no game like The Shah/);
  });

  it("our Sultan lays PySolFC's bases from its deal, its ace of hearts of the first pack, and its reserves from the next cards", () => {
    const d = FIXTURE.deals.find((x) => x.number === '123456')!;
    const deck = parseDeck(d.sultan);
    const state = sultan.create(resolveOptions(sultan.options, { reading: 'pysol' }));
    state.deal(deck);
    expect(state.table.at(state.pileNames.indexOf('ace of hearts'), 0)).toBe(deck[8]);
    expect(deck[8]! < 52).toBe(true); // copy 0: the first pack's
    expect(cards(state, 'the Sultan')).toEqual(['KH']);
    const codes = d.sultan.split(' ').map((c) => c.replace('*', ''));
    expect([1, 2, 3, 4, 5, 6].map((i) => top(state, `divan ${i}`))).toEqual(codes.slice(9, 15));
  });
});

describe("the solver's lines under reading=pysol keep PySolFC's rules", () => {
  // PySolFC's Sultan (pysollib/games/sultan.py, pysollib/stack.py): a card moves only from a reserve or the waste
  // top (OpenStack max_move=1; the foundations' max_move=0), to a foundation that takes it or to an empty reserve
  // (ReserveStack, one card); the talon deals one card to the waste (WasteTalonStack, num_deal=1); an empty talon
  // takes the waste turned over, unshuffled, twice at most (max_rounds=3). Our line must make only such moves.
  it.each(['123456', '31999', '12345678901234567890'])('game %s', (n) => {
    const options = resolveOptions(sultan.options, { reading: 'pysol' });
    const deck = pysolDeck(parsePysolNumber(n), sultanHook);
    const { verdict } = escalate(
      escalationSolvers(
        sultan,
        options,
        [100_000],
        solverSettings({ nodes: [100_000], memoryMib: 64 }, 1, 2 ** 34).tableBytes,
      ),
      deck,
    );
    expect(verdict.outcome).toBe(Outcome.Solved);
    const state = sultan.create(options);
    state.deal(deck);
    const named = (p: number) => state.pileNames[p]!;
    let redeals = 0;
    for (const m of verdict.line) {
      const from = named(fromOf(m));
      const to = named(toOf(m));
      expect(from === 'current card' || to === 'current card', 'no card is ever held beside the waste').toBe(false);
      switch (kindOf(m)) {
        case MoveKind.Play:
          expect(from === 'talon' || from.startsWith('divan ')).toBe(true);
          break;
        case MoveKind.Fill:
          expect(from).toBe('talon');
          expect(state.table.size(toOf(m))).toBe(0);
          break;
        case MoveKind.Turn:
          expect([from, to]).toEqual(['stock', 'talon']);
          break;
        case MoveKind.Redeal: {
          redeals++;
          const talon = Array.from({ length: state.table.size(fromOf(m)) }, (_, i) => state.table.at(fromOf(m), i));
          state.apply(m);
          // turned over as it lies: the card laid on the waste first is dealt first
          expect(Array.from({ length: talon.length }, (_, i) => state.table.at(toOf(m), talon.length - 1 - i))).toEqual(
            talon,
          );
          continue;
        }
        default:
          throw new Error(`a move PySolFC has no counterpart for: ${m}`);
      }
      state.apply(m);
    }
    expect(redeals).toBeLessThanOrEqual(2);
    expect(state.isWon()).toBe(true);
  });
});
