// The Sultan (`sultan`): Lady Cadogan's game (C1914), as RULES.md section 3 reads it.
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT under it names
// the one place that codes each: U1 the layouts (layout.ts); U2, U6, U8 the refill source and order, U3 the
// play to a foundation, U5 the re-deals, U9 where a turned card goes (rules.ts); U4 the move generator
// (state.ts); U7 the turned stock (core/stock.ts); U10 the readings (READINGS below). PySolFC's deal of its game
// numbers and its piles' names are in pysol.ts. The foundations (of their own kind) are in foundations.ts, the moves in
// state.ts, the
// Divan's memoised plays in cache.ts.

import type { Game } from '../../core/game.js';
import type { OptionSpec } from '../../core/options.js';
import { sultanAdvice } from './advice.js';
import { SULTAN_PYSOL } from './pysol.js';
import { SultanState } from './state.js';

const RULES_CARD = `The Sultan (sultan)
Source: Cadogan, C1914 "The Sultan", text and plate (not in the seeds; RULES.md section 3).

Cards. Two packs. Take out the 8 kings and one ace of hearts, wherever they lie in the deck: they are the
bases. One king of hearts, the Sultan, sits in the centre and takes no cards. The other seven kings build up
by suit from the ace to the queen; the ace of hearts builds up from the two to the queen. The other 95 cards
are the stock.

Layout (plate). A square of 3 x 3:   K\u2663  A\u2665  K\u2663
                                     K\u2666  K\u2665* K\u2666   (* the Sultan)
                                     K\u2660  K\u2665  K\u2660
Which copy of a card lies where is cosmetic: the first king of hearts in the deck is the Sultan, the first ace
of hearts the base. The Divan: 8 single-card cells (U1), cells 1-4 in a column to the left of the square and
5-8 to the right (with 6 cells: 1-3 and 4-6), dealt from the stock 1 to 8.

Available. Every Divan card, the current card and the talon top. The only move is a play to a foundation
(U3); plays are optional and the player times them (U4).

Play. Deal the Divan; you may play from it at once, each emptied cell refilled from the stock (U6). Turn the
stock one card at a time: the card turned is the current card; turning the next lays it on the talon. A Divan
cell emptied by a play is refilled at once (U2).

Re-deals. When the stock is out, the current card is laid on the talon and the talon is taken up, shuffled and
dealt again as the stock (U5). Two re-deals at most: three deals in all.

Win. All 95 cards on the foundations (seven piles K, A..Q and one A..Q).

Rulings (RULES.md 3).
U1  The Divan has 8 cells; divanSize=6 gives 6 (PySolFC's "Sultan").
U2  Divan refill is compulsory and immediate: from the talon top; if the talon is empty, the current card if
    one is held, else the next stock card, turned straight into the cell. divanFill=manual: an empty cell
    stays empty until the player moves the talon top or the current card into it, when he likes.
U3  Nothing is built except on the foundations.
U4  Plays are optional. The timing of a Divan play decides which talon card enters the Divan.
U5  A re-deal shuffles the talon into a new stock; at most 2. redealShuffle=false: the talon is turned over
    as it lies, so the card laid on it first is turned first.
U6  Before any card has been turned (no talon yet), Divan vacancies are filled from the stock.
U7  (this program; the texts are silent) Once the stock is out, the last card turned stays the current card,
    available, until a re-deal lays it on the talon (in the last deal, to the end): a card is laid on the
    talon only to turn the next. A refill still takes the talon top first (U2).
U8  (this program) With divanFill=manual, U6 gives way to the option's rule: an emptied cell waits for the
    player even before the first turn and after a re-deal, since only the talon top or the current card may
    be moved into it.
U9  The card turned is held as the current card, available beside the talon top, until the next turn lays
    it on the talon. turnedCard=talon (PySolFC's one-card waste): the turned card lies on the talon at once;
    only the talon top is available.
U10 (this program) reading=pysol is PySolFC's Sultan: divanSize=6 divanFill=manual redealShuffle=false
    turnedCard=talon; reading=pysol-plus its Sultan +, the same with divanSize=8. An option set by hand wins.

Engine notes. Of two foundations of one suit that take the same card, a play goes to the first: they then
take the same cards between them, whichever it went to. With divanFill=manual a fill goes to the first empty
cell: the cells are interchangeable.`;

/** Where each ruling of the card is coded. */
const CODED_AT = {
  U1: 'layout.ts LAYOUTS',
  U2: 'rules.ts refillSource',
  U3: 'rules.ts addPlay',
  U4: 'state.ts legalMoves',
  U5: 'rules.ts canRedeal',
  U6: 'rules.ts refillSource',
  U7: 'core/stock.ts TurnedStock',
  U8: 'rules.ts refillSource',
  U9: 'rules.ts turnTarget',
  U10: 'index.ts READINGS',
};

/** U10: the options each reading sets, PySolFC's Sultan (330) and Sultan + (331) read from pysollib/games/sultan.py. */
const READINGS = {
  pysol: { divanSize: 6, divanFill: 'manual', redealShuffle: false, turnedCard: 'talon' },
  'pysol-plus': { divanSize: 8, divanFill: 'manual', redealShuffle: false, turnedCard: 'talon' },
} as const;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'reading',
    values: ['cadogan', 'pysol', 'pysol-plus'],
    default: 'cadogan',
    ruling: 'U10',
    summary:
      "whose game: Cadogan's, PySolFC's Sultan (pysol) or its Sultan + (pysol-plus), which set the options below",
    implies: READINGS,
  },
  {
    name: 'divanSize',
    values: [8, 6],
    default: 8,
    ruling: 'U1',
    summary: 'cells in the Divan: 8 (Cadogan) or 6 (PySolFC)',
  },
  {
    name: 'divanFill',
    values: ['immediate', 'manual'],
    default: 'immediate',
    ruling: 'U2',
    summary:
      'an emptied Divan cell is refilled at once (talon, else current card, else stock) or by the player from talon or current card',
  },
  {
    name: 'redealShuffle',
    values: [true, false],
    default: true,
    ruling: 'U5',
    summary: 'a re-deal shuffles the talon (true) or turns it over as it lies (false)',
  },
  {
    name: 'turnedCard',
    values: ['held', 'talon'],
    default: 'held',
    ruling: 'U9',
    summary:
      "the card turned is held as the current card beside the talon top, or lies on the talon at once (PySolFC's one-card waste)",
  },
];

/** The Sultan: the game definition. */
export const sultan: Game = {
  id: 'sultan',
  title: 'The Sultan',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new SultanState(options),
  advice: sultanAdvice,
  codedAt: CODED_AT,
  pysol: SULTAN_PYSOL,
  facts: {
    // The A\u2665 base, then the stock in rank order, so the Divan's cards play at once and each refill too.
    winnable: `AH AH AS AD AC AS AD AC ${['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q'].map((r) => `${r}S ${r}H ${r}D ${r}C ${r}S ${r}H ${r}D ${r}C`).join(' ')}`,
    // A shuffled re-deal (U5) is keyed by the deck, so which copy of a card lies where changes the play.
    copySensitive: [{}],
  },
};
