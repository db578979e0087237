// Les Petits Paquets (`petits-paquets`): Lady Cadogan, C1874 (seeds/003 part (b)); RULES.md section 5.
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import type { Deck } from '../core/deck.js';
import { PileRole, type Game, type GameState } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { PacketGather, packetCards } from '../core/packets.js';
import { redealShuffle } from '../core/stock.js';
import { Table } from '../core/table.js';
import { UpDownFoundations, type ExchangePolicy } from '../core/updown.js';

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

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'foundationExchange',
    values: ['free', 'oneOnLoan', 'off'],
    default: 'free',
    ruling: 'P9',
    summary: 'moving a foundation top onto the other pile of its suit: any time, one card on loan per suit, or never',
  },
  {
    name: 'redealGather',
    values: ['rows', 'shuffle'],
    default: 'rows',
    ruling: 'P10',
    summary: 'the re-deal takes up the packets in the fixed order (rows), or shuffles the gathered cards',
  },
];

// Piles. Foundations: up piles S H D C, then down piles S H D C, each on its king.
const FOUNDATION = 0;
const PACKET = 8; // packet n (1..12) is PACKET + n - 1
const SPREAD = 20; // packet 13, one place per round: its k-th card dealt lies in SPREAD + k - 1
const SPREAD_PLACES = 7; // 96 cards make at most 7 full rounds of 13 placements (P4)
const EXILES = SPREAD + SPREAD_PLACES;
const STOCK = EXILES + 1;
const CHAIN = STOCK + 1; // the chain card waiting for the player's choice of pile (P12)
const PILE_COUNT = CHAIN + 1;
const PACKETS = 12;
const REDEALS = 2; // P11

// Variables.
const PHASE = 0;
const FREE = 0; // free moves
const CHOOSE = 1; // the chain card fits both piles of its suit: the player picks one (P12)
const DEAL = 1; // deal number, 0 for the first deal
const LOAN = 2; // four variables, one per suit, for foundationExchange=oneOnLoan (P9)
const VAR_COUNT = LOAN + 4;

/** The re-deal's gather order (P10): packets 1-6, packet 13 in the order dealt, packets 7-12. */
const GATHER_ORDER: readonly number[] = [
  ...Array.from({ length: 6 }, (_, i) => PACKET + i),
  ...Array.from({ length: SPREAD_PLACES }, (_, i) => SPREAD + i),
  ...Array.from({ length: 6 }, (_, i) => PACKET + 6 + i),
];

const PILE_NAMES: readonly string[] = [
  ...'SHDC'.split('').map((s) => `up ${s}`),
  ...'SHDC'.split('').map((s) => `down ${s}`),
  ...Array.from({ length: PACKETS }, (_, i) => `packet ${i + 1}`),
  ...Array.from({ length: SPREAD_PLACES }, (_, i) => `packet 13 card ${i + 1}`),
  'exiles',
  'stock',
  'chain card',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, FOUNDATION, PACKET);
PILE_ROLES.fill(PileRole.Layout, PACKET, EXILES);
PILE_ROLES[EXILES] = PileRole.Stock; // face down, hidden (P6, RULES.md 14.4)
PILE_ROLES[STOCK] = PileRole.Stock;
PILE_ROLES[CHAIN] = PileRole.Current;

// The loop guard's record of the chain's states (P8): each state's hash, its place in the snapshots, and the
// chain it belongs to (a stamp, so the table needs no clearing between chains).
const SEEN_SLOTS = 1 << 12;
const SNAPSHOT = 1 + PACKETS + 96; // q, the packets' sizes, their cards

/** One position of Les Petits Paquets. */
class PetitsPaquetsState implements GameState {
  readonly table = new Table(PILE_COUNT, VAR_COUNT);
  readonly cardsInPlay = 96;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly foundations: UpDownFoundations;
  private readonly gatherer = new PacketGather(STOCK);
  private readonly shuffled: boolean;
  private readonly deck = new Uint8Array(104); // the deal's deck, which keys a shuffled re-deal
  private readonly wants = new Uint8Array(8); // the rank each foundation takes next, for legalMoves
  // The loop guard (P8).
  private chainStamp = 0;
  private readonly seenStamp = new Int32Array(SEEN_SLOTS);
  private readonly seenHash = new Int32Array(SEEN_SLOTS);
  private readonly seenIndex = new Int32Array(SEEN_SLOTS);
  private snapshots = new Uint8Array(256 * SNAPSHOT);

  constructor(readonly options: Options) {
    this.foundations = new UpDownFoundations(FOUNDATION, 1, 1, 12, 12, 1, options['foundationExchange'] as ExchangePolicy, LOAN);
    this.shuffled = options['redealGather'] === 'shuffle';
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    this.deck.set(deck);
    // The kings: the first of each suit to the upper row (building up), the second to the lower row.
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      if (rankOf(c) === 13) t.put(t.size(FOUNDATION + suitOf(c)) === 0 ? FOUNDATION + suitOf(c) : FOUNDATION + 4 + suitOf(c), c);
    }
    for (let i = deck.length - 1; i >= 0; i--) if (rankOf(deck[i]!) !== 13) t.put(STOCK, deck[i]!);
    this.dealOut();
    t.commit();
  }

  /** Deal the stock out with exiling (P2-P6): counter n = 1..13, a card of value n is exiled, n stays. */
  private dealOut(): void {
    const t = this.table;
    let n = 1;
    let round = 0;
    while (t.size(STOCK) > 0) {
      const r = rankOf(t.top(STOCK));
      if (r === n) t.move(STOCK, EXILES); // P2: the next card is tried at the same n; P3: no king, so never at 13
      else if (n === 13) {
        t.move(STOCK, SPREAD + round++);
        n = 1;
      } else t.move(STOCK, PACKET + n++ - 1); // P4: the last round stops where the stock does
    }
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    const fd = this.foundations;
    let n = 0;
    if (t.vars[PHASE] === CHOOSE) {
      // P12: the chain card fits both piles of its suit
      const s = suitOf(t.top(CHAIN));
      out[n++] = makeMove(MoveKind.Play, CHAIN, FOUNDATION + s);
      out[n++] = makeMove(MoveKind.Play, CHAIN, FOUNDATION + 4 + s);
      return n;
    }
    // Plays: packet tops 1-12, then each card of packet 13; to the up pile, then the down pile (P12).
    // Hot path: reads the table's arrays directly.
    const wants = this.wants;
    fd.wantsAll(t, wants);
    const len = t.len;
    for (let p = PACKET; p < EXILES; p++) {
      const size = len[p]!;
      if (size === 0) continue;
      const c = t.cards[p * t.cap + size - 1]!;
      const s = suitOf(c);
      const r = rankOf(c);
      if (wants[s] === r) out[n++] = makeMove(MoveKind.Play, p, FOUNDATION + s);
      if (wants[4 + s] === r) out[n++] = makeMove(MoveKind.Play, p, FOUNDATION + 4 + s);
    }
    n = fd.addExchanges(t, out, n); // P9
    if (t.size(EXILES) > 0) out[n++] = makeMove(MoveKind.Turn, EXILES, CHAIN, 1, true); // P7, P14
    else if (t.vars[DEAL]! < REDEALS && !fd.complete(t)) out[n++] = makeMove(MoveKind.Redeal, PACKET, STOCK, 1, true); // P10, P11, P14
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if (countOf(m) !== 1 || (m & ~(REVEALS | 0x1fffffff)) !== 0 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    const choosing = t.vars[PHASE] === CHOOSE;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        if (flag || to >= PACKET || t.size(from) === 0) return false;
        // while choosing, only the chain card (P12); else a packet top or any card of packet 13
        if (choosing ? from !== CHAIN : from < PACKET || from >= EXILES) return false;
        const c = t.top(from);
        const up = to < FOUNDATION + 4;
        if (suitOf(c) !== (to - FOUNDATION) % 4) return false;
        // an up pile on its king holds A..k-1 above it, a down pile Q..14-k (k = its size)
        const size = t.size(to);
        return up ? size <= 12 && rankOf(c) === size : size <= 12 && rankOf(c) === 13 - size;
      }
      case MoveKind.Exchange:
        return !choosing && !flag && this.foundations.canExchange(t, from, to);
      case MoveKind.Turn:
        return !choosing && flag && from === EXILES && to === CHAIN && t.size(EXILES) > 0;
      case MoveKind.Redeal: {
        if (choosing || !flag || from !== PACKET || to !== STOCK || t.size(EXILES) > 0 || t.vars[DEAL]! >= REDEALS) return false;
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
        this.foundations.play(t, from, to); // P13: a play repays the suit's loan
        if (from === CHAIN) t.set(PHASE, FREE);
        break;
      case MoveKind.Exchange:
        this.foundations.exchange(t, from, to);
        break;
      case MoveKind.Turn:
        t.move(EXILES, CHAIN); // P6: the card exiled last
        this.chain();
        break;
      case MoveKind.Redeal: {
        const k = t.vars[DEAL]! + 1;
        this.gatherer.gather(t, GATHER_ORDER, this.shuffled ? redealShuffle(this.deck, k, t.salt) : undefined); // P10
        t.set(DEAL, k);
        this.dealOut(); // P11: exiling afresh
        break;
      }
      default:
        throw new Error(`petits-paquets: cannot apply move ${m}`);
    }
  }

  /** The Exile chain (P7, P8), from the card on the chain pile; stops for the player's choice of pile (P12). */
  private chain(): void {
    const t = this.table;
    const fd = this.foundations;
    this.chainStamp++;
    let states = 0;
    let from = -1;
    for (;;) {
      const x = t.top(CHAIN);
      const f = fd.target(t, x);
      if (f >= 0) {
        if (fd.fitsBoth(t, x)) t.set(PHASE, CHOOSE); // P12
        else fd.play(t, CHAIN, f);
        return;
      }
      const q = PACKET + rankOf(x) - 1;
      t.moveUnder(CHAIN, q);
      if (from >= 0 && t.size(from) > 0 && fd.target(t, t.top(from)) >= 0) return; // released
      if (this.repeats(q, states++)) return; // P8
      from = q;
      t.move(q, CHAIN);
    }
  }

  /**
   * P8: whether the state (q, the packets' contents) was seen before in this chain; records it if not, as the
   * chain's state number `index`. Hashes find candidates; the recorded states decide exactly.
   */
  private repeats(q: number, index: number): boolean {
    const t = this.table;
    if ((index + 1) * SNAPSHOT > this.snapshots.length) {
      const grown = new Uint8Array(this.snapshots.length * 2); // rare: a long chain
      grown.set(this.snapshots);
      this.snapshots = grown;
    }
    // Write the state into its own record first: q, the packets' sizes, their cards.
    const record = this.snapshots;
    const base = index * SNAPSHOT;
    record[base] = q;
    let k = base + 1 + PACKETS;
    for (let p = PACKET; p < PACKET + PACKETS; p++) {
      const size = t.len[p]!;
      record[base + 1 + p - PACKET] = size;
      const from = p * t.cap;
      for (let i = 0; i < size; i++) record[k++] = t.cards[from + i]!;
    }
    const length = k - base;
    const h = (t.hash() ^ Math.imul(q + 1, 0x9e3779b1)) | 0;
    let slot = h & (SEEN_SLOTS - 1);
    while (this.seenStamp[slot] === this.chainStamp) {
      if (this.seenHash[slot] === h && this.sameRecord(this.seenIndex[slot]!, index, length)) return true;
      slot = (slot + 1) & (SEEN_SLOTS - 1);
    }
    if (index >= SEEN_SLOTS / 2) throw new Error('petits-paquets: exile chain longer than the loop guard can hold');
    this.seenStamp[slot] = this.chainStamp;
    this.seenHash[slot] = h;
    this.seenIndex[slot] = index;
    return false;
  }

  /** Whether recorded states a and b are the same (b of the given length). */
  private sameRecord(a: number, b: number, length: number): boolean {
    const s = this.snapshots;
    const x = a * SNAPSHOT;
    const y = b * SNAPSHOT;
    for (let i = 0; i < length; i++) if (s[x + i] !== s[y + i]) return false;
    return true;
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
    let n = packetCards(t, CHAIN, cards, depths, piles, 0);
    for (let p = PACKET; p < EXILES; p++) n = packetCards(t, p, cards, depths, piles, n);
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    return p >= PACKET && p < PACKET + PACKETS && t.size(p) > n ? t.below(p, n) : NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    const last = t.vars[PHASE] === CHOOSE ? -1 : EXILES; // P12: while choosing, only the chain card
    for (let p = PACKET; p < last; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    if (t.size(CHAIN) > 0) {
      cards[n] = t.top(CHAIN);
      piles[n++] = CHAIN;
    }
    return n;
  }

  coverAt(): number {
    return 0; // nothing is placed on the layout by choice
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (let p = PACKET; p < EXILES; p++) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, FOUNDATION + f));
    for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, CHAIN, FOUNDATION + f));
    moves.push(...this.foundations.exchangeSpace());
    moves.push(makeMove(MoveKind.Turn, EXILES, CHAIN), makeMove(MoveKind.Redeal, PACKET, STOCK));
    return moves;
  }

  picture(): string {
    const t = this.table;
    const fd = this.foundations;
    const row = (piles: number[], cell: (p: number) => string) => piles.map((p) => cell(p).padEnd(7)).join('');
    const foundation = (f: number) => (t.size(f) > 1 ? showCard(t.top(f)) : `(${showCard(t.top(f))})`);
    const packet = (p: number) => (t.size(p) > 0 ? `${showCard(t.top(p))}/${t.size(p)}` : '--');
    const range = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i);
    const spread: string[] = [];
    for (let p = SPREAD; p < EXILES; p++) if (t.size(p) > 0) spread.push(showCard(t.top(p)));
    const lines = [
      'foundations on the kings; (K) = only the king; packets show top card/size',
      `up A..Q    ${row(range(FOUNDATION, 4), foundation)}`,
      `down Q..A  ${row(range(FOUNDATION + 4, 4), foundation)}`,
      `packets 1-6   ${row(range(PACKET, 6), packet)}`,
      `packets 7-12  ${row(range(PACKET + 6, 6), packet)}`,
      `packet 13     ${spread.length > 0 ? spread.join(' ') : '--'} (${spread.length} card${spread.length === 1 ? '' : 's'}, all available)`,
    ];
    const chain = t.size(CHAIN) > 0 ? `   chain card ${showCard(t.top(CHAIN))} (choose its pile)` : '';
    const cards = fd.count(t);
    lines.push(`exiles ${t.size(EXILES)} face down   stock ${t.size(STOCK)}   deal ${t.vars[DEAL]! + 1} of ${REDEALS + 1}   ${cards} of 96 on the foundations${chain}`);
    return lines.join('\n');
  }
}

/** Les Petits Paquets: the game definition. */
export const petitsPaquets: Game = {
  id: 'petits-paquets',
  title: 'Les Petits Paquets',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new PetitsPaquetsState(options),
};
