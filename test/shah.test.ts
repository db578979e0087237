// One test per ruling of The Shah (RULES.md 2.2, and S17 of the game's rules card), each on a hand-made deck.
//
// Most decks share one star, dealt circle by circle: the first 24 stock cards, then the cards named in the
// test, then the rest of the stock in pack order (aces and kings are taken out whatever their place).

import { describe, expect, it } from 'vitest';
import { NO_CARD, makeCard, parseCard } from '../src/core/card.js';
import { stackedDeck } from '../src/core/deck.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, REVEALS, fromOf, kindOf, makeMove, reveals } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import { shah } from '../src/games/shah/index.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { seededRng } from '../src/core/random.js';
import { dealDeck } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';
import { cards, dealt, findMove, legal, make, pile, top, aidOf } from './helpers.js';

const { Play, Marry, Grace, End, Fill, Deal, Turn } = MoveKind;

/** The usual star: circle 1 (inner), circle 2 (middle), circle 3 (outer), rays 1 to 8. */
const STAR = {
  inner: '9S 9H 9D 9C TS TH TD TC',
  middle: 'JS JH JD JC QS QH QD QC',
  outer: '8S 8H 8D 8C 7S 7H 7D 7C',
};

type Star = Partial<typeof STAR>;

/** A Shah state after the deal (both pauses passed without plays), its stock going on with `next`. */
function star(layout: Star = {}, next = '', rules: Record<string, OptionValue> = {}): GameState {
  const s = { ...STAR, ...layout };
  const state = dealt(shah, `${s.inner} ${s.middle} ${s.outer} ${next}`, rules);
  make(state, Deal);
  make(state, Deal);
  return state;
}

/** The stock after the usual star: every other card but the aces and kings, in pack order, then `last`. */
function restOfStock(last: string): string {
  const taken = new Map<string, number>();
  for (const code of `${Object.values(STAR).join(' ')} ${last}`.split(' ').filter((c) => c)) {
    const c = makeCard(parseCard(code)!);
    taken.set(c, (taken.get(c) ?? 0) + 1);
  }
  const rest: string[] = [];
  for (let copy = 0; copy < 2; copy++) {
    for (const suit of 'SHDC') {
      for (const rank of '23456789TJQ') {
        const code = rank + suit;
        const used = taken.get(code) ?? 0;
        if (used > 0) taken.set(code, used - 1);
        else rest.push(code);
      }
    }
  }
  return [...rest, last].join(' ').trim();
}

/** End free moves until the stock and the current card are used up (no vacancy may be open). */
function runOutStock(state: GameState): void {
  while (state.table.size(pile(state, 'stock')) + state.table.size(pile(state, 'current card')) > 0) make(state, End);
}

function has(state: GameState, kind: number, from?: string, to?: string, count = 1): boolean {
  return findMove(state, kind, from, to, count) !== undefined;
}

describe('The Shah: the deal', () => {
  it('takes out aces and kings: 8 ace foundations, 8 kings out, 88 cards for the stock', () => {
    const state = dealt(shah, '');
    const t = state.table;
    let aces = 0;
    for (let f = 1; f <= 8; f++) aces += cards(state, `foundation ${f}`).filter((c) => c[0] === 'A').length;
    expect(aces).toBe(8);
    expect(cards(state, 'dead kings').every((c) => c[0] === 'K')).toBe(true);
    expect(t.size(pile(state, 'dead kings'))).toBe(8);
    expect(t.size(pile(state, 'stock')) + 8).toBe(88); // circle 1 already dealt
    expect(state.cardsInPlay).toBe(88);
  });

  it('S10: a card played in a deal pause is replaced at once by the next stock card, itself available', () => {
    const state = dealt(shah, '2S 9H 9D 9C TS TH TD TC 3S JH');
    const play = findMove(state, Play, 'inner 1');
    expect(play).toBeDefined();
    expect(reveals(play!)).toBe(true); // the replacement comes from the unseen stock
    state.apply(play!);
    expect(top(state, 'inner 1')).toBe('3S');
    make(state, Play, 'inner 1'); // 3S, just placed, can be played in the same pause
    expect(top(state, 'inner 1')).toBe('JH');
    expect(legal(state).some((m) => ((m >>> 16) & 0x1f) === Marry)).toBe(false); // no marriages during the deal
  });

  it('S11: during the deal only the circle just dealt is available, and plays are optional', () => {
    const state = dealt(shah, '2S 9H 9D 9C TS TH TD TC 2H JH JD JC QS QH QD QC');
    expect(has(state, Play, 'inner 1')).toBe(true);
    expect(has(state, Deal)).toBe(true); // a play may be declined
    make(state, Deal);
    expect(has(state, Play, 'inner 1')).toBe(false); // circle 2 now blocks circle 1
    expect(has(state, Play, 'middle 1')).toBe(true);
    make(state, Deal);
    expect(has(state, Play, 'middle 1')).toBe(false); // circle 3 blocks circle 2
  });

  it('the main phase starts with no current card', () => {
    const state = star();
    expect(state.table.size(pile(state, 'current card'))).toBe(0);
    make(state, End);
    expect(top(state, 'current card')).toBe('2S'); // the first card of the stock in pack order
  });
});

describe('The Shah: marriages and blocking', () => {
  it('S1: a card marries onto an outer top of the same suit one higher, one card at a time', () => {
    const state = star({}, '7S 6S');
    make(state, End); // current card 7S
    expect(has(state, Marry, 'current card', 'outer 1')).toBe(true); // 7S on 8S
    expect(has(state, Marry, 'current card', 'outer 2')).toBe(false); // 7S on 8H: another suit
    expect(has(state, Marry, 'current card', 'outer 5')).toBe(false); // 7S on 7S: not one higher
    make(state, Marry, 'current card', 'outer 1');
    expect(cards(state, 'outer 1')).toEqual(['8S', '7S']);
    make(state, End); // current card 6S
    expect(has(state, Marry, 'current card', 'outer 1')).toBe(true);
    expect(has(state, Marry, 'outer 1', 'outer 2', 2)).toBe(false); // no run moves (S4)
  });

  it('S2: marriage sources are another outer top, the current card and the talon top; never a middle card', () => {
    const state = star({ middle: 'JS JH JD JC 6D QH QD QC' }, '7C 3S');
    expect(has(state, Marry, 'outer 5', 'outer 1')).toBe(true); // outer top 7S onto 8S
    make(state, End); // current card 7C
    expect(has(state, Marry, 'current card', 'outer 4')).toBe(true);
    make(state, End); // 7C to the talon, current card 3S
    expect(top(state, 'talon')).toBe('7C');
    expect(has(state, Marry, 'talon', 'outer 4')).toBe(true);
    make(state, Marry, 'outer 5', 'outer 1'); // releases middle 5, the 6D
    expect(top(state, 'middle 5')).toBe('6D');
    expect(legal(state).some((m) => (m & 0xff) === pile(state, 'middle 5') && ((m >>> 16) & 0x1f) === Marry)).toBe(
      false,
    );
    expect(state.isLegal(makeMove(Marry, pile(state, 'middle 5'), pile(state, 'outer 7')))).toBe(false); // 6D on 7D
  });

  it('S3: nothing is married onto a middle or inner card, even a released one', () => {
    const state = star({ middle: 'JS JH JD JC 6D QH QD QC' }, '5D');
    make(state, End); // current card 5D
    make(state, Marry, 'outer 5', 'outer 1'); // releases the 6D in middle 5
    const ontoMiddle = makeMove(Marry, pile(state, 'current card'), pile(state, 'middle 5'));
    expect(state.isLegal(ontoMiddle)).toBe(false);
    expect(legal(state)).not.toContain(ontoMiddle);
    expect(
      state.moveSpace().some((m) => ((m >>> 16) & 0x1f) === Marry && ((m >>> 8) & 0xff) < pile(state, 'outer 1')),
    ).toBe(false);
  });

  it('S4: with groupMoves=true a same-suit descending run moves as a unit; by default it does not', () => {
    for (const groupMoves of [false, true]) {
      const state = star({ outer: '8S 9S 8D 8C 7S 7H 7D 7C' }, '', { groupMoves });
      make(state, Marry, 'outer 5', 'outer 1'); // outer 1 = 8S 7S
      expect(has(state, Marry, 'outer 1', 'outer 2', 2)).toBe(groupMoves); // the run onto 9S
      if (groupMoves) {
        make(state, Marry, 'outer 1', 'outer 2', 2);
        expect(cards(state, 'outer 2')).toEqual(['9S', '8S', '7S']);
      }
    }
  });

  it('S5: an outer place blocks its middle card until completely empty, whatever its size', () => {
    const state = star(
      { inner: '3S 9H 9D 9C TS TH TD TC', middle: '2S JH JD JC QS QH QD QC', outer: '8S 9S 8D 8C 7S 7H 7D 7C' },
      '',
      { groupMoves: true },
    );
    make(state, Marry, 'outer 5', 'outer 1'); // outer 1 = 8S 7S
    expect(has(state, Play, 'middle 1')).toBe(false);
    make(state, Marry, 'outer 1', 'outer 2', 2); // outer 1 now empty
    expect(has(state, Play, 'middle 1')).toBe(true); // 2S released
    expect(has(state, Play, 'inner 1')).toBe(false); // 3S still behind the middle card
    make(state, Play, 'middle 1');
    make(state, Play, 'inner 1'); // released in turn
    expect(top(state, 'foundation 1')).toBe('3S');
  });

  it('S6: an empty outer place takes no marriage and is refilled before the next stock card is turned', () => {
    const state = star({}, '7S 6H QH');
    make(state, End); // current card 7S
    make(state, Marry, 'outer 5', 'outer 1'); // outer 5 empty
    expect(has(state, Marry, 'current card', 'outer 5')).toBe(false);
    expect(
      legal(state).some((m) => ((m >>> 8) & 0xff) === pile(state, 'outer 5') && ((m >>> 16) & 0x1f) === Marry),
    ).toBe(false);
    make(state, End); // talon empty, so the stock top (the current card 7S) fills outer 5
    expect(cards(state, 'outer 5')).toEqual(['7S']);
    make(state, Turn);
    expect(top(state, 'current card')).toBe('6H');
  });

  it('uncovers names the card that taking cards off a pile releases (S5 for an emptied outer place)', () => {
    const state = star({}, '4H 5H');
    make(state, End);
    make(state, End); // talon 4H, current 5H
    expect(state.uncovers(pile(state, 'talon'), 1)).toBe(NO_CARD);
    make(state, Marry, 'outer 5', 'outer 1'); // outer 1 = 8S 7S, middle 1 = JS, inner 1 = 9S
    expect(makeCard(state.uncovers(pile(state, 'outer 1'), 1))).toBe('8S');
    expect(makeCard(state.uncovers(pile(state, 'outer 1'), 2))).toBe('JS');
    expect(makeCard(state.uncovers(pile(state, 'middle 5'), 1))).toBe('TS'); // inner 5, behind the released QS
  });

  it('S16: one talon, and only its top card is available', () => {
    const state = star({}, '2S 7C 9H');
    make(state, End); // current 2S (playable, but kept)
    make(state, End); // 2S to the talon, current 7C
    make(state, End); // 7C to the talon, current 9H
    expect(cards(state, 'talon')).toEqual(['2S', '7C']);
    expect(has(state, Play, 'talon')).toBe(false); // 2S lies under 7C
    make(state, Marry, 'talon', 'outer 4'); // 7C onto 8C
    expect(has(state, Play, 'talon')).toBe(true);
  });
});

describe('The Shah: refills', () => {
  it('S7: a vacancy waits while the player goes on moving, and is refilled when the free moves end', () => {
    const state = star({}, '9H');
    expect(has(state, End)).toBe(true); // making a vacancy is optional
    make(state, Marry, 'outer 5', 'outer 1'); // outer 5 empty
    expect(has(state, Marry, 'outer 6', 'outer 2')).toBe(true); // further free moves remain
    make(state, Marry, 'outer 6', 'outer 2');
    expect(state.table.size(pile(state, 'outer 5'))).toBe(0);
    make(state, End);
    expect(cards(state, 'outer 5')).toEqual(['9H']);
  });

  it('S8: refills go inner circle, middle, outer, rays 1 to 8 within a circle', () => {
    const layout = {
      inner: '9S 9H 9D 9C 3S TH TD TC',
      middle: 'JS JH JD JC 2S QH QD QC',
      outer: '8S 9D 8D 8C 7S 7H 7D 7C',
    };
    const state = star(layout, '4H 5H 6H 7H 8H', { refillSource: 'stockOnly' });
    make(state, Marry, 'outer 5', 'outer 1'); // outer 5 empty
    make(state, Play, 'middle 5'); // 2S
    make(state, Play, 'inner 5'); // 3S: ray 5 is an open lane
    make(state, Marry, 'outer 3', 'outer 2'); // outer 3 empty (8D onto 9D)
    make(state, End);
    expect([top(state, 'inner 5'), top(state, 'middle 5'), top(state, 'outer 3'), top(state, 'outer 5')]).toEqual([
      '4H',
      '5H',
      '6H',
      '7H',
    ]);
    make(state, Turn);
    expect(top(state, 'current card')).toBe('8H');
  });

  it('S9 choice (default): for each vacancy the player takes the talon top or the stock top', () => {
    const state = star({}, '4H 5H 6H');
    make(state, End); // current 4H
    make(state, End); // 4H to the talon, current 5H
    make(state, Marry, 'outer 5', 'outer 1');
    make(state, End);
    expect(legal(state).map((m) => (m >>> 16) & 0x1f)).toEqual([Fill, Fill]);
    expect(has(state, Fill, 'talon', 'outer 5')).toBe(true);
    expect(has(state, Fill, 'current card', 'outer 5')).toBe(true); // the stock top is the held current card
    make(state, Fill, 'current card', 'outer 5');
    expect(top(state, 'outer 5')).toBe('5H');
    expect(top(state, 'talon')).toBe('4H');
  });

  it('S9 talonFirst and stockOnly take the talon top, or only the stock top, without asking', () => {
    const expected = { talonFirst: ['4H', ''], stockOnly: ['5H', '4H'] } as const;
    for (const refillSource of ['talonFirst', 'stockOnly'] as const) {
      const state = star({}, '4H 5H 6H', { refillSource });
      make(state, End);
      make(state, End); // talon 4H, current 5H
      make(state, Marry, 'outer 5', 'outer 1');
      make(state, End);
      expect([top(state, 'outer 5'), top(state, 'talon')]).toEqual(expected[refillSource]);
    }
  });

  it('edition=hoffmann presets refillSource=stockOnly; an explicit refillSource overrides it', () => {
    expect(resolveOptions(shah.options, { edition: 'hoffmann' })['refillSource']).toBe('stockOnly');
    expect(resolveOptions(shah.options, { edition: 'hoffmann', refillSource: 'choice' })['refillSource']).toBe(
      'choice',
    );
    const state = star({}, '4H 5H 6H', { edition: 'hoffmann' });
    make(state, End);
    make(state, End);
    make(state, Marry, 'outer 5', 'outer 1');
    make(state, End);
    expect(top(state, 'outer 5')).toBe('5H'); // from the pack, not the waste-heap
  });

  it('S13, S14: once the stock is out the talon top is played, married and used to refill; no vacancy is left while it lasts', () => {
    const state = star({}, restOfStock('7D 2S'));
    runOutStock(state);
    expect(state.table.size(pile(state, 'stock'))).toBe(0);
    expect(top(state, 'talon')).toBe('2S');
    make(state, Play, 'talon'); // S14: played
    expect(top(state, 'talon')).toBe('7D');
    make(state, Marry, 'talon', 'outer 3'); // S14: married onto 8D
    const under = top(state, 'talon');
    make(state, Marry, 'outer 5', 'outer 1');
    make(state, End); // S13: the talon fills the vacancy
    expect(top(state, 'outer 5')).toBe(under);
  });

  it('S9 stockOnly: once the stock is out, vacancies stay empty and release the cards behind them', () => {
    const state = star({}, restOfStock(''), { refillSource: 'stockOnly' });
    runOutStock(state);
    make(state, Marry, 'outer 5', 'outer 1');
    expect(has(state, End)).toBe(false); // nothing may refill it
    const found = new Uint8Array(16);
    const piles = new Uint8Array(16);
    const n = state.availableCards(found, piles);
    expect(Array.from(piles.subarray(0, n))).toContain(pile(state, 'middle 5')); // its QS is released
  });
});

describe('The Shah: the grace', () => {
  const lane = {
    inner: '9S 9H 9D 9C 3S TH TD TC',
    middle: 'JS JH JD JC 2S QH QD QC',
    outer: '8S 9D 8D 8C 7S 7H 7D 7C',
  };

  /** Open lane 5 (marry 7S away, play 2S and 3S) with the talon holding `talon` cards. */
  function openLane(talon: number, next: string): GameState {
    const state = star(lane, next);
    for (let i = 0; i <= talon; i++) make(state, End);
    make(state, Marry, 'outer 5', 'outer 1');
    make(state, Play, 'middle 5');
    make(state, Play, 'inner 5');
    return state;
  }

  it('S12: an open lane lets the top of any outer pile go to its inner place; middle then outer fill from the talon', () => {
    const state = openLane(2, '4H 5H 6H');
    expect(cards(state, 'talon')).toEqual(['4H', '5H']);
    const graces = legal(state).filter((m) => ((m >>> 16) & 0x1f) === Grace);
    expect(graces).toHaveLength(7); // every outer pile but the empty outer 5
    expect(graces.every((m) => ((m >>> 8) & 0xff) === pile(state, 'inner 5') && !reveals(m))).toBe(true);
    expect(has(state, End)).toBe(true); // the grace is optional
    make(state, Grace, 'outer 4', 'inner 5'); // the 8C
    expect([top(state, 'inner 5'), top(state, 'middle 5'), top(state, 'outer 5')]).toEqual(['8C', '5H', '4H']);
    expect(state.table.size(pile(state, 'outer 4'))).toBe(0);
    make(state, End); // the donor's place is refilled as usual: only the stock top is left (the current card)
    expect(top(state, 'outer 4')).toBe('6H');
  });

  it('S12: with the talon short, the stock top fills what the talon cannot', () => {
    const state = openLane(1, '4H 5H 6H');
    expect(cards(state, 'talon')).toEqual(['4H']);
    make(state, Grace, 'outer 3', 'inner 5'); // the 8D
    expect([top(state, 'inner 5'), top(state, 'middle 5'), top(state, 'outer 5')]).toEqual(['8D', '4H', '5H']);
    expect(state.table.size(pile(state, 'outer 3'))).toBe(0);
  });

  it('S17: a grace with talon and stock both out leaves the middle and outer places empty', () => {
    // Pause 1 plays four suit chains through inner places 1-4 until the stock holds just nine cards; then
    // circle 2 and the outer place of ray 1 are dealt, and ray 2 can be opened with talon and stock empty.
    const chains = [
      { place: 'inner 1', cards: '3S 4S 5S 6S 7S 8S 9S TS JS QS 2S 3S 4S 5S 6S 7S 8S 9S', last: 'QS' },
      { place: 'inner 2', cards: '3C 4C 5C 6C 7C 8C 9C TC JC QC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC', last: 'JS' },
      { place: 'inner 3', cards: '3H 4H 5H 6H 7H 8H 9H TH JH QH 2H 3H 4H 5H', last: 'TH' },
      { place: 'inner 4', cards: '3D 4D 5D 6D 7D 8D 9D TD JD QD 2D 3D 4D 5D', last: 'JH' },
    ];
    const deck = [
      '2S 2C 2H 2D 6H 7H 8H 9H',
      ...chains.map((c) => `${c.cards} ${c.last}`),
      'QH TS 6D 7D 8D 9D TD JD',
      'QD',
    ].join(' ');
    const state = shah.create(resolveOptions(shah.options, {}));
    state.deal(stackedDeck(deck));
    for (const chain of chains) {
      const played = chain.cards.split(' ').length + 1;
      for (let i = 0; i < played; i++) make(state, Play, chain.place);
      expect(top(state, chain.place)).toBe(chain.last);
    }
    expect(state.table.size(pile(state, 'stock'))).toBe(9);
    make(state, Deal);
    make(state, Deal);
    expect(state.table.size(pile(state, 'stock'))).toBe(0);
    expect(cards(state, 'outer 1')).toEqual(['QD']);
    make(state, Play, 'middle 2'); // TS
    make(state, Play, 'inner 2'); // JS: ray 2 is an open lane
    const grace = findMove(state, Grace, 'outer 1', 'inner 2');
    expect(grace).toBeDefined();
    expect(reveals(grace!)).toBe(false);
    state.apply(grace!);
    expect([top(state, 'inner 2'), top(state, 'middle 2'), top(state, 'outer 2'), top(state, 'outer 1')]).toEqual([
      'QD',
      '',
      '',
      '',
    ]);
    expect(state.table.size(pile(state, 'talon'))).toBe(0);
  });
});

describe('The Shah: the centre, the foundations and the end', () => {
  it('S15: the eight kings never move and the Shah is drawn as K\u2665 in the centre', () => {
    const state = star();
    const out = pile(state, 'dead kings');
    expect(state.moveSpace().some((m) => (m & 0xff) === out || ((m >>> 8) & 0xff) === out)).toBe(false);
    expect(state.picture()).toContain('K\u2665');
    expect(cards(state, 'dead kings')).toHaveLength(8);
  });

  it('foundations follow suit and build up to the queen; of two equal foundations a play goes to the first', () => {
    const state = star({ outer: '2S 8H 8D 8C 7S 7H 7D 7C' }, '2S');
    make(state, End); // current 2S while outer 1 holds the other 2S
    const plays = legal(state).filter((m) => ((m >>> 16) & 0x1f) === Play);
    expect(plays.map((m) => (m >>> 8) & 0xff)).toEqual([pile(state, 'foundation 1'), pile(state, 'foundation 1')]);
    expect(state.isLegal(makeMove(Play, pile(state, 'current card'), pile(state, 'foundation 5')))).toBe(false);
    make(state, Play, 'current card', 'foundation 1');
    make(state, Play, 'outer 1', 'foundation 5'); // now only the second spade foundation takes a 2
    expect(state.isLegal(makeMove(Play, pile(state, 'talon'), pile(state, 'foundation 2')))).toBe(false);
  });

  it('a revealing move is flagged and the same move without the flag is not legal', () => {
    const state = star();
    const end = findMove(state, End)!;
    expect(reveals(end)).toBe(true); // it turns the next stock card
    expect(state.isLegal(end & ~REVEALS)).toBe(false);
  });

  it.each(['choice', 'talonFirst', 'stockOnly'])(
    'S9 refillSource=%s: an end of the free moves or a fill is flagged revealing exactly when it takes a card out of the stock',
    (refillSource) => {
      // Random walks over many deals: every End and Fill generated is tried, and the stock's size before and after
      // it says whether an unseen card was turned (the next Turn is a move of its own).
      const state = shah.create(resolveOptions(shah.options, { refillSource }));
      const rng = seededRng(`reveals:${refillSource}`);
      const buffer = new Int32Array(4096);
      const stock = pile(state, 'stock');
      const seen = { flagged: 0, plain: 0 };
      for (let deal = 0; deal < 40; deal++) {
        state.deal(dealDeck('reveals', 'shah', deal));
        for (let step = 0; step < 600; step++) {
          const n = state.legalMoves(buffer);
          if (n === 0) break;
          for (let i = 0; i < n; i++) {
            const m = buffer[i]!;
            if (kindOf(m) !== End && kindOf(m) !== Fill) continue;
            const before = state.table.size(stock);
            state.apply(m);
            expect(state.table.size(stock) < before, `move ${m} at step ${step} of deal ${deal}`).toBe(reveals(m));
            state.undo();
            seen[reveals(m) ? 'flagged' : 'plain']++;
          }
          state.apply(buffer[Math.floor(rng() * n)]!);
        }
      }
      expect(seen.flagged).toBeGreaterThan(100);
      expect(seen.plain).toBeGreaterThan(100);
    },
  );
});

describe('The Shah: solver hooks', () => {
  /** The play that puts the current card on a foundation, if it fits one now. */
  const playCurrent = (state: GameState) =>
    legal(state).find((m) => kindOf(m) === Play && fromOf(m) === pile(state, 'current card'));

  /** Turn the whole stock, playing each current card that fits and laying the others on the talon. */
  function playOutStock(state: GameState, keep = ''): void {
    while (state.table.size(pile(state, 'stock')) + state.table.size(pile(state, 'current card')) > 0) {
      const m = playCurrent(state);
      if (m !== undefined && top(state, 'current card') !== keep) state.apply(m);
      else make(state, End);
    }
  }

  const solverFor = (state: GameState) =>
    new Solver(state, { budget: 100_000, order: greedyOrder(shah), solving: shah.solving });

  // deadEnd() looks at Cadogan's reading at the first step, before any card is turned, and once the stock is
  // out (where its rules fire; docs/decisions.md), at Hoffmann's at each step: each rule is checked under both,
  // the search's proof under Hoffmann's, and under Cadogan's where the first step proves it.
  const HOFFMANN = { edition: 'hoffmann' };

  it('middle-over-inner (S3, S5): both 5S lie in inner places under higher spades in the middle; the deal is lost', () => {
    const layout = {
      inner: '5S 5S 9H 9D 9C TH TD TC',
      middle: '9S 7S JH JD JC QH QD QC',
      outer: '8H 8D 8C 7H 7D 7C 6H 6D',
    };
    const cadogan = star(layout);
    runOutStock(cadogan);
    expect(shah.solving!.deadEndRules![aidOf(shah, cadogan).deadEnd!() - 1]).toBe('middle-over-inner');
    const state = star(layout, '', HOFFMANN);
    expect(shah.solving!.deadEndRules![aidOf(shah, state).deadEnd!() - 1]).toBe('middle-over-inner');
    const solver = solverFor(state);
    const deck = stackedDeck(`${layout.inner} ${layout.middle} ${layout.outer}`);
    expect(solver.solve(deck).outcome).toBe(Outcome.Unsolvable);
    expect(solver.pruned[1]).toBeGreaterThan(0);
  });

  it("middle-over-inner under Cadogan's reading at the first step: asked before the stock's first turn, the deal is proved lost at once", () => {
    const layout = {
      inner: '5S 5S 9H 9D 9C TH TD TC',
      middle: '9S 7S JH JD JC QH QD QC',
      outer: '8H 8D 8C 7H 7D 7C 6H 6D',
    };
    const state = star(layout);
    expect(state.table.size(pile(state, 'current card')) + state.table.size(pile(state, 'talon'))).toBe(0);
    expect(shah.solving!.deadEndRules![aidOf(shah, state).deadEnd!() - 1]).toBe('middle-over-inner');
    make(state, End); // a card turned, the stock not out: not asked there (its cost)
    expect(state.table.size(pile(state, 'current card'))).toBe(1);
    expect(aidOf(shah, state).deadEnd!()).toBe(0);
    const solver = solverFor(shah.create(resolveOptions(shah.options, {})));
    const verdict = solver.solve(stackedDeck(`${layout.inner} ${layout.middle} ${layout.outer}`));
    expect(verdict.outcome).toBe(Outcome.Unsolvable);
    expect(solver.pruned[1]).toBeGreaterThan(0);
  });

  it('middle-over-inner near miss: one of the two 5S lies under a lower spade, which can be played first', () => {
    const layout = {
      inner: '5S 5S 9H 9D 9C TH TD TC',
      middle: '9S 3S JH JD JC QH QD QC',
      outer: '8H 8D 8C 7H 7D 7C 6H 6D',
    };
    const cadogan = star(layout);
    expect(aidOf(shah, cadogan).deadEnd!()).toBe(0); // asked at the first step too
    runOutStock(cadogan);
    expect(aidOf(shah, cadogan).deadEnd!()).toBe(0);
    expect(aidOf(shah, star(layout, '', HOFFMANN)).deadEnd!()).toBe(0);
  });

  // Ray 1: outer 9S over middle 5S; both TS lie in middle places, so no outer TS can ever take the 9S (S1, S3),
  // and the other 5S lies in an inner place under one of them. Every inner card is a spade above 5: none can
  // be played, so no lane opens for a grace (S12).
  const LOCKED = {
    inner: '6S 5S 6S 7S 7S 8S 8S JS',
    middle: '5S TS TS QH QH JH JH TH',
    outer: '9S 2D 3D 4D 5D 6D 7D 8D',
  };

  it('held-before-grace (S1, S5, S12): an outer 9S nothing can take holds a 5S it needs; the deal is lost', () => {
    const cadogan = star(LOCKED);
    expect(shah.solving!.deadEndRules![aidOf(shah, cadogan).deadEnd!() - 1]).toBe('held-before-grace'); // at the first step
    runOutStock(cadogan);
    expect(shah.solving!.deadEndRules![aidOf(shah, cadogan).deadEnd!() - 1]).toBe('held-before-grace');
    const state = star(LOCKED, '', HOFFMANN);
    expect(shah.solving!.deadEndRules![aidOf(shah, state).deadEnd!() - 1]).toBe('held-before-grace');
    const solver = solverFor(state);
    expect(solver.solve(stackedDeck(`${LOCKED.inner} ${LOCKED.middle} ${LOCKED.outer}`)).outcome).toBe(
      Outcome.Unsolvable,
    );
    expect(solver.pruned[2]).toBeGreaterThan(0);
  });

  it('held-before-grace near miss: with the other TS in the stock, the 9S may yet be married away (S1, S2)', () => {
    const layout = { ...LOCKED, middle: '5S TS QS QH QH JH JH TH' };
    const cadogan = star(layout);
    expect(aidOf(shah, cadogan).deadEnd!()).toBe(0); // asked at the first step too
    runOutStock(cadogan);
    expect(aidOf(shah, cadogan).deadEnd!()).toBe(0);
    expect(aidOf(shah, star(layout, '', HOFFMANN)).deadEnd!()).toBe(0);
  });

  // Hoffmann, the stock turned out onto the talon without a play; then ray 1's three cards are played, which
  // opens one lane. Every two and three came out of the stock first, so they lie at the bottom of the talon.
  const TWOS_DEEP = {
    inner: '2C 9H 9D 9C TS TH TD TC',
    middle: '2D JH JD JC QS QH QD QC',
    outer: '2H 8H 8D 8C 7S 7H 7D 7C',
  };
  function turnedOut(next: string): GameState {
    const state = star(TWOS_DEEP, next, HOFFMANN);
    runOutStock(state);
    for (const place of ['outer 1', 'middle 1', 'inner 1']) make(state, Play, place);
    return state;
  }

  it('talon-beyond-graces (S12, S16, edition=hoffmann): the talon top QC holds, and one grace cannot reach a card that plays', () => {
    const state = turnedOut('2S 2S 2H 2D 2C 3S 3S 3H 3H 3D 3D 3C 3C');
    expect(state.table.size(pile(state, 'talon'))).toBe(64);
    expect(shah.solving!.deadEndRules![aidOf(shah, state).deadEnd!() - 1]).toBe('talon-beyond-graces');
  });

  it('talon-beyond-graces near miss: with the stock in pack order the grace frees clubs that play, and each play is another grace', () => {
    expect(aidOf(shah, turnedOut('')).deadEnd!()).toBe(0);
  });

  // The star holds every ten, knave and queen; the rest of the stock comes in pack order, so each stock card
  // fits a foundation as it is turned.
  const HIGH = {
    inner: 'QS QH QD QC QS QH QD QC',
    middle: 'JS JH JD JC JS JH JD JC',
    outer: 'TS TH TD TC TS TH TD TC',
  };

  it('safe move: with stock, current card and talon out, a play whose suit has every lower card on the foundations is made alone', () => {
    const state = star(HIGH);
    playOutStock(state);
    const moves = new Int32Array(4096);
    const n = state.legalMoves(moves);
    const safe = aidOf(shah, state).safeMove!(moves, n);
    expect(kindOf(safe)).toBe(Play);
    expect(top(state, state.pileNames[fromOf(safe)]!)).toBe('TS'); // the first play offered: outer 1
    const solver = solverFor(state);
    const deck = stackedDeck(`${HIGH.inner} ${HIGH.middle} ${HIGH.outer}`);
    const verdict = solver.solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(shah.create(resolveOptions(shah.options, {})), deck, verdict.line)).toBe('');
    expect(solver.pruned[0]).toBeGreaterThan(0);
  });

  it('safe move not offered while the talon holds a card (S12: a grace fills from it), though the same play fits', () => {
    const state = star(HIGH);
    playOutStock(state, '9C'); // the last 9C goes to the talon
    expect(top(state, 'talon')).toBe('9C');
    const moves = new Int32Array(4096);
    const n = state.legalMoves(moves);
    expect(
      moves.subarray(0, n).some((m) => kindOf(m) === Play && top(state, state.pileNames[fromOf(m)]!) === 'TS'),
    ).toBe(true);
    expect(aidOf(shah, state).safeMove!(moves, n)).toBe(-1);
  });

  it('a deck greedy loses and the solver wins: the second 6D comes early and the clubs after it bury it in the talon (S1, S2, S16)', () => {
    // The star as above; the stock in pack order but for the second 6D, turned before the first 4C.
    const stock = [
      '2S 3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D 5D 6D 7D 8D 9D 2C 3C 6D 5C 6C 7C 8C 9C',
      '2S 3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D 5D 4C 7D 8D 9D 2C 3C 4C 5C 6C 7C 8C 9C',
    ];
    const deck = stackedDeck(`${HIGH.inner} ${HIGH.middle} ${HIGH.outer} ${stock.join(' ')}`);
    const options = resolveOptions(shah.options, {});
    const greedy = greedyPlayer.create(shah, DEFAULT_SETTINGS);
    expect(playDeal(shah.create(options), greedy, deck, () => seededRng('greedy'), new Int32Array(4096)).won).toBe(
      false,
    );
    const verdict = solverFor(shah.create(options)).solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(shah.create(options), deck, verdict.line)).toBe('');
  });
});
