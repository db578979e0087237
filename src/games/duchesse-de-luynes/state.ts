// La Duchesse de Luynes's moves: the deal in rounds, the plays, the re-deals (rulings in index.ts).

import { NO_CARD, rankOf, showCard, suitOf, type Card } from '../../core/card.js';
import { GameBase } from '../../core/base-state.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { PacketGather, packetCards } from '../../core/packets.js';
import type { UpDownFoundations, ExchangePolicy } from '../../core/updown.js';
import { LAYOUT, VARS } from './layout.js';
import { REDEALS, discardOpen, duchesseFoundations, redealAllowed, roundDiscards } from './rules.js';

const FOUNDATION = LAYOUT.first.up;
const PACKET = LAYOUT.first.packet; // T1..T4
const PACKETS = LAYOUT.count.packet;
const DISCARD = LAYOUT.first.discard;
const TAKEN = LAYOUT.first.taken;
const TAKEN_PLACES = LAYOUT.count.taken;
const STOCK = LAYOUT.first.stock;
const DEAL = VARS.index.deal;

/** The gather (D4): T4, T3, T2, T1, each from its first-dealt card to its top, then the Discard in order. */
const GATHER_ORDER: readonly number[] = [
  ...Array.from({ length: PACKETS }, (_, i) => PACKET + PACKETS - 1 - i),
  ...Array.from({ length: TAKEN_PLACES }, (_, i) => TAKEN + i),
];

/** One position of La Duchesse de Luynes. */
export class DuchesseState extends GameBase {
  declare protected readonly foundations: UpDownFoundations;
  private readonly gatherer = new PacketGather(STOCK);

  constructor(options: Options) {
    super(options, LAYOUT, VARS, 104, duchesseFoundations(options['foundationExchange'] as ExchangePolicy)); // D1, D5
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    for (let i = deck.length - 1; i >= 0; i--) t.put(STOCK, deck[i]!);
    this.dealRound();
    t.commit();
  }

  /**
   * D3: one round: T1-T4, then two cards to the Discard except in the 4th deal, stopping where the stock runs out
   * (D3); a round that empties the stock ends by taking up the Discard (D2).
   */
  private dealRound(): void {
    const t = this.table;
    for (let p = PACKET; p < DISCARD && t.size(STOCK) > 0; p++) t.move(STOCK, p);
    if (roundDiscards(t)) for (let k = 0; k < 2 && t.size(STOCK) > 0; k++) t.move(STOCK, DISCARD);
    if (!discardOpen(t)) return;
    // Take up the Discard: its cards spread in the order discarded, the first one first.
    for (let i = t.size(DISCARD) - 1; i >= 0; i--) t.move(DISCARD, TAKEN + i);
  }

  /** The moves now, each play optional beside the next round (D6). */
  legalMoves(out: Int32Array): number {
    const t = this.table;
    const fd = this.foundations;
    let n = 0;
    // Plays, each optional beside the next round (D6): packet tops T1-T4, then the Discard cards taken up (D2); to the
    // up pile, then the down pile.
    const last = discardOpen(t) ? STOCK : DISCARD; // while the stock lasts the Discard lies face down
    for (let p = PACKET; p < last; p++) {
      if (t.size(p) === 0) continue;
      const c = t.top(p);
      const s = suitOf(c);
      const r = rankOf(c);
      if (fd.wants(t, FOUNDATION + s) === r) out[n++] = makeMove(MoveKind.Play, p, FOUNDATION + s);
      if (fd.wants(t, FOUNDATION + 4 + s) === r) out[n++] = makeMove(MoveKind.Play, p, FOUNDATION + 4 + s);
    }
    n = fd.addExchanges(t, out, n); // D5
    if (t.size(STOCK) > 0)
      out[n++] = makeMove(MoveKind.Deal, STOCK, PACKET, 1, true); // D7
    else if (redealAllowed(t) && !fd.complete(t)) out[n++] = makeMove(MoveKind.Redeal, PACKET, STOCK, 1, true); // D4
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    switch (kindOf(m)) {
      case MoveKind.Play: {
        if (flag || to >= PACKET || t.size(from) === 0) return false;
        const packet = from >= PACKET && from < DISCARD;
        const discard = from >= TAKEN && from < STOCK && discardOpen(t); // D2
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

  protected play(m: Move): void {
    const t = this.table;
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
    const round = roundDiscards(t) ? 'T1-T4 and two to the Discard' : 'T1-T4 only';
    return [
      'aces (up A..K)    S H D C  ' + row(FOUNDATION),
      'kings (down K..A) S H D C  ' + row(FOUNDATION + 4),
      `packets (top/size)  ${packets}`,
      `discard  ${discard}`,
      `stock ${t.size(STOCK)}   deal ${deal + 1} of ${REDEALS + 1} (rounds: ${round})   ${this.foundations.count(t)} of 104 on the foundations`,
    ].join('\n');
  }
}
