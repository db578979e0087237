// The Zodiac (`zodiac`): Cadogan, C1874 (the same text in C1914). The rules card below is the game's header;
// code comments cite its ruling ids, and CODED_AT names the one place that codes each: Z1 core/stock.ts
// TurnedStock (its re-deal turns the talon over as it lies), Z2, Z7 and Z9 rules.ts redealAllowed, Z3 rules.ts
// isAvailable, Z4 marriages.ts Marriages, Z5 and Z6 rules.ts zodiacFoundations, Z8 rules.ts turnTarget, Z10
// READINGS below, Z11 rules.ts returnable, Z12 rules.ts zodiacPileDealt; the engine note rules.ts cellToFill.
// The piles are declared in layout.ts, the moves in state.ts, the marriages' cache in marriages.ts; the solver's
// dead-end rules and safe moves in solver.ts, solver-suit-search.ts and solver-safe-move.ts, its placing plan
// (phase 1 decided suit by suit) in solver-placing.ts and solver-placing-line.ts. PySolFC's Zodiac (467) deals
// its game numbers as ours with no hook of its own (pysol.ts, with PySolFC's words for the moves).

import type { Game } from '../../core/game.js';
import { foundationExchangeOption } from '../../core/foundations.js';
import type { OptionSpec } from '../../core/options.js';
import { zodiacAdvice } from './advice.js';
import { zodiacSolving } from './solver.js';
import { ZODIAC_PYSOL } from './pysol.js';
import { ZodiacState } from './state.js';

const RULES_CARD = `The Zodiac (zodiac)
Source: Cadogan, C1874 (seed 003 part f); C1914 "The Zodiac" has the same text.

Cards. Two packs, all 104 shuffled.

Layout. The Equator: a row of 8 single-card cells, dealt first, left to right. The Zodiac: a ring of 24 piles
around it, dealt next, clockwise from the top. The other 72 cards are the stock. The 8 foundations (an ace pile
A..K and a king pile K..A for each suit) stay empty until phase 2.

Phase 1: place every card. Marry onto the top of a Zodiac pile, same suit one higher or one lower (the direction
may change within a pile), the current card, the talon top or an Equator card; never a Zodiac card, and nothing
onto the Equator. Fill an empty Equator cell with the current card or the talon top, when you like. No play to
the foundations. Turn the stock one card at a time; an unused current card goes to the talon. When the stock is
out, the talon is turned over, without shuffling, as the new stock, as often as needed (Z1). Phase 1 fails by
Z2; it succeeds when stock and talon are both empty, every card lying in the Equator or the Zodiac.

Phase 2: the foundations. Play Zodiac tops and Equator cards to the foundations; the first ace (king) of a
suit played starts its ace (king) pile (Z5). Equator cards may still marry onto Zodiac tops (Z3).

Win. All 104 cards on the foundations.

Rulings (RULES.md 9).
Z1  Passes are not shuffled; the talon is simply turned over.
Z2  Failure: the game is lost if a whole pass through the stock ends with no card having entered the layout
    from the stock or talon and no Equator -> Zodiac move having been made during it.
Z3  In phase 2 Equator -> Zodiac marriages remain legal; Zodiac <-> Zodiac, Zodiac -> Equator and Equator ->
    Equator moves remain illegal, and nothing is refilled.
Z4  No A-K wrap in marriages.
Z5  The foundation bases come from the layout, in the order they become available and are played.
Z6  No foundation exchange (foundationExchange=off). With foundationExchange=free the top card of a foundation
    may move onto the other foundation of its suit whenever it fits there, one card per move.
Z7  (this program; the texts are silent) A pass ends when the player re-deals: until then, with the stock out,
    the current card, the talon top and the Equator may still be used, and such a use counts for the pass.
    The re-deal is refused after a pass that placed nothing (Z2): the game is then over unless a placement is
    still possible. An ace may end a king pile come down to the two, and a king an ace pile come up to the queen,
    even before the suit's other pile is started: the two copies being alike, this decides only which pile ends
    first.
Z8  The card turned is held as the current card, available beside the talon top, until the next turn lays it
    on the talon. turnedCard=talon (PySolFC's one-card waste): the turned card lies on the talon at once; only
    the talon top is available.
Z9  (this program) failure=none (PySolFC has no failure rule): the talon may be turned over after a pass that
    placed nothing too. Such a pass brings back the position it began from (Z1), so no deal is won that Z2
    loses; the re-deal after a second such pass in a row is refused, and the game then ends as under Z2.
Z10 (this program) reading=pysol is PySolFC's Zodiac (467): turnedCard=talon failure=none
    foundationExchange=free returns=free dealOrder=rows. An option set by hand wins.
Z11 (this program) returns=none (default): a card played stays on its foundation (Z3). returns=free (PySolFC's):
    in phase 2 the top card of a foundation may come back onto a Zodiac top, same suit one higher or one lower
    (Z4), or into an empty Equator cell, one card a move, and be played again later.
Z12 (this program) dealOrder=ring (default): the Zodiac dealt clockwise from the top. dealOrder=rows (PySolFC's
    two rows of 12, dealt column by column, top then bottom): its top row laid along the ring's upper half read
    clockwise (Zodiac 23, 24, 1-8, 9, 10), its bottom row along the lower half read left to right (22, 21,
    20-13, 12, 11), so that the picture shows its cards where PySolFC's screen does. The piles are alike.

Engine notes. A fill, or a return into the Equator, goes into the first empty Equator cell: the cells are
interchangeable, so this removes only duplicate moves. A return is made as a marriage, wherever it goes: like
every marriage, and unlike a fill, it may be declined.`;

/** Where each ruling of the card is coded (the one function that every view calls). */
const CODED_AT = {
  Z1: 'core/stock.ts TurnedStock',
  Z2: 'rules.ts redealAllowed',
  Z3: 'rules.ts isAvailable',
  Z4: 'marriages.ts Marriages',
  Z5: 'rules.ts zodiacFoundations',
  Z6: 'rules.ts zodiacFoundations',
  Z7: 'rules.ts redealAllowed',
  Z8: 'rules.ts turnTarget',
  Z9: 'rules.ts redealAllowed',
  Z10: 'index.ts READINGS',
  Z11: 'rules.ts returnable',
  Z12: 'rules.ts zodiacPileDealt',
} as const;

/** Z10: the options reading=pysol sets: PySolFC's Zodiac (467), read from pysollib/games/zodiac.py and
 * pysollib/stack.py. */
const READINGS = {
  pysol: { turnedCard: 'talon', failure: 'none', foundationExchange: 'free', returns: 'free', dealOrder: 'rows' },
} as const;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'reading',
    values: ['cadogan', 'pysol'],
    default: 'cadogan',
    ruling: 'Z10',
    summary: "whose game: Cadogan's, or PySolFC's Zodiac (pysol), which sets the options below",
    implies: READINGS,
  },
  foundationExchangeOption(
    'Z6',
    ['off', 'free'],
    "a foundation's top card may move onto the other foundation of its suit (free) or not (off)",
  ),
  {
    name: 'turnedCard',
    values: ['held', 'talon'],
    default: 'held',
    ruling: 'Z8',
    summary:
      "the card turned is held as the current card beside the talon top, or lies on the talon at once (PySolFC's one-card waste)",
  },
  {
    name: 'failure',
    values: ['barren-pass', 'none'],
    default: 'barren-pass',
    ruling: 'Z9',
    summary:
      'a pass that places nothing loses the game (barren-pass, Z2), or the talon may be turned over again once (none, PySolFC)',
  },
  {
    name: 'returns',
    values: ['none', 'free'],
    default: 'none',
    ruling: 'Z11',
    summary:
      "in phase 2 a foundation's top card may come back onto a Zodiac top or into an empty Equator cell (free, PySolFC's) or not (none)",
  },
  {
    name: 'dealOrder',
    values: ['ring', 'rows'],
    default: 'ring',
    ruling: 'Z12',
    summary: "the Zodiac dealt clockwise round the ring, or in PySolFC's two rows of 12 laid on it (rows)",
  },
];

/** The Zodiac: the game definition. */
export const zodiac: Game = {
  id: 'zodiac',
  title: 'The Zodiac',
  rulesCard: RULES_CARD,
  codedAt: CODED_AT,
  // read from PySolFC's source (pysollib/games/); docs/commands.md says how reading=pysol makes ours its game
  pysol: ZODIAC_PYSOL,
  options: OPTIONS,
  create: (options) => new ZodiacState(options),
  solving: zodiacSolving,
  advice: zodiacAdvice,
  facts: {
    // The naive player never marries, so it cannot place the stock in phase 1 (Z2); greedy wins this deck with
    // the game's advice (where the deck came from: docs/decisions.md#zodiacs-winnable-deck).
    winnable:
      '5D 6H KH TC 3D 7C JD KC 9D 5C 8S QH 7H 5C KS 2H 5H 7S 9S 6H JS 8D 8C 8D 2C AS 3C KD AD AC KC AH 8H 2H QH 9H JS 3H 8S TS 6D TD 4H 9D 2D 3D 7D 4S 5S 4D JD 7H AD 6D 4C AC 5H 8C AS 4S 4C KS QD JC TH JH 3S KD 7S 9C 2C 3H 5D QD 9S TS QS 3C 2S 6C AH TC QS 7C TH TD 8H 2D 6S QC KH 9H 4D 6C 4H 2S 5S JH 7D 9C JC 6S 3S QC',
    winner: 'greedy',
  },
};
