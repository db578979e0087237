// Sympathie (`sympathie`): Cadogan's two-player pairing game, C1874 (seed 003 part g), played by one simulated
// "player" who makes the moves of both players. The rules card below is the game's header; code comments cite
// its ruling ids, and CODED_AT under it names the one place that codes each: Y1 the order of the turns
// (state.ts legalMoves), Y2 the turning and pairing (rules.ts), Y3 and Y5 what follows a grace (state.ts
// settle), Y4 the win (pairs.ts). The piles are declared in layout.ts, the moves in state.ts, the pairs laid
// aside in pairs.ts.

import type { Game } from '../../core/game.js';
import type { OptionSpec } from '../../core/options.js';
import { SympathieState } from './state.js';

const RULES_CARD = `Sympathie (sympathie)
Source: Cadogan, C1874 (seed 003 part g). A game for two players, A (first) and B (second).

Cards. Each player has his own full pack, shuffled separately: A the deck's first copy of each card (copy 0),
B the second (copy 1), each pack in the order its cards come in the deck. Each deals 17 face-down packets of 3,
A1-A17 and B1-B17, the three cards of a packet together, the first dealt at the bottom; the 52nd card is his
grace, kept face down.

Play.
1. A turns up the top card of each of his packets; no pairing yet (done while dealing, as the text allows).
2. B's turn. B goes through his packets in order (Y1). For each packet with a face-down top: turn that card;
   if it is identical, in rank and suit, to a face-up top of A, both are laid aside and the next card of the
   same packet is turned, and so on (Y2); stop at a card that does not match, or at an empty packet. An A
   packet whose top was taken shows a face-down card, which stays face down until A's turn (Y2).
3. A's turn: the same, A's face-down tops against B's face-up tops.
4. Turns alternate until a turn by each player changes nothing.
5. Graces (Y3). A turns his grace as an 18th packet of one card: matching a face-up top of B, both are laid
   aside; else it stays face up as one of A's tops. Turns alternate again, B first, until nothing changes.
   Then B turns his grace the same way, turns alternate again, A first, until nothing changes. The end.

Win (Y4). All 104 cards paired ("Sympathie" established). For the analyzer: won = all 104 cards laid aside;
the foundations are the two piles of cards laid aside in pairs, one per player, and foundationCount counts the
cards on both (0..104, always even), so cardsInPlay is 104.

Decisions. None under the default rules: each step has one move, turning the next card (or grace) due.

Rulings (RULES.md 10).
Y1  turnOrder: dealOrder (default: packets are turned in deal order, 1 to 17) or best (the player chooses
    which of his packets with a face-down top to turn next, within each turn).
Y2  After a match, keep turning the same packet while it keeps matching. The opponent's newly exposed card
    stays face down until the opponent's turn.
Y3  graceFollowUp: resume (default: after each grace the alternate turning resumes until nothing changes,
    so a grace that pairs exposes a face-down card that is then turned as usual) or oneTurn (each grace is
    followed by exactly one more turn of the opponent, then the game goes on to the next grace or ends).
Y4  Success means no cards remain; the text's "cards ... unturned" is read as "cards remaining".
Y5  (this program; Y3's oneTurn spelt out) With graceFollowUp=oneTurn the end runs: A's grace, one turn of
    B, B's grace, one turn of A, end. A turn of a player with no face-down top changes nothing.

Engine notes. A turn changes nothing exactly when the player has no packet with a face-down top, so turning
stops when neither player has one. The order of packets within a turn cannot change the outcome: a card
turned by B pairs exactly when its twin was a face-up top of A as the turn began (A's tops only leave during
B's turn by pairing with their own twins, and A's newly exposed cards stay face down, Y2), and the same for A.
So turnOrder=best gives the same result as dealOrder on every deal, and every player - random, greedy,
lookahead - reaches the same end. Face-down cards lie in piles of role Stock (hidden); every move turns one
and carries the reveal flag.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'turnOrder',
    values: ['dealOrder', 'best'],
    default: 'dealOrder',
    ruling: 'Y1',
    summary: 'packets turned in deal order, or in the order the player chooses within each turn',
  },
  {
    name: 'graceFollowUp',
    values: ['resume', 'oneTurn'],
    default: 'resume',
    ruling: 'Y3',
    summary: 'after each grace turning resumes until nothing changes, or only one more turn of the opponent',
  },
];

/** Where each ruling of the card is coded. */
const CODED_AT = {
  Y1: 'state.ts legalMoves',
  Y2: 'rules.ts turnPacket',
  Y3: 'state.ts settle',
  Y4: 'pairs.ts complete',
  Y5: 'state.ts settle',
};

/** Sympathie: the game definition. */
export const sympathie: Game = {
  id: 'sympathie',
  title: 'Sympathie',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  notes:
    'no decisions under turnOrder=dealOrder, and the order cannot change the outcome under best: every player plays it alike',
  create: (options) => new SympathieState(options),
  codedAt: CODED_AT,
  facts: {
    // Both packs in pack order (the ordered deck), so B's packet tops pair with A's face-up tops, A's middles
    // with B's, B's bottoms with A's, and B's grace with A's unmatched grace.
    winnable: '',
    // Each player's pack is his copy of each card (copy 0 A, copy 1 B): the copies are told apart by play.
    copySensitive: [{}],
  },
};
