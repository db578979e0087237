// One test per ruling of The Sultan (RULES.md 3, and U7, U8 of the game's rules card), each on a hand-made
// deck, and the greedy advice for the timing of Divan plays.
//
// Most decks share one Divan: the first 8 stock cards, then the cards named in the test, then the rest of the
// pack in pack order (the kings and the first ace of hearts are taken out as bases wherever they lie).

import { describe, expect, it } from 'vitest';
import { makeCard } from '../src/core/card.js';
import { stackedDeck } from '../src/core/deck.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, REVEALS, kindOf, makeMove, reveals } from '../src/core/move.js';
import { resolveOptions, sameOptionsText, type OptionValue } from '../src/core/options.js';
import { shuffleInPlace } from '../src/core/random.js';
import { redealShuffle } from '../src/core/stock.js';
import { sultan } from '../src/games/sultan/index.js';
import { greedyPlayer } from '../src/players/greedy.js';
import { STOP } from '../src/players/player.js';
import { cards, dealt, findMove, legal, make, pile, top } from './helpers.js';

const { Play, Fill, Turn, Redeal } = MoveKind;

/** Queens and knaves: a Divan of cards that fit nothing for a long while. */
const IDLE = 'QS QH QD QC JS JH JD JC';

/** A Sultan state whose Divan is the 8 cards of `divan` (or 6 with divanSize=6) and whose stock goes on with `next`. */
function divan(cells: string, next = '', rules: Record<string, OptionValue> = {}): GameState {
  return dealt(sultan, `${cells} ${next}`, rules);
}

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

function size(state: GameState, name: string): number {
  return state.table.size(pile(state, name));
}

/** Turn until the stock is out. */
function runOutStock(state: GameState): void {
  while (size(state, 'stock') > 0) make(state, Turn);
}

/** What greedy chooses here. */
function greedyChoice(state: GameState): number {
  const buf = new Int32Array(4096);
  const n = state.legalMoves(buf);
  return greedyPlayer.create(sultan, { depth: 1, nodes: 1 }).choose(state, buf, n);
}

describe('The Sultan: the deal', () => {
  it('takes out the 8 kings and one ace of hearts as bases wherever they lie; 95 cards in play', () => {
    const state = divan(`KH 5S KC AH KH ${IDLE}`);
    expect(cards(state, 'the Sultan')).toEqual(['KH']); // the first king of hearts
    expect(cards(state, 'king of hearts')).toEqual(['KH']);
    expect(cards(state, 'ace of hearts')).toEqual(['AH']);
    for (const name of [
      'king of clubs 1',
      'king of clubs 2',
      'king of diamonds 1',
      'king of diamonds 2',
      'king of spades 1',
      'king of spades 2',
    ]) {
      expect(cards(state, name)).toEqual([`K${name[8]!.toUpperCase()}`]);
    }
    // the Divan is the first 8 stock cards, dealt 1 to 8; the rest is the stock
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((i) => top(state, `divan ${i}`))).toEqual([
      '5S',
      'QS',
      'QH',
      'QD',
      'QC',
      'JS',
      'JH',
      'JD',
    ]);
    expect(size(state, 'stock')).toBe(95 - 8);
    expect(state.cardsInPlay).toBe(95);
    expect(state.foundationCount()).toBe(0);
    expect(size(state, 'current card') + size(state, 'talon')).toBe(0);
  });

  it('the centre king, the Sultan, takes nothing: the ace of hearts goes on the other king of hearts', () => {
    const state = divan(`AH AH ${IDLE.slice(3)}`);
    const ace = findMove(state, Play, 'divan 1');
    expect(ace).toBeDefined();
    expect((ace! >>> 8) & 0xff).toBe(pile(state, 'king of hearts'));
    expect(state.isLegal(makeMove(Play, pile(state, 'divan 1'), pile(state, 'the Sultan')) | (ace! & REVEALS))).toBe(
      false,
    );
    expect(state.moveSpace().some((m) => ((m >>> 8) & 0xff) === pile(state, 'the Sultan'))).toBe(false);
    state.apply(ace!);
    expect(cards(state, 'the Sultan')).toEqual(['KH']);
    expect(cards(state, 'king of hearts')).toEqual(['KH', 'AH']);
  });

  it("the heart ace's foundation starts at two, and both heart foundations end in queens", () => {
    const state = divan('2H QS QD QC JS JH JD JC', '9C 3H');
    expect(state.need(stackedDeck('2H')[0]!)).toBe(0);
    make(state, Turn);
    make(state, Turn); // current card 3H, talon 9C
    expect(has(state, Play, 'current card')).toBe(false); // the 3H waits for the two
    make(state, Play, 'divan 1', 'ace of hearts');
    expect(cards(state, 'ace of hearts')).toEqual(['AH', '2H']);
    expect(has(state, Play, undefined, 'king of hearts')).toBe(false); // the king of hearts waits for the other ace
    make(state, Play, 'current card', 'ace of hearts');
    expect(top(state, 'ace of hearts')).toBe('3H');
  });

  it('U1: the Divan has 8 cells; divanSize=6 deals 6', () => {
    const eight = divan(IDLE);
    expect(eight.pileNames.filter((n) => n.startsWith('divan'))).toHaveLength(8);
    const six = divan(IDLE, '', { divanSize: 6 });
    expect(six.pileNames.filter((n) => n.startsWith('divan'))).toHaveLength(6);
    expect([1, 2, 3, 4, 5, 6].map((i) => top(six, `divan ${i}`))).toEqual(['QS', 'QH', 'QD', 'QC', 'JS', 'JH']);
    expect(size(six, 'stock')).toBe(95 - 6);
  });
});

describe('The Sultan: the Divan', () => {
  it('U2: an emptied cell is refilled at once from the talon top, else the current card, else the stock', () => {
    const state = divan('AS AD AC QC JS JH JD JC', '9S 8S 7S');
    make(state, Turn);
    make(state, Turn); // current card 8S, talon 9S
    make(state, Play, 'divan 1'); // AS
    expect(top(state, 'divan 1')).toBe('9S'); // the talon top
    expect(size(state, 'talon')).toBe(0);
    expect(top(state, 'current card')).toBe('8S');
    const ad = findMove(state, Play, 'divan 2')!;
    expect(reveals(ad)).toBe(false);
    state.apply(ad);
    expect(top(state, 'divan 2')).toBe('8S'); // the talon is empty: the current card
    expect(size(state, 'current card')).toBe(0);
    const ac = findMove(state, Play, 'divan 3')!;
    expect(reveals(ac)).toBe(true); // talon and current card empty: the next stock card, unseen
    expect(state.isLegal(ac & ~REVEALS)).toBe(false);
    state.apply(ac);
    expect(top(state, 'divan 3')).toBe('7S');
  });

  it('U2 manual: an emptied cell waits; the player fills the first empty cell from the talon top or the current card', () => {
    const state = divan('AS AD QD QC JS JH JD JC', '9S 8S', { divanFill: 'manual' });
    make(state, Turn);
    make(state, Turn); // current card 8S, talon 9S
    make(state, Play, 'divan 2'); // AD
    make(state, Play, 'divan 1'); // AS
    expect(size(state, 'divan 1') + size(state, 'divan 2')).toBe(0);
    expect(has(state, Fill, 'talon', 'divan 1')).toBe(true);
    expect(has(state, Fill, 'current card', 'divan 1')).toBe(true);
    expect(has(state, Fill, 'talon', 'divan 2')).toBe(false); // the first empty cell (engine note)
    expect(state.isLegal(makeMove(Fill, pile(state, 'talon'), pile(state, 'divan 2')))).toBe(false);
    expect(has(state, Turn)).toBe(true); // filling may wait
    make(state, Fill, 'current card', 'divan 1');
    expect(top(state, 'divan 1')).toBe('8S');
    make(state, Fill, 'talon', 'divan 2');
    expect(top(state, 'divan 2')).toBe('9S');
    expect(legal(state).some((m) => kindOf(m) === Fill)).toBe(false); // no empty cell left
  });

  it('U3: nothing is built but the foundations: the only moves are plays, turning and re-dealing', () => {
    const state = divan('TS QH QD QC JS JH JD JC', '9S 2C');
    make(state, Turn); // current card 9S, which would fit under TS if anything were built in the Divan
    make(state, Turn);
    expect(legal(state).every((m) => ([Play, Turn, Redeal] as number[]).includes(kindOf(m)))).toBe(true);
    for (const kind of [MoveKind.Marry, MoveKind.Talon, MoveKind.Fill]) {
      expect(state.isLegal(makeMove(kind, pile(state, 'talon'), pile(state, 'divan 1')))).toBe(false);
    }
    expect(state.moveSpace().every((m) => kindOf(m) !== MoveKind.Marry)).toBe(true);
  });

  it('U4: Divan plays are optional, and their timing decides which talon card enters the Divan', () => {
    const state = divan('AS QH QD QC JS JH JD JC', '5D 6D 7D');
    make(state, Turn);
    make(state, Turn); // current card 6D, talon 5D
    expect(has(state, Play, 'divan 1')).toBe(true);
    expect(has(state, Turn)).toBe(true); // the play may wait
    make(state, Play, 'divan 1');
    expect(top(state, 'divan 1')).toBe('5D'); // played now, the 5D comes in
    state.undo();
    make(state, Turn); // current card 7D, talon 6D; the AS still fits
    make(state, Play, 'divan 1');
    expect(top(state, 'divan 1')).toBe('6D'); // played a turn later, the 6D comes in
  });

  it('U6: before the first card is turned, an emptied cell is filled from the stock', () => {
    const state = divan('AS 2S QD QC JS JH JD JC', '9C');
    const play = findMove(state, Play, 'divan 1')!;
    expect(reveals(play)).toBe(true);
    state.apply(play);
    expect(top(state, 'divan 1')).toBe('9C');
    expect(size(state, 'current card') + size(state, 'talon')).toBe(0);
    make(state, Play, 'divan 2'); // the 2S now fits; its cell too fills from the stock
    expect(cards(state, 'king of spades 1')).toEqual(['KS', 'AS', '2S']);
    expect(size(state, 'divan 2')).toBe(1);
  });

  it('U8: with divanFill=manual an emptied cell waits even before the first turn', () => {
    const state = divan('AS QH QD QC JS JH JD JC', '9C', { divanFill: 'manual' });
    const play = findMove(state, Play, 'divan 1')!;
    expect(reveals(play)).toBe(false);
    state.apply(play);
    expect(size(state, 'divan 1')).toBe(0);
    expect(legal(state).map(kindOf)).toEqual([Turn]); // nothing to fill it from yet
    make(state, Turn);
    make(state, Fill, 'current card', 'divan 1');
    expect(top(state, 'divan 1')).toBe('9C');
  });
});

describe('The Sultan: re-deals', () => {
  it('U5: two shuffled re-deals and no third; the shuffle is keyed by the deck and the re-deal', () => {
    const prefix = `AS ${IDLE.slice(3)}`;
    const state = divan(prefix);
    const twin = divan(prefix);
    const deck = stackedDeck(prefix);
    for (let k = 1; k <= 2; k++) {
      expect(has(state, Redeal)).toBe(false); // not while the stock lasts
      runOutStock(state);
      runOutStock(twin);
      expect(has(state, Redeal) && has(state, Play, 'divan 1')).toBe(true); // the AS may still wait
      // expected: the current card laid on the talon, the talon turned over, then shuffled by redealShuffle(deck, k)
      const laid = [...cards(state, 'talon'), ...cards(state, 'current card')];
      const order = Uint8Array.from(stackedDeck(laid.join(' ')).subarray(0, laid.length)).reverse();
      shuffleInPlace(redealShuffle(deck, k), order);
      make(state, Redeal);
      make(twin, Redeal);
      expect(size(state, 'talon') + size(state, 'current card')).toBe(0);
      expect(cards(state, 'stock')).toEqual(Array.from(order, (c) => makeCard(c)));
      expect(cards(twin, 'stock')).toEqual(cards(state, 'stock')); // the same deck re-deals the same way
      expect(state.picture()).toContain(`deal ${k + 1} of 3`);
    }
    runOutStock(state);
    expect(has(state, Redeal)).toBe(false); // no third re-deal
    expect(legal(state).every((m) => kindOf(m) === Play)).toBe(true);
    make(state, Play, 'divan 1');
    expect(size(state, 'divan 1')).toBe(1); // refilled from the talon top
  });

  it('U5: with redealShuffle=false the talon is turned over, so the cards come again in the order turned', () => {
    const state = divan(IDLE, '', { redealShuffle: false });
    const turned: string[] = [];
    while (size(state, 'stock') > 0) {
      make(state, Turn);
      turned.push(top(state, 'current card'));
    }
    make(state, Redeal);
    const again: string[] = [];
    while (size(state, 'stock') > 0) {
      make(state, Turn);
      again.push(top(state, 'current card'));
    }
    expect(again).toEqual(turned);
  });

  it('U7: once the stock is out the last card stays current until the re-deal; a refill takes the talon top first', () => {
    const state = divan(`AS ${IDLE.slice(3)}`);
    runOutStock(state);
    const last = top(state, 'current card');
    const talonTop = top(state, 'talon');
    expect(last).not.toBe('');
    expect(has(state, Turn)).toBe(false);
    make(state, Play, 'divan 1');
    expect(top(state, 'divan 1')).toBe(talonTop);
    expect(top(state, 'current card')).toBe(last);
    const talon = size(state, 'talon');
    make(state, Redeal);
    expect(size(state, 'stock')).toBe(talon + 1); // the current card went with the talon
  });
});

describe('The Sultan: foundations, the end, the picture', () => {
  it('of two foundations of a suit that take the same card, the play goes to the first (engine note)', () => {
    const state = divan('AH AC AC AH 2H QC JS JH JD');
    expect(has(state, Play, 'divan 1', 'king of clubs 1')).toBe(true);
    expect(state.isLegal(makeMove(Play, pile(state, 'divan 1'), pile(state, 'king of clubs 2')) | REVEALS)).toBe(false);
    make(state, Play, 'divan 1', 'king of clubs 1');
    expect(has(state, Play, 'divan 2', 'king of clubs 2')).toBe(true); // the first now wants a two
    make(state, Play, 'divan 3', 'king of hearts');
    // both heart foundations now want the 2H: the ace of hearts comes first
    expect(has(state, Play, 'divan 4', 'ace of hearts')).toBe(true);
    expect(has(state, Play, 'divan 4', 'king of hearts')).toBe(false);
  });

  it('is won when all 95 cards are on the foundations, and lost when no play, turn or re-deal remains', () => {
    const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q'];
    const state = divan(
      `AH AH AS AD AC AS AD AC ${ranks.map((r) => `${r}S ${r}H ${r}D ${r}C ${r}S ${r}H ${r}D ${r}C`).join(' ')}`,
    );
    for (;;) {
      const moves = legal(state);
      if (moves.length === 0) break;
      state.apply(moves.find((m) => kindOf(m) === Play) ?? moves[0]!);
    }
    expect(state.foundationCount()).toBe(95);
    expect(state.isWon()).toBe(true);
    for (const name of state.pileNames.filter((n) => n.startsWith('king') || n.startsWith('ace')))
      expect(top(state, name)[0]).toBe('Q');
    const lost = divan(IDLE);
    for (let k = 0; k < 3; k++) {
      runOutStock(lost);
      if (k < 2) make(lost, Redeal);
    }
    // never playing, the deal ends with the Divan full and cards still out
    expect(legal(lost).filter((m) => kindOf(m) !== Play)).toEqual([]);
    expect(lost.isWon()).toBe(false);
  });

  it('the picture shows the square with the Sultan, the Divan either side, and the deal number', () => {
    const state = divan('AS QH QD QC JS JH JD JC', '9C');
    make(state, Turn);
    const picture = state.picture();
    expect(picture).toContain('K\u2665 Sultan');
    expect(picture).toContain('A\u2665 --');
    expect(picture).toContain(' 1 A\u2660');
    expect(picture).toContain(' 5 J\u2660');
    expect(picture).toContain('current card 9\u2663');
    expect(picture).toContain('stock 86');
    expect(picture).toContain('deal 1 of 3');
  });
});

describe('The Sultan: greedy advice (U4)', () => {
  it('holds back a Divan play that would bring in a card wanted late, and turns instead', () => {
    const state = divan('AS QH QD QC JS JH JD JC', 'TD 9D 8D');
    make(state, Turn);
    make(state, Turn); // current card 9D, talon TD: the AS would bring in the TD
    expect(kindOf(greedyChoice(state))).toBe(Turn);
  });

  it('makes the Divan play when the card it brings in is wanted soon', () => {
    const state = divan('AS QH QD QC JS JH JD JC', '2D 9D 8D');
    make(state, Turn);
    make(state, Turn); // current card 9D, talon 2D (needed after one card, the AD)
    const m = greedyChoice(state);
    expect(kindOf(m)).toBe(Play);
    expect(m & 0xff).toBe(pile(state, 'divan 1'));
  });

  it('makes the Divan play when it lets the current card be played, and holds none back at the end', () => {
    const state = divan('AS QH QD QC JS JH JD JC', 'TD 2S');
    make(state, Turn);
    make(state, Turn); // current card 2S, talon TD
    expect(greedyChoice(state) & 0xff).toBe(pile(state, 'divan 1'));
    const end = divan(`AS ${IDLE.slice(3)}`);
    for (let k = 0; k < 3; k++) {
      runOutStock(end);
      if (k < 2) make(end, Redeal);
    }
    expect(greedyChoice(end)).not.toBe(STOP);
    expect(kindOf(greedyChoice(end))).toBe(Play);
  });

  it('makes the Divan play when it lets the card under the talon top be played, but not for a card of another suit', () => {
    const under = divan('AS QH QD QC JS JH JD JC', '2S 9D 8D');
    for (let k = 0; k < 3; k++) make(under, Turn); // current card 8D, talon 9D over 2S
    expect(greedyChoice(under) & 0xff).toBe(pile(under, 'divan 1'));
    const other = divan('AS QH QD QC JS JH JD JC', '2C 9D 8D');
    for (let k = 0; k < 3; k++) make(other, Turn); // the 2C follows no spade, and the 9D would come in
    expect(kindOf(greedyChoice(other))).toBe(Turn);
  });

  it('with divanFill=manual, leaves a cell empty rather than fill it with a card wanted late', () => {
    const state = divan('AS QH QD QC JS JH JD JC', 'TD 9D', { divanFill: 'manual' });
    make(state, Play, 'divan 1');
    make(state, Turn); // current card TD
    expect(kindOf(greedyChoice(state))).toBe(Turn);
    const soon = divan('AS QH QD QC JS JH JD JC', '3S 9D', { divanFill: 'manual' });
    make(soon, Play, 'divan 1');
    make(soon, Turn); // current card 3S, wanted after the 2S
    expect(kindOf(greedyChoice(soon))).toBe(Fill);
  });
});

describe("The Sultan: the turned card and PySolFC's readings (U9, U10)", () => {
  it('U9: by default the talon top is played under a held current card; with turnedCard=talon that card lies covered', () => {
    const held = divan(IDLE, 'AS 5D');
    make(held, Turn);
    make(held, Turn); // the AS laid on the talon, the 5D held
    expect(top(held, 'current card')).toBe('5D');
    expect(has(held, Play, 'talon', 'king of spades 1')).toBe(true);
    const onTalon = divan(IDLE, 'AS 5D', { turnedCard: 'talon' });
    make(onTalon, Turn, 'stock', 'talon'); // the AS lies on the talon at once, available
    expect(size(onTalon, 'current card')).toBe(0);
    expect(has(onTalon, Play, 'talon', 'king of spades 1')).toBe(true);
    make(onTalon, Turn, 'stock', 'talon'); // the 5D covers it
    expect(cards(onTalon, 'talon')).toEqual(['AS', '5D']);
    expect(legal(onTalon).filter((m) => kindOf(m) === Play)).toEqual([]);
    expect(onTalon.isLegal(makeMove(Turn, pile(onTalon, 'stock'), pile(onTalon, 'current card'), 1, true))).toBe(false);
  });

  it('U9: with turnedCard=talon the re-deal turns the talon over and the next turn lays its first card on the talon again', () => {
    const state = divan(IDLE, '', { turnedCard: 'talon', redealShuffle: false });
    const first = state.table.top(pile(state, 'stock'));
    runOutStock(state);
    expect(size(state, 'current card')).toBe(0);
    make(state, Redeal);
    make(state, Turn, 'stock', 'talon');
    expect(state.table.top(pile(state, 'talon'))).toBe(first);
  });

  it("U10: reading=pysol is PySolFC's Sultan, pysol-plus its Sultan +; an option set by hand wins", () => {
    const pysol = { divanSize: 6, divanFill: 'manual', redealShuffle: false, turnedCard: 'talon' };
    expect(resolveOptions(sultan.options, { reading: 'pysol' })).toEqual({ reading: 'pysol', ...pysol });
    expect(resolveOptions(sultan.options, { reading: 'pysol-plus' })).toEqual({
      reading: 'pysol-plus',
      ...pysol,
      divanSize: 8,
    });
    expect(resolveOptions(sultan.options, { reading: 'pysol', redealShuffle: true })['redealShuffle']).toBe(true);
  });

  it('U10: under reading=pysol the talon top under a turned card is refused, and an emptied reserve waits for the player', () => {
    const state = divan('AS QH QD QC JS JH', 'JD JC AD 5D', { reading: 'pysol' });
    expect(size(state, 'stock')).toBe(95 - 6);
    make(state, Play, 'divan 1');
    expect(top(state, 'divan 1')).toBe(''); // divanFill=manual
    make(state, Turn);
    make(state, Turn); // JC covers JD
    make(state, Turn); // AD
    make(state, Turn); // 5D covers AD: the move ours allows by default, refused here
    expect(legal(state).filter((m) => kindOf(m) === Play)).toEqual([]);
    expect(has(state, Fill, 'talon', 'divan 1')).toBe(true);
    const cadogan = divan('AS QH QD QC JS JH', 'JD JC AD 5D', {
      divanSize: 6,
      divanFill: 'manual',
      redealShuffle: false,
    });
    make(cadogan, Play, 'divan 1');
    for (let k = 0; k < 4; k++) make(cadogan, Turn);
    expect(has(cadogan, Play, 'talon', 'king of diamonds 1')).toBe(true);
  });
});

describe('The Sultan: options', () => {
  it('names its options as RULES.md does, with their defaults', () => {
    expect(resolveOptions(sultan.options, {})).toEqual({
      reading: 'cadogan',
      divanSize: 8,
      divanFill: 'immediate',
      redealShuffle: true,
      turnedCard: 'held',
    });
    expect(sultan.options.map((o) => o.ruling)).toEqual(['U10', 'U1', 'U2', 'U5', 'U9']);
  });

  it('reads an options text from before reading and turnedCard existed as naming their defaults (solve --from-summary)', () => {
    const old = 'divanSize=8 divanFill=immediate redealShuffle=true';
    expect(sameOptionsText(sultan.options, resolveOptions(sultan.options, {}), old)).toBe(true);
    expect(sameOptionsText(sultan.options, resolveOptions(sultan.options, { turnedCard: 'talon' }), old)).toBe(false);
    expect(sameOptionsText(sultan.options, resolveOptions(sultan.options, {}), `${old} cells=9`)).toBe(false);
  });
});
