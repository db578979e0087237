// The Sultan in PySolFC (pysollib/games/sultan.py: Sultan, 330, and Sultan +, 331): its shuffle hook, which deals
// its game numbers as ours, and its piles' names, for lines a player follows on PySolFC's screen.

import { SUIT_SYMBOLS, showCard } from '../../core/card.js';
import { describeMove, type GameState, type PysolMapping } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import { moveToTop, pysolFace, type PysolHook } from '../../core/pysol-deal.js';
import { FIRST, VARS } from './layout.js';
import { PYSOL_REDEAL, pysolTurn } from '../../core/pysol-words.js';

/**
 * Sultan._shuffleHook: the ace of hearts of the first pack to the top, then the eight kings above it, clubs first
 * (PySolFC's suit order). Dealt to its foundations in order (K\u2663 K\u2663 K\u2660 K\u2660 K\u2665 K\u2665 K\u2666
 * K\u2666 A\u2665) they are the first nine cards
 * of our deck, where our deal takes the kings and the first ace of hearts as bases: the same ace as PySolFC's.
 */
export const sultanHook: PysolHook = (talon) => {
  const aceOfHearts = moveToTop(
    talon,
    (c) => {
      const f = pysolFace(c);
      return f.rank === 1 && f.suit === 2 && f.pack === 0;
    },
    (c) => pysolFace(c).suit,
  );
  return moveToTop(
    aceOfHearts,
    (c) => pysolFace(c).rank === 13,
    (c) => pysolFace(c).suit,
  );
};

/** PySolFC's place of each of our foundations (layout.ts's order), by its 3 x 3 block: the kings dealt first on the
 * left. */
const FOUNDATION_PLACES = [
  'top left',
  'top centre',
  'top right',
  'bottom left',
  'bottom right',
  'middle left',
  'bottom centre',
  'middle right',
];
const FOUNDATION_SUITS = [3, 1, 3, 2, 2, 0, 1, 0];

/** PySolFC's name of pile p: its foundations by place, its talon (our stock), its waste (our talon), its reserves (the
 * Divan). */
function pysolPile(state: GameState, p: number): string {
  if (p >= FIRST.foundation && p < FIRST.foundation + 8) {
    const i = p - FIRST.foundation;
    return `the ${i === 1 ? 'A' : 'K'}${SUIT_SYMBOLS[FOUNDATION_SUITS[i]!]} foundation (${FOUNDATION_PLACES[i]})`;
  }
  if (p === FIRST.stock) return 'the talon';
  if (p === FIRST.talon || p === FIRST.current) return 'the waste';
  const cells = state.pileNames.length - FIRST.divan;
  const i = p - FIRST.divan;
  return `reserve ${(i % (cells / 2)) + 1} ${i < cells / 2 ? 'on the left' : 'on the right'} (from the top)`;
}

/** Whether no card has been turned yet: PySolFC's deal turns the first itself (the Divan filled by hand, U2). */
function firstTurn(state: GameState): boolean {
  const t = state.table;
  const cells = state.pileNames.length - FIRST.divan;
  return (
    t.vars[VARS.index.redeals] === 0 &&
    t.size(FIRST.talon) + t.size(FIRST.current) === 0 &&
    t.size(FIRST.stock) === 95 - cells
  );
}

/** A move in PySolFC's words: "move 5\u2660 from the waste to ...", "deal a card to the waste", "redeal". */
function pysolMove(state: GameState, m: Move): string {
  const t = state.table;
  switch (kindOf(m)) {
    case MoveKind.Play:
    case MoveKind.Fill:
      return `move ${showCard(t.top(fromOf(m)))} from ${pysolPile(state, fromOf(m))} to ${pysolPile(state, toOf(m))}`;
    case MoveKind.Turn:
      return pysolTurn(firstTurn(state));
    case MoveKind.Redeal:
      return PYSOL_REDEAL;
    default:
      return describeMove(state, m);
  }
}

/** The Sultan's counterpart in PySolFC: dealt by the hook; the reading that makes ours its game is reading=pysol. */
export const SULTAN_PYSOL: PysolMapping = {
  names: 'Sultan (330) and Sultan + (331)',
  hook: sultanHook,
  reading: 'reading=pysol',
  describeMove: pysolMove,
  wordsNote: "moves in PySolFC's words (its talon is our stock, its waste our talon, its reserves our Divan)",
};
