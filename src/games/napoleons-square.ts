// Napoleon's Square (`napoleons-square`): Lady Cadogan's "Le Carré Napoléon" (C1874; the same text in C1914),
// with its single-card variant. The rules card below is the game's header; code comments cite its ruling ids.

import { runLength, sameSuitDown, sameSuitUp } from '../core/building.js';
import { CARD_COUNT, NO_CARD, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import type { Deck } from '../core/deck.js';
import { cardsOnFoundations, foundationsFull, type Game, type GameState, PileRole, twinUpNeed } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { packetCards, PacketTops, takesDown } from '../core/packets.js';
import { shuffleInPlace } from '../core/random.js';
import { TurnedStock, redealShuffle } from '../core/stock.js';
import { Table } from '../core/table.js';

const RULES_CARD = `Napoleon's Square (napoleons-square)
Source: Cadogan, C1874 "Le Carre Napoleon" (seed 003 part c), the same text as C1914 "Napoleon's Square",
whose plate shows 4 packets across the top and 4 down each side, with 8 foundation places in the middle.

Cards. Two packs, all 104 shuffled.

Layout. Twelve packets of four cards dealt together, face up, the fourth card on top, forming three sides of
a square: numbered 1-12 in deal order, up the left side, across the top, down the right side (the geometry is
cosmetic). The whole square may be examined. 56 cards remain in the stock. With layout=singles (N6) the square
is twelve single cards and 92 remain.

Foundations. The eight aces, each played to the centre when it becomes available (N4), built up by suit to
the king.

Available. The top card of each packet, the current card, the talon top (N3).

Moves, all optional. Play an available card to a foundation. Marry one card (N1), same suit one lower, onto a
packet top, from another packet top, the current card or the talon top. Fill an empty place (N2) with the
current card or the talon top, never with a card of the square; a filled place is an ordinary packet.

Play. Turn the stock one card at a time; a current card not used goes to the talon when the next is turned.
When the stock is out the talon top stays in use. No re-deal.

Win. All 104 cards on the foundations.

Rulings (RULES.md 6).
N1  No group moves (groupMoves=false). With groupMoves=true a same-suit descending run at the top of a packet
    may move as a unit onto another packet top; spaces still follow N2.
N2  A vacancy (a place whose whole packet is gone) may be filled with one card, the current card or the talon
    top; filling is optional and may be put off. Square cards never fill a space.
N3  The talon top may be played, married, or used to fill a vacancy.
N4  The aces are not placed in advance; each is played when it becomes available.
N5  The kings note, kingsRemedy: slipUnder (default), redeal, none. Trigger, after the square is dealt: both
    kings of one suit each lie above a lower card of that suit in their packets. The note says the remedy
    "must" be applied, so one is by default. slipUnder moves one of them to the bottom of its packet: the one
    in the lower-numbered packet, or the upper one if both share a packet. redeal reshuffles all 104 cards and
    deals again. none leaves the square as dealt, kept for comparison only.
N6  layout=packets (default) or singles: the square of twelve single cards, all else unchanged.
N7  (this program; the note is silent) "Lies above a lower card" means anywhere above it in the packet, not
    only directly on it.
N8  (this program) With redeal, the new square is checked again and re-dealt while the trigger holds (each
    shuffle keyed by the deal's deck and its number). With slipUnder, every suit that triggers is remedied, in
    the order spades, hearts, diamonds, clubs.

Engine notes. The places are alike, so a fill goes to the first empty place, and of two foundations of one suit
showing the same top (two empty ones for an ace) a play goes to the first: this removes only duplicate moves.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'layout',
    values: ['packets', 'singles'],
    default: 'packets',
    ruling: 'N6',
    summary: 'the square of twelve packets of four cards, or of twelve single cards',
  },
  {
    name: 'groupMoves',
    values: [false, true],
    default: false,
    ruling: 'N1',
    summary: 'a same-suit descending run may move as a unit onto another packet top',
  },
  {
    name: 'kingsRemedy',
    values: ['slipUnder', 'redeal', 'none'],
    default: 'slipUnder',
    ruling: 'N5',
    summary: 'when both kings of a suit block lower cards of it: slip one under its packet, re-deal, or nothing',
  },
];

// Piles. Foundation f holds suit f % 4 (which ace sits where is cosmetic).
const FOUNDATION = 0;
const PACKET = 8; // packets 1..12 at PACKET + 0..11, in deal order
const STOCK = 20;
const CURRENT = 21;
const TALON = 22;
const PILE_COUNT = 23;
const PACKETS = 12;
const ALL_PACKETS = (1 << PACKETS) - 1;
const MAX_REDEALS = 1000; // N8: a bound that is never reached in practice (a square triggers about one deal in ten)

// Per card: its face (0..51), and per face its suit and rank: the solver's hooks read these in their loops.
const FACE = Uint8Array.from({ length: 256 }, (_, c) => c % 52);
const SUIT = Uint8Array.from({ length: 52 }, (_, f) => Math.floor(f / 13));
const RANK = Uint8Array.from({ length: 52 }, (_, f) => (f % 13) + 1);

// How deadEnd's relaxation frees a card: by a play, by a marriage, or parked by a fill.
const PLAY = 1;
const MARRY = 2;
const PARK = 3;

const PILE_NAMES: readonly string[] = [
  ...Array.from({ length: 8 }, (_, f) => `${['spades', 'hearts', 'diamonds', 'clubs'][f % 4]} ${1 + (f >> 2)}`),
  ...Array.from({ length: PACKETS }, (_, i) => `packet ${i + 1}`),
  'stock',
  'current card',
  'talon',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, FOUNDATION, PACKET);
PILE_ROLES.fill(PileRole.Layout, PACKET, STOCK);
PILE_ROLES[STOCK] = PileRole.Stock;
PILE_ROLES[CURRENT] = PileRole.Current;
PILE_ROLES[TALON] = PileRole.Talon;

/** One position of Napoleon's Square. */
class NapoleonsSquareState implements GameState {
  readonly table = new Table(PILE_COUNT, 0);
  readonly cardsInPlay = CARD_COUNT;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly perPacket: number;
  private readonly groupMoves: boolean;
  private readonly remedy: string;
  private readonly deck = new Uint8Array(CARD_COUNT); // the deck as dealt, for the re-deal's shuffle (N5)
  private readonly order = new Uint8Array(CARD_COUNT); // the cards in the order they are laid out
  private readonly scratch = new Uint8Array(8);
  // N1: every packet top takes the card of its suit one lower. Cached under table.version.
  private readonly tops = new PacketTops(PACKET, PACKETS, takesDown);
  private readonly wants = new Uint8Array(8); // rank each foundation takes next (14: none)

  constructor(readonly options: Options) {
    this.table.watch(PACKET, STOCK);
    this.perPacket = options['layout'] === 'singles' ? 1 : 4;
    this.groupMoves = options['groupMoves'] === true;
    this.remedy = String(options['kingsRemedy']);
  }

  deal(deck: Deck): void {
    this.deck.set(deck);
    this.order.set(deck);
    this.layOut();
    // N5, N8: re-deal the whole pack while both kings of a suit block lower cards of it
    for (let k = 1; this.remedy === 'redeal' && k <= MAX_REDEALS && this.blockingSuit() >= 0; k++) {
      this.order.set(this.deck);
      shuffleInPlace(redealShuffle(this.deck, k), this.order);
      this.layOut();
    }
    if (this.remedy === 'slipUnder') for (let s = 0; s < 4; s++) if (this.kingsBlock(s)) this.slipUnder(s);
    this.table.commit();
  }

  /** Lay out this.order: the square (N6), then the stock, its first card turned first. */
  private layOut(): void {
    const t = this.table;
    t.clear();
    const per = this.perPacket;
    for (let i = 0; i < PACKETS; i++) for (let j = 0; j < per; j++) t.put(PACKET + i, this.order[i * per + j]!);
    for (let i = CARD_COUNT - 1; i >= PACKETS * per; i--) t.put(STOCK, this.order[i]!);
  }

  /** The first suit whose kings both block lower cards of it (N5), or -1. */
  private blockingSuit(): number {
    for (let s = 0; s < 4; s++) if (this.kingsBlock(s)) return s;
    return -1;
  }

  /** N5, N7: whether both kings of suit s lie in packets, each above a lower card of suit s. */
  private kingsBlock(s: number): boolean {
    const t = this.table;
    let blocking = 0;
    for (let p = PACKET; p < PACKET + PACKETS; p++) {
      let lower = false; // a lower card of suit s lies beneath, so far up the packet
      for (let i = 0; i < t.size(p); i++) {
        const c = t.at(p, i);
        if (suitOf(c) !== s) continue;
        if (rankOf(c) === 13) blocking += lower ? 1 : 0;
        else lower = true;
      }
    }
    return blocking === 2;
  }

  /** N5 slipUnder: the king of suit s in the lower-numbered packet, or the upper of two in one packet, to the bottom. */
  private slipUnder(s: number): void {
    const t = this.table;
    for (let p = PACKET; p < PACKET + PACKETS; p++) {
      let at = -1;
      for (let i = 0; i < t.size(p); i++) if (suitOf(t.at(p, i)) === s && rankOf(t.at(p, i)) === 13) at = i; // the upper
      if (at < 0) continue;
      const n = t.size(p);
      this.scratch[0] = t.at(p, at);
      for (let i = 0, j = 1; i < n; i++) if (i !== at) this.scratch[j++] = t.at(p, i);
      t.reorder(p, this.scratch);
      return;
    }
  }

  /** The ranks the foundations take next (a foundation of k cards ends in rank k). */
  private updateWants(): void {
    const len = this.table.len;
    for (let f = 0; f < 8; f++) this.wants[f] = len[FOUNDATION + f]! + 1;
  }

  /** The foundation that takes card c now, the first of an interchangeable pair; -1 if none (wants current). */
  private takingFoundation(c: Card): number {
    const s = suitOf(c);
    const r = rankOf(c);
    if (this.wants[s] === r) return FOUNDATION + s;
    return this.wants[s + 4] === r ? FOUNDATION + s + 4 : -1;
  }

  private addPlay(out: Int32Array, n: number, p: number): number {
    const t = this.table;
    if (t.size(p) === 0) return n;
    const f = this.takingFoundation(t.top(p));
    if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f);
    return n;
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    const tops = this.tops;
    tops.update(t);
    this.updateWants();
    let n = 0;
    // Plays (N3, N4): the current card, the talon top, each packet top.
    n = this.addPlay(out, n, CURRENT);
    n = this.addPlay(out, n, TALON);
    for (let i = 0; i < PACKETS; i++) n = this.addPlay(out, n, PACKET + i);
    // Marriages (N1, N3): the current card and the talon top, then each packet top (or run) onto another.
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) > 0) n = tops.addMoves(out, n, tops.onto(t.top(p)), makeMove(MoveKind.Marry, p, 0));
    }
    const filled = tops.filled;
    for (let i = 0; i < PACKETS; i++) {
      if ((filled & (1 << i)) === 0) continue;
      const p = PACKET + i;
      const run = this.groupMoves ? runLength(t, p) : 1;
      for (let k = 1; k <= run; k++) {
        const mask = tops.onto(t.below(p, k - 1)) & ~(1 << i);
        if (mask !== 0) n = tops.addMoves(out, n, mask, makeMove(MoveKind.Marry, p, 0, k));
      }
    }
    // Turn the stock. It comes before the fills: filling may be put off (N2), so a player that takes the first
    // move it cannot decline turns on rather than fills.
    if (t.size(STOCK) > 0 || t.size(CURRENT) > 0) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, t.size(STOCK) > 0);
    // Fill the first empty place (N2), with the current card or the talon top.
    if (filled !== ALL_PACKETS) {
      const v = PACKET + 31 - Math.clz32(~filled & (filled + 1));
      if (t.size(CURRENT) > 0) out[n++] = makeMove(MoveKind.Fill, CURRENT, v);
      if (t.size(TALON) > 0) out[n++] = makeMove(MoveKind.Fill, TALON, v);
    }
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const k = countOf(m);
    if ((m & ~(REVEALS | 0x1fffffff)) !== 0 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    const flag = (m & REVEALS) !== 0;
    const kind = kindOf(m);
    if (kind === MoveKind.Turn) {
      return k === 1 && from === STOCK && to === CURRENT && t.size(STOCK) + t.size(CURRENT) > 0 && flag === t.size(STOCK) > 0;
    }
    if (flag || t.size(from) === 0) return false;
    const outside = from === CURRENT || from === TALON;
    const packet = from >= PACKET && from < STOCK;
    if (!outside && !packet) return false;
    if (kind !== MoveKind.Marry && k !== 1) return false;
    switch (kind) {
      case MoveKind.Play: {
        if (to >= PACKET) return false;
        const c = t.top(from);
        if (suitOf(c) !== to % 4) return false;
        const fits = (f: number) => (t.size(f) === 0 ? rankOf(c) === 1 : sameSuitUp(c, t.top(f)));
        return fits(to) && (to < 4 || !fits(to - 4)); // the first of an interchangeable pair
      }
      case MoveKind.Marry: {
        if (to < PACKET || to >= STOCK || to === from || t.size(to) === 0) return false;
        if (k < 1 || k > t.size(from)) return false;
        if (k > 1) {
          if (!packet || !this.groupMoves) return false; // N1
          for (let i = 1; i < k; i++) if (!sameSuitDown(t.below(from, i - 1), t.below(from, i))) return false;
        }
        return sameSuitDown(t.below(from, k - 1), t.top(to));
      }
      case MoveKind.Fill: {
        // N2: the current card or the talon top into the first empty place
        if (!outside || to < PACKET || to >= STOCK || t.size(to) !== 0) return false;
        for (let p = PACKET; p < to; p++) if (t.size(p) === 0) return false;
        return true;
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
      case MoveKind.Fill:
        t.move(from, to);
        break;
      case MoveKind.Marry: {
        const k = countOf(m);
        if (k === 1) t.move(from, to);
        else t.moveRun(from, to, k);
        break;
      }
      case MoveKind.Turn:
        this.outside.turn(t);
        break;
      default:
        throw new Error(`napoleons-square: cannot apply move ${m}`);
    }
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    return foundationsFull(this.table, FOUNDATION, 13);
  }

  foundationCount(): number {
    return cardsOnFoundations(this.table, FOUNDATION, 0);
  }

  need(c: Card): number {
    return twinUpNeed(this.table.len, FOUNDATION, c);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let p = PACKET; p < STOCK; p++) {
      n = packetCards(t, p, cards, depths, piles, n);
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p === CURRENT) return NO_CARD;
    return t.size(p) > n ? t.below(p, n) : NO_CARD; // an emptied place waits for a fill (N2)
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = PACKET; p <= TALON; p++) {
      if (p === STOCK || t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  coverAt(_p: number): number {
    return 0; // a card married onto a packet or filling a place is its top
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const packets = Array.from({ length: PACKETS }, (_, i) => PACKET + i);
    for (const p of [CURRENT, TALON, ...packets]) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (const p of [CURRENT, TALON]) for (const q of packets) moves.push(makeMove(MoveKind.Marry, p, q));
    for (const p of packets) for (const q of packets) for (let k = 1; k <= 13; k++) moves.push(makeMove(MoveKind.Marry, p, q, k));
    for (const p of [CURRENT, TALON]) for (const q of packets) moves.push(makeMove(MoveKind.Fill, p, q));
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT));
    return moves;
  }

  picture(): string {
    return drawSquare(this.table);
  }

  // ---- For the solver only (solve/solver.ts), which knows every card. ----

  /** The dead-end rule of deadEnd(), by name. */
  readonly deadEndRules: readonly string[] = ['stranded-card'];
  private readonly reach = new Uint8Array(52); // per face: copies on the foundations, outside the stacks, or freed
  private readonly spots = new Int16Array(104); // per face, two slots: stack << 8 | index of a copy in a stack, or -1
  private readonly present = new Uint8Array(PACKETS + 1); // per stack (the packets, then the talon): cards not yet freed
  private readonly chain = new Uint8Array(8); // per suit s: the highest rank r with a copy of each of 1..r reached;
  // at 4 + s: with both copies of each reached
  private readonly parked: number[] = []; // faces of talon cards freed by a fill (c), still to leave by (a) or (b)
  private readonly square = new Uint8Array((PACKETS + 1) << 8); // per freed stack place (spots' code): (b) or (c) held
  private readonly recheck: number[] = []; // freed talon places for which only (a) has held so far

  /**
   * 0, or 1 when a card can never leave its packet or the talon ('stranded-card').
   *
   * The relaxation. Every card outside the packets and the talon (the stock, the current card) counts as free.
   * The packets and the talon are stacks, freed from the top down, and their top card X (suit s, rank r) is
   * freed when one of the ways it could leave is open in the relaxation:
   *   (a) play: for every rank below r a copy is on a foundation or freed (`chain`); both copies when X's twin
   *       is on a foundation now;
   *   (b) marry (N1): a copy Y of the card one higher of suit s, not on a foundation now, lies outside the
   *       stacks, or in a packet as the top still to free or freed, or has been freed from the talon and (b) or
   *       (c) held for it (a king has none);
   *   (b') with groupMoves, the card directly beneath X is that card (X leaves with the run);
   *   (c) fill (N2, the talon only): some packet is empty or has had all its cards freed. X is then parked in
   *       that place, and must still leave it later by (a) or (b): it is reached only then.
   * The position is declared lost when some stack cannot be freed to the bottom, or a parked card never leaves.
   *
   * Proof that a winnable position is never declared lost. Take a winning line and show, by induction over its
   * moves, that every card of a packet or the talon that leaves its place has been freed by the relaxation, and
   * every card played has been reached. A card X leaves its place at time t only when every card that lay above
   * it at this position has already left (only top cards move; a run moves with its bottom card, handled by
   * (b')): by induction they were freed, so X is the top of its stack in the relaxation. It leaves by
   *   play: the foundation it goes on holds one copy of each rank below r, each played before t, so each was
   *     free (outside the stacks) or left its place before t and was freed: (a) holds. If X's twin is on a
   *     foundation now, that foundation holds ranks 1..r already, so X goes on the other, and each rank below r
   *     has a copy on each: both reached;
   *   marriage: onto a packet top Y one higher of suit s at t; Y is not on a foundation now (cards never leave
   *     a foundation), and Y either lies outside the stacks, or lay in a packet (and every card above it there
   *     left before t, so by induction it is the top still to free or freed), or lay in the talon and left it
   *     before t for the square, by a marriage or a fill, for which by induction (b) or (c) held: (b) holds. A
   *     king has no card to marry onto;
   *   fill: only the current card or the talon top fills (N2, never a card of the square), into a place with
   *     no card, so every card that lay in that packet at this position has left: all freed, (c) holds. X
   *     then lies in the square, and to be played it must leave that place later, by play or by marriage (a
   *     packet card never fills; with groupMoves a run carrying X has X at its bottom, as X lay on no card):
   *     the same induction shows (a) or (b) holds for it then.
   * Freeing only ever opens more ways, so the order the relaxation frees in does not matter. So in a winnable
   * position every stack is freed to the bottom, and the rule does not fire.
   */
  deadEnd(): number {
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const reach = this.reach;
    const spots = this.spots;
    const present = this.present;
    spots.fill(-1);
    this.parked.length = 0;
    this.recheck.length = 0;
    let vacancy = false;
    for (let k = 0; k <= PACKETS; k++) {
      const p = k < PACKETS ? PACKET + k : TALON;
      const n = len[p]!;
      present[k] = n;
      if (n === 0 && k < PACKETS) vacancy = true;
      for (let i = 0, at = p * cap; i < n; i++, at++) {
        const f = FACE[cards[at]!]!;
        spots[spots[2 * f]! < 0 ? 2 * f : 2 * f + 1] = (k << 8) | i;
      }
    }
    // A face's copies not in a stack are on a foundation or outside (the stock, the current card): all reached.
    for (let f = 0; f < 52; f++) reach[f] = 2 - (spots[2 * f]! >= 0 ? 1 : 0) - (spots[2 * f + 1]! >= 0 ? 1 : 0);
    for (let s = 0; s < 8; s++) this.chain[s] = this.chainFrom(s, 0);
    let blocked = 0; // stacks not freed to the bottom after the last sweep
    for (let changed = true; changed; ) {
      changed = false;
      blocked = 0;
      for (let k = 0; k <= PACKETS; k++) {
        if (present[k] === 0) continue;
        const at = (k < PACKETS ? PACKET + k : TALON) * cap;
        while (present[k]! > 0) {
          const i = present[k]! - 1;
          const f = FACE[cards[at + i]!]!;
          const way = this.freeable(f, k, i, at, vacancy && k === PACKETS);
          if (way === 0) break;
          present[k] = i;
          changed = true;
          const place = (k << 8) | i;
          this.square[place] = way === PLAY ? 0 : 1;
          if (way === PLAY && k === PACKETS) this.recheck.push(place); // only a talon card's way matters
          if (way === PARK) {
            this.parked.push(f);
            continue;
          }
          this.reachOne(f);
          if (i === 0 && k < PACKETS) vacancy = true;
        }
        if (present[k]! > 0) blocked++;
      }
      for (let j = this.parked.length - 1; j >= 0; j--) {
        const f = this.parked[j]!;
        if (this.freeable(f, PACKETS, 0, 0, false) === 0) continue;
        this.parked[j] = this.parked[this.parked.length - 1]!;
        this.parked.pop();
        changed = true;
        this.reachOne(f);
      }
      // A talon card freed by a play may yet leave the talon by a marriage or a fill, and so be a marriage target.
      for (let j = this.recheck.length - 1; j >= 0; j--) {
        const place = this.recheck[j]!;
        const k = place >> 8;
        const f = FACE[cards[(k < PACKETS ? PACKET + k : TALON) * cap + (place & 0xff)]!]!;
        if (!(k === PACKETS && vacancy) && !this.marries(f, PACKETS, 0, 0)) continue;
        this.square[place] = 1;
        this.recheck[j] = this.recheck[this.recheck.length - 1]!;
        this.recheck.pop();
        changed = true;
      }
    }
    return blocked > 0 || this.parked.length > 0 ? 1 : 0;
  }

  /**
   * A play to a foundation that keeps every win within reach, or -1: a card X (suit s, rank r) played onto a
   * foundation of suit s at r - 1 while the other foundation of suit s holds at least r - 1 cards.
   *
   * Proof. Then both copies of rank r - 1 of suit s are on the foundations, so no card can ever be married onto
   * X (N1: same suit one lower; a run moved onto X would have such a card at its bottom), and of the foundations
   * of suit s the one X goes on and the other are each at r - 1 or past r. Take any winning line L from here
   * and let L' be L without X's own moves (marriages, fills and its play), with X played now. Every other move of
   * L stays legal in L': the piles of L' are those of L with X taken out, so each card available in L is
   * available in L' and each packet top in L is the same top in L' (X was no target); the current card and the
   * stock are the same. For the foundations: if the other one is past r it holds X's twin, so L plays X onto
   * this one, and nothing else can go there before X; if both were at r - 1, L plays X and its twin on them in
   * some order, and L' plays the twin on whichever is at r - 1 when L plays it, the two foundations then
   * holding the same cards as in L, the one L leaves at r - 1 until it takes X being one card ahead in L'. A
   * fill in L goes to the first empty place; L' may have one more empty place (X's), and its fill may land in
   * another place: the places are alike (N2), so L' is L with two places exchanged from there on. Nothing is
   * compulsory in this game, so no move of L' is forced on it. So L' wins, and playing X loses no win. Aces
   * always qualify (r - 1 = 0): nothing is ever married onto an ace.
   */
  safeMove(moves: Int32Array, n: number): Move {
    const len = this.table.len;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      if (kindOf(m) !== MoveKind.Play) continue;
      const f = toOf(m);
      const other = f < FOUNDATION + 4 ? f + 4 : f - 4;
      if (len[other]! >= len[f]!) return m; // X's rank is len[f] + 1
    }
    return -1;
  }

  /** The highest rank r >= from of suit s with a copy of each rank 1..r reached (given 1..from are). */
  private chainFrom(s: number, from: number): number {
    let r = from;
    const copies = s < 4 ? 1 : 2;
    const base = (s & 3) * 13;
    while (r < 13 && this.reach[base + r]! >= copies) r++;
    return r;
  }

  /** deadEnd: one more copy of face f reached; extend the chains of its suit. */
  private reachOne(f: number): void {
    this.reach[f]!++;
    const s = SUIT[f]!;
    const r = RANK[f]!;
    if (r === this.chain[s]! + 1) this.chain[s] = this.chainFrom(s, r - 1);
    if (r === this.chain[s + 4]! + 1) this.chain[s + 4] = this.chainFrom(s + 4, r - 1);
  }

  /**
   * deadEnd's test for face f, the top still to free of stack k (its index i, the stack's first card at `at` in
   * table.cards; k = PACKETS for a parked card); `fill`: (c) holds. 0: not freed; PLAY: by (a); MARRY: by (b);
   * PARK: only by (c).
   */
  private freeable(f: number, k: number, i: number, at: number, fill: boolean): number {
    const r = RANK[f]!;
    const s = SUIT[f]!;
    const len = this.table.len;
    const twin = len[FOUNDATION + s]! >= r || len[FOUNDATION + s + 4]! >= r; // X's twin is on a foundation
    if (this.chain[twin ? s + 4 : s]! >= r - 1) return PLAY; // (a)
    if (this.marries(f, k, i, at)) return MARRY; // (b)
    return fill ? PARK : 0; // (c)
  }

  /** deadEnd's (b) for face f, placed as in freeable: a copy of the card one higher can take it. */
  private marries(f: number, k: number, i: number, at: number): boolean {
    const r = RANK[f]!;
    const s = SUIT[f]!;
    const len = this.table.len;
    if (r === 13) return false;
    const up = f + 1; // the card one higher of the suit
    if (this.groupMoves && k < PACKETS && i > 0 && FACE[this.table.cards[at + i - 1]!] === up) return true; // (b')
    const played = (len[FOUNDATION + s]! > r ? 1 : 0) + (len[FOUNDATION + s + 4]! > r ? 1 : 0);
    const a = this.spots[2 * up]!;
    const b = this.spots[2 * up + 1]!;
    if (played + (a >= 0 ? 1 : 0) + (b >= 0 ? 1 : 0) < 2) return true; // a copy outside the stacks
    return this.target(a) || this.target(b);
  }

  /** deadEnd's (b): whether the copy in stack place w (spots' code; -1: none) can be a packet top. */
  private target(w: number): boolean {
    if (w < 0) return false;
    const k = w >> 8;
    const top = this.present[k]! - 1;
    if (k < PACKETS) return (w & 0xff) >= top; // a packet's top still to free, or freed (it may yet lie there)
    return (w & 0xff) > top && this.square[w] === 1; // freed from the talon, by a marriage or a fill
  }
}

// The picture: packets 1-4 up the left side, 5-8 across the top, 9-12 down the right side, the foundations in
// the middle; each packet shown by its top card and its size.
function drawSquare(t: Table): string {
  const cell = (i: number) => {
    const p = PACKET + i;
    const size = t.size(p);
    return (size === 0 ? '  ..  ' : `${showCard(t.top(p))}/${size}`).padEnd(6);
  };
  const f = (k: number) => showCard(t.top(FOUNDATION + k)).padEnd(3);
  const lines = ["Napoleon's Square: each packet as top card/cards in it; foundations (top card) in the middle"];
  lines.push(`        ${[4, 5, 6, 7].map((i) => `${String(i + 1).padStart(2)} ${cell(i)}`).join('  ')}`);
  const middle = ['', `${f(0)} ${f(1)} ${f(2)} ${f(3)}`, `${f(4)} ${f(5)} ${f(6)} ${f(7)}`, ''];
  for (let row = 0; row < 4; row++) {
    const left = 3 - row; // packet 4 at the top of the left side, 1 at the bottom
    const right = 8 + row;
    lines.push(`${String(left + 1).padStart(2)} ${cell(left)}         ${middle[row]!.padEnd(24)}      ${String(right + 1).padStart(2)} ${cell(right)}`);
  }
  const piles: string[] = [];
  for (let i = 0; i < PACKETS; i++) {
    const size = t.size(PACKET + i);
    piles.push(`${i + 1}: ${size === 0 ? '(empty)' : Array.from({ length: size }, (_, k) => showCard(t.at(PACKET + i, k))).join(' ')}`);
  }
  lines.push('packets, bottom to top:');
  for (let side = 0; side < 3; side++) lines.push(`  ${piles.slice(4 * side, 4 * side + 4).join('   ')}`);
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}`);
  return lines.join('\n');
}

/** Napoleon's Square: the game definition. */
export const napoleonsSquare: Game = {
  id: 'napoleons-square',
  title: "Napoleon's Square",
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new NapoleonsSquareState(options),
};
