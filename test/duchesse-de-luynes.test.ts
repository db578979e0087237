// One test (at least) per ruling of La Duchesse de Luynes (RULES.md 7, and D7 of the game's rules card), each
// on a hand-made deck, plus the Discard available only once the pack is out, the deal rhythm, the re-deals
// gathered without shuffling and the fourth deal without a Discard.
//
// In the first deal, round k (from 0) deals deck positions 6k..6k+3 to T1-T4 and 6k+4, 6k+5 to the Discard;
// positions 102 and 103 go to T1 and T2 (D3). deckWith() places cards at given positions.

import { describe, expect, it } from 'vitest';
import type { GameState } from '../src/core/game.js';
import { MoveKind, kindOf, makeMove, reveals } from '../src/core/move.js';
import type { OptionValue } from '../src/core/options.js';
import { duchesseDeLuynes } from '../src/games/duchesse-de-luynes/index.js';
import { cards, dealt, findMove, legal, make, pile, top } from './helpers.js';

const { Play, Exchange, Deal, Redeal } = MoveKind;

/** A full deck with the given cards at the given positions (from 0) and the rest in pack order. */
function deckWith(at: Record<number, string>): string {
  const rest: string[] = [];
  for (let copy = 0; copy < 2; copy++) for (const s of 'SHDC') for (const r of 'A23456789TJQK') rest.push(r + s);
  for (const code of Object.values(at)) rest.splice(rest.indexOf(code), 1);
  const deck: string[] = [];
  for (let i = 0; i < 104; i++) deck.push(at[i] ?? rest.shift()!);
  return deck.join(' ');
}

function duchesse(at: Record<number, string>, rules: Record<string, OptionValue> = {}): GameState {
  return dealt(duchesseDeLuynes, deckWith(at), rules);
}

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

const size = (state: GameState, name: string) => state.table.size(pile(state, name));
const packetSizes = (state: GameState) => ['T1', 'T2', 'T3', 'T4'].map((p) => size(state, p));

/** Deal rounds, playing nothing, until the stock is out. */
function dealOut(state: GameState): void {
  while (has(state, Deal)) make(state, Deal);
}

/** The taken-up Discard, in the order discarded. */
function discardCards(state: GameState): string[] {
  const out: string[] = [];
  for (let i = 1; i <= 34; i++) out.push(...cards(state, `discard card ${i}`));
  return out;
}

/** The gather of D4: T4, T3, T2, T1 (each first-dealt card first), then the Discard in the order discarded. */
function gathered(state: GameState): string[] {
  return [
    ...cards(state, 'T4'),
    ...cards(state, 'T3'),
    ...cards(state, 'T2'),
    ...cards(state, 'T1'),
    ...discardCards(state),
  ];
}

/** The rounds written out: T1-T4 and, with a Discard, two cards to it, until the stock is out (D3). */
function roundsModel(stock: string[], discard: boolean): { packets: string[][]; discard: string[] } {
  const packets: string[][] = [[], [], [], []];
  const out: string[] = [];
  let i = 0;
  while (i < stock.length) {
    for (let p = 0; p < 4 && i < stock.length; p++) packets[p]!.push(stock[i++]!);
    for (let k = 0; discard && k < 2 && i < stock.length; k++) out.push(stock[i++]!);
  }
  return { packets, discard: out };
}

describe('La Duchesse de Luynes: foundations', () => {
  it('D1: the first ace of a suit starts its up pile, the first king its down pile; the second ace waits', () => {
    const state = duchesse({ 0: 'AS', 1: 'KS', 2: 'AS', 3: 'KH' });
    expect(has(state, Play, 'T1', 'up S')).toBe(true);
    expect(has(state, Play, 'T3', 'up S')).toBe(true); // either ace may start it
    expect(has(state, Play, 'T4', 'down H')).toBe(true);
    expect(has(state, Play, 'T4', 'up H')).toBe(false); // a king never starts an up pile
    make(state, Play, 'T1', 'up S');
    make(state, Play, 'T2', 'down S');
    expect(legal(state).some((m) => kindOf(m) === Play && (m & 0xff) === pile(state, 'T3'))).toBe(false);
    expect(state.isLegal(makeMove(Play, pile(state, 'T3'), pile(state, 'down S')))).toBe(false); // down S wants a queen
  });

  it('D5: with foundationExchange=off the meeting piles exchange nothing; with free a top card moves across', () => {
    // T1 takes A-6 of spades in rounds 0-5, T2 K-7 in rounds 0-6; each is played as it comes
    const at: Record<number, string> = {};
    'A23456'.split('').forEach((r, k) => (at[6 * k] = `${r}S`));
    'KQJT987'.split('').forEach((r, k) => (at[6 * k + 1] = `${r}S`));
    for (const rules of [{}, { foundationExchange: 'free' }] as Array<Record<string, OptionValue>>) {
      const state = duchesse(at, rules);
      for (let k = 0; k < 7; k++) {
        if (k < 6) make(state, Play, 'T1', 'up S');
        make(state, Play, 'T2', 'down S');
        make(state, Deal);
      }
      expect([top(state, 'up S'), top(state, 'down S')]).toEqual(['6S', '7S']);
      const exchanges = legal(state).filter((m) => kindOf(m) === Exchange).length;
      expect(exchanges).toBe('foundationExchange' in rules ? 2 : 0);
      if ('foundationExchange' in rules) {
        make(state, Exchange, 'up S', 'down S');
        expect(top(state, 'down S')).toBe('6S');
        expect(state.foundationCount()).toBe(13);
      }
    }
  });
});

describe('La Duchesse de Luynes: the deal', () => {
  it('D3: rounds of T1-T4 and two to the Discard with a pause after each; 104 cards end with T1 and T2', () => {
    const state = duchesse({ 6: 'AS', 12: '9D' });
    expect(packetSizes(state)).toEqual([1, 1, 1, 1]);
    expect([size(state, 'discard'), size(state, 'stock')]).toEqual([2, 98]);
    expect(has(state, Play, 'T1')).toBe(false); // AS is not dealt yet: no play before its round
    const deal = findMove(state, Deal)!;
    expect(reveals(deal)).toBe(true);
    state.apply(deal);
    expect(packetSizes(state)).toEqual([2, 2, 2, 2]);
    expect(size(state, 'discard')).toBe(4);
    expect(has(state, Play, 'T1', 'up S')).toBe(true); // the pause after round 2
    expect(has(state, Deal)).toBe(true); // D6: the play may be declined
    make(state, Deal);
    expect(top(state, 'T1')).toBe('9D');
    expect(has(state, Play, 'T1', 'up S')).toBe(false); // declined, the ace is now covered
    dealOut(state);
    expect(packetSizes(state)).toEqual([18, 18, 17, 17]);
    expect(discardCards(state)).toHaveLength(34);
    expect(size(state, 'stock')).toBe(0);
  });

  it('D2: the Discard is hidden and unavailable until the stock is out; then all of it is available, in any order', () => {
    // AS and 2S discarded in round 0, AH deep in the Discard (round 6)
    const state = duchesse({ 4: 'AS', 5: '2S', 40: 'AH' });
    expect(state.pileRoles[pile(state, 'discard')]).toBe(3); // PileRole.Stock: face down, players never read it
    expect(state.picture()).toContain('2 face down');
    for (let round = 1; round < 17; round++) {
      expect(legal(state).some((m) => kindOf(m) === Play && state.pileNames[m & 0xff]!.startsWith('discard'))).toBe(
        false,
      );
      make(state, Deal);
    }
    expect(size(state, 'stock')).toBe(2);
    const last = findMove(state, Deal)!;
    expect(reveals(last)).toBe(true);
    state.apply(last); // the partial round empties the stock: the Discard is taken up
    expect(size(state, 'discard')).toBe(0);
    expect(top(state, 'discard card 1')).toBe('AS');
    expect(top(state, 'discard card 13')).toBe('AH');
    expect(state.picture()).toContain('taken up: A\u2660 2\u2660');
    make(state, Play, 'discard card 13', 'up H'); // a card from deep in the Discard
    make(state, Play, 'discard card 1', 'up S');
    make(state, Play, 'discard card 2', 'up S');
    expect(state.foundationCount()).toBe(3);
  });
});

describe('La Duchesse de Luynes: re-deals', () => {
  it('D4: the re-deal takes up T4, T3, T2, T1 and the Discard beneath, unshuffled, and deals them as before', () => {
    const state = duchesse({ 0: 'KS', 1: 'AH' });
    make(state, Play, 'T1', 'down S');
    make(state, Play, 'T2', 'up H');
    dealOut(state);
    const stock = gathered(state);
    expect(stock).toHaveLength(102);
    const redeal = findMove(state, Redeal)!;
    expect(reveals(redeal)).toBe(true);
    state.apply(redeal);
    expect(['T1', 'T2', 'T3', 'T4'].map((p) => top(state, p))).toEqual(stock.slice(0, 4));
    expect(size(state, 'discard')).toBe(2);
    dealOut(state);
    const model = roundsModel(stock, true);
    expect(['T1', 'T2', 'T3', 'T4'].map((p) => cards(state, p))).toEqual(model.packets);
    expect(discardCards(state)).toEqual(model.discard);
    expect(state.picture()).toContain('deal 2 of 4');
  });

  it('D4: the fourth deal has no Discard, and there is no fifth', () => {
    const state = duchesse({});
    for (let deal = 2; deal <= 4; deal++) {
      dealOut(state);
      const stock = gathered(state);
      make(state, Redeal);
      dealOut(state);
      const model = roundsModel(stock, deal < 4);
      expect(['T1', 'T2', 'T3', 'T4'].map((p) => cards(state, p))).toEqual(model.packets);
      expect(discardCards(state)).toEqual(model.discard);
    }
    expect(size(state, 'discard')).toBe(0);
    expect(discardCards(state)).toEqual([]);
    expect(packetSizes(state)).toEqual([26, 26, 26, 26]);
    expect(state.picture()).toContain('T1-T4 only');
    expect(has(state, Redeal)).toBe(false);
  });

  it('D7: no re-deal while the stock lasts; the next round and the re-deal wait for the player', () => {
    const state = duchesse({ 0: 'AS' });
    expect(has(state, Redeal)).toBe(false);
    expect(state.isLegal(makeMove(Redeal, pile(state, 'T1'), pile(state, 'stock'), 1, true))).toBe(false);
    expect(legal(state).map(kindOf)).toEqual([Play, Deal]); // the pause lasts until the player deals on
    dealOut(state);
    expect(legal(state).map(kindOf)).toContain(Redeal);
  });
});
