// The Zodiac in PySolFC (pysollib/games/zodiac.py: Zodiac, 467): its game numbers dealt as ours, and its piles'
// names, for lines a player follows on PySolFC's screen: two rows of 12 at the top and bottom edges (our Zodiac),
// the talon and the waste at the upper left, the eight reserves across the middle (our Equator), the four foundations
// of a suit's ace above them and the four of its king below, in PySolFC's suit order.

import { SUIT_SYMBOLS, showCard } from '../../core/card.js';
import { describeMove, type GameState, type PysolMapping } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import { PYSOL_SUIT } from '../../core/pysol-deal.js';
import { LAYOUT, VARS } from './layout.js';
import { zodiacPileDealt } from './rules.js';
import { ZodiacState } from './state.js';
import { PYSOL_REDEAL, pysolTurn } from '../../core/pysol-words.js';

const UP = LAYOUT.first.up;
const DOWN = LAYOUT.first.down;
const EQUATOR = LAYOUT.first.equator;
const ZODIAC = LAYOUT.first.zodiac;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const ORDINALS = ['1st', '2nd', '3rd', '4th'];

/** Z12: PySolFC's place of our Zodiac pile z (0..23): its k-th row, the one its deal lays the k-th Zodiac card on
 * (made column by column, top then bottom), as "row 3 of the top row", counted from the left. */
export function zodiacRowName(z: number, rows: boolean): string {
  let k = 0;
  while (zodiacPileDealt(k, rows) !== z) k++;
  return `row ${(k >> 1) + 1} of the ${k % 2 === 0 ? 'top' : 'bottom'} row`;
}

/** PySolFC's name of pile p: its foundations by suit and place, its reserves (our Equator) and rows (our Zodiac)
 * from the left, its talon (our stock), its waste (our talon, or the current card under turnedCard=held). */
function pysolPile(state: GameState, p: number): string {
  if (p >= UP && p < EQUATOR) {
    const up = p < DOWN;
    const s = p - (up ? UP : DOWN);
    const where = `${up ? 'above' : 'below'} the reserves, ${ORDINALS[PYSOL_SUIT[s]!]} of the four`;
    return `the ${up ? 'A' : 'K'}${SUIT_SYMBOLS[s]} foundation (${where})`;
  }
  if (p >= EQUATOR && p < ZODIAC) return `reserve ${p - EQUATOR + 1}`;
  if (p >= ZODIAC && p < STOCK) return zodiacRowName(p - ZODIAC, !(state instanceof ZodiacState) || state.rows);
  if (p === STOCK) return 'the talon';
  return 'the waste';
}

/** Whether no card has been turned yet: PySolFC's deal turns the first itself. */
function firstTurn(state: GameState): boolean {
  const t = state.table;
  return t.vars[VARS.index.pass] === 1 && t.size(TALON) + t.size(CURRENT) === 0 && t.size(STOCK) === 104 - 32;
}

/** A move in PySolFC's words: "move 5\u2660 from the waste to row 3 of the top row", "click the talon: ...". */
function pysolMove(state: GameState, m: Move): string {
  const t = state.table;
  const from = fromOf(m);
  const to = toOf(m);
  switch (kindOf(m)) {
    case MoveKind.Play:
    case MoveKind.Marry:
    case MoveKind.Fill:
    case MoveKind.Exchange: {
      const space = to >= EQUATOR && to < ZODIAC && t.size(to) === 0 ? ' (empty)' : '';
      return `move ${showCard(t.top(from))} from ${pysolPile(state, from)} to ${pysolPile(state, to)}${space}`;
    }
    case MoveKind.Turn:
      return pysolTurn(firstTurn(state));
    case MoveKind.Redeal:
      return PYSOL_REDEAL;
    default:
      return describeMove(state, m);
  }
}

/** The Zodiac's counterpart in PySolFC: dealt as ours (it has no shuffle hook of its own), played under
 * reading=pysol (Z10). */
export const ZODIAC_PYSOL: PysolMapping = {
  names: 'Zodiac (467)',
  hook: (talon) => talon,
  reading: 'reading=pysol',
  describeMove: pysolMove,
  wordsNote:
    "moves in PySolFC's words (its talon is our stock, its waste our talon, its reserves our Equator, its rows our Zodiac)",
};
