// The Fish-Bone (`fish-bone`): Lady Cadogan's C1914 text (RULES.md section 12).
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT names the one
// function that codes each: F1 rules.ts canFill; F2 spine.ts freeSlot (marriages: rules.ts marriageTarget);
// F3 state.ts settle; F4 spine.ts nextKnavePile; F5 rules.ts canRedeal; F6 rules.ts firstVacancy; F7 state.ts
// settleTurned; F8 rules.ts stockSide; F9 rules.ts talonFills; F10 state.ts settleCourts; F11 core/stock.ts
// TurnedStock; F12 spine.ts count. Rule I and the first of a pair: rules.ts knaveFor. The piles are declared in
// layout.ts, the moves in state.ts, the spine in spine.ts, the tops' cache in tops.ts.

import type { Game } from '../../core/game.js';
import { fishBoneAdvice } from './advice.js';
import { FishBoneState } from './state.js';

const RULES_CARD = `The Fish-Bone (fish-bone)
Source: Cadogan, C1914 "The Fish-Bone" (seed 004, second game). Not C1914's "The Herring-Bone".

Cards. Two packs, all 104 shuffled. Deal six cards, one to each pile of the gridiron (left of the plate); the
other 98 are the stock, turned one card at a time.

Spine. The eight knaves are the foundations: each is set, the moment it is available, in a column in the order
they come (F4, F7), and builds down by suit from the knave to the ace. Beside each knave lie one king slot and
one queen slot for its suit. A king or queen goes into a free slot of its suit as soon as a knave of that suit
is placed (F2, F3); until then one turned up is laid on the talon (Rule II).

Available. The top of each gridiron pile, the current card, the talon top.

Moves. Play (optional): a ten down to an ace, available, onto a knave pile of its suit one higher. Marry
(optional): the current card or the talon top onto a gridiron top of its suit one lower (ascending); never one
gridiron card onto another, never a king or queen. Fill: a gridiron vacancy takes the current card (or, none
being held, the next stock card) or the talon top, as the player chooses; it must be filled before the next
card is turned (F1). Turn: the current card, if held, goes to the talon and the next stock card is turned.
Re-deal: once, when the stock is out, the talon is turned over as it lies to make a new stock (F5).

Win. All 104 cards in the spine: eight knaves run down to the ace, each with its king and queen.

Rulings (RULES.md 12).
F1  Gridiron vacancies are compulsory, filled before the next card is turned; the player chooses the current
    card, the next stock card or the talon top.
F2  Kings and queens go only into a free slot beside a placed knave of their suit, from the current card, the
    talon top or a gridiron top; they are never married onto the gridiron.
F3  Kings and queens are placed automatically whenever possible ("never omit").
F4  A knave in the gridiron goes to the spine at once, and its place is refilled.
F5  The one re-deal turns the talon over without shuffling.
F6  The gridiron is six independent piles; where a pile lies does not matter.
F7  A knave from the stock, or anywhere else, is placed at once; it never goes to the talon or the gridiron.
F8  (this program; the text is silent) The stock side of a refill is the current card while it is held,
    otherwise the next stock card, turned straight into the vacancy. A vacancy may wait while the player makes
    other moves, but no card is turned, and the re-deal is not made, while a vacancy can be filled. Which of
    several vacancies is filled first does not matter (F6): the program fills the first.
F9  (this program) A king or queen that cannot be placed waits: on the talon, where only the top card is
    available, so one lying under the talon top waits until it is uncovered and then goes at once; in the
    gridiron, where one dealt at the start stays alone in its pile, taking no marriage, until its knave comes.
    A king or queen never fills a vacancy: one turned into a vacancy from the stock with no slot free goes to
    the talon (Rule II) and the vacancy stays open.
F10 (this program) The automatic placements are made in this order, until none is left: knaves (gridiron
    piles 1-6, then the current card), then kings and queens (gridiron 1-6, the talon top again and again,
    then the current card, which goes to the talon if no slot is free). A king or queen takes the free slot
    of the first-placed knave of its suit that has one. So when a gridiron king and the talon top compete for
    one slot, the gridiron card takes it.
F11 (this program) A card that cannot be used stays where it is: an unused current card goes to the talon at
    the next turn; nothing is put out of play. After the re-deal's stock is out, the talon top can still be
    played, married or used to fill a vacancy; the game ends when no move is left.
F12 (this program) The score counts every card in the spine: knaves, kings and queens in their slots, and the
    tens to aces on the knaves, so 104 at a win. Knaves (and kings and queens) placed from the first six
    cards dealt count too.

Engine notes. Of two knave piles of one suit showing the same top, a play goes to the first: they are
interchangeable, so this removes only duplicate moves. After the re-deal the new stock is the old talon in a
known order; the program still treats it as unseen (a turn is flagged as revealing).`;

/** Where each ruling of the card is coded (house test: every id, one real declaration). */
const CODED_AT = {
  F1: 'rules.ts canFill',
  F2: 'spine.ts freeSlot',
  F3: 'state.ts settle',
  F4: 'spine.ts nextKnavePile',
  F5: 'rules.ts canRedeal',
  F6: 'rules.ts firstVacancy',
  F7: 'state.ts settleTurned',
  F8: 'rules.ts stockSide',
  F9: 'rules.ts talonFills',
  F10: 'state.ts settleCourts',
  F11: 'core/stock.ts TurnedStock',
  F12: 'spine.ts count',
};

/** The Fish-Bone: the game definition. It has no named options (RULES.md 12). */
export const fishBone: Game = {
  id: 'fish-bone',
  title: 'The Fish-Bone',
  rulesCard: RULES_CARD,
  options: [],
  create: (options) => new FishBoneState(options),
  advice: fishBoneAdvice,
  codedAt: CODED_AT,
  facts: {
    // The eight knaves first (six dealt, two filled in), then kings and queens, then tens down to aces, each
    // filled into a vacancy from the stock and played at once.
    winnable: [...'JKQT98765432A'].map((r) => `${r}S ${r}H ${r}D ${r}C ${r}S ${r}H ${r}D ${r}C`).join(' '),
  },
};
