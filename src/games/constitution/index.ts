// The Constitution (`constitution`): Cadogan's "The British Constitution" (C1874), "The Constitution" (C1914).
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT names the one
// place that codes each: C1 rules.ts vacate, C2 and C7 rules.ts fillSource, C3 rules.ts rowAbove, C4 and C6
// state.ts legalMoves, C5 rules.ts canTurn; the engine note rules.ts foundationFor. The piles are declared
// in layout.ts, the moves in state.ts, the build cache in builds.ts; the solver's dead-end rule and safe move
// in solver.ts and solver-safe-move.ts.

import type { Game } from '../../core/game.js';
import { constitutionAdvice } from './advice.js';
import { constitutionSolving } from './solver.js';
import { ConstitutionState } from './state.js';

const RULES_CARD = `The Constitution (constitution)
Sources: Cadogan, C1874 "The British Constitution" (seed 003 part e); C1914 "The Constitution" (the same rules).

Cards. Two packs. Take out the kings, queens and aces. The 8 kings (Bishops and Judges), one queen (the
Sovereign) and the other 7 queens take no part. The 8 aces are the foundations, the "Government", built up by
suit to the knave (10 cards each). The other 80 cards (2 to J, twice) are dealt.

Layout. Four rows of eight piles, dealt from the lowest row up, each row left to right: row 1 the People, row 2
the House of Commons, row 3 the House of Lords, row 4 (the top) the Privy Council. The other 48 cards are the
stock.

Available. The top card of each pile.

Moves, all optional (C4). Play a Privy Council top to a foundation: only the Privy Council feeds the
foundations. Build the top of a pile in row k (k = 1, 2, 3) onto the top of a pile in row k+1, alternate colour,
one lower, one card at a time; piles grow without limit; never within a row, never downwards, never skipping a
row. Turn the next stock card onto the talon (C6).

Vacancies (C1, C2). A pile that becomes empty is filled at once: in rows 2-4 with a top card of the row directly
below, the player choosing which; that may empty a pile there, filled the same way (a cascade). A People pile
is filled with the talon top, or the next stock card when the talon is empty; no choice. If the row below holds
no card the vacancy waits.

Win. All 80 cards on the foundations.

Rulings (RULES.md 8).
C1  A vacancy exists only when a pile is completely empty.
C2  Filling is compulsory and immediate: rows 2-4 from any top of the row directly below (the player's choice,
    and it may cascade); the People from the talon top, else the next stock card, with no choice; a vacancy
    whose row below holds no card waits.
C3  Talon and stock cards never build onto piles; they enter the layout only by filling People vacancies.
C4  All plays and builds are optional, apart from the compulsory fills.
C5  No re-deal.
C6  Each turned card becomes the talon top at once, so a People vacancy made afterwards takes it; the player
    may turn the next card whenever no fill is pending ("defer making a vacancy till a card turns up").
C7  (this program; the texts are silent) When only one pile of the row below holds cards, the fill has no
    choice and is made at once as part of the move that made the vacancy. A waiting vacancy (C2) is never
    filled later: a row with no card stays so, since every row is only ever fed from the row below it and the
    People from the talon and stock, which must then be empty too.

Engine notes. Of two foundations of one suit showing the same top, a play goes to the first: they are
interchangeable, so this removes only duplicate moves. The Sovereign is shown as Q\u2666 (C1914); in C1874 it
was Q\u2663. It is decorative either way.`;

/** Where each ruling of the card is coded (the one function that every view calls). */
const CODED_AT = {
  C1: 'rules.ts vacate',
  C2: 'rules.ts fillSource',
  C3: 'rules.ts rowAbove',
  C4: 'state.ts legalMoves',
  C5: 'rules.ts canTurn',
  C6: 'state.ts legalMoves',
  C7: 'rules.ts fillSource',
} as const;

/** The Constitution: the game definition. */
export const constitution: Game = {
  id: 'constitution',
  title: 'The Constitution',
  rulesCard: RULES_CARD,
  codedAt: CODED_AT,
  // read from PySolFC's source (pysollib/games/); docs/commands.md says point by point what differs
  pysol: {
    names: 'British Constitution (391)',
    refused:
      'it shuffles 88 cards (no kings or queens), deals the Privy Council row first, builds its waste onto the People, and leaves a vacancy above the People for the player to fill or not',
  },
  options: [],
  create: (options) => new ConstitutionState(options),
  solving: constitutionSolving,
  advice: constitutionAdvice,
  facts: {
    // The naive player always plays Privy Council 1 and fills from the first pile of the row below, so every
    // card but the seven knaves in Privy Council 2-8 climbs through pile 1 of each row; the deck puts there, in
    // the order they arrive, the two runs 2..10 of each suit (and one knave of clubs).
    winnable:
      '5S 8H 9H TH 2D 3D 4D 5D 4S 6D 7D 8D 9D TD 2C 3C 3S 4C 5C 6C 7C 8C 9C TC 2S JS JH JD JC JS JH JD 6S 7S 8S 9S TS 2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D 6D 7D 8D 9D TD 2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S 5S 6S 7S 8S 9S TS 2H 3H 4H 5H 6H 7H',
  },
};
