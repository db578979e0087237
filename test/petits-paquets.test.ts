// One test (at least) per ruling of Les Petits Paquets (RULES.md 5, and P13-P14 of the game's rules card),
// each on a hand-made deck, plus the exiles during the deal, the chain ending on a repeated state and the two
// re-deals gathered in the fixed order.
//
// Most decks are built by layoutDeck from the packets' top cards wanted: it lays the other cards below them,
// aces and queens (the cards that fit at the start) lowest, so that only the named cards take part in play.

import { describe, expect, it } from 'vitest';
import { makeCard, parseCard } from '../src/core/card.js';
import { stackedDeck } from '../src/core/deck.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, REVEALS, kindOf, makeMove, reveals, toOf } from '../src/core/move.js';
import type { OptionValue } from '../src/core/options.js';
import { shuffleInPlace } from '../src/core/random.js';
import { redealShuffle } from '../src/core/stock.js';
import { petitsPaquets } from '../src/games/petits-paquets/index.js';
import { cards, dealt, findMove, legal, make, pile, top } from './helpers.js';

const { Play, Exchange, Turn, Redeal } = MoveKind;

const RANKS = 'A23456789TJQ';
const rank = (code: string) => RANKS.indexOf(code[0]!) + 1;
const split = (s: string) => s.split(' ').filter((c) => c.length > 0);

/** The 96 cards of the stock, two of each face but the kings: aces and queens first, then suit by suit 2..J. */
function pool(): string[] {
  const out: string[] = [];
  for (const r of 'AQ') for (let copy = 0; copy < 2; copy++) for (const s of 'SHDC') out.push(r + s);
  for (let copy = 0; copy < 2; copy++) for (const s of 'SHDC') for (const r of '23456789TJ') out.push(r + s);
  return out;
}

/**
 * The full deck whose deal gives packet k the named top cards (bottom to top), packet 13 the named cards, and
 * the Exiles in the order named (the last named ends on top). The other cards fill the packets below, layer by
 * layer, each where its value cannot exile it.
 */
function layoutDeck(spec: { tops?: Record<number, string>; thirteen?: string; exiles?: string }): string {
  const exiles = split(spec.exiles ?? '');
  const named = new Map<number, string[]>();
  for (const [k, v] of Object.entries(spec.tops ?? {})) named.set(Number(k), split(v));
  named.set(13, split(spec.thirteen ?? ''));
  const rest = pool();
  const take = (code: string) => {
    const i = rest.indexOf(code);
    if (i < 0) throw new Error(`layoutDeck: ${code} used more than twice`);
    rest.splice(i, 1);
  };
  for (const list of named.values()) list.forEach(take);
  exiles.forEach(take);
  const placed = 96 - exiles.length;
  const size = (k: number) => Math.floor(placed / 13) + (k <= placed % 13 ? 1 : 0);
  const packets: string[][] = Array.from({ length: 14 }, () => []);
  for (let layer = 0; layer < 8; layer++) {
    for (let k = 1; k <= 13; k++) {
      const own = named.get(k) ?? [];
      // named cards lie on top of packets 1-12, and first in packet 13 (all of whose cards show)
      if (k < 13 ? layer >= size(k) - own.length : layer < own.length || layer >= size(k)) continue;
      const i = rest.findIndex((c) => k === 13 || rank(c) !== k);
      if (i < 0) throw new Error('layoutDeck: no filler fits');
      packets[k]!.push(rest.splice(i, 1)[0]!);
    }
  }
  for (let k = 1; k <= 13; k++) {
    for (const c of named.get(k) ?? [])
      if (k < 13 && rank(c) === k) throw new Error(`layoutDeck: ${c} would be exiled from packet ${k}`);
    if (k < 13) packets[k]!.push(...(named.get(k) ?? []));
    else packets[k]!.unshift(...(named.get(k) ?? []));
    if (packets[k]!.length !== size(k)) throw new Error(`layoutDeck: packet ${k} over-full`);
  }
  const deck: string[] = [];
  let e = 0;
  for (let layer = 0; layer < 8; layer++) {
    for (let k = 1; k <= 13; k++) {
      while (e < exiles.length && rank(exiles[e]!) === k) deck.push(exiles[e++]!);
      if (layer < packets[k]!.length) deck.push(packets[k]![layer]!);
    }
  }
  if (e < exiles.length) throw new Error('layoutDeck: exiles left over');
  return [...deck, 'KS KH KD KC KS KH KD KC'].join(' ');
}

/** The deal rule, written out for the tests: counter 1..13, a card of value n exiled, n kept (P2-P4). */
function dealModel(stock: string[]): { packets: string[][]; exiles: string[] } {
  const packets: string[][] = Array.from({ length: 13 }, () => []);
  const exiles: string[] = [];
  let n = 1;
  for (const c of stock) {
    if (rank(c) === n) exiles.push(c);
    else {
      packets[n - 1]!.push(c);
      n = n === 13 ? 1 : n + 1;
    }
  }
  return { packets, exiles };
}

/** Packets 1-13 as lists bottom to top (packet 13 in the order dealt). */
function layout(state: GameState): string[][] {
  const out: string[][] = [];
  for (let k = 1; k <= 12; k++) out.push(cards(state, `packet ${k}`));
  const thirteen: string[] = [];
  for (let i = 1; i <= 7; i++) thirteen.push(...cards(state, `packet 13 card ${i}`));
  out.push(thirteen);
  return out;
}

/** The gather order of P10: packets 1-6, packet 13, packets 7-12, each bottom to top. */
function gathered(state: GameState): string[] {
  const l = layout(state);
  return [...l.slice(0, 6).flat(), ...l[12]!, ...l.slice(6, 12).flat()];
}

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

/** Play the named piles' top cards to the named foundations, in order: [from, to] pairs. */
function plays(state: GameState, list: Array<[string, string]>): void {
  for (const [from, to] of list) make(state, Play, from, to);
}

/** Play the spade sequences: up S to 3 from packet 13 (AS 2S 3S), down S from packet 4 (QS down to 5S). */
function spadesToMeet(state: GameState): void {
  plays(state, [
    ['packet 13 card 1', 'up S'],
    ['packet 13 card 2', 'up S'],
    ['packet 13 card 3', 'up S'],
  ]);
  for (let i = 0; i < 8; i++) make(state, Play, 'packet 4', 'down S');
}

function pp(spec: Parameters<typeof layoutDeck>[0], rules: Record<string, OptionValue> = {}): GameState {
  return dealt(petitsPaquets, layoutDeck(spec), rules);
}

describe('Les Petits Paquets: the deal with exiling', () => {
  it('P1: cards are dealt to packets 1-6 (upper row), 7-12 (lower row), then 13 apart', () => {
    const state = dealt(petitsPaquets, '2S 3H 4D 5C 6S 7H 8D 9C TS JH QD 2C 3S 4H');
    expect(cards(state, 'packet 1')[0]).toBe('2S');
    expect(cards(state, 'packet 6')[0]).toBe('7H');
    expect(cards(state, 'packet 7')[0]).toBe('8D');
    expect(cards(state, 'packet 12')[0]).toBe('2C');
    expect(top(state, 'packet 13 card 1')).toBe('3S');
    expect(cards(state, 'packet 1')[1]).toBe('4H'); // the second round starts again at packet 1
    expect(state.table.size(pile(state, 'stock'))).toBe(0);
  });

  it('P2: an exiled card is replaced by the next, checked at the same number, again and again', () => {
    // n = 1: AS exiled, its replacement AH exiled again, 2S placed; n = 2: 2D exiled, 3H placed
    const state = dealt(petitsPaquets, 'AS AH 2S 2D 3H 5C');
    expect(cards(state, 'exiles').slice(0, 3)).toEqual(['AS', 'AH', '2D']);
    expect(cards(state, 'packet 1')[0]).toBe('2S');
    expect(cards(state, 'packet 2')[0]).toBe('3H');
    expect(cards(state, 'packet 3')[0]).toBe('5C');
  });

  it('P3: the kings are the bases, so nothing is exiled at 13; a queen is exiled at 12', () => {
    const state = dealt(petitsPaquets, 'KS 2S 3H 4D 5C 6S 7H 8D 9C TS JH QD QC 2C KD 5H');
    expect(cards(state, 'up S')).toEqual(['KS']);
    expect(cards(state, 'exiles')[0]).toBe('QC'); // value 12 at n = 12
    expect(cards(state, 'packet 12')[0]).toBe('2C'); // its replacement
    expect(top(state, 'packet 13 card 1')).toBe('5H'); // KD never reaches the stock; 5H is 13th
    expect(state.cardsInPlay).toBe(96);
  });

  it('P4: the last round is partial, packets 1, 2, ... receiving one card more', () => {
    const state = dealt(petitsPaquets, '');
    const exiled = state.table.size(pile(state, 'exiles'));
    const placed = 96 - exiled;
    const sizes = layout(state).map((p) => p.length);
    const expected = Array.from({ length: 13 }, (_, i) => Math.floor(placed / 13) + (i < placed % 13 ? 1 : 0));
    expect(sizes).toEqual(expected);
    expect(placed % 13).not.toBe(0); // the test deck does end on a partial round
  });

  it('P5: there is no play during the deal: an ace dealt early stays covered', () => {
    const state = dealt(petitsPaquets, '2H AS');
    expect(cards(state, 'packet 2')[0]).toBe('AS'); // value 1 at n = 2: placed, not exiled
    expect(cards(state, 'up S')).toEqual(['KS']);
    expect(state.foundationCount()).toBe(0);
    expect(has(state, Play, 'packet 2', 'up S')).toBe(false); // covered by the later rounds
  });

  it('the deal matches the deal rule written out, exiles included, on a seeded deck', () => {
    const prefix = '7H 7S 3D 3H 4C 5S 6H 7D 9C 9S TH JD QC QD 2S AH 3C';
    const state = dealt(petitsPaquets, prefix);
    const deckOrder = split(prefix);
    const model = dealModel(deckOrder);
    expect(layout(state).map((p) => p[0])).toEqual(model.packets.map((p) => p[0]));
    expect(cards(state, 'exiles').slice(0, model.exiles.length)).toEqual(model.exiles); // 3D and 3H at n = 3, QD at 12
    expect(model.exiles).toEqual(['3D', '3H', 'QD']);
  });
});

describe('Les Petits Paquets: the Exile chain', () => {
  it('P6: the Exile pile is face down and its top is the card exiled last; turning it reveals', () => {
    const state = pp({ exiles: '5H 9C', tops: { 9: '3D 2H', 2: 'AD 4S' } });
    expect(cards(state, 'exiles')).toEqual(['5H', '9C']);
    const turn = findMove(state, Turn)!;
    expect(reveals(turn)).toBe(true); // the Exiles are hidden (RULES.md 14.4)
    expect(state.isLegal(turn & ~REVEALS)).toBe(false);
    expect(state.pileRoles[pile(state, 'exiles')]).toBe(3); // PileRole.Stock: players never read it
    state.apply(turn);
    // 9C (the top) under packet 9; its top 2H under packet 2; 2's top 4S under packet 4, releasing AD
    expect(cards(state, 'packet 9')[0]).toBe('9C');
    expect(cards(state, 'packet 2')[0]).toBe('2H');
    expect(cards(state, 'packet 4')[0]).toBe('4S');
    expect(top(state, 'packet 2')).toBe('AD');
    expect(cards(state, 'exiles')).toEqual(['5H']);
    expect(state.picture()).toContain('exiles 1 face down');
  });

  it('P7: a card that does not fit goes under packet[value]; the chain goes on from that packet and plays what fits', () => {
    // 5H under packet 5; its top 3C under packet 3; packet 3's top QS fits the down pile: played
    const state = pp({ exiles: '5H', tops: { 5: '7D 3C', 3: 'QS' } });
    make(state, Turn);
    expect(cards(state, 'packet 5')[0]).toBe('5H');
    expect(top(state, 'packet 5')).toBe('7D');
    expect(cards(state, 'packet 3')[0]).toBe('3C');
    expect(cards(state, 'down S')).toEqual(['KS', 'QS']);
    expect(state.table.size(pile(state, 'exiles'))).toBe(0);
  });

  it('P7: the chain ends when the packet just drawn from shows a top that fits (released)', () => {
    // 5H under packet 5; its top 9C under packet 9; packet 5 now shows AC: released, the chain ends
    const state = pp({ exiles: '5H', tops: { 5: 'AC 9C', 9: '2D' } });
    expect(has(state, Play, 'packet 5', 'up C')).toBe(false);
    make(state, Turn);
    expect(cards(state, 'packet 9')[0]).toBe('9C');
    expect(top(state, 'packet 9')).toBe('2D'); // not drawn: the chain stopped
    expect(top(state, 'packet 5')).toBe('AC');
    expect(cards(state, 'up C')).toEqual(['KC']); // released, not played: playing it is the player's move
    expect(has(state, Play, 'packet 5', 'up C')).toBe(true);
  });

  it('P7: an Exile that fits is played at once', () => {
    const state = pp({ exiles: 'QD' });
    make(state, Turn);
    expect(cards(state, 'down D')).toEqual(['KD', 'QD']);
  });

  it('P8: a card going under an empty packet becomes its own top; the repeated state ends the chain', () => {
    const state = pp({ exiles: '4H', tops: { 4: '5S 6S 7S 8S 9S TS JS QS' } });
    for (let i = 0; i < 8; i++) make(state, Play, 'packet 4', 'down S');
    expect(state.table.size(pile(state, 'packet 4'))).toBe(0);
    make(state, Turn);
    expect(cards(state, 'packet 4')).toEqual(['4H']);
    expect(state.table.size(pile(state, 'exiles'))).toBe(0);
    expect(state.foundationCount()).toBe(8);
    expect(has(state, Redeal)).toBe(true); // back to free moves, the Exiles used up
  });

  it('P8: a chain through packets of fives and sixes ends on a repeated state, as the rule written out says', () => {
    const p5 = '6S 6H 6D 6C 6S 6H 6D';
    const p6 = '5S 5H 5D 5C 5S 5H 5C';
    const state = pp({ exiles: '5D', tops: { 5: p5, 6: p6 } });
    const before = layout(state);
    make(state, Turn);
    // The rule written out on lists: nothing here ever fits (the piles want aces and queens).
    const packets = before.slice(0, 12).map((p) => [...p]);
    const seen = new Set<string>();
    let x = '5D';
    let steps = 0;
    for (;;) {
      const q = rank(x) - 1;
      packets[q]!.unshift(x);
      const key = `${q}|${packets.map((p) => p.join(',')).join('/')}`;
      if (seen.has(key)) break;
      seen.add(key);
      x = packets[q]!.pop()!;
      steps++;
    }
    expect(steps).toBeGreaterThan(10);
    expect(layout(state).slice(0, 12)).toEqual(packets);
    expect(state.foundationCount()).toBe(0);
    expect(state.table.size(pile(state, 'chain card'))).toBe(0);
  });
});

describe('Les Petits Paquets: plays and exchanges', () => {
  const spades = { thirteen: 'AS 2S 3S 4S', tops: { 4: '5S 6S 7S 8S 9S TS JS QS' } };

  it('P9: with foundationExchange=free a top card moves to the other pile of its suit whenever it fits, both ways', () => {
    const state = pp(spades);
    spadesToMeet(state);
    make(state, Play, 'packet 13 card 4', 'down S'); // up A-3, down Q-4: the piles meet
    expect(has(state, Exchange, 'up S', 'down S')).toBe(true); // 3S onto 4S
    expect(has(state, Exchange, 'down S', 'up S')).toBe(true); // 4S onto 3S
    expect(has(state, Exchange, 'up H', 'down H')).toBe(false);
    make(state, Exchange, 'up S', 'down S');
    expect(top(state, 'down S')).toBe('3S');
    expect(top(state, 'up S')).toBe('2S');
    expect(state.foundationCount()).toBe(12);
    expect(has(state, Exchange, 'up S', 'down S')).toBe(true); // and again, one card per move
    expect(has(state, Exchange, 'down S', 'up S')).toBe(true);
  });

  it('P9: with foundationExchange=oneOnLoan a second exchange in the suit waits for a play; off allows none', () => {
    const loan = pp(spades, { foundationExchange: 'oneOnLoan' });
    spadesToMeet(loan);
    make(loan, Play, 'packet 13 card 4', 'down S');
    make(loan, Exchange, 'up S', 'down S');
    expect(legal(loan).filter((m) => kindOf(m) === Exchange)).toEqual([]);
    expect(loan.isLegal(makeMove(Exchange, pile(loan, 'down S'), pile(loan, 'up S')))).toBe(false);
    const off = pp(spades, { foundationExchange: 'off' });
    spadesToMeet(off);
    make(off, Play, 'packet 13 card 4', 'down S');
    expect(legal(off).filter((m) => kindOf(m) === Exchange)).toEqual([]);
  });

  it('P13: under oneOnLoan a play to the suit repays the loan', () => {
    const state = pp({ ...spades, thirteen: 'AS 2S 3S 4S 3S' }, { foundationExchange: 'oneOnLoan' });
    spadesToMeet(state);
    make(state, Play, 'packet 13 card 4', 'down S');
    make(state, Exchange, 'up S', 'down S'); // 3S on loan to the down pile
    const loanVar = 2; // the spades' loan (LOAN + suit)
    expect(state.table.vars[loanVar]).toBe(1);
    make(state, Play, 'packet 13 card 5', 'up S'); // the other 3S, from the layout
    expect(state.table.vars[loanVar]).toBe(0);
  });

  it('P12: plays are optional, and a card that fits both piles of its suit goes where the player chooses', () => {
    const state = pp({ thirteen: 'AS 2S 3S 4S 5S', tops: { 4: '7S 8S 9S TS JS QS', 7: '6S' }, exiles: '6S' });
    plays(
      state,
      ['1', '2', '3', '4', '5'].map((i) => [`packet 13 card ${i}`, 'up S'] as [string, string]),
    );
    for (let i = 0; i < 6; i++) make(state, Play, 'packet 4', 'down S');
    // up A-5 and down Q-7 both want a six
    expect(has(state, Play, 'packet 7', 'up S') && has(state, Play, 'packet 7', 'down S')).toBe(true);
    expect(has(state, Turn)).toBe(true); // declining the play is allowed
    make(state, Turn); // the Exile 6S fits both: the chain waits for the player
    const moves = legal(state);
    expect(moves.map((m) => toOf(m))).toEqual([pile(state, 'up S'), pile(state, 'down S')]);
    expect(moves.every((m) => kindOf(m) === Play)).toBe(true);
    make(state, Play, 'chain card', 'down S');
    expect(top(state, 'down S')).toBe('6S');
    expect(has(state, Play, 'packet 7', 'up S')).toBe(true); // the other 6S still fits the up pile
  });

  it('P14: the next Exile may be turned while plays remain; no re-deal while Exiles remain', () => {
    const state = pp({ exiles: '5H 9C', tops: { 3: 'QS' } });
    expect(has(state, Play, 'packet 3', 'down S')).toBe(true);
    expect(has(state, Turn)).toBe(true);
    expect(has(state, Redeal)).toBe(false);
    expect(state.isLegal(makeMove(Redeal, pile(state, 'packet 1'), pile(state, 'stock'), 1, true))).toBe(false);
  });
});

describe('Les Petits Paquets: re-deals', () => {
  /** Turn every Exile (taking the up pile when the chain offers a choice). */
  function useExiles(state: GameState): void {
    for (let i = 0; i < 200; i++) {
      if (has(state, Turn)) make(state, Turn);
      else if (has(state, Play, 'chain card')) make(state, Play, 'chain card');
      else return;
    }
  }

  it('P10, P11: two re-deals gather packets 1-6, 13, 7-12 unshuffled and exile afresh; no third', () => {
    const state = pp({ tops: { 5: '7D 3C' } });
    for (let deal = 2; deal <= 3; deal++) {
      useExiles(state);
      const stock = gathered(state);
      const redeal = findMove(state, Redeal)!;
      expect(reveals(redeal)).toBe(true); // the gathered stock's order is not looked at (engine note)
      state.apply(redeal);
      const model = dealModel(stock);
      expect(layout(state)).toEqual(model.packets);
      expect(cards(state, 'exiles')).toEqual(model.exiles);
      expect(state.picture()).toContain(`deal ${deal} of 3`);
    }
    useExiles(state);
    expect(has(state, Redeal)).toBe(false);
  });

  it('P10: redealGather=shuffle deals the same cards shuffled by redealShuffle(deck, 1)', () => {
    const deck = layoutDeck({});
    const state = dealt(petitsPaquets, deck, { redealGather: 'shuffle' });
    const order = gathered(state);
    make(state, Redeal);
    // the gathered stock, bottom card first, shuffled, then dealt from the top
    const bottomFirst = new Uint8Array(order.map((c) => parseCard(c)!).reverse());
    shuffleInPlace(redealShuffle(stackedDeck(deck), 1), bottomFirst);
    const stock = Array.from(bottomFirst, (c) => makeCard(c)).reverse();
    const model = dealModel(stock);
    expect(layout(state)).toEqual(model.packets);
    expect(stock).not.toEqual(order);
    expect([...stock].sort()).toEqual([...order].sort());
  });
});
