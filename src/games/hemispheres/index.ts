// The Hemispheres (`hemispheres`): Lady Cadogan's "Les Hémisphères" (C1874; the same text in C1914).
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT names the one
// function that codes each: H1 marriage rules.ts takes; H2 Races rules.ts sameRace; H3 available rules.ts
// belongs; H4 exchange state.ts legalMoves; H5 transfer home rules.ts homeOf; H6, H7 the turn and its refills
// rules.ts turnStock; H8 barriers rules.ts barrierPlay; H9 no re-deal rules.ts canTurn; H10 the barrier copy
// state.ts deal; H11 rules.ts endgame. The piles, Races and hemispheres are in layout.ts, the places' cache in
// places.ts, the
// foundations (the first of a pair takes a card) in foundations.ts, the solver's dead-end rule in solver.ts.

import type { Game } from '../../core/game.js';
import type { OptionSpec } from '../../core/options.js';
import { hemispheresAdvice } from './advice.js';
import { hemispheresSolving } from './solver.js';
import { HemispheresState } from './state.js';

const RULES_CARD = `The Hemispheres (hemispheres)
Source: Cadogan, C1874 "Les Hemispheres" (seed 003 part a), the same text as C1914 "The Hemispheres", whose
plate gives the layout.

Cards. Two packs. The four red aces and the four black kings are the foundations, set out in a cross at the
centre: hearts and diamonds build up by suit to the king, spades and clubs down by suit to the ace. A king of
hearts (west), a king of diamonds (east), an ace of clubs (north) and an ace of spades (south) are laid crosswise
at the ends of the cross as barriers. The other 92 cards are the stock.

Layout. A ring of 12 places, R1-R12, dealt clockwise from the king of hearts, three between each pair of
barriers. The four Races: European R1-R3 (north-west), Asiatic R4-R6 (north-east), Australian R7-R9
(south-east), African R10-R12 (south-west). The barriers of hearts and diamonds are the equator: R1-R6 are the
North, where the red cards belong; R7-R12 the South, where the black cards belong.

Available. The top card of a place, if its colour is that of its hemisphere (H3); the current card; the talon
top; a barrier, to be played only, when it fits (H8).

Moves, all optional. Play an available card to a foundation. Marry one card (H1): a red card on the red card
of its suit one higher, a black card on the black card of its suit one lower; a place's top card only onto a
place of the same Race, the current card or talon top onto any place (H2); never onto a wrong-colour card (H3).
Exchange (H4). Endgame transfer (H5).

Play. Deal R1-R12 and make free moves. Then each turn of the stock: the current card, if still held, goes to
the talon; every empty place is filled from the stock, compulsorily, in order R1 to R12 (H6, H7); the next
stock card is turned as the current card; free moves. When the stock is out the talon top stays in use; empty
places stay empty except by H5. No re-deal (H9).

Win. All 104 cards on the foundations: 96 in play (the 92 of the stock and the 4 barriers).

Rulings (RULES.md 4).
H1  Marriage is by suit, not by colour: red cards same suit -1, black cards same suit +1, one card at a time.
H2  A Race is the three places between two adjacent barriers. A place's top card marries only within its
    Race; the current card and the talon top may marry into any Race.
H3  Available means a top card of the right colour for its hemisphere. A wrong-colour card (dead) cannot be
    played, built on or moved, except by H4 or H5.
H4  Exchange: swap a wrong-colour card in the North with a wrong-colour card in the South, in any Races, at
    any time. Such cards always lie alone in their places (a deal or refill put them there).
H5  Endgame transfer, once the stock and the talon are both empty: a wrong-colour card may move to an empty
    place of its own hemisphere. endTransfer=emptyOnly (default); endTransfer=emptyOrMarry also lets it marry
    (as H1) onto a proper pile top of its own hemisphere, in any Race.
H6  Refills are compulsory, come from the stock only, and follow deal order R1 to R12.
H7  While dealing, a card turned while a place is empty goes into the earliest empty place; otherwise it is
    the current card: play it, marry it, or it goes to the talon. The talon top can be used at any time.
H8  Barriers are played only as the last cards of their piles, which amounts to playing them whenever they
    fit.
H9  No re-deal.
H10 (this program; the texts are silent) Which of the two kings of hearts (and so on) is the barrier does not
    matter; the engine takes the copy lying later in the deck, so the stock keeps the deck's order otherwise.
H11 (this program) "The talon exhausted" (H5) includes the current card: a card turned last and not used goes
    to the talon first, and H5 opens only when the stock, the current card and the talon are all empty.

Engine notes. Of two foundations of one suit showing the same top, a play goes to the first: they are
interchangeable, so this removes only duplicate moves. An exchange is written from the North place to the South
place (a grace move); an H5 transfer to an empty place is a grace move, an H5 marriage a marriage.`;

/** Where each ruling of the card is coded (house test: every id, one real declaration). */
const CODED_AT = {
  H1: 'rules.ts takes',
  H2: 'rules.ts sameRace',
  H3: 'rules.ts belongs',
  H4: 'state.ts legalMoves',
  H5: 'rules.ts homeOf',
  H6: 'rules.ts turnStock',
  H7: 'rules.ts turnStock',
  H8: 'rules.ts barrierPlay',
  H9: 'rules.ts canTurn',
  H10: 'state.ts deal',
  H11: 'rules.ts endgame',
};

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'endTransfer',
    values: ['emptyOnly', 'emptyOrMarry'],
    default: 'emptyOnly',
    ruling: 'H5',
    summary: 'at the end a wrong-colour card may move to an empty place of its hemisphere, or also marry there',
  },
];

/** The Hemispheres: the game definition. */
export const hemispheres: Game = {
  id: 'hemispheres',
  title: 'The Hemispheres',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new HemispheresState(options),
  solving: hemispheresSolving,
  advice: hemispheresAdvice,
  codedAt: CODED_AT,
  // read from PySolFC's source (pysollib/games/); docs/commands.md says point by point what differs
  pysol: {
    names: 'Hemispheres (690)',
    refused:
      'it marries by colour across a whole hemisphere, refills a space from its waste, and lets a card in the wrong hemisphere go to a foundation',
  },
  facts: {
    // Red cards in foundation order (2H 2H 2D 2D 3H ...) and black ones (QS QS QC QC JS ...), so that each deal
    // or refill of the twelve places brings six red cards to the North and six black to the South, all
    // playable, and each current card fits too: 12 dealt, six turns of 12 refills and a current card (four
    // black, two red), then the last two red cards (the kings of the stock) into R1 and R2.
    winnable: (() => {
      const red: string[] = [];
      const black: string[] = [];
      const ranks = 'A23456789TJQK';
      for (let r = 2; r <= 13; r++)
        for (const s of 'HD') red.push(...(r === 13 ? [`K${s}`] : [`${ranks[r - 1]}${s}`, `${ranks[r - 1]}${s}`]));
      for (let r = 12; r >= 1; r--)
        for (const s of 'SC') black.push(...(r === 1 ? [`A${s}`] : [`${ranks[r - 1]}${s}`, `${ranks[r - 1]}${s}`]));
      const out = [...red.splice(0, 6), ...black.splice(0, 6)];
      for (let turn = 1; turn <= 6; turn++)
        out.push(...red.splice(0, 6), ...black.splice(0, 6), (turn <= 4 ? black : red).shift()!);
      return [...out, ...red].join(' ');
    })(),
  },
};
