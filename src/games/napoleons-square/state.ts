// Napoleon's Square's moves: the deal with its kings note, the plays, marriages, fills, turns and returns (rulings
// in index.ts, those the views share coded in rules.ts; the piles in layout.ts).

import { sameSuitDown, sameSuitUp } from '../../core/building.js';
import { GameBase } from '../../core/base-state.js';
import { CARD_COUNT, NO_CARD, rankOf, suitOf, type Card } from '../../core/card.js';
import type { Deck } from '../../core/deck.js';
import { TwinUpFoundations } from '../../core/foundations.js';
import { MoveKind, countOf, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { packetCards, PacketTops, takesDown } from '../../core/packets.js';
import { shuffleInPlace } from '../../core/random.js';
import { TurnedStock, redealShuffle } from '../../core/stock.js';
import { blockingSuit, kingsBlock, slipUnder } from './kings.js';
import { LAYOUT } from './layout.js';
import { drawSquare } from './picture.js';
import {
  dealtAt,
  fillKind,
  fillsFrom,
  foundationFor,
  movableRun,
  placeToFill,
  returnable,
  topAvailable,
  turnReveals,
  turnTarget,
} from './rules.js';

// The pile numbers as this module's own constants, as in every file of the folder (docs/DEVELOPING.md, V8).
const FOUNDATION = LAYOUT.first.foundation;
const PACKET = LAYOUT.first.packet;
const PACKETS = LAYOUT.count.packet;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const MAX_REDEALS = 1000; // N8: a bound that is never reached in practice (a square triggers about one deal in ten)
const LONGEST_RUN = 13; // N1 with groupMoves: a same-suit descending run holds at most K..A

/** One position of Napoleon's Square. */
export class NapoleonsSquareState extends GameBase {
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  readonly perPacket: number; // N6: cards to a packet at the deal
  /** N1: a same-suit run moves as a unit (solver.ts reads it too). */
  readonly groupMoves: boolean;
  private readonly remedy: string;
  private readonly rows: boolean; // N9: the square dealt row by row
  private readonly turnTo: number; // N10: the current card, or the talon at once
  /** N11: a space takes a packet's card or run too (solver.ts reads it). */
  readonly anyFill: boolean;
  /** N12: a foundation top may come back (solver.ts reads it). */
  readonly returns: boolean;
  private readonly fill: number; // N11: the kind a fill is made as (a marriage into the space with spaces=any)
  private readonly deck = new Uint8Array(CARD_COUNT); // the deck as dealt, for the re-deal's shuffle (N5)
  private readonly order = new Uint8Array(CARD_COUNT); // the cards in the order they are laid out
  private readonly scratch = new Uint8Array(8);
  // The hot cache, a part (core/packets.ts): which packets hold cards and which of their tops take which face
  // in a marriage (N1: the card of its suit one lower); rescanned when table.version, watching the packets, moves.
  private readonly tops = new PacketTops(PACKET, PACKETS, takesDown);

  constructor(options: Options) {
    const groupMoves = options['groupMoves'] === true;
    // Eight foundations built up from the aces (N4), none laid out in advance, each complete at the king.
    super(options, LAYOUT, 0, CARD_COUNT, new TwinUpFoundations(FOUNDATION, 0, 13), {
      maxCount: groupMoves ? LONGEST_RUN : 1,
    });
    this.table.watch(PACKET, STOCK);
    this.perPacket = options['layout'] === 'singles' ? 1 : 4;
    this.groupMoves = groupMoves;
    this.remedy = String(options['kingsRemedy']);
    this.rows = options['dealOrder'] === 'rows';
    this.turnTo = turnTarget(options['turnedCard'] === 'talon');
    this.anyFill = options['spaces'] === 'any';
    this.returns = options['returns'] === 'free';
    this.fill = fillKind(this.anyFill);
  }

  /** The deal, then the kings note's remedy (N5): re-dealt while it triggers, or slipped under suit by suit (N8). */
  deal(deck: Deck): void {
    const t = this.table;
    this.deck.set(deck);
    this.order.set(deck);
    this.layOut();
    // N5, N8: re-deal the whole pack while both kings of a suit block lower cards of it
    for (let k = 1; this.remedy === 'redeal' && k <= MAX_REDEALS && blockingSuit(t) >= 0; k++) {
      this.order.set(this.deck);
      shuffleInPlace(redealShuffle(this.deck, k), this.order);
      this.layOut();
    }
    if (this.remedy === 'slipUnder') for (let s = 0; s < 4; s++) if (kingsBlock(t, s)) slipUnder(t, s, this.scratch);
    t.commit();
  }

  /** Lay out this.order: the square (N6), packet by packet or row by row (N9), then the stock, its first card
   * turned first. */
  private layOut(): void {
    const t = this.table;
    t.clear();
    const per = this.perPacket;
    for (let i = 0; i < PACKETS; i++)
      for (let j = 0; j < per; j++) t.put(PACKET + i, this.order[dealtAt(i, j, per, this.rows)]!);
    for (let i = CARD_COUNT - 1; i >= PACKETS * per; i--) t.put(STOCK, this.order[i]!);
  }

  private addPlay(out: Int32Array, n: number, p: number): number {
    const t = this.table;
    if (t.size(p) === 0) return n;
    const f = foundationFor(t.len, t.top(p));
    if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f);
    return n;
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    const tops = this.tops;
    tops.update(t);
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
      const run = movableRun(t, p, this.groupMoves);
      for (let k = 1; k <= run; k++) {
        const mask = tops.onto(t.below(p, k - 1)) & ~(1 << i);
        if (mask !== 0) n = tops.addMoves(out, n, mask, makeMove(MoveKind.Marry, p, 0, k));
      }
    }
    // Turn the stock. It comes before the fills: filling may be put off (N2), so a player that takes the first
    // move it cannot decline turns on rather than fills.
    if (t.size(STOCK) > 0 || t.size(CURRENT) > 0)
      out[n++] = makeMove(MoveKind.Turn, STOCK, this.turnTo, 1, turnReveals(t.len)); // N10
    // Fill the first empty place (N2), with the current card or the talon top; with spaces=any (N11) also with a
    // packet's top card or run, short of the whole packet (which would only change places), and with returns
    // (N12) with a foundation top; each made as the kind N11 says.
    const v = placeToFill(filled);
    if (v >= 0) {
      if (t.size(CURRENT) > 0) out[n++] = makeMove(this.fill, CURRENT, v);
      if (t.size(TALON) > 0) out[n++] = makeMove(this.fill, TALON, v);
      if (fillsFrom(PACKET, this.anyFill, this.returns)) {
        for (let i = 0; i < PACKETS; i++) {
          const p = PACKET + i;
          const run = Math.min(movableRun(t, p, this.groupMoves), t.size(p) - 1);
          for (let k = 1; k <= run; k++) out[n++] = makeMove(this.fill, p, v, k);
        }
      }
      if (fillsFrom(FOUNDATION, this.anyFill, this.returns))
        for (let f = FOUNDATION; f < FOUNDATION + 8; f++)
          if (returnable(t.len, f)) out[n++] = makeMove(this.fill, f, v);
    }
    // Returns (N12): a foundation top onto a packet top of its suit one higher.
    if (this.returns) {
      for (let f = FOUNDATION; f < FOUNDATION + 8; f++)
        if (returnable(t.len, f)) n = tops.addMoves(out, n, tops.onto(t.top(f)), makeMove(MoveKind.Marry, f, 0));
    }
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const k = countOf(m);
    const flag = reveals(m);
    const kind = kindOf(m);
    if (kind === MoveKind.Turn) {
      if (k !== 1 || from !== STOCK || flag !== t.size(STOCK) > 0) return false;
      // N10: held as the current card, or laid on the talon at once (then only while the stock lasts)
      if (this.turnTo === TALON) return to === TALON && t.size(STOCK) > 0;
      return to === CURRENT && t.size(STOCK) + t.size(CURRENT) > 0;
    }
    if (flag || t.size(from) === 0) return false;
    const foundation = from < PACKET;
    if (foundation) {
      // N12: a foundation top comes back only with returns, one card, and of two of one suit showing the same top
      // only the first's (engine note)
      if (!this.returns || k !== 1 || (from >= 4 && t.size(from - 4) === t.size(from))) return false;
    } else if (!topAvailable(from)) return false; // N3
    const outside = from === CURRENT || from === TALON;
    const packet = !outside && !foundation;
    if (kind === MoveKind.Play && k !== 1) return false;
    switch (kind) {
      case MoveKind.Play: {
        if (foundation || to >= PACKET) return false;
        const c = t.top(from);
        if (suitOf(c) !== to % 4) return false;
        const fits = (f: number) => (t.size(f) === 0 ? rankOf(c) === 1 : sameSuitUp(c, t.top(f)));
        return fits(to) && (to < 4 || !fits(to - 4)); // the first of an interchangeable pair
      }
      case MoveKind.Marry: {
        if (t.size(to) === 0) return this.anyFill && this.fills(from, to, k, outside, foundation); // N11
        if (to < PACKET || to >= STOCK || to === from) return false;
        if (k < 1 || k > t.size(from)) return false;
        if (k > 1) {
          if (!packet || !this.groupMoves) return false; // N1
          for (let i = 1; i < k; i++) if (!sameSuitDown(t.below(from, i - 1), t.below(from, i))) return false;
        }
        return sameSuitDown(t.below(from, k - 1), t.top(to));
      }
      case MoveKind.Fill:
        return !this.anyFill && this.fills(from, to, k, outside, foundation); // N11: a marriage with spaces=any
      default:
        return false;
    }
  }

  /** N2, N11, N12: whether k cards from `from` may fill the empty place `to` (a foundation top checked above). */
  private fills(from: number, to: number, k: number, outside: boolean, foundation: boolean): boolean {
    const t = this.table;
    if (to < PACKET || to >= STOCK || t.size(to) !== 0) return false;
    for (let p = PACKET; p < to; p++) if (t.size(p) === 0) return false;
    if (outside) return k === 1;
    if (!this.anyFill) return false;
    if (foundation) return true;
    if (k >= t.size(from) || (k > 1 && !this.groupMoves)) return false;
    for (let i = 1; i < k; i++) if (!sameSuitDown(t.below(from, i - 1), t.below(from, i))) return false;
    return true;
  }

  protected play(m: Move): void {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
        t.move(from, to);
        break;
      case MoveKind.Fill:
      case MoveKind.Marry: {
        const k = countOf(m);
        if (k === 1) t.move(from, to);
        else t.moveRun(from, to, k);
        break;
      }
      case MoveKind.Turn:
        if (this.turnTo === TALON)
          t.move(STOCK, TALON); // N10: laid on the talon at once
        else this.outside.turn(t);
        break;
      default:
        throw new Error(`napoleons-square: cannot apply move ${m}`);
    }
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
    if (p === CURRENT || (p < PACKET && !this.returns)) return NO_CARD;
    return t.size(p) > n ? t.below(p, n) : NO_CARD; // an emptied place waits for a fill (N2)
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = this.returns ? FOUNDATION : PACKET; p <= TALON; p++) {
      if (p < PACKET && t.size(p) > 0) {
        cards[n] = t.top(p); // N12: a foundation top may come back
        piles[n++] = p;
        continue;
      }
      if (!topAvailable(p) || t.size(p) === 0) continue; // N3
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const packets = Array.from({ length: PACKETS }, (_, i) => PACKET + i);
    for (const p of [CURRENT, TALON, ...packets]) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (const kind of [MoveKind.Marry, MoveKind.Fill]) {
      for (const p of [CURRENT, TALON]) for (const q of packets) moves.push(makeMove(kind, p, q));
      for (const p of packets)
        for (const q of packets) for (let k = 1; k <= 13; k++) moves.push(makeMove(kind, p, q, k));
      for (let f = 0; f < 8; f++) for (const q of packets) moves.push(makeMove(kind, f, q));
    }
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT), makeMove(MoveKind.Turn, STOCK, TALON));
    return moves;
  }

  picture(): string {
    return drawSquare(this.table);
  }
}
