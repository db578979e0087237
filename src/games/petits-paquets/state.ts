// Les Petits Paquets' moves: the deal with exiling, the plays and exchanges, the Exile chain, the re-deals
// (rulings in index.ts).

import { GameBase } from '../../core/base-state.js';
import { NO_CARD, rankOf, suitOf, type Card } from '../../core/card.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { PacketGather, packetCards } from '../../core/packets.js';
import { redealShuffle } from '../../core/stock.js';
import { UpDownFoundations, type ExchangePolicy } from '../../core/updown.js';
import { ChainGuard } from './chain-guard.js';
import { LAYOUT, Phase, VARS } from './layout.js';
import { drawPetitsPaquets } from './picture.js';
import { REDEALS, SOURCES, canRedeal, choosing, isSource } from './rules.js';

const FOUNDATION = LAYOUT.first.up; // docs/DEVELOPING.md, V8
const PACKET = LAYOUT.first.packet; // packet n (1..12) is PACKET + n - 1
const PACKETS = LAYOUT.count.packet;
const SPREAD = LAYOUT.first.spread; // packet 13's k-th card dealt lies in SPREAD + k - 1
const SPREAD_PLACES = LAYOUT.count.spread;
const FIRST_SOURCE = SOURCES.first; // the available piles (P1), FIRST_SOURCE..SOURCES_END - 1
const SOURCES_END = SOURCES.end;
const EXILES = LAYOUT.first.exiles;
const STOCK = LAYOUT.first.stock;
const CHAIN = LAYOUT.first.chain; // the chain card waiting for the player's choice of pile (P12)
const PHASE = VARS.index.phase;
const DEAL = VARS.index.deal;
const LOAN = VARS.index.loan;

/** The re-deal's gather order (P10): packets 1-6, packet 13 in the order dealt, packets 7-12. */
const GATHER_ORDER: readonly number[] = [
  ...Array.from({ length: 6 }, (_, i) => PACKET + i),
  ...Array.from({ length: SPREAD_PLACES }, (_, i) => SPREAD + i),
  ...Array.from({ length: 6 }, (_, i) => PACKET + 6 + i),
];

/** One position of Les Petits Paquets. */
export class PetitsPaquetsState extends GameBase {
  declare protected readonly foundations: UpDownFoundations;
  private readonly gatherer = new PacketGather(STOCK);
  private readonly shuffled: boolean;
  private readonly deck = new Uint8Array(104); // the deal's deck, which keys a shuffled re-deal
  private readonly wants = new Uint8Array(8); // the rank each foundation takes next, for legalMoves
  private readonly guard = new ChainGuard(PACKET, PACKETS, 96); // P8

  constructor(options: Options) {
    // The kings are only bases; above them the up piles build A..Q, the down piles Q..A; P9: the exchange policy.
    super(
      options,
      LAYOUT,
      VARS,
      96,
      new UpDownFoundations(FOUNDATION, 1, 1, 12, 12, 1, options['foundationExchange'] as ExchangePolicy, LOAN),
    );
    this.shuffled = options['redealGather'] === 'shuffle';
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    this.deck.set(deck);
    // The kings: the first of each suit to the upper row (building up), the second to the lower row.
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      if (rankOf(c) === 13)
        t.put(t.size(FOUNDATION + suitOf(c)) === 0 ? FOUNDATION + suitOf(c) : FOUNDATION + 4 + suitOf(c), c);
    }
    for (let i = deck.length - 1; i >= 0; i--) if (rankOf(deck[i]!) !== 13) t.put(STOCK, deck[i]!);
    this.dealOut();
    t.commit();
  }

  /** Deal the stock out with exiling (P2-P6), no play meanwhile (P5): a card of value n (1..13) is exiled, n stays. */
  private dealOut(): void {
    const t = this.table;
    let n = 1;
    let round = 0;
    while (t.size(STOCK) > 0) {
      const r = rankOf(t.top(STOCK));
      if (r === n)
        t.move(STOCK, EXILES); // P2: the next card is tried at the same n; P3: no king, so never at 13
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
    if (choosing(t)) {
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
    for (let p = FIRST_SOURCE; p < SOURCES_END; p++) {
      const size = len[p]!;
      if (size === 0) continue;
      const c = t.cards[p * t.cap + size - 1]!;
      const s = suitOf(c);
      const r = rankOf(c);
      if (wants[s] === r) out[n++] = makeMove(MoveKind.Play, p, FOUNDATION + s);
      if (wants[4 + s] === r) out[n++] = makeMove(MoveKind.Play, p, FOUNDATION + 4 + s);
    }
    n = fd.addExchanges(t, out, n); // P9
    if (t.size(EXILES) > 0)
      out[n++] = makeMove(MoveKind.Turn, EXILES, CHAIN, 1, true); // P7, P14
    else if (canRedeal(t, fd)) out[n++] = makeMove(MoveKind.Redeal, PACKET, STOCK, 1, true); // P10, P11, P14
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    const choose = choosing(t);
    switch (kindOf(m)) {
      case MoveKind.Play:
        if (flag || t.size(from) === 0) return false;
        // while choosing, only the chain card (P12); else a packet top or any card of packet 13
        if (choose ? from !== CHAIN : !isSource(from)) return false;
        return this.foundations.fits(t, t.top(from), to);
      case MoveKind.Exchange:
        return !choose && !flag && this.foundations.canExchange(t, from, to);
      case MoveKind.Turn:
        return !choose && flag && from === EXILES && to === CHAIN && t.size(EXILES) > 0;
      case MoveKind.Redeal:
        return !choose && flag && from === PACKET && to === STOCK && canRedeal(t, this.foundations);
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
        this.foundations.play(t, from, to); // P13: a play repays the suit's loan
        if (from === CHAIN) t.set(PHASE, Phase.Free);
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
    this.guard.start();
    let states = 0;
    let from = -1;
    for (;;) {
      const x = t.top(CHAIN);
      const f = fd.target(t, x);
      if (f >= 0) {
        if (fd.fitsBoth(t, x))
          t.set(PHASE, Phase.Choose); // P12
        else fd.play(t, CHAIN, f);
        return;
      }
      const q = PACKET + rankOf(x) - 1;
      t.moveUnder(CHAIN, q);
      if (from >= 0 && t.size(from) > 0 && fd.target(t, t.top(from)) >= 0) return; // released
      if (this.guard.repeats(t, q, states++)) return; // P8
      from = q;
      t.move(q, CHAIN);
    }
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = packetCards(t, CHAIN, cards, depths, piles, 0);
    for (let p = FIRST_SOURCE; p < SOURCES_END; p++) n = packetCards(t, p, cards, depths, piles, n);
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    return p >= PACKET && p < PACKET + PACKETS && t.size(p) > n ? t.below(p, n) : NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    const last = choosing(t) ? -1 : SOURCES_END; // P12: while choosing, only the chain card
    for (let p = FIRST_SOURCE; p < last; p++) {
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

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (let p = FIRST_SOURCE; p < SOURCES_END; p++)
      for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, FOUNDATION + f));
    for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, CHAIN, FOUNDATION + f));
    moves.push(...this.foundations.exchangeSpace());
    moves.push(makeMove(MoveKind.Turn, EXILES, CHAIN), makeMove(MoveKind.Redeal, PACKET, STOCK));
    return moves;
  }

  picture(): string {
    return drawPetitsPaquets(this.table, this.foundations.count(this.table), REDEALS);
  }
}
