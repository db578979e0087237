// The Congress (`congress`): Lady Cadogan's C1914 text, RULES.md section 13.
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT names the one
// function that codes each: G1 and G8 rules.ts refillsAtOnce; G2 rules.ts marries; G3, G4 and G7 the refill
// phase deal.ts refill; G5 rules.ts newHelpPlace; G6 deal.ts dealRow. Which foundation takes a card (the first
// of a pair): rules.ts foundationFor. The piles are declared in layout.ts, the moves in state.ts.

import type { Game } from '../../core/game.js';
import type { OptionSpec } from '../../core/options.js';
import { congressAdvice } from './advice.js';
import { CongressState } from './state.js';

const RULES_CARD = `The Congress (congress)
Source: Cadogan, C1914 "The Congress" (RULES.md 13).

Cards. Two packs. Take out the 8 aces: they are the foundations, built up by suit to the king. The other 96
cards are the stock; its order is hidden.

Layout. Four helps (help places 1-4, left to right, one card each) are dealt first; they are piles and only
the top card of each is available (rule IV). Then the rivers: rows of 8 cards dealt left to right, row 1 at
the top, each row partly covering the one above, so that the rivers form 8 columns. In each column only the
lowest card is available; taking it away releases the card above it (rule V). Cell (i, j) is row i, column
j; a hole is an empty cell within the rows dealt so far.

Deal. Deal helps 1-4 and river row 1, then pause. While the stock lasts: deal the next row (all of it at
once: nothing is played from a row until it is complete), then pause. A row has 8 cards, or fewer when the
stock runs out (G6).

A pause repeats, as long as the player likes: (1) free moves; (2) the refill phase, compulsory, from the
stock: every river hole, uppermost row first and left to right within a row, then every empty help place in
order 1-4 (G1, G3, G7). The next row may be dealt only when no hole is open, so a pause ends with a refill
phase that leaves no holes, or when the stock runs out.

Moves, all optional. Play an available river card or a help top to a foundation. Marry (G2, same suit -1,
single cards) an available river card onto a help top, or one help top onto another. Nothing is ever put on a
river card.

Endgame (the stock exhausted). River holes are no longer filled (G4). A new help may be started at any time
with an available river card in an empty help place, up to 8 helps in all; an emptied help is restarted the
same way (G5). A help card never moves into an empty help place. There is no talon and no re-deal.

Win. All 96 cards on the foundations (eight piles A..K).

Rulings (RULES.md 13).
G1  River refill timing: riverRefill=endOfPause (default): holes are filled in the refill phase, after the
    free moves, so a card released by taking away the lowest card of its column may be played before the
    column is covered again. riverRefill=immediate: each hole is filled from the stock the moment it appears.
G2  Marriages: river -> help and help -> help only, same suit -1, single cards; never river -> river and
    never help -> river.
G3  During the deal, help vacancies are refilled compulsorily from the stock.
G4  After the stock is exhausted, river holes are not filled.
G5  Extra helps: from available river cards, at any time after the stock is exhausted, up to 8 in all; an
    emptied help is restarted the same way. Optional.
G6  Rows have 8 cards until the stock runs out; the last row may be partial.
G7  Refill order within a refill phase: river holes first (uppermost row first, left to right), then empty
    help places 1 -> 4. If the stock runs out part-way, the remaining (lower) holes stay empty.
G8  (this program; the texts are silent) With riverRefill=immediate a help place emptied during the deal is
    also refilled at once from the stock: the reading fills every vacancy the moment it appears ("immediately
    refilling the vacancies thus caused from the pack"), so there is no refill phase left to wait for.

Engine notes. A river column is one pile, row 1 at the bottom and its lowest card on top. A hole can only lie
below every card of its column: only the lowest card ever leaves a column, nothing is put on a river card, and
refills go uppermost row first, so a column's holes are always its rows below its last card (cells
len+1..rows of the rows dealt). No column or help exceeds 12 cards (at most 12 rows are dealt; a help runs at
most K down to 2 on its first card). Of two foundations of one suit showing the same top, a play goes to the
first; a new help goes to the first empty help place. Both are interchangeable, so this only removes duplicate
moves. A new help (G5) is a grace move: optional, like plays and marriages.`;

/** Where each ruling of the card is coded (house test: every id, one real declaration). */
const CODED_AT = {
  G1: 'rules.ts refillsAtOnce',
  G2: 'rules.ts marries',
  G3: 'deal.ts refill',
  G4: 'deal.ts refill',
  G5: 'rules.ts newHelpPlace',
  G6: 'deal.ts dealRow',
  G7: 'deal.ts refill',
  G8: 'rules.ts refillsAtOnce',
};

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'riverRefill',
    values: ['endOfPause', 'immediate'],
    default: 'endOfPause',
    ruling: 'G1',
    summary: 'river holes filled in the refill phase at the end of each round of a pause, or the moment they appear',
  },
];

/** The Congress: the game definition. */
export const congress: Game = {
  id: 'congress',
  title: 'The Congress',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new CongressState(options),
  advice: congressAdvice,
  codedAt: CODED_AT,
  // read from PySolFC's source (pysollib/games/); docs/commands.md says point by point what differs
  pysol: {
    names: 'Congress (150)',
    refused:
      'it is a Forty Thieves game of 8 piles of one card, built down by rank in any suit from its waste, with no aces laid out (another game of the same name)',
  },
  facts: {
    // The stock in rank order, so the helps and every row play off and each refill brings the next ranks.
    winnable: ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K']
      .map((r) => `${r}S ${r}H ${r}D ${r}C ${r}S ${r}H ${r}D ${r}C`)
      .join(' '),
  },
};
