// One test (at least) per ruling of The Congress (RULES.md 13, and G8 of the game's rules card), each on a
// hand-made deck, plus the deal's pauses, the refill order, G1's two readings, the helps growing to eight and
// the partial last row.
//
// The stock is the deck without its aces, dealt in order: helps 1-4 first, then river row 1, then each row or
// refill as the test makes them. Short decks are written in dealing order (the rest of the stock follows in
// pack order); long ones name the cards at given stock positions (stockDeck).

import { describe, expect, it } from 'vitest';
import { NO_CARD, makeCard } from '../src/core/card.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, REVEALS, kindOf, makeMove, reveals, toOf } from '../src/core/move.js';
import { congress } from '../src/games/congress/index.js';
import { cards, dealt, findMove, legal, make, pile, top } from './helpers.js';

const { Play, Marry, Grace, End, Deal } = MoveKind;

/** The usual helps: four nines, which take nothing the tests marry unless they say so. */
const NINES = '9S 9H 9D 9C';

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

function size(state: GameState, name: string): number {
  return state.table.size(pile(state, name));
}

function kinds(state: GameState): number[] {
  return legal(state).map(kindOf);
}

/** The stock position of river cell (row, column) when no refill has taken stock cards before it. */
function cellOf(row: number, column: number): number {
  return 4 + 8 * (row - 1) + column - 1;
}

/**
 * A full deck whose stock (the 96 cards other than aces, in dealing order) holds the named cards at the given
 * positions (0-3 the helps, then cellOf) and every other card in pack order; the aces come last.
 */
function stockDeck(placed: Record<number, string>): string {
  const counts = new Map<string, number>();
  for (const code of Object.values(placed)) counts.set(code, (counts.get(code) ?? 0) + 1);
  const filler: string[] = [];
  for (let copy = 0; copy < 2; copy++) {
    for (const suit of 'SHDC') {
      for (const rank of '23456789TJQK') {
        const code = rank + suit;
        const used = counts.get(code) ?? 0;
        if (used > 0) counts.set(code, used - 1);
        else filler.push(code);
      }
    }
  }
  const stock: string[] = [];
  for (let i = 0; i < 96; i++) stock.push(placed[i] ?? filler.shift()!);
  return [...stock, 'AS AH AD AC AS AH AD AC'].join(' ');
}

/** Deal rows without any play until the stock holds `left` cards or fewer (or is out). */
function dealRowsUntil(state: GameState, left: number): void {
  while (size(state, 'stock') > left) make(state, Deal);
}

describe('The Congress: the deal', () => {
  it('takes out the 8 aces as foundations, deals helps 1-4 first, then river row 1, and pauses', () => {
    const state = dealt(congress, `${NINES} 5S 5H 5D 5C 6S 6H 6D 6C 7S`);
    for (let f = 1; f <= 8; f++)
      expect(cards(state, `foundation ${f}`)).toEqual([['AS', 'AH', 'AD', 'AC'][(f - 1) % 4]]);
    expect([1, 2, 3, 4].map((k) => cards(state, `help ${k}`))).toEqual([['9S'], ['9H'], ['9D'], ['9C']]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((j) => top(state, `river ${j}`))).toEqual([
      '5S',
      '5H',
      '5D',
      '5C',
      '6S',
      '6H',
      '6D',
      '6C',
    ]);
    expect([5, 6, 7, 8].map((k) => size(state, `help ${k}`))).toEqual([0, 0, 0, 0]);
    expect(size(state, 'stock')).toBe(84);
    expect(state.cardsInPlay).toBe(96);
    expect(kinds(state)).toEqual([Deal]); // a pause with nothing to do but deal row 2
    expect(reveals(findMove(state, Deal)!)).toBe(true);
  });

  it('rows are dealt in pauses, a whole row at a time: nothing is played from a row until it is complete', () => {
    const state = dealt(congress, `${NINES} 5S 5H 5D 5C 6S 6H 6D 2S  2H 7S 7H 7D 7C 8S 8H 8D  QS`);
    expect(has(state, Play, 'river 8')).toBe(true); // the 2S of row 1, declined
    expect(legal(state).some((m) => kindOf(m) === Play && makeCard(state.table.top(m & 0xff)) === '2H')).toBe(false); // row 2 unseen
    make(state, Deal);
    // One move lays the whole row: the 2H of column 1 came first, yet nothing could be played before the 8D
    // of column 8 covered the 2S.
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((j) => size(state, `river ${j}`))).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
    expect(has(state, Play, 'river 8')).toBe(false); // rule V: 8D blocks the 2S above it
    expect(has(state, Play, 'river 1')).toBe(true); // 2H, the lowest card of column 1
    expect(size(state, 'stock')).toBe(76);
  });

  it('a pause goes on through refill phases as long as the player likes; the next row waits until no hole is open', () => {
    const state = dealt(congress, `${NINES} 2S 5H 5D 5C 6S 6H 6D 6C  3S 4S 7H`);
    make(state, Play, 'river 1'); // 2S: a hole at (1,1)
    expect(kinds(state)).toEqual([End]); // no Deal while the hole is open
    make(state, End); // the refill phase brings 3S into the hole
    expect(cards(state, 'river 1')).toEqual(['3S']);
    expect(has(state, Deal)).toBe(true); // the pause may end here ...
    make(state, Play, 'river 1'); // ... or go on: a second round of the same pause
    make(state, End);
    expect(cards(state, 'river 1')).toEqual(['4S']);
    make(state, Deal);
    expect(top(state, 'river 1')).toBe('7H'); // row 2 comes from the cards after the refills
  });
});

describe('The Congress: G1 river refill timing', () => {
  const deck = `${NINES} 3S TS TH TD TC JS JH JD  2S QS QH QD QC KS KH KD  4H 5H`;

  it('G1 endOfPause (default): a released upper card is played before the column is covered again', () => {
    const state = dealt(congress, deck);
    make(state, Deal);
    const play = findMove(state, Play, 'river 1')!;
    expect(reveals(play)).toBe(false); // nothing is refilled yet
    expect(makeCard(state.uncovers(pile(state, 'river 1'), 1))).toBe('3S');
    state.apply(play); // 2S from (2,1)
    expect(top(state, 'river 1')).toBe('3S'); // rule V: released
    make(state, Play, 'river 1'); // 3S from (1,1): column 1 is empty
    expect(size(state, 'river 1')).toBe(0);
    make(state, End); // uppermost row first: (1,1) then (2,1)
    expect(cards(state, 'river 1')).toEqual(['4H', '5H']);
  });

  it('G1 immediate: the hole is filled from the stock at once, so the released card is covered again', () => {
    const state = dealt(congress, deck, { riverRefill: 'immediate' });
    make(state, Deal);
    expect(state.uncovers(pile(state, 'river 1'), 1)).toBe(NO_CARD);
    const play = findMove(state, Play, 'river 1')!;
    expect(reveals(play)).toBe(true); // the refill turns up an unseen card
    expect(state.isLegal(play & ~REVEALS)).toBe(false);
    state.apply(play);
    expect(cards(state, 'river 1')).toEqual(['3S', '4H']); // the 3S is covered again before it can be played
    expect(has(state, Play, 'river 1')).toBe(false);
    expect(kinds(state)).not.toContain(End); // no hole is ever left waiting
  });
});

describe('The Congress: marriages (G2)', () => {
  it('G2: river -> help and help -> help, same suit -1; never onto a river card, never a help card back to the rivers', () => {
    const state = dealt(congress, `9S 9H 8S 9C  8H 7S 8D 7C 7H TS TH TC`);
    expect(has(state, Marry, 'river 1', 'help 2')).toBe(true); // 8H on 9H
    expect(has(state, Marry, 'river 2', 'help 3')).toBe(true); // 7S on 8S
    expect(has(state, Marry, 'help 3', 'help 1')).toBe(true); // 8S on 9S
    expect(has(state, Marry, 'river 2', 'help 1')).toBe(false); // 7S on 9S: two lower
    expect(has(state, Marry, 'river 3', 'help 2')).toBe(false); // 8D on 9H: another suit
    expect(has(state, Marry, 'river 4', 'help 4')).toBe(false); // 7C on 9C: two lower
    expect(state.isLegal(makeMove(Marry, pile(state, 'river 5'), pile(state, 'river 1')))).toBe(false); // 7H on 8H: river -> river
    expect(state.isLegal(makeMove(Marry, pile(state, 'help 4'), pile(state, 'river 8')))).toBe(false); // 9C on TC: help -> river
    const rivers = [1, 2, 3, 4, 5, 6, 7, 8].map((j) => pile(state, `river ${j}`));
    expect(state.moveSpace().some((m) => kindOf(m) === Marry && rivers.includes(toOf(m)))).toBe(false);
    make(state, Marry, 'river 2', 'help 3');
    expect(cards(state, 'help 3')).toEqual(['8S', '7S']);
    expect(state.isLegal(makeMove(Marry, pile(state, 'help 3'), pile(state, 'help 1'), 2))).toBe(false); // single cards only
    expect(has(state, Marry, 'help 3', 'help 1')).toBe(false); // rule IV: only the top card, now 7S
  });

  it('rule IV: a help is a pile whose top card alone is available; playing it releases the one beneath', () => {
    const state = dealt(congress, `3S 9H 9D 9C  2S TS TH TD TC JS JH JD`);
    make(state, Marry, 'river 1', 'help 1'); // 2S on 3S
    expect(has(state, Play, 'help 1')).toBe(true);
    expect(makeCard(state.uncovers(pile(state, 'help 1'), 1))).toBe('3S');
    make(state, Play, 'help 1');
    expect(has(state, Play, 'help 1')).toBe(true); // 3S released
  });
});

describe('The Congress: refills during the deal (G3, G7)', () => {
  it('G7, G3: the refill phase fills river holes uppermost row first, left to right, then empty helps 1 -> 4', () => {
    const state = dealt(congress, `2S 9H 2D 9C  5S 6S 7S 6H 4S 6D 6C 7D  7H 2H 8S 8H 3S 3D 8D 8C  QS QH QD QC KS KH`);
    make(state, Deal);
    make(state, Play, 'help 1'); // 2S: help 1 empty
    make(state, Play, 'river 5'); // 3S from (2,5), releasing 4S at (1,5)
    make(state, Play, 'river 5'); // 4S: column 5 empty
    make(state, Play, 'river 2'); // 2H from (2,2)
    make(state, Play, 'help 3'); // 2D: help 3 empty
    make(state, Play, 'river 6'); // 3D from (2,6)
    expect(kinds(state)).toContain(End);
    expect(kinds(state)).not.toContain(Deal); // G3: the vacancies must be refilled first
    make(state, End);
    // (1,5) QS, then row 2: (2,2) QH, (2,5) QD, (2,6) QC; then help 1 KS, help 3 KH.
    expect(cards(state, 'river 5')).toEqual(['QS', 'QD']);
    expect(cards(state, 'river 2')).toEqual(['6S', 'QH']);
    expect(cards(state, 'river 6')).toEqual(['6D', 'QC']);
    expect([top(state, 'help 1'), top(state, 'help 3')]).toEqual(['KS', 'KH']);
    expect(kinds(state)).toContain(Deal);
  });

  it('G7: if the stock runs out part-way, the lower holes and the helps stay empty; G4: they are never filled', () => {
    // Rows 1-11 use stock positions 4-91; the last four cards, 5H 6H 7H 8H, are left for the refill.
    const state = dealt(
      congress,
      stockDeck({
        0: 'KS',
        1: 'KH',
        2: 'KD',
        3: 'KC',
        [cellOf(10, 1)]: 'JS',
        [cellOf(11, 1)]: 'QS',
        [cellOf(11, 2)]: 'QH',
        [cellOf(11, 3)]: 'QD',
        [cellOf(11, 4)]: 'QC',
        92: '5H',
        93: '6H',
        94: '7H',
        95: '8H',
      }),
    );
    dealRowsUntil(state, 4);
    expect(size(state, 'river 1')).toBe(11);
    make(state, Marry, 'river 1', 'help 1'); // QS on KS, releasing JS at (10,1)
    make(state, Marry, 'river 1', 'help 1'); // JS on QS
    make(state, Marry, 'river 2', 'help 2');
    make(state, Marry, 'river 3', 'help 3');
    make(state, Marry, 'river 4', 'help 4'); // five holes: (10,1), (11,1), (11,2), (11,3), (11,4)
    make(state, End);
    expect(cards(state, 'river 1').slice(9)).toEqual(['5H', '6H']);
    expect(top(state, 'river 2')).toBe('7H');
    expect(top(state, 'river 3')).toBe('8H');
    expect(size(state, 'river 4')).toBe(10); // (11,4) stays a hole
    expect(size(state, 'stock')).toBe(0);
    expect(kinds(state)).not.toContain(End); // G4: nothing will fill it
    expect(kinds(state)).not.toContain(Deal);
    expect(state.picture()).toMatch(/row 11 +\*6♥ +\*7♥ +\*8♥ +\.\. /);
    make(state, Grace, 'river 4', 'help 5'); // G4: the column shrinks, releasing the card above
    expect(size(state, 'river 4')).toBe(9);
    expect(kinds(state)).not.toContain(End);
  });
});

describe('The Congress: the stock exhausted (G5, G6)', () => {
  // Helps 2S 9H 9D 9C; no card is played during the deal, so every row but the last has 8 cards.
  const runOut = () => {
    const state = dealt(congress, stockDeck({ 0: '2S', 1: '9H', 2: '9D', 3: '9C' }));
    dealRowsUntil(state, 0);
    return state;
  };

  it('G6: rows have 8 cards until the stock runs out; the last row is partial', () => {
    const state = runOut();
    // 84 cards after row 1: rows 2-11 take 80, row 12 the last 4.
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((j) => size(state, `river ${j}`))).toEqual([12, 12, 12, 12, 11, 11, 11, 11]);
    const row12 = state
      .picture()
      .split('\n')
      .find((l) => l.startsWith('row 12'))!;
    expect(row12.trim().split(/ +/).length).toBe(6); // "row", "12" and four cards; no hole drawn in columns 5-8
    expect(row12).not.toContain('..');
    expect(kinds(state)).not.toContain(End); // the cells never dealt are not holes to fill
  });

  it('G5: not before the stock is out: an empty help place during the deal takes no river card', () => {
    const state = dealt(congress, `2S 9H 9D 9C  5S 5H 5D 5C 6S 6H 6D 6C`);
    make(state, Play, 'help 1');
    expect(size(state, 'help 1')).toBe(0);
    expect(kinds(state)).toEqual([End]);
    expect(state.isLegal(makeMove(Grace, pile(state, 'river 1'), pile(state, 'help 1')))).toBe(false);
    expect(state.isLegal(makeMove(Grace, pile(state, 'river 1'), pile(state, 'help 5')))).toBe(false);
    make(state, End);
    expect(size(state, 'help 1')).toBe(1); // G3: refilled from the stock
    expect(size(state, 'help 5')).toBe(0);
  });

  it("G5: after the stock is out the helps grow to eight from available river cards, at the player's choice, and no further", () => {
    const state = runOut();
    const graces = legal(state).filter((m) => kindOf(m) === Grace);
    expect(graces).toHaveLength(8); // any column's lowest card, into the first empty place
    expect(graces.every((m) => toOf(m) === pile(state, 'help 5') && !reveals(m))).toBe(true);
    for (let k = 5; k <= 8; k++) {
      const lowest = top(state, 'river 1');
      make(state, Grace, 'river 1', `help ${k}`);
      expect(cards(state, `help ${k}`)).toEqual([lowest]);
    }
    expect(size(state, 'river 1')).toBe(8);
    expect(kinds(state)).not.toContain(Grace); // eight helps in all
    make(state, Play, 'help 1'); // the 2S: help 1 emptied
    expect(
      legal(state)
        .filter((m) => kindOf(m) === Grace)
        .map(toOf),
    ).toEqual(Array(8).fill(pile(state, 'help 1'))); // restarted the same way
    // A help card never moves into an empty help place.
    for (let k = 2; k <= 8; k++) {
      expect(state.isLegal(makeMove(Grace, pile(state, `help ${k}`), pile(state, 'help 1')))).toBe(false);
      expect(state.isLegal(makeMove(Marry, pile(state, `help ${k}`), pile(state, 'help 1')))).toBe(false);
    }
  });
});

describe('The Congress: G8 and the foundations', () => {
  it('G8: with riverRefill=immediate a help emptied during the deal is refilled at once; by default it waits', () => {
    const deck = `2S 9H 9D 9C  5S 5H 5D 5C 6S 6H 6D 6C  QS`;
    const waits = dealt(congress, deck);
    const play = findMove(waits, Play, 'help 1')!;
    expect(reveals(play)).toBe(false);
    waits.apply(play);
    expect(size(waits, 'help 1')).toBe(0);
    make(waits, End);
    expect(cards(waits, 'help 1')).toEqual(['QS']);

    const atOnce = dealt(congress, deck, { riverRefill: 'immediate' });
    const play2 = findMove(atOnce, Play, 'help 1')!;
    expect(reveals(play2)).toBe(true);
    atOnce.apply(play2);
    expect(cards(atOnce, 'help 1')).toEqual(['QS']);
    expect(kinds(atOnce)).toContain(Deal);
  });

  it('the foundations follow suit up to the king; of two equal foundations a play goes to the first', () => {
    const state = dealt(congress, `2S 2S 3S 9C  3H 5H 5D 5C 6S 6H 6D 6C`);
    const plays = legal(state).filter((m) => kindOf(m) === Play);
    expect(plays.map(toOf)).toEqual([pile(state, 'foundation 1'), pile(state, 'foundation 1')]);
    expect(state.isLegal(makeMove(Play, pile(state, 'help 2'), pile(state, 'foundation 5')))).toBe(false);
    make(state, Play, 'help 1', 'foundation 1');
    make(state, Play, 'help 2', 'foundation 5'); // now only the second spade foundation takes a 2
    make(state, Play, 'help 3', 'foundation 1');
    expect(state.isLegal(makeMove(Play, pile(state, 'river 1'), pile(state, 'foundation 2')))).toBe(false); // 3H on AH
    expect(state.foundationCount()).toBe(3);
    expect(state.need(state.table.top(pile(state, 'help 4')))).toBe(7); // 9C: 2C..8C first
  });

  it('every Deal and End carries the reveal flag and is not legal without it', () => {
    const state = dealt(congress, `2S 9H 9D 9C  5S 5H 5D 5C 6S 6H 6D 6C`);
    const deal = findMove(state, Deal)!;
    expect(state.isLegal(deal & ~REVEALS)).toBe(false);
    make(state, Play, 'help 1');
    const end = findMove(state, End)!;
    expect(reveals(end)).toBe(true);
    expect(state.isLegal(end & ~REVEALS)).toBe(false);
  });

  it("picture: rows with holes as .., * on each column's lowest card, helps with top and size, foundations, stock and phase", () => {
    const state = dealt(congress, `3S 8H 9D 9C  2S 5H 5D 5C 6S 6H 6D 6C  7S 7H 7D 7C 8S 8H 8D 2H`);
    make(state, Deal);
    make(state, Play, 'river 8'); // 2H: a hole at (2,8), releasing 6C
    make(state, Marry, 'river 2', 'help 2'); // 7H on 8H: a hole at (2,2), releasing 5H
    const lines = state.picture().split('\n');
    expect(lines.find((l) => l.startsWith('row  1'))).toBe('row  1   2♠   *5♥    5♦    5♣    6♠    6♥    6♦   *6♣');
    expect(lines.find((l) => l.startsWith('row  2'))).toBe('row  2  *7♠    ..   *7♦   *7♣   *8♠   *8♥   *8♦    ..');
    const helps = lines.find((l) => l.startsWith('helps'))!;
    expect(helps).toContain('1:3♠/1');
    expect(helps).toContain('2:7♥/2');
    expect(helps).toContain('5:xx'); // places 5-8 open only once the stock is out
    expect(lines.find((l) => l.startsWith('foundations'))).toContain('2♥');
    expect(lines.at(-1)).toBe('stock 76   [pause after row 2: free moves, then the refill phase]');
  });
});
