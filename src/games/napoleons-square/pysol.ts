// Napoleon's Square in PySolFC (pysollib/games/fortythieves.py: NapoleonsSquare, 295): its game numbers dealt as
// ours, and its piles' names, for lines a player follows on PySolFC's screen: eight foundations in a line across
// the top, twelve rows below them, the talon in the bottom right corner and the waste to its left.

import { SUIT_SYMBOLS, showCard } from '../../core/card.js';
import { describeMove, type GameState, type PysolMapping } from '../../core/game.js';
import { MoveKind, countOf, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import { PYSOL_SUIT } from '../../core/pysol-deal.js';
import { LAYOUT } from './layout.js';
import { NapoleonsSquareState } from './state.js';
import { pysolTurn } from '../../core/pysol-words.js';

const FOUNDATION = LAYOUT.first.foundation;
const PACKET = LAYOUT.first.packet;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th'];

/** PySolFC's place, from the left, of our foundation f: its eight in suit order (two each of clubs, spades, hearts,
 * diamonds), our first of a suit on the left of the pair. */
function foundationPlace(f: number): number {
  const i = f - FOUNDATION;
  return 2 * PYSOL_SUIT[i % 4]! + (i >> 2) + 1;
}

/** PySolFC's name of pile p: its foundations by place, its rows (our packets, N9's deal) from the left, its talon
 * (our stock), its waste (our talon, or the current card under turnedCard=held). */
function pysolPile(p: number): string {
  if (p >= FOUNDATION && p < PACKET) {
    return `the ${SUIT_SYMBOLS[(p - FOUNDATION) % 4]} foundation (${ORDINALS[foundationPlace(p) - 1]} from the left)`;
  }
  if (p >= PACKET && p < STOCK) return `row ${p - PACKET + 1}`;
  if (p === STOCK) return 'the talon';
  return 'the waste';
}

/** The n cards on top of pile p, the lowest first ("7\u2660 6\u2660"). */
function topCards(state: GameState, p: number, n: number): string {
  const t = state.table;
  return Array.from({ length: n }, (_, k) => showCard(t.below(p, n - 1 - k))).join(' ');
}

/** Whether no card has been turned yet: PySolFC's deal turns the first itself. */
function firstTurn(state: GameState): boolean {
  const t = state.table;
  const per = state instanceof NapoleonsSquareState ? state.perPacket : 4;
  return t.size(TALON) + t.size(CURRENT) === 0 && t.size(STOCK) === 104 - 12 * per;
}

/** A move in PySolFC's words: "move 7\u2660 6\u2660 from row 2 to row 9 (empty)", "click the talon: ...". */
function pysolMove(state: GameState, m: Move): string {
  const t = state.table;
  const from = fromOf(m);
  const to = toOf(m);
  switch (kindOf(m)) {
    case MoveKind.Play:
    case MoveKind.Marry:
    case MoveKind.Fill: {
      const space = to >= PACKET && to < STOCK && t.size(to) === 0 ? ' (empty)' : '';
      return `move ${topCards(state, from, countOf(m))} from ${pysolPile(from)} to ${pysolPile(to)}${space}`;
    }
    case MoveKind.Turn:
      return pysolTurn(firstTurn(state));
    default:
      return describeMove(state, m);
  }
}

/** Napoleon's Square's counterpart in PySolFC: dealt as ours (it has no shuffle hook of its own), played under
 * reading=pysol (N13). */
export const NAPOLEONS_SQUARE_PYSOL: PysolMapping = {
  names: "Napoleon's Square (295)",
  hook: (talon) => talon,
  reading: 'reading=pysol',
  describeMove: pysolMove,
  wordsNote:
    "moves in PySolFC's words (its talon is our stock, its waste our talon, its rows our packets, from the left)",
};
