// One test (at least) per ruling of The Fish-Bone (RULES.md 12, and F8-F12 of the game's rules card), each on a
// hand-made deck: the first six cards are dealt to gridiron piles 1-6, the next are the stock in the order
// turned, then the rest of the two packs in pack order.

import { describe, expect, it } from 'vitest';
import { makeCard, parseCard } from '../src/core/card.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, REVEALS, kindOf, makeMove, reveals, toOf } from '../src/core/move.js';
import { fishBone } from '../src/games/fish-bone/index.js';
import { greedyPlayer } from '../src/players/greedy.js';
import { cards, dealt, findMove, legal, make, pile, top } from './helpers.js';

const { Play, Marry, Fill, Turn, Redeal } = MoveKind;

/** A gridiron with no knave, king or queen, and nothing that marries by accident. */
const PLAIN = '2H 3H 4C 5C 6D 7D';

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

function size(state: GameState, name: string): number {
  return state.table.size(pile(state, name));
}

function kinds(state: GameState): number[] {
  return legal(state).map(kindOf);
}

/** Turn cards, making no other move, until the stock and the current card are out. */
function turnOut(state: GameState): void {
  while (has(state, Turn)) make(state, Turn);
}

describe('The Fish-Bone: the deal and the spine', () => {
  it('deals one card to each of the six gridiron piles and leaves 98 in the stock; all 104 cards count', () => {
    const state = dealt(fishBone, PLAIN);
    for (let g = 1; g <= 6; g++) expect(size(state, `gridiron ${g}`)).toBe(1);
    expect(cards(state, 'gridiron 1')).toEqual(['2H']);
    expect(size(state, 'stock')).toBe(98);
    expect(state.cardsInPlay).toBe(104);
    expect(state.foundationCount()).toBe(0);
    expect(kinds(state)).toEqual([Turn]);
  });

  it('F4: a knave in the gridiron goes to the spine at once, and its place must be refilled before a card is turned', () => {
    const state = dealt(fishBone, `JS ${PLAIN.slice(3)} 9D`);
    expect(cards(state, 'knave 1')).toEqual(['JS']);
    expect(size(state, 'gridiron 1')).toBe(0);
    expect(has(state, Turn)).toBe(false); // F1
    const fill = findMove(state, Fill, 'stock', 'gridiron 1');
    expect(fill).toBeDefined();
    expect(reveals(fill!)).toBe(true); // the next stock card, unseen, is turned straight into the place
    state.apply(fill!);
    expect(cards(state, 'gridiron 1')).toEqual(['9D']);
    expect(has(state, Turn)).toBe(true);
  });

  it('F7: a knave turned from the stock goes to the spine at once, as the current card or into a vacancy', () => {
    const turned = dealt(fishBone, `${PLAIN} JS 8C`);
    make(turned, Turn);
    expect(cards(turned, 'knave 1')).toEqual(['JS']);
    expect(size(turned, 'current card')).toBe(0);
    expect(size(turned, 'talon')).toBe(0); // never to the talon
    make(turned, Turn);
    expect(top(turned, 'current card')).toBe('8C');

    const filled = dealt(fishBone, `JS ${PLAIN.slice(3)} JH 9D`);
    make(filled, Fill, 'stock', 'gridiron 1'); // the JH is turned into the vacancy ...
    expect(cards(filled, 'knave 2')).toEqual(['JH']); // ... and goes on to the spine, second in the column
    expect(size(filled, 'gridiron 1')).toBe(0); // the vacancy stays open
    make(filled, Fill, 'stock', 'gridiron 1');
    expect(cards(filled, 'gridiron 1')).toEqual(['9D']);
  });

  it('Rule I: a ten down to an ace plays onto a knave of its suit one higher, optionally, from any available card', () => {
    const state = dealt(fishBone, `TS 9S ${PLAIN.slice(6)} JS TH 8S TS 9S`);
    make(state, Turn); // JS to the spine
    expect(has(state, Play, 'gridiron 1', 'knave 1')).toBe(true); // TS from the gridiron
    expect(has(state, Play, 'gridiron 2')).toBe(false); // 9S waits for the ten
    make(state, Turn); // current TH: not a spade
    expect(has(state, Play, 'current card')).toBe(false);
    expect(has(state, Turn)).toBe(true); // plays are optional
    make(state, Turn); // TH to the talon, current 8S
    make(state, Turn); // 8S to the talon, current TS
    expect(has(state, Play, 'current card', 'knave 1')).toBe(true);
    make(state, Play, 'current card', 'knave 1');
    make(state, Play, 'gridiron 2', 'knave 1'); // 9S
    make(state, Play, 'talon', 'knave 1'); // 8S from the talon top
    expect(cards(state, 'knave 1')).toEqual(['JS', 'TS', '9S', '8S']);
    expect(state.isLegal(makeMove(Play, pile(state, 'gridiron 1'), pile(state, 'knave 1')))).toBe(false); // TS on 8S
  });

  it('plays go to the first of two knave piles of one suit showing the same top (engine note)', () => {
    const state = dealt(fishBone, `JS ${PLAIN.slice(3)} JS 9C TS`);
    make(state, Fill, 'stock', 'gridiron 1'); // the second JS goes to knave 2
    make(state, Fill, 'stock', 'gridiron 1'); // 9C
    make(state, Turn); // current TS
    expect(
      legal(state)
        .filter((m) => kindOf(m) === Play)
        .map(toOf),
    ).toEqual([pile(state, 'knave 1')]);
    expect(state.isLegal(makeMove(Play, pile(state, 'current card'), pile(state, 'knave 2')))).toBe(false);
  });
});

describe('The Fish-Bone: marriages', () => {
  it('marriage: the current card or talon top onto a gridiron top of its suit one lower; never gridiron to gridiron', () => {
    const state = dealt(fishBone, 'AH 2H 4C 5C 6D 7D 3H 2H');
    make(state, Turn); // current 3H
    expect(has(state, Marry, 'current card', 'gridiron 2')).toBe(true); // 3H on 2H: ascending
    expect(has(state, Marry, 'current card', 'gridiron 1')).toBe(false); // not on AH
    expect(state.isLegal(makeMove(Marry, pile(state, 'gridiron 2'), pile(state, 'gridiron 1')))).toBe(false); // 2H on AH
    expect(legal(state).some((m) => kindOf(m) === Marry && (m & 0xff) === pile(state, 'gridiron 2'))).toBe(false);
    make(state, Turn); // 3H to the talon, current 2H
    expect(has(state, Marry, 'talon', 'gridiron 2')).toBe(true);
    make(state, Marry, 'current card', 'gridiron 1'); // 2H on AH
    make(state, Marry, 'talon', 'gridiron 1'); // 3H on 2H
    expect(cards(state, 'gridiron 1')).toEqual(['AH', '2H', '3H']);
    expect(has(state, Turn)).toBe(true); // marriages are optional and leave no vacancy
  });
});

describe('The Fish-Bone: kings and queens', () => {
  it('F2, F3: kings and queens wait on the talon until their knave comes, then go at once beside it', () => {
    const state = dealt(fishBone, `${PLAIN} KS QS JS QS 8C`);
    make(state, Turn); // KS: no spade knave placed
    expect(cards(state, 'talon')).toEqual(['KS']); // Rule II: consigned to the talon at once
    expect(size(state, 'current card')).toBe(0);
    make(state, Turn); // QS: the same
    expect(cards(state, 'talon')).toEqual(['KS', 'QS']);
    make(state, Turn); // JS: placed, and the QS then the KS under it go to their slots
    expect([cards(state, 'knave 1'), cards(state, 'king 1'), cards(state, 'queen 1')]).toEqual([
      ['JS'],
      ['KS'],
      ['QS'],
    ]);
    expect(size(state, 'talon')).toBe(0);
    make(state, Turn); // the second QS: its knave's queen slot is taken, no other spade knave
    expect(cards(state, 'talon')).toEqual(['QS']);
    expect(cards(state, 'queen 1')).toEqual(['QS']);
  });

  it('F2: a king or queen goes straight into its slot when its knave is already placed, and only beside its own suit', () => {
    const state = dealt(fishBone, `${PLAIN} JH QS QH`);
    make(state, Turn); // JH
    make(state, Turn); // QS: the heart knave does not take it
    expect(cards(state, 'talon')).toEqual(['QS']);
    expect(size(state, 'queen 1')).toBe(0);
    make(state, Turn); // QH
    expect(cards(state, 'queen 1')).toEqual(['QH']);
    expect(cards(state, 'talon')).toEqual(['QS']);
  });

  it('F2: a king or queen in the gridiron takes no marriage and waits there until its knave is placed', () => {
    const state = dealt(fishBone, 'QS 2H 4C 5C 6D 7D KS JS 9D');
    expect(cards(state, 'gridiron 1')).toEqual(['QS']);
    make(state, Turn); // KS to the talon
    expect(state.isLegal(makeMove(Marry, pile(state, 'talon'), pile(state, 'gridiron 1')))).toBe(false); // KS on QS
    expect(has(state, Marry)).toBe(false);
    make(state, Turn); // JS: the QS leaves the gridiron, the KS the talon
    expect([cards(state, 'queen 1'), cards(state, 'king 1')]).toEqual([['QS'], ['KS']]);
    expect(size(state, 'gridiron 1')).toBe(0);
    expect(kinds(state)).toEqual([Fill]); // the place it left is refilled (F1)
  });

  it('F9: a king or queen under the talon top waits until it is uncovered, then goes at once', () => {
    const state = dealt(fishBone, '2H 3H 4C 5C 4D 7D 8C KS 5D JS');
    make(state, Turn); // 8C
    make(state, Turn); // 8C to the talon; KS to the talon
    make(state, Turn); // 5D
    make(state, Turn); // 5D to the talon, JS placed: the KS lies under the 5D
    expect(cards(state, 'talon')).toEqual(['8C', 'KS', '5D']);
    expect(size(state, 'king 1')).toBe(0);
    expect(makeCard(state.uncovers(pile(state, 'talon'), 1))).toBe('8C'); // the KS will not stay available
    make(state, Marry, 'talon', 'gridiron 5'); // 5D on 4D uncovers the KS, which goes at once
    expect(cards(state, 'king 1')).toEqual(['KS']);
    expect(cards(state, 'talon')).toEqual(['8C']);
  });

  it('F9: a king or queen never fills a vacancy; one turned into a vacancy with no slot goes to the talon', () => {
    const state = dealt(fishBone, 'JH 2H 4C 5C 6D 7D QS 9C');
    make(state, Fill, 'stock', 'gridiron 1'); // QS: no spade knave
    expect(cards(state, 'talon')).toEqual(['QS']);
    expect(size(state, 'gridiron 1')).toBe(0);
    expect(has(state, Fill, 'talon')).toBe(false);
    expect(state.isLegal(makeMove(Fill, pile(state, 'talon'), pile(state, 'gridiron 1')))).toBe(false);
    make(state, Fill, 'stock', 'gridiron 1');
    expect(cards(state, 'gridiron 1')).toEqual(['9C']);
  });

  it('F10: a gridiron king and a talon king competing for one slot: the gridiron one takes it, the other waits', () => {
    const state = dealt(fishBone, 'KS 2H 4C 5C 6D 7D KS JS 9H JS');
    make(state, Turn); // the second KS to the talon
    make(state, Turn); // JS: one king slot
    expect(cards(state, 'king 1')).toEqual(['KS']);
    expect(size(state, 'gridiron 1')).toBe(0); // the gridiron king took it
    expect(cards(state, 'talon')).toEqual(['KS']);
    make(state, Fill, 'stock', 'gridiron 1'); // 9H (the talon king cannot fill it)
    make(state, Turn); // the second JS: the talon king goes beside it
    expect([cards(state, 'knave 2'), cards(state, 'king 2')]).toEqual([['JS'], ['KS']]);
    expect(size(state, 'talon')).toBe(0);
  });

  it('need: a king or queen waiting for its knave needs one card; a spot card needs its knave and the cards above it', () => {
    const state = dealt(fishBone, `${PLAIN} JS QS`);
    const c = (code: string) => parseCard(code)!;
    expect(state.need(c('KS'))).toBe(1);
    expect(state.need(c('9S'))).toBe(2); // JS then TS
    make(state, Turn); // JS
    expect(state.need(c('KS'))).toBe(0); // a free slot
    expect(state.need(c('TS'))).toBe(0);
    expect(state.need(c('9S'))).toBe(1);
    make(state, Turn); // QS to its slot; the other QS waits for the second spade knave
    expect(state.need(c('QS'))).toBe(1);
  });
});

describe('The Fish-Bone: vacancies', () => {
  it('F1, F8: a vacancy takes the current card or the talon top by choice; no card is turned until it is filled', () => {
    const state = dealt(fishBone, `TS 9S ${PLAIN.slice(6)} 8D JS 9C`);
    make(state, Turn); // 8D
    make(state, Turn); // 8D to the talon, JS placed
    make(state, Turn); // current 9C
    make(state, Play, 'gridiron 1', 'knave 1'); // TS: gridiron 1 empty
    expect(has(state, Turn)).toBe(false);
    expect(has(state, Play, 'gridiron 2', 'knave 1')).toBe(true); // other moves while the vacancy waits
    expect(has(state, Fill, 'current card', 'gridiron 1')).toBe(true);
    expect(has(state, Fill, 'talon', 'gridiron 1')).toBe(true);
    expect(has(state, Fill, 'stock')).toBe(false); // the current card is held: it is the stock side
    make(state, Fill, 'talon', 'gridiron 1');
    expect(cards(state, 'gridiron 1')).toEqual(['8D']);
    expect(top(state, 'current card')).toBe('9C');
    expect(has(state, Turn)).toBe(true);
  });

  it('F6, F8: of several vacancies only the first is offered, the piles being alike', () => {
    const state = dealt(fishBone, `TS 9S ${PLAIN.slice(6)} JS 4H`);
    make(state, Turn); // JS
    make(state, Play, 'gridiron 1', 'knave 1');
    make(state, Play, 'gridiron 2', 'knave 1');
    const fills = legal(state).filter((m) => kindOf(m) === Fill);
    expect(fills.map(toOf)).toEqual([pile(state, 'gridiron 1')]);
    expect(state.isLegal(makeMove(Fill, pile(state, 'stock'), pile(state, 'gridiron 2')) | REVEALS)).toBe(false);
    make(state, Fill, 'stock', 'gridiron 1');
    expect(
      legal(state)
        .filter((m) => kindOf(m) === Fill)
        .map(toOf),
    ).toEqual([pile(state, 'gridiron 2')]);
  });

  it('reveal flags: turning or filling from the unseen stock is flagged; the same move without the flag is illegal', () => {
    const state = dealt(fishBone, `JS ${PLAIN.slice(3)} 9D`);
    const fill = findMove(state, Fill, 'stock')!;
    expect(state.isLegal(fill & ~REVEALS)).toBe(false);
    state.apply(fill);
    const turn = findMove(state, Turn)!;
    expect(reveals(turn)).toBe(true);
    expect(state.isLegal(turn & ~REVEALS)).toBe(false);
  });
});

describe('The Fish-Bone: the re-deal and the end', () => {
  it('F5: one re-deal, the talon turned over as it lies; no second re-deal', () => {
    const state = dealt(fishBone, `${PLAIN.slice(0, 15)} TD`); // 2H 3H 4C 5C 6D TD
    turnOut(state);
    expect(size(state, 'stock') + size(state, 'current card')).toBe(0);
    const talon = cards(state, 'talon');
    expect(talon.some((c) => c[0] === 'J')).toBe(false); // F7: never a knave on the talon
    expect(cards(state, 'knave 8')).toHaveLength(1); // every knave came in the first deal
    // F8: with a vacancy the talon top could fill, no re-deal
    make(state, Play, 'gridiron 6'); // TD onto a diamond knave
    expect(has(state, Redeal)).toBe(false);
    make(state, Fill, 'talon', 'gridiron 6');
    const laid = cards(state, 'talon');
    const redeal = findMove(state, Redeal, 'talon', 'stock');
    expect(redeal).toBeDefined();
    expect(reveals(redeal!)).toBe(false);
    state.apply(redeal!);
    expect(size(state, 'talon')).toBe(0);
    expect(size(state, 'stock')).toBe(laid.length);
    expect(state.picture()).toContain('deal 2 of 2');
    const turned: string[] = [];
    for (let i = 0; i < 3; i++) {
      make(state, Turn);
      turned.push(top(state, 'current card'));
    }
    expect(turned).toEqual(laid.slice(0, 3)); // the card laid first is turned first: no shuffle
    turnOut(state);
    expect(has(state, Redeal)).toBe(false);
    expect(state.isLegal(makeMove(Redeal, pile(state, 'talon'), pile(state, 'stock')))).toBe(false);
  });

  it('F11: after the second stock is out the talon top is still played, and the game ends when no move is left', () => {
    const state = dealt(fishBone, `${PLAIN} 9C`); // a 9C at the bottom of the talon blocks the clubs below it
    turnOut(state);
    make(state, Redeal);
    turnOut(state);
    expect(size(state, 'stock') + size(state, 'current card')).toBe(0);
    const left = kinds(state);
    expect(left.length).toBeGreaterThan(0); // the talon top still plays
    expect(left.every((k) => k === Play || k === Marry || k === Fill)).toBe(true);
    for (let guard = 0; guard < 500 && legal(state).length > 0; guard++) state.apply(legal(state)[0]!);
    expect(legal(state)).toEqual([]); // the end: no turn, no re-deal, no move
    expect(size(state, 'talon')).toBeGreaterThan(0); // the cards that could not be used stay there
    expect(Array.from(state.table.cardCounts()).every((n) => n === 1)).toBe(true); // nothing put out of play
  });

  it('F12: the score counts knaves, kings and queens in the spine; all 104 placed wins', () => {
    const state = dealt(fishBone, 'JS KS QS JH 2C 3C');
    expect(state.foundationCount()).toBe(4); // JS, JH and the spade king and queen
    const ranks = ['J', 'K', 'Q', 'T', '9', '8', '7', '6', '5', '4', '3', '2', 'A'];
    const won = dealt(fishBone, ranks.map((r) => `${r}S ${r}H ${r}D ${r}C ${r}S ${r}H ${r}D ${r}C`).join(' '));
    for (let guard = 0; guard < 400 && legal(won).length > 0; guard++) won.apply(legal(won)[0]!);
    expect(won.foundationCount()).toBe(104);
    expect(won.isWon()).toBe(true);
    expect(state.isWon()).toBe(false);
  });
});

describe('The Fish-Bone: the picture', () => {
  it('draws the gridiron, the spine with kings and queens either side, the talon, current card, stock and deal', () => {
    const state = dealt(fishBone, `${PLAIN} KH JH 8C`);
    make(state, Turn);
    make(state, Turn);
    make(state, Turn);
    const picture = state.picture();
    expect(picture).toContain('K\u2665 \\ J\u2665/1');
    expect(picture).toContain('2\u2665/1');
    expect(picture).toContain('current card 8\u2663');
    expect(picture).toContain('stock 95');
    expect(picture).toContain('deal 1 of 2');
  });
});

describe('The Fish-Bone: greedy advice', () => {
  it('greedy refills a vacancy from the talon top rather than the stock, even with a card needed late', () => {
    const state = dealt(fishBone, `TS ${PLAIN.slice(3)} 2D JS`);
    make(state, Turn); // 2D
    make(state, Turn); // 2D to the talon, JS placed
    make(state, Play, 'gridiron 1', 'knave 1'); // TS: a vacancy
    expect(state.need(parseCard('2D')!)).toBe(9); // the generic rule would take an unseen card (need 6) instead
    const buf = new Int32Array(64);
    const n = state.legalMoves(buf);
    const choice = greedyPlayer.create(fishBone, { depth: 1, nodes: 1 }).choose(state, buf, n);
    expect(choice).toBe(findMove(state, Fill, 'talon', 'gridiron 1'));
  });
});
