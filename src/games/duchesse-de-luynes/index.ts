// La Duchesse de Luynes (`duchesse-de-luynes`): Lady Cadogan, C1874 (seeds/003 part (d)); RULES.md section 7.
// The rules card below is the game's header; code comments cite its ruling ids, and CODED_AT under it names
// the one place that codes each: D1 the foundations, D2 the Discard's opening, D7 the re-deal's timing
// (rules.ts); D3 the round, D4 the gather, D6 the optional plays (state.ts); D5 the exchanges
// (core/updown.ts). The piles are declared in layout.ts, the moves in state.ts.

import type { Game } from '../../core/game.js';
import { foundationExchangeOption } from '../../core/foundations.js';
import { DuchesseState } from './state.js';

const RULES_CARD = `La Duchesse de Luynes (duchesse-de-luynes)
Source: Cadogan, C1874 (seeds/003 part (d)); not in C1914. RULES.md section 7.

Cards. Two packs, all 104 shuffled.

Layout. Four packets T1-T4, face up in a row; a Discard, face down, apart. Foundation places: aces above,
kings below.

Foundations (D1). For each suit an up pile (A to K) and a down pile (K to A). The first ace of a suit played
starts its up pile, the first king its down pile; the second ace and king finish the opposite piles.

Dealing. A deal is made of rounds; a round deals one card each to T1, T2, T3, T4, then two to the Discard (in
the 4th deal T1-T4 only). Rounds go on until the stock is out; the first deal (104 = 17 x 6 + 2) ends with two
cards, on T1 and T2 (D3). After every round, a partial one included, there is a pause for plays; no play
during a round.

Available. The packet tops. The Discard: nothing until the stock is out in this deal; then every Discard card,
in any order, with the packet tops (D2).

Moves. Only plays to a foundation, all optional (D6). Nothing is built on the packets; an empty packet is filled
only by the next round.

Re-deals (D4). When play is at an end, up to 3 (4 deals in all), without shuffling and with no Discard in the
4th deal. Put T1 on T2, that on T3, that on T4, face up; turn the stack over and put the Discard beneath it: the
new stock deals T4 (first-dealt card first), then T3, T2, T1, then the Discard cards left, in the order they
were discarded.

Win. All 104 cards on the foundations.

Rulings (RULES.md 7).
D1  The foundations are assigned by the first ace or king of each suit to be played.
D2  The Discard is available only after the stock is out in that deal; then all its cards are available.
D3  Partial rounds: cards are dealt in round order until the stock runs out; 104 leaves 2 cards, for T1 and
    T2; in the 4th deal any remainder goes to the first packets.
D4  The gather as above, with no shuffle.
D5  foundationExchange: off (default; the text is silent), free (the top card of one pile of a suit moves
    onto the other whenever it fits there, for comparison with other implementations).
D6  Plays are optional.
D7  (this program; the text is silent) The next round is dealt, and a re-deal taken, when the player chooses
    to end the pause (plays being optional, D6); a re-deal only once the stock is out and the Discard taken up.

Engine notes. The Discard is taken up at the end of the round that empties the stock; its cards lie spread
beside the packets. The order of the stock is hidden (RULES.md 14.4) in every deal, so each round and each
re-deal carries the reveal flag.`;

/** Where each ruling of the card is coded. */
const CODED_AT = {
  D1: 'rules.ts duchesseFoundations',
  D2: 'rules.ts discardOpen',
  D3: 'state.ts dealRound',
  D4: 'state.ts GATHER_ORDER',
  D5: 'core/updown.ts canExchange',
  D6: 'state.ts legalMoves',
  D7: 'rules.ts redealAllowed',
};

/** La Duchesse de Luynes: the game definition. */
export const duchesseDeLuynes: Game = {
  id: 'duchesse-de-luynes',
  title: 'La Duchesse de Luynes',
  rulesCard: RULES_CARD,
  options: [
    foundationExchangeOption(
      'D5',
      ['off', 'free'],
      'moving a foundation top onto the other pile of its suit: never (the text is silent), or any time',
    ),
  ],
  create: (options) => new DuchesseState(options),
  codedAt: CODED_AT,
  // read from PySolFC's source (pysollib/games/); docs/commands.md says point by point what differs
  pysol: {
    names: 'Grand Duchess (557)',
    refused:
      "each round deals a face-down reserve card before T1 and another after T4 (ours: T1-T4, then two to the Discard), it gathers in its own order, and top cards move between a suit's up and down foundations",
  },
  facts: {
    // T1-T4 take A..K of each suit, then K, Q, J, T again, each round playable at once; the Discard and the last
    // two cards hold the rest of the down piles, 9 to A, played once it is taken up.
    winnable: (() => {
      const packets = [...'A23456789TJQK', ...'KQJT'].map((r) => `${r}S ${r}H ${r}D ${r}C`);
      const discard = [
        '9D',
        '9C',
        ...[...'87654321'].flatMap((r) => [...'SHDC'].map((s) => `${r === '1' ? 'A' : r}${s}`)),
      ];
      return packets.map((round, k) => `${round} ${discard[2 * k]} ${discard[2 * k + 1]}`).join(' ') + ' 9S 9H';
    })(),
  },
};
