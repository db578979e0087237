// La Duchesse de Luynes (`duchesse-de-luynes`): Lady Cadogan, C1874 (seeds/003 part (d)); RULES.md section 7.
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import type { Deck } from '../core/deck.js';
import { PileRole, type Game, type GameState } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { PacketGather, packetCards } from '../core/packets.js';
import { Table } from '../core/table.js';
import { UpDownFoundations, type ExchangePolicy } from '../core/updown.js';

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

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'foundationExchange',
    values: ['off', 'free'],
    default: 'off',
    ruling: 'D5',
    summary: 'moving a foundation top onto the other pile of its suit: never (the text is silent), or any time',
  },
];

// Piles. Foundations: up piles S H D C (the aces' row), then down piles S H D C (the kings' row).
const FOUNDATION = 0;
const PACKET = 8; // T1..T4
const PACKETS = 4;
const DISCARD = PACKET + PACKETS; // face down until taken up
const TAKEN = DISCARD + 1; // the Discard taken up, spread: its k-th card discarded lies in TAKEN + k - 1
const TAKEN_PLACES = 34; // 17 rounds of two
const STOCK = TAKEN + TAKEN_PLACES;
const PILE_COUNT = STOCK + 1;
const REDEALS = 3; // D4

// Variables.
const DEAL = 0; // deal number, 0 for the first deal
const LOAN = 1; // four variables for the exchange policy (unused with the options this game names)
const VAR_COUNT = LOAN + 4;

/** The gather (D4): T4, T3, T2, T1, each from its first-dealt card to its top, then the Discard in order. */
const GATHER_ORDER: readonly number[] = [
  ...Array.from({ length: PACKETS }, (_, i) => PACKET + PACKETS - 1 - i),
  ...Array.from({ length: TAKEN_PLACES }, (_, i) => TAKEN + i),
];

const PILE_NAMES: readonly string[] = [
  ...'SHDC'.split('').map((s) => `up ${s}`),
  ...'SHDC'.split('').map((s) => `down ${s}`),
  ...Array.from({ length: PACKETS }, (_, i) => `T${i + 1}`),
  'discard',
  ...Array.from({ length: TAKEN_PLACES }, (_, i) => `discard card ${i + 1}`),
  'stock',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, FOUNDATION, PACKET);
PILE_ROLES.fill(PileRole.Layout, PACKET, DISCARD);
PILE_ROLES[DISCARD] = PileRole.Stock; // face down, hidden until taken up (D2, RULES.md 14.4)
PILE_ROLES.fill(PileRole.Layout, TAKEN, STOCK);
PILE_ROLES[STOCK] = PileRole.Stock;

/** One position of La Duchesse de Luynes. */
class DuchesseState implements GameState {
  readonly table = new Table(PILE_COUNT, VAR_COUNT);
  readonly cardsInPlay = 104;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly foundations: UpDownFoundations;
  private readonly gatherer = new PacketGather(STOCK);

  constructor(readonly options: Options) {
    this.foundations = new UpDownFoundations(FOUNDATION, 0, 1, 13, 13, 1, options['foundationExchange'] as ExchangePolicy, LOAN);
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    for (let i = deck.length - 1; i >= 0; i--) t.put(STOCK, deck[i]!);
    this.dealRound();
    t.commit();
  }

  /**
   * One round: T1-T4, then two cards to the Discard except in the 4th deal, stopping where the stock runs out
   * (D3); a round that empties the stock ends by taking up the Discard (D2).
   */
  private dealRound(): void {
    const t = this.table;
    for (let p = PACKET; p < DISCARD && t.size(STOCK) > 0; p++) t.move(STOCK, p);
    if (t.vars[DEAL]! < REDEALS) for (let k = 0; k < 2 && t.size(STOCK) > 0; k++) t.move(STOCK, DISCARD);
    if (t.size(STOCK) > 0) return;
    // Take up the Discard: its cards spread in the order discarded, the first one first.
    for (let i = t.size(DISCARD) - 1; i >= 0; i--) t.move(DISCARD, TAKEN + i);
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    const fd = this.foundations;
    let n = 0;
    // Plays: packet tops T1-T4, then the Discard cards taken up (D2); to the up pile, then the down pile.
    const last = t.size(STOCK) > 0 ? DISCARD : STOCK; // while the stock lasts the Discard lies face down
    for (let p = PACKET; p < last; p++) {
      if (t.size(p) === 0) continue;
      const c = t.top(p);
      const s = suitOf(c);
      const r = rankOf(c);
      if (fd.wants(t, FOUNDATION + s) === r) out[n++] = makeMove(MoveKind.Play, p, FOUNDATION + s);
      if (fd.wants(t, FOUNDATION + 4 + s) === r) out[n++] = makeMove(MoveKind.Play, p, FOUNDATION + 4 + s);
    }
    n = fd.addExchanges(t, out, n); // D5
    if (t.size(STOCK) > 0) out[n++] = makeMove(MoveKind.Deal, STOCK, PACKET, 1, true); // D7
    else if (t.vars[DEAL]! < REDEALS && !fd.complete(t)) out[n++] = makeMove(MoveKind.Redeal, PACKET, STOCK, 1, true); // D4
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if (countOf(m) !== 1 || (m & ~(REVEALS | 0x1fffffff)) !== 0 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        if (flag || to >= PACKET || t.size(from) === 0) return false;
        const packet = from >= PACKET && from < DISCARD;
        const discard = from >= TAKEN && from < STOCK && t.size(STOCK) === 0; // D2
        if (!packet && !discard) return false;
        const c = t.top(from);
        if (suitOf(c) !== (to - FOUNDATION) % 4) return false;
        // D1: an up pile of k cards holds A..k, a down pile K..14-k
        const size = t.size(to);
        return to < FOUNDATION + 4 ? rankOf(c) === size + 1 : rankOf(c) === 13 - size;
      }
      case MoveKind.Exchange:
        return !flag && this.foundations.canExchange(t, from, to); // D5
      case MoveKind.Deal:
        return flag && from === STOCK && to === PACKET && t.size(STOCK) > 0;
      case MoveKind.Redeal: {
        if (!flag || from !== PACKET || to !== STOCK || t.size(STOCK) > 0 || t.vars[DEAL]! >= REDEALS) return false;
        for (let f = FOUNDATION; f < PACKET; f++) if (t.size(f) < 13) return true;
        return false; // the game is won
      }
      default:
        return false;
    }
  }

  apply(m: Move): void {
    const t = this.table;
    t.begin();
    const from = fromOf(m);
    const to = toOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
        this.foundations.play(t, from, to);
        break;
      case MoveKind.Exchange:
        this.foundations.exchange(t, from, to);
        break;
      case MoveKind.Deal:
        this.dealRound();
        break;
      case MoveKind.Redeal:
        this.gatherer.gather(t, GATHER_ORDER); // D4: no shuffle
        t.set(DEAL, t.vars[DEAL]! + 1);
        this.dealRound();
        break;
      default:
        throw new Error(`duchesse-de-luynes: cannot apply move ${m}`);
    }
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    return this.foundations.complete(this.table);
  }

  foundationCount(): number {
    return this.foundations.count(this.table);
  }

  need(c: Card): number {
    return this.foundations.need(this.table, c);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = PACKET; p < DISCARD; p++) n = packetCards(t, p, cards, depths, piles, n);
    for (let p = TAKEN; p < STOCK; p++) n = packetCards(t, p, cards, depths, piles, n);
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    return p >= PACKET && p < DISCARD && t.size(p) > n ? t.below(p, n) : NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = PACKET; p < STOCK; p++) {
      if (p === DISCARD || t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  coverAt(): number {
    return 0; // nothing is placed on the layout by choice
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (let p = PACKET; p < STOCK; p++) {
      if (p !== DISCARD) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, FOUNDATION + f));
    }
    moves.push(...this.foundations.exchangeSpace());
    moves.push(makeMove(MoveKind.Deal, STOCK, PACKET), makeMove(MoveKind.Redeal, PACKET, STOCK));
    return moves;
  }

  picture(): string {
    const t = this.table;
    const cell = (p: number) => (t.size(p) > 0 ? showCard(t.top(p)) : '--').padEnd(6);
    const row = (first: number) => Array.from({ length: 4 }, (_, i) => cell(first + i)).join('');
    const packets = Array.from({ length: PACKETS }, (_, i) => {
      const p = PACKET + i;
      return `T${i + 1} ${t.size(p) > 0 ? `${showCard(t.top(p))}/${t.size(p)}` : '--'}`.padEnd(10);
    }).join('');
    const taken: string[] = [];
    for (let p = TAKEN; p < STOCK; p++) if (t.size(p) > 0) taken.push(showCard(t.top(p)));
    const discard =
      t.size(DISCARD) > 0
        ? `${t.size(DISCARD)} face down`
        : taken.length > 0
          ? `taken up: ${taken.join(' ')}`
          : 'empty';
    const deal = t.vars[DEAL]!;
    const round = deal < REDEALS ? 'T1-T4 and two to the Discard' : 'T1-T4 only';
    return [
      'aces (up A..K)    S H D C  ' + row(FOUNDATION),
      'kings (down K..A) S H D C  ' + row(FOUNDATION + 4),
      `packets (top/size)  ${packets}`,
      `discard  ${discard}`,
      `stock ${t.size(STOCK)}   deal ${deal + 1} of ${REDEALS + 1} (rounds: ${round})   ${this.foundations.count(t)} of 104 on the foundations`,
    ].join('\n');
  }
}

/** La Duchesse de Luynes: the game definition. */
export const duchesseDeLuynes: Game = {
  id: 'duchesse-de-luynes',
  title: 'La Duchesse de Luynes',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new DuchesseState(options),
};
