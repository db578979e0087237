// Napoleon's Square's options for PySolFC's game (N9-N13 of the rules card), each on a hand-made deck; PySolFC's
// deal of its game numbers, checked against test/fixtures/pysol-napoleon.json (made by PySolFC's own code); and
// play ending under foundation returns.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../src/core/deck.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import { napoleonsSquare } from '../src/games/napoleons-square/index.js';
import { STOP, allOptional, firstCompulsory, type Player } from '../src/players/player.js';
import { STALL_LIMIT } from '../src/players/play-on.js';
import { randomPlayer } from '../src/players/random.js';
import { greedyFor, greedyPlayer } from '../src/players/greedy.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { cards, dealt, exact, exactCards, findMove, legal, make, pile, top, NAPOLEON_SQUARE } from './helpers.js';
import { stackedDeck as deckOf } from '../src/core/deck.js';

const { Play, Marry, Fill, Turn } = MoveKind;

const BASE = NAPOLEON_SQUARE;

/** The base square with some packets (numbered from 1) replaced, each bottom first. */
function squareOf(packets: Record<number, string>): string[] {
  return BASE.map((p, i) => packets[i + 1] ?? p);
}

/** The deck that deals `square` packet by packet (dealOrder=packets), then `next`. */
function byPackets(square: string[], next = ''): string {
  return `${square.join(' ')} ${next}`;
}

/** The deck that deals `square` row by row (dealOrder=rows): the bottom card of each packet first, then `next`. */
function byRows(square: string[], next = ''): string {
  const rows = [0, 1, 2, 3].map((j) => square.map((p) => p.split(' ')[j]).join(' '));
  return `${rows.join(' ')} ${next}`;
}

function game(packets: Record<number, string>, next: string, rules: Record<string, OptionValue>): GameState {
  return dealt(napoleonsSquare, byPackets(squareOf(packets), next), rules);
}

function packets(state: GameState): string[] {
  return Array.from({ length: 12 }, (_, i) => cards(state, `packet ${i + 1}`).join(' '));
}

const has = (state: GameState, kind: number, from?: string, to?: string, count = 1) =>
  findMove(state, kind, from, to, count) !== undefined;

const byRules = (state: GameState, kind: number, from: string, to: string, count = 1) =>
  state.isLegal(makeMove(kind, pile(state, from), pile(state, to), count));

describe("Napoleon's Square: PySolFC's rules as options", () => {
  it('N9: dealOrder=rows deals a card to each packet in turn, four rows of twelve; the stock follows the square', () => {
    const square = squareOf({});
    const deck = byRows(square, '8H 2H');
    expect(packets(dealt(napoleonsSquare, deck, { dealOrder: 'rows' }))).toEqual(square);
    // the same deck dealt packet by packet: packet 1 is the first four cards, the bottoms of packets 1-4
    const consecutive = dealt(napoleonsSquare, deck, {});
    expect(cards(consecutive, 'packet 1')).toEqual(['4S', '4H', '4D', '4C']);
    const rows = dealt(napoleonsSquare, deck, { dealOrder: 'rows' });
    make(rows, Turn);
    expect(top(rows, 'current card')).toBe('8H'); // the 49th card is turned first
    // with single cards the two orders are one
    const singles = (dealOrder: string) => packets(dealt(napoleonsSquare, deck, { layout: 'singles', dealOrder }));
    expect(singles('rows')).toEqual(singles('packets'));
  });

  it('N10: with turnedCard=talon the turned card lies on the talon at once, and the card under it waits', () => {
    const held = game({}, '8H 2H', {});
    make(held, Turn);
    make(held, Turn); // 8H to the talon, 2H held
    expect(has(held, Marry, 'talon', 'packet 2')).toBe(true); // 8H onto 9H, beside the current card
    const talon = game({}, '8H 2H', { turnedCard: 'talon' });
    const turn = findMove(talon, Turn)!;
    expect(reveals(turn)).toBe(true);
    expect(toOf(turn)).toBe(pile(talon, 'talon'));
    talon.apply(turn);
    expect(cards(talon, 'talon')).toEqual(['8H']);
    expect(cards(talon, 'current card')).toEqual([]);
    expect(has(talon, Marry, 'talon', 'packet 2')).toBe(true); // 8H onto 9H
    make(talon, Turn);
    expect(cards(talon, 'talon')).toEqual(['8H', '2H']);
    expect(has(talon, Marry, 'talon', 'packet 2')).toBe(false); // 8H lies under 2H
    expect(byRules(talon, Turn, 'stock', 'current card')).toBe(false); // nothing is held
    while (has(talon, Turn)) make(talon, Turn);
    expect(talon.table.size(pile(talon, 'talon'))).toBe(56); // with the stock out no turn is left
  });

  it("N11: with spaces=any a space takes a packet's top card, or with groupMoves its run, never the whole packet, by a marriage", () => {
    const packets1 = { 1: 'AS AS AH AH', 12: '9C 8C 7C 6C' };
    for (const rules of [{}, { spaces: 'any' }, { spaces: 'any', groupMoves: true }] as Array<
      Record<string, OptionValue>
    >) {
      const state = game(packets1, '7D', rules);
      for (let i = 0; i < 4; i++) make(state, Play, 'packet 1');
      const any = rules.spaces === 'any';
      const runs = 'groupMoves' in rules;
      const fill = any ? Marry : Fill; // N11: with spaces=any a fill is a marriage into the space
      expect(has(state, Marry, 'packet 12', 'packet 1')).toBe(any); // 6C alone
      expect(byRules(state, Marry, 'packet 12', 'packet 1')).toBe(any);
      expect(has(state, Marry, 'packet 12', 'packet 1', 3)).toBe(runs); // 8C 7C 6C
      expect(byRules(state, Marry, 'packet 12', 'packet 1', 3)).toBe(runs);
      expect(byRules(state, Marry, 'packet 12', 'packet 1', 4)).toBe(false); // the whole packet: places exchanged
      expect(byRules(state, Marry, 'packet 11', 'packet 1', 2)).toBe(false); // 5H 6D is no run
      expect(has(state, fill, 'spades 1', 'packet 1')).toBe(false); // a foundation's top only with returns (N12)
      make(state, Turn);
      expect(has(state, fill, 'current card', 'packet 1')).toBe(true); // N2 still holds
      // no move is of both kinds: a fill under spaces=outside, a marriage under spaces=any
      expect(byRules(state, any ? Fill : Marry, 'current card', 'packet 1')).toBe(false);
      expect(legal(state).filter((m) => kindOf(m) === Fill).length > 0).toBe(!any);
      if (runs) {
        make(state, Marry, 'packet 12', 'packet 1', 3);
        expect(cards(state, 'packet 1')).toEqual(['8C', '7C', '6C']);
        expect(cards(state, 'packet 12')).toEqual(['9C']);
        expect(has(state, Marry, 'packet 1', 'packet 12', 3)).toBe(true); // the run goes back, a unit again
      }
    }
  });

  it('N12: with returns=free a foundation top comes back onto a packet top of its suit one higher, or into a space', () => {
    for (const returns of ['none', 'free']) {
      const state = game({ 1: '4S 5H 2S AS', 2: '2H AH AH AS' }, '', { returns, spaces: 'any' });
      make(state, Play, 'packet 1'); // AS to spades 1: packet 1 shows 2S
      const free = returns === 'free';
      expect(has(state, Marry, 'spades 1', 'packet 1')).toBe(free);
      expect(byRules(state, Marry, 'spades 1', 'packet 1')).toBe(free);
      expect(byRules(state, Marry, 'spades 1', 'packet 2')).toBe(false); // onto AS: not one higher
      if (!free) continue;
      make(state, Play, 'packet 2'); // the other AS, to spades 2: two foundations showing the same top
      expect(has(state, Marry, 'spades 1', 'packet 1')).toBe(true);
      expect(byRules(state, Marry, 'spades 2', 'packet 1')).toBe(false); // engine note: the first of the pair
      make(state, Marry, 'spades 1', 'packet 1');
      expect(cards(state, 'packet 1')).toEqual(['4S', '5H', '2S', 'AS']);
      expect(state.foundationCount()).toBe(1);
      expect(has(state, Play, 'packet 1', 'spades 1')).toBe(true); // and it may be played again
      // into a space: packet 2 emptied onto the hearts
      make(state, Play, 'packet 2');
      make(state, Play, 'packet 2');
      make(state, Play, 'packet 2'); // 2H onto hearts 1
      expect(cards(state, 'packet 2')).toEqual([]);
      expect(has(state, Marry, 'hearts 1', 'packet 2')).toBe(true); // 2H, a marriage into the space (N11)
      expect(has(state, Marry, 'hearts 2', 'packet 2')).toBe(true); // AH
      expect(has(state, Fill, 'hearts 1', 'packet 2')).toBe(false);
      make(state, Marry, 'hearts 1', 'packet 2');
      expect(cards(state, 'packet 2')).toEqual(['2H']);
      expect(has(state, Marry, 'hearts 1', 'packet 2')).toBe(true); // an AH onto it, from the first of the pair
      expect(byRules(state, Marry, 'hearts 2', 'packet 2')).toBe(false);
    }
    // with spaces=outside a space takes no foundation card
    const outside = game({ 2: '2H AH AH AS' }, '', { returns: 'free' });
    for (let i = 0; i < 4; i++) make(outside, Play, 'packet 2');
    expect(byRules(outside, Fill, 'hearts 1', 'packet 2')).toBe(false);
    expect(legal(outside).filter((m) => kindOf(m) === Fill)).toEqual([]);
  });

  it('N13: reading=pysol sets the deal by rows, the one-card waste, runs, free fills, returns and no kings remedy; an option set by hand wins', () => {
    expect(resolveOptions(napoleonsSquare.options, { reading: 'pysol' })).toEqual({
      layout: 'packets',
      groupMoves: true,
      kingsRemedy: 'none',
      dealOrder: 'rows',
      turnedCard: 'talon',
      spaces: 'any',
      returns: 'free',
      reading: 'pysol',
    });
    expect(resolveOptions(napoleonsSquare.options, { reading: 'pysol', returns: 'none' })['returns']).toBe('none');
    expect(resolveOptions(napoleonsSquare.options, {})).toMatchObject({
      dealOrder: 'packets',
      turnedCard: 'held',
      spaces: 'outside',
      returns: 'none',
      groupMoves: false,
      kingsRemedy: 'slipUnder',
    });
    // both kings of hearts over lower hearts: reading=pysol leaves them (kingsRemedy=none)
    const blocked = squareOf({ 1: '5H 7D KH 9S', 2: '4H 5D KH 9H' });
    expect(packets(dealt(napoleonsSquare, byRows(blocked), { reading: 'pysol' }))).toEqual(blocked);
  });
});

interface NapoleonFixture {
  readonly pysolfc_commit: string;
  readonly deals: ReadonlyArray<{ number: string; rows: string[]; waste: string; stock: string }>;
}
const FIXTURE = JSON.parse(
  readFileSync(new URL('./fixtures/pysol-napoleon.json', import.meta.url), 'utf8'),
) as NapoleonFixture;

describe("Napoleon's Square: PySolFC's deal of its game numbers (N9, N10, N13)", () => {
  it('names the PySolFC commit the expected layouts came from', () => {
    expect(FIXTURE.pysolfc_commit).toBe('7a3d146a1ec1b36f18801fd8460340c3cc4853b9');
    expect(FIXTURE.deals.length).toBeGreaterThan(3);
  });

  it("--pysol's deck under reading=pysol lays PySolFC's rows, turns its first waste card, and leaves its talon", () => {
    for (const d of FIXTURE.deals) {
      const ms = d.number.startsWith('ms');
      const n = BigInt(ms ? d.number.slice(2) : d.number);
      const deck =
        n < 2n ** 53n
          ? dealDeck(ms ? 'pysol-ms' : 'pysol', 'napoleons-square', Number(n))
          : dealDeck(`pysol-${n - 10n}`, 'napoleons-square', 10);
      const state = napoleonsSquare.create(resolveOptions(napoleonsSquare.options, { reading: 'pysol' }));
      state.deal(deck);
      expect(
        Array.from({ length: 12 }, (_, i) => exactCards(state, `packet ${i + 1}`)),
        d.number,
      ).toEqual(d.rows);
      make(state, Turn); // PySolFC's deal turns this card itself
      expect(exactCards(state, 'talon'), d.number).toBe(d.waste);
      const t = state.table;
      const stock = pile(state, 'stock');
      const left = Array.from({ length: t.size(stock) }, (_, i) => exact(t.below(stock, i))).join(' ');
      expect(left, d.number).toBe(d.stock);
    }
  });
});

describe("Napoleon's Square: play ends under returns (N12)", () => {
  const buffer = new Int32Array(4096);

  it('a player that plays a card and takes it back round a cycle of three moves is stopped by the stall watch', () => {
    // packet 1 shows AS over 2S, packet 2 shows 2S: play AS, return it onto packet 2, marry it back onto packet 1
    const deck = byPackets(squareOf({ 1: '4S 5H 2S AS', 2: '4H 5D 7C 2S', 9: '3H JH 2D 6S' }));
    const looping: Player = {
      reset: () => {},
      choose: (state, moves, n) => {
        const p1 = pile(state, 'packet 1');
        const p2 = pile(state, 'packet 2');
        const all = Array.from(moves.subarray(0, n));
        return (
          all.find((m) => kindOf(m) === Play && fromOf(m) === p1 && state.foundationCount() === 0) ??
          all.find((m) => kindOf(m) === Marry && fromOf(m) < 8 && toOf(m) === p2) ??
          all.find((m) => kindOf(m) === Marry && fromOf(m) === p2 && toOf(m) === p1) ??
          STOP
        );
      },
    };
    const state = napoleonsSquare.create(resolveOptions(napoleonsSquare.options, { returns: 'free' }));
    const result = playDeal(state, looping, stackedDeck(deck), () => playerRng('t', 'napoleons-square', 0), buffer);
    expect(result.stalled).toBe(true);
    expect(result.moves).toBeLessThanOrEqual(STALL_LIMIT + 20);
  });

  it('random and greedy play deals to their end under reading=pysol', () => {
    const options = resolveOptions(napoleonsSquare.options, { reading: 'pysol' });
    for (const spec of [randomPlayer, greedyPlayer]) {
      const player = spec.create(napoleonsSquare, DEFAULT_SETTINGS);
      for (let i = 0; i < 20; i++) {
        const result = playDeal(
          napoleonsSquare.create(options),
          player,
          dealDeck('ends', 'napoleons-square', i),
          () => playerRng('ends', 'napoleons-square', i),
          buffer,
        );
        expect(result.moves).toBeGreaterThan(0);
      }
    }
  });
});

describe("Napoleon's Square: a fill under spaces=any is the player's choice (N11)", () => {
  const buffer = new Int32Array(4096);
  // PySolFC's deal by rows: the stock A..7 in foundation order, so that each card turned plays at once; packet 1
  // JS TS 9S 8S plays away after the sevens; the other tops are kings and jacks, with no eight beneath them, so
  // that with the stock out nothing plays or marries and packet 1 is a space.
  const square = [
    'JS TS 9S 8S',
    '8S QS 9H KS',
    '8H QS 9H KS',
    '8H TS 9D KH',
    '8D JS 9D KH',
    '8D 9S TH KD',
    '8C QH TH KD',
    '8C QH TD KC',
    'QD 9C TC KC',
    'QD TC 9C JH',
    'QC JH TD JD',
    'QC JD JC JC',
  ];
  const stock = [...'A234567'].flatMap((r) => [0, 1].flatMap(() => [...'SHDC'].map((s) => r + s)));
  const deck = byRows(square, stock.join(' '));
  const options = resolveOptions(napoleonsSquare.options, { reading: 'pysol' });

  /** The position of `deck` under reading=pysol once the stock is out and packet 1 is played away. */
  function spaceWithStockOut(deck: string): GameState {
    const state = napoleonsSquare.create(options);
    state.deal(deckOf(deck));
    while (has(state, Turn)) {
      make(state, Turn);
      make(state, Play, 'talon');
    }
    for (let i = 0; i < 4; i++) make(state, Play, 'packet 1'); // 8S 9S TS JS onto spades 1
    expect(cards(state, 'packet 1')).toEqual([]);
    expect(state.table.size(pile(state, 'stock')) + state.table.size(pile(state, 'talon'))).toBe(0);
    return state;
  }

  it('N11: with the stock out and a space empty every move may be declined, so the player may stop', () => {
    const state = spaceWithStockOut(deck);
    const n = state.legalMoves(buffer);
    const moves: Move[] = Array.from(buffer.subarray(0, n));
    // the space may take a packet's top or a foundation's top (N12), each a marriage into it
    expect(moves.every((m) => kindOf(m) === Marry && toOf(m) === pile(state, 'packet 1'))).toBe(true);
    expect(has(state, Marry, 'packet 2', 'packet 1')).toBe(true); // KS
    expect(has(state, Marry, 'spades 1', 'packet 1')).toBe(true); // JS back from its foundation
    expect(allOptional(buffer, n)).toBe(true);
    expect(firstCompulsory(buffer, n)).toBe(STOP);
    // greedy stops: it takes nothing back from a foundation, even where nothing else could be done, and moves a
    // packet's top into the space only when that uncovers a card to play
    const greedy = greedyFor(napoleonsSquare);
    const returns = moves.filter((m) => fromOf(m) < pile(state, 'packet 1'));
    expect(returns.length).toBe(5); // JS, 7S, and the first of each other suit's pair of sevens
    for (const m of returns) expect(greedy.vetoes(state, m)).toBe(true);
    expect(greedy.choose(state, Int32Array.from(returns), returns.length)).toBe(STOP);
    expect(greedy.choose(state, buffer, n)).toBe(STOP);
  });

  it("N11: greedy moves a packet's top into a space when that uncovers a card it can play", () => {
    // packet 2 holds 8H under its KS (the 9H it held goes to the bottom of packet 3)
    const freeing = square.map((p, i) => (i === 1 ? '8S QS 8H KS' : i === 2 ? '9H QS 9H KS' : p));
    const state = spaceWithStockOut(byRows(freeing, stock.join(' ')));
    const n = state.legalMoves(buffer);
    const greedy = greedyFor(napoleonsSquare);
    expect(greedy.choose(state, buffer, n)).toBe(findMove(state, Marry, 'packet 2', 'packet 1'));
  });

  it('N11: greedy plays the hand-made deal under reading=pysol to a stop, not a stall', () => {
    const greedy = greedyPlayer.create(napoleonsSquare, DEFAULT_SETTINGS);
    const state = napoleonsSquare.create(options);
    const result = playDeal(state, greedy, deckOf(deck), () => playerRng('t', 'napoleons-square', 0), buffer);
    expect(result.stalled).toBe(false);
    expect(result.cards).toBe(60); // the stock's 56 and packet 1's four
    expect(result.moves).toBe(56 + 56 + 4); // each card turned and played, then packet 1 played
  });

  it('N11: with spaces=outside greedy makes the moves it made before fills under spaces=any became marriages', () => {
    const recorded = JSON.parse(
      readFileSync(new URL('./fixtures/napoleon-greedy-outside.json', import.meta.url), 'utf8'),
    ) as { deals: number; sets: Array<{ rules: Record<string, OptionValue>; digests: string[] }> };
    expect(recorded.sets.length).toBeGreaterThan(3);
    for (const { rules, digests } of recorded.sets) {
      const state = napoleonsSquare.create(resolveOptions(napoleonsSquare.options, rules));
      const greedy = greedyPlayer.create(napoleonsSquare, DEFAULT_SETTINGS);
      const found: string[] = [];
      for (let i = 0; i < recorded.deals; i++) {
        const moves: Move[] = [];
        const deal = dealDeck('dev', 'napoleons-square', i);
        const r = playDeal(
          state,
          greedy,
          deal,
          () => playerRng('dev', 'napoleons-square', i),
          buffer,
          (m) => moves.push(m),
        );
        const line = `${r.won ? 1 : 0}:${r.cards}:${r.stalled ? 1 : 0}:${moves.join(',')}`;
        found.push(createHash('sha256').update(line).digest('hex').slice(0, 16));
      }
      expect(found, JSON.stringify(rules)).toEqual(digests);
    }
  });
});
