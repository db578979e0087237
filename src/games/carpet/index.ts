// The Carpet (`carpet`): Lady Cadogan's C1914 "The Carpet" (Teppich), layout from the C1914 plate; RULES.md 11.
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT under it names
// the one place that codes each: K1 which carpet cards are available, K3 and K9 the talon's run, K5 the
// re-deals, K7 the foundations placed in advance and the ranks they take next (rules.ts); K2 the emptied cell, K4 the
// talon top's moves
// (state.ts); K6 and K8 the exchanges (core/updown.ts). The piles are declared in layout.ts, the moves in
// state.ts, the caches in available.ts and depths.ts, the independent check of K1 in weave.ts, the solver's
// dead-end rule in solver.ts.

import { foundationExchangeOption } from '../../core/foundations.js';
import type { Game } from '../../core/game.js';
import { carpetAdvice } from './advice.js';
import { carpetSolving } from './solver.js';
import { CarpetState } from './state.js';

const RULES_CARD = `The Carpet (carpet)
Source: Cadogan, C1914 "The Carpet" (Teppich); the pattern from the C1914 plate (RULES.md 11).

Cards. Two packs. Take out one ace and one king of each suit as foundations (K7): for each suit an up pile
on the ace (A..K) and a down pile on the king (K..A); the other ace and king of the suit end the opposite
piles. The other 96 cards: 64 form the carpet, 32 the stock.

Layout: the carpet. 64 cards in 8 rows of 8, dealt row by row from the top, each row left to right; cell
(r,c), r = 1 the top row, c = 1 the left column. Basket weave: a vertical card (narrow ends up and down) where
r + c is even, a horizontal card (narrow ends left and right) where r + c is odd.

Available (rule II, K1). A carpet card is available when one of its narrow ends is free. carpetFree=adjacent
(default): an end is free when the cell it faces is empty or off the carpet. carpetFree=clearLane: when every
cell from the card to the edge, that way, is empty. Either way 16 cards are available after the deal. Removing
a card never frees the card lying across its own narrow end (rule III). The current card and the talon top
are available.

Moves, all optional. Play an available card to a foundation of its suit (suitable cards "need not be
played"). Place an available carpet card on the talon top, same suit one higher or one lower (rule IV, K3);
the talon must not be empty. Lay the current card on the talon. Nothing is ever put on the carpet (K2), and the
talon top goes only to a foundation (K4).

Procedure. After the deal, play from the carpet. Then turn the stock one card at a time: the current card is
played or laid on the talon (turning the next card lays it there). Before and after each card the player may
place carpet cards on the talon top and make plays. When the stock is out the talon may be shuffled and dealt
again, twice (K5): three deals.

Win. All 96 cards on the foundations (eight piles of 13).

Rulings (RULES.md 11).
K1 carpetFree: adjacent (default) or clearLane, as above.
K2 The carpet is never refilled.
K3 Talon runs: same suit +-1, and the direction may change from card to card (talonDirection=free, default).
   With talonDirection=fixed, the carpet cards placed on the talon since the last card came to it from the
   stock must all run in the direction set by the first of them (see K9).
K4 The talon top may go only to a foundation, or receive carpet cards.
K5 A re-deal shuffles the talon (with the current card, if held) into a new stock; there are 2 re-deals.
K6 No foundation exchange (foundationExchange=off, default). With foundationExchange=free the top card of
   one pile of a suit may move onto the other pile of that suit when it fits there, one card per move.
K7 The foundations are placed in advance: one up pile and one down pile for each suit.
K8 (this program; the texts are silent) An exchange never moves a foundation's base, the ace or king placed
   in advance: the pile would be left with no foundation to build on.
K9 (this program; the texts are silent) With talonDirection=fixed the run is the carpet cards lying on the
   talon above its topmost card from the stock. Turning the next card does not start a new run; laying the
   current card on the talon does. A card played off the run leaves the direction to the cards still there;
   once none is left, the next carpet card sets a new direction.

Engine notes. The foundation aces and kings are those of the first pack (in a deck string, the first of each
suit), wherever they lie in the deck; the copies are interchangeable. Turning the next card lays a held current card on the talon first, so the talon top can
still take carpet cards while the next card is seen; laying the current card on the talon on its own is a
separate move, needed when the stock is out. A re-deal does not turn a card: the next turn does.`;

/** Where each ruling of the card is coded. */
const CODED_AT = {
  K1: 'rules.ts freeRows',
  K2: 'state.ts emptyCell',
  K3: 'rules.ts runStep',
  K4: 'state.ts legalMoves',
  K5: 'rules.ts redealAllowed',
  K6: 'core/updown.ts canExchange',
  K7: 'rules.ts placedInAdvance',
  K8: 'core/updown.ts canExchange',
  K9: 'rules.ts runStep',
};

/** The Carpet: the game definition. */
export const carpet: Game = {
  id: 'carpet',
  title: 'The Carpet',
  rulesCard: RULES_CARD,
  options: [
    {
      name: 'carpetFree',
      values: ['adjacent', 'clearLane'],
      default: 'adjacent',
      ruling: 'K1',
      summary: 'a narrow end is free when the cell it faces is empty, or only when the whole lane to the edge is',
    },
    {
      name: 'talonDirection',
      values: ['free', 'fixed'],
      default: 'free',
      ruling: 'K3',
      summary: 'carpet cards on the talon may change direction card by card, or must keep the direction of the run',
    },
    foundationExchangeOption(
      'K6',
      ['off', 'free'],
      "a foundation's top card may move onto the other pile of its suit when it fits there",
    ),
  ],
  create: (options) => new CarpetState(options),
  solving: carpetSolving,
  advice: carpetAdvice,
  codedAt: CODED_AT,
  facts: {
    // The foundations' aces and kings first, then the 96 cards in an order they can be played in: every up pile
    // 2..K, then every down pile Q..A, so that no card fits both piles of its suit unless meant for the up pile.
    // The carpet empties row by row, each card available when its turn comes, and the stock follows.
    winnable: [
      'AS AH AD AC KS KH KD KC',
      ...'23456789TJQK'.split('').map((r) => `${r}S ${r}H ${r}D ${r}C`),
      ...'QJT98765432A'.split('').map((r) => `${r}S ${r}H ${r}D ${r}C`),
    ].join(' '),
    // The foundations are the first pack's aces and kings (K7) and the re-deals' shuffle is keyed by the deck
    // (K5): play tells the two copies of a card apart.
    copySensitive: [{}],
  },
};
