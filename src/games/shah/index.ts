// The Shah (`shah`): Lady Cadogan's reading by default, Professor Hoffmann's with edition=hoffmann.
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT names the one
// function or constant that codes each: the rulings more than one view needs are in rules.ts (S5 which place of
// a ray is open, S11 the circle a pause offers, S12 a grace's lane, S17 the sources of its fills, and the engine
// note's first of two interchangeable foundations, foundationFor), the others where they are used. The piles are
// declared in layout.ts, the moves in state.ts, their independent check in legal.ts, the star cache the moves
// read in cache.ts, the refills in refills.ts, the views of the star in star.ts, the solver's dead-end rules and
// safe move in solver.ts and solver-relaxation.ts, the picture in picture.ts.

import type { Game } from '../../core/game.js';
import type { OptionSpec } from '../../core/options.js';
import { REFILL_SOURCES } from './refills.js';
import { shahSolving } from './solver.js';
import { ShahState } from './state.js';

const RULES_CARD = `The Shah (shah)
Sources: Cadogan, C1914 "The Shah" (default); Hoffmann, H1892 No. 46 (edition=hoffmann).

Cards. Two packs. Take out the 8 aces and the 8 kings. Seven kings are dead; the eighth, the Shah, sits in
the centre and never takes a card (S15). The 8 aces ring the Shah as foundations, one at the root of each ray,
built up by suit to the queen. The other 88 cards are the stock.

Layout. A star of 8 rays, numbered 1-8 clockwise from the top. Each ray has an inner place (circle 1, by the
ace), a middle place (circle 2) and an outer place (circle 3). Inner and middle places hold one card; an outer
place holds a pile, the outer card and the cards married onto it. Refill order: inner 1..8, middle 1..8,
outer 1..8 (S8).

Deal. Deal circle 1 and pause: you may play cards of circle 1 to the foundations, each space filled at once
from the stock with a card that is itself available. The same for circle 2, which now blocks circle 1 (S10,
S11). Then deal circle 3; the main phase begins with no current card.

Available (main phase). The top of each outer pile; a middle card while its outer place is completely empty
(S5); an inner card while its middle and outer places are empty; the current card; the talon top.

Moves, all optional. Play an available card to a foundation. Marry (same suit, one lower) one card onto the
top of another outer pile, from an outer top, the current card or the talon top (S1, S2). Middle and inner
cards, even released, are only played (S3). The grace (S12).

Each step. (1) Free moves. (2) Refill every vacancy, compulsorily, in refill order, from the source the
refillSource option allows (S6, S7, S9, S13); "stock top" is the current card if still held, else the next
stock card turned straight into the place. (3) The current card, if still held, goes to the talon. (4) Turn
the next stock card and go to (1). When the stock is out, repeat (1)-(2) with the talon top as the only outside
card until nothing changes (S14). No re-deal.

Grace (S12). When all three places of a ray are empty, you may move the top card of any outer pile into that
ray's inner place; its middle then outer place are filled at once from the talon top, or from the stock top
when the talon is empty. A donor pile left empty is refilled as usual.

Win. All 88 cards on the foundations (eight piles A..Q).

Rulings (RULES.md 2.2).
S1  Marriage: same suit -1, one card at a time, onto the top of an outer pile.
S2  Marriage sources: another outer top, the current card, the talon top; never a middle or inner card.
S3  Nothing is married onto a middle or inner card, even a released one.
S4  No group moves (groupMoves=false). With groupMoves=true a same-suit descending run at the top of an
    outer pile may move as a unit onto another outer top.
S5  An outer place blocks its middle card until it is completely empty, whatever the pile's size.
S6  An empty outer place releases its middle card for play only, takes no marriage, and is refilled before
    the next stock card is turned.
S7  Refills come at the end of the player's moves in each step and are compulsory; making a vacancy is
    optional, so the player times it.
S8  Refill order: inner circle, middle, outer; within a circle rays 1 to 8.
S9  refillSource: choice (default: for each vacancy the player takes the talon top or the stock top),
    talonFirst (talon top while there is one, else stock top), stockOnly (Hoffmann: the stock top only).
S10 During the deal, spaces are filled at once from the stock; no marriages until the star is complete.
S11 During the deal only the circle just dealt is available; plays are optional.
S12 The grace, as above.
S13 A vacancy is never left empty while a permitted source has a card.
S14 After the stock is out the talon top can still be played, married or used as a refill.
S15 The Shah's suit does not matter; it is shown as K\u2665.
S16 One talon pile; only its top card is available.
S17 (this program; the texts are silent) A grace taken when talon and stock are both empty leaves the ray's
    middle and outer places empty (nothing can fill them, S13); the moved card then lies in an open inner
    place and may be played when it fits.

Edition hoffmann. Sets refillSource=stockOnly ("vacancies must always be supplied from the pack"): once the
stock is out vacancies stay empty, releasing the cards behind them. The grace still fills from the talon top,
then the stock (RULES.md 2.1). An explicit refillSource overrides the preset.

Engine notes. Of two foundations of one suit showing the same top, a play goes to the first: they are
interchangeable, so this removes only duplicate moves.`;

/** Where each ruling of the card is coded: the one function or constant, in this folder or core/. */
const CODED_AT = {
  S1: 'cache.ts takersOf',
  S2: 'state.ts freeMoves',
  S3: 'cache.ts scanStar',
  S4: 'cache.ts addRunMarriages',
  S5: 'rules.ts openPlace',
  S6: 'refills.ts refill',
  S7: 'refills.ts refill',
  S8: 'layout.ts LAYOUT',
  S9: 'refills.ts sourceFor',
  S10: 'state.ts play',
  S11: 'rules.ts dealtCircle',
  S12: 'rules.ts graceLane',
  S13: 'refills.ts sourceFor',
  S14: 'refills.ts endAllowed',
  S15: 'picture.ts SHAH',
  S16: 'core/stock.ts TurnedStock',
  S17: 'rules.ts graceSource',
} as const;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'edition',
    values: ['cadogan', 'hoffmann'],
    default: 'cadogan',
    ruling: '2.1',
    summary: "whose text: Cadogan's C1914 or Hoffmann's H1892 (hoffmann implies refillSource=stockOnly)",
    implies: { hoffmann: { refillSource: 'stockOnly' } },
  },
  {
    name: 'refillSource',
    values: [...REFILL_SOURCES],
    default: 'choice',
    ruling: 'S9',
    summary: 'where vacancies are refilled from: player picks talon or stock, talon first, or stock only',
  },
  {
    name: 'groupMoves',
    values: [false, true],
    default: false,
    ruling: 'S4',
    summary: 'a same-suit descending run may move as a unit onto another outer top',
  },
];

/** The Shah: the game definition. */
export const shah: Game = {
  id: 'shah',
  title: 'The Shah',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  codedAt: CODED_AT,
  create: (options) => new ShahState(options),
  solving: shahSolving,
  facts: {
    // The stock in rank order, so every card dealt in the first pause can be played at once.
    winnable: ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q']
      .map((r) => `${r}S ${r}H ${r}D ${r}C ${r}S ${r}H ${r}D ${r}C`)
      .join(' '),
  },
};
