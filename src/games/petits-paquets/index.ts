// Les Petits Paquets (`petits-paquets`): Lady Cadogan, C1874 (seeds/003 part (b)); RULES.md section 5.
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT names the one
// function that codes each: P1 rules.ts isSource; P2-P5 the deal with exiling state.ts dealOut; P6 the Exile
// pile layout.ts LAYOUT; P7 the chain state.ts chain; P8 its loop guard chain-guard.ts ChainGuard; P9 and P13
// core/updown.ts UpDownFoundations; P10 state.ts GATHER_ORDER; P11 rules.ts REDEALS; P12 rules.ts choosing;
// P14 rules.ts canRedeal. The piles are declared in layout.ts, the moves in state.ts.

import { foundationExchangeOption } from '../../core/foundations.js';
import type { Game } from '../../core/game.js';
import { petitsPaquetsAdvice } from './advice.js';
import { PetitsPaquetsState } from './state.js';

const RULES_CARD = `Les Petits Paquets (petits-paquets)
Source: Cadogan, C1874 (seeds/003 part (b)); not in C1914. RULES.md section 5.

Cards. Two packs. The 8 kings are foundation bases: the upper row's four kings (one per suit) build up by suit
from ace to queen, the lower row's four build down by suit from queen to ace. A king is only a base. The other
96 cards are the stock.

Layout (P1). Thirteen packets: packets 1-6 the upper row, 7-12 the lower row, left to right; packet 13 apart,
spread so that all its cards show. Packets 1-12 show only their top card.

Deal with exiling (P2-P6). A counter n runs 1..13, then again from 1. Each stock card whose value equals n
(A = 1 .. J = 11, Q = 12) is an Exile: it goes face down on the Exile pile and the next card is tried at the
same n; any other card goes face up on packet n and n advances. Until the stock is out; no play meanwhile.

Available. The top cards of packets 1-12 and every card of packet 13.

Moves, all optional. Play an available card to a foundation (P12); the foundation exchange (P9).

The Exile chain (P7, P8). When the player stops playing, the top Exile x is turned up:
  loop: if x fits a foundation, it is played (the player picks the pile if both fit) and the chain ends;
        else x goes under packet value(x) = q; the chain ends if the packet x was taken from now shows a top
        that fits a foundation (released), or if (q, the contents of packets 1-12) repeats a state of this chain;
        else x := the top card of packet q, taken off it.
Then free moves again, then the next Exile, until the Exile pile is empty and no move remains.

Re-deals (P10, P11). Up to 2 (3 deals), exiling afresh. redealGather=rows: the new stock is packet 1 (bottom
card to top card), packets 2..6, packet 13 (in the order dealt), packets 7..12, not shuffled.

Win. All 96 cards on the foundations.

Rulings (RULES.md 5).
P1  Upper row = packets 1-6, lower row = packets 7-12, left to right; the packet set apart is packet 13.
P2  A replacement card is checked again against the same number, as often as necessary.
P3  Nothing is ever exiled at n = 13: the kings are out.
P4  The last round is partial: positions 1, 2, ... until the stock runs out.
P5  No play during the deal.
P6  The Exile pile is a face-down stack; "uppermost" is the card exiled last.
P7  The chain as above: each card taken (the Exile, then each packet top) is checked and played if it fits;
    else it goes under packet[value] and the next card is the top of that packet; the chain also ends when the
    packet just drawn from shows a top that fits a foundation.
P8  Loop guard: a repeated (destination packet, packet contents) state ends the chain with nothing released,
    including a card going under an empty packet and so becoming its own top.
P9  foundationExchange: free (default: the top card of one pile of a suit may move onto the other whenever it
    fits there, one card per move), oneOnLoan (after an exchange in a suit, none in that suit until a card
    has been played from the layout onto one of its piles), off.
P10 redealGather: rows (default, the order above), shuffle (the same gathered cards, shuffled).
P11 Up to 2 re-deals, each exiling afresh.
P12 Plays are optional; a card that fits both piles of its suit goes where the player chooses, in the chain too.
P13 (this program; the text is silent) Under oneOnLoan every play to a suit's piles other than an exchange
    repays its loan, the chain's own play included: all of them come from the layout or the Exiles.
P14 (this program) The next Exile is turned up when the player chooses to stop playing, even with plays left
    (they are optional, P12); the re-deal is taken when the Exile pile is empty and the player stops, never
    while Exiles remain ("until all the Exiles have been used").

Engine notes. The Exiles and the order of a gathered stock are hidden (RULES.md 14.4), so turning up an Exile
and the re-deal carry the reveal flag. The chain card waiting for the player's choice of pile (P12) is shown
as the "chain card".`;

/** Where each ruling of the card is coded (house test: every id, one real declaration). */
const CODED_AT = {
  P1: 'rules.ts isSource',
  P2: 'state.ts dealOut',
  P3: 'state.ts dealOut',
  P4: 'state.ts dealOut',
  P5: 'state.ts dealOut',
  P6: 'layout.ts LAYOUT',
  P7: 'state.ts chain',
  P8: 'chain-guard.ts ChainGuard',
  P9: 'core/updown.ts UpDownFoundations',
  P10: 'state.ts GATHER_ORDER',
  P11: 'rules.ts REDEALS',
  P12: 'rules.ts choosing',
  P13: 'core/updown.ts UpDownFoundations',
  P14: 'rules.ts canRedeal',
};

/** Les Petits Paquets: the game definition. */
export const petitsPaquets: Game = {
  id: 'petits-paquets',
  title: 'Les Petits Paquets',
  rulesCard: RULES_CARD,
  options: [
    foundationExchangeOption(
      'P9',
      ['free', 'oneOnLoan', 'off'],
      'moving a foundation top onto the other pile of its suit: any time, one card on loan per suit, or never',
    ),
    {
      name: 'redealGather',
      values: ['rows', 'shuffle'],
      default: 'rows',
      ruling: 'P10',
      summary: 'the re-deal takes up the packets in the fixed order (rows), or shuffles the gathered cards',
    },
  ],
  create: (options) => new PetitsPaquetsState(options),
  advice: petitsPaquetsAdvice,
  codedAt: CODED_AT,
  facts: {
    // For each step of the building, the up piles' rank and the down piles' rank, the last step dealt first, so
    // each packet holds its cards in the order the foundations call for them.
    winnable: 'QJT98765432A'
      .split('')
      .map(
        (r, j) =>
          `${r}S ${r}H ${r}D ${r}C ${'A23456789TJQ'[j]}S ${'A23456789TJQ'[j]}H ${'A23456789TJQ'[j]}D ${'A23456789TJQ'[j]}C`,
      )
      .join(' '),
    // A shuffled re-deal (P10) is keyed by the deck, so which copy of a card lies where changes the play.
    copySensitive: [{ redealGather: 'shuffle' }],
  },
};
