// The Congress's moves: the deal in rows, plays and marriages, the refill phase, the new helps of the endgame
// (rulings in index.ts). The deal and the refill phase are in deal.ts, the picture in picture.ts.

import { NO_CARD, faceOf, rankOf, suitOf, type Card } from '../../core/card.js';
import { GameBase } from '../../core/base-state.js';
import { lowestBit } from '../../core/bits.js';
import type { Deck } from '../../core/deck.js';
import { TwinUpFoundations } from '../../core/foundations.js';
import { MoveKind, REVEALS, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { dealRow, holeOpen, refill } from './deal.js';
import { LAYOUT, VARS } from './layout.js';
import { drawCongress } from './picture.js';
import { foundationFor, helpTakes, marries, newHelpPlace, refillsAtOnce } from './rules.js';

const FOUNDATION = LAYOUT.first.foundation; // docs/DEVELOPING.md, V8
const HELP = LAYOUT.first.help; // help place k (1..8) at HELP + k - 1
const DEAL_HELPS = LAYOUT.count.help; // help places during the deal (G3)
const MAX_HELPS = LAYOUT.end.newHelp - HELP; // help places once the stock is exhausted (G5)
const RIVER = LAYOUT.first.river; // river column j (1..8) at RIVER + j - 1
const STOCK = LAYOUT.first.stock;
const ROWS = VARS.index.rows;

/** One position of The Congress. The deal is on while the stock holds cards; after that, the endgame. */
export class CongressState extends GameBase {
  private readonly immediate: boolean;
  private readonly stockCards = new Uint8Array(96);
  private readonly takers = new Uint8Array(53); // scratch of legalMoves: bit k, help place k's top takes this face (G2)

  constructor(options: Options) {
    // Eight foundations, two per suit, each an ace laid at the deal built up to the king (13 cards).
    super(options, LAYOUT, VARS, 96, new TwinUpFoundations(FOUNDATION, 1, 13));
    this.immediate = options['riverRefill'] === 'immediate';
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      if (rankOf(c) === 1) t.put(t.size(suitOf(c)) === 0 ? suitOf(c) : suitOf(c) + 4, c);
      else this.stockCards[n++] = c;
    }
    for (let i = n - 1; i >= 0; i--) t.put(STOCK, this.stockCards[i]!); // the first card dealt on top
    for (let k = 0; k < DEAL_HELPS; k++) t.move(STOCK, HELP + k); // helps first
    dealRow(t); // then river row 1, and a pause
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    // Hot path: reads the table's arrays directly.
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const dealing = len[STOCK]! > 0;
    let n = 0;
    // Plays: each help top (rule IV), then the lowest card of each river column (rule V).
    for (let p = HELP; p < STOCK; p++) {
      const size = len[p]!;
      if (size === 0) continue;
      const f = foundationFor(t, cards[p * cap + size - 1]!);
      if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f, 1, refillsAtOnce(t, p, this.immediate));
    }
    // Marriages (G2): onto a help top, same suit -1, from a river column's lowest card, then another help top.
    const takers = this.takers;
    let helps = 0;
    for (let k = 0; k < MAX_HELPS; k++) {
      const size = len[HELP + k]!;
      if (size === 0) continue;
      helps |= 1 << k;
      takers[helpTakes(cards[(HELP + k) * cap + size - 1]!)]! |= 1 << k;
    }
    if (helps !== 0) {
      for (let p = RIVER; p < STOCK; p++) n = this.addMarriages(out, n, p, -1);
      for (let k = 0; k < MAX_HELPS; k++) if (helps & (1 << k)) n = this.addMarriages(out, n, HELP + k, ~(1 << k));
      for (let k = 0; k < MAX_HELPS; k++) {
        const size = len[HELP + k]!;
        if (size > 0) takers[helpTakes(cards[(HELP + k) * cap + size - 1]!)] = 0;
      }
    }
    if (!dealing) {
      // G5: a new help from any available river card, in the first empty help place.
      const place = newHelpPlace(t);
      if (place >= 0)
        for (let p = RIVER; p < STOCK; p++) if (len[p]! > 0) out[n++] = makeMove(MoveKind.Grace, p, place);
      return n;
    }
    // End of the free moves while a hole is open (the refill phase follows, G7); else deal the next row.
    if (holeOpen(t)) out[n++] = makeMove(MoveKind.End, STOCK, RIVER, 1, true);
    else out[n++] = makeMove(MoveKind.Deal, STOCK, RIVER, 1, true);
    return n;
  }

  /** Add the marriages of pile p's top card onto the help tops in `mask` that take it (takers current). */
  private addMarriages(out: Int32Array, n: number, p: number, mask: number): number {
    const c = this.table.top(p);
    if (c === NO_CARD) return n;
    let m = this.takers[faceOf(c)]! & mask;
    if (m === 0) return n;
    const flag = refillsAtOnce(this.table, p, this.immediate) ? REVEALS : 0;
    while (m !== 0) {
      const k = lowestBit(m);
      m &= m - 1;
      out[n++] = makeMove(MoveKind.Marry, p, HELP + k) | flag;
    }
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    const dealing = t.size(STOCK) > 0;
    const layout = from >= HELP && from < STOCK; // a help or a river column
    switch (kindOf(m)) {
      case MoveKind.Play: {
        // Rules IV, V: only a help top or a column's lowest card is available, and it is the pile's top.
        if (!layout || t.size(from) === 0 || to >= HELP) return false;
        if (foundationFor(t, t.top(from)) !== to) return false; // the first of two equal foundations
        return flag === refillsAtOnce(t, from, this.immediate);
      }
      case MoveKind.Marry: {
        // G2: onto a help top only, from a column's lowest card or another help top.
        if (!layout || t.size(from) === 0 || to < HELP || to >= RIVER || to === from || t.size(to) === 0) return false;
        if (!marries(t.top(from), t.top(to))) return false;
        return flag === refillsAtOnce(t, from, this.immediate);
      }
      case MoveKind.Grace: {
        // G5: after the stock is out, an available river card into an empty help place (the first one).
        if (dealing || flag || from < RIVER || from >= STOCK || t.size(from) === 0) return false;
        return to >= HELP && to < RIVER && to === newHelpPlace(t);
      }
      case MoveKind.End:
        // G7: the refill phase, while the stock lasts and a river hole or help vacancy is open.
        return dealing && from === STOCK && to === RIVER && flag && holeOpen(t);
      case MoveKind.Deal:
        // The next row, once no hole is open (G3, G7).
        return dealing && from === STOCK && to === RIVER && flag && !holeOpen(t);
      default:
        return false;
    }
  }

  protected play(m: Move): void {
    const t = this.table;
    const from = fromOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
      case MoveKind.Marry: {
        const refills = refillsAtOnce(t, from, this.immediate);
        t.move(from, toOf(m));
        if (refills) t.move(STOCK, from); // G1 immediate, G8: the vacancy is filled from the stock at once
        break;
      }
      case MoveKind.Grace:
        t.move(from, toOf(m));
        break;
      case MoveKind.End:
        refill(t);
        break;
      case MoveKind.Deal:
        dealRow(t);
        break;
      default:
        throw new Error(`congress: cannot apply move ${m}`);
    }
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    // Every river card and every help card is face up; its depth is the cards below it in its column, or above
    // it in its help.
    const t = this.table;
    let n = 0;
    for (let p = HELP; p < STOCK; p++) {
      const size = t.size(p);
      for (let k = 0; k < size; k++) {
        cards[n] = t.below(p, k);
        depths[n] = k;
        piles[n++] = p;
      }
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p < HELP || p >= STOCK) return NO_CARD;
    // G1 immediate, G8: while the stock lasts the vacancy is filled at once, so nothing is released.
    if (refillsAtOnce(t, p, this.immediate)) return NO_CARD;
    return t.below(p, n); // rule V: the card above in the column; rule IV: the next card of the help
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = HELP; p < STOCK; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  override coverAt(p: number): number {
    // A card put in a river column now lies at row len+1; the refill phase fills the holes below it.
    const t = this.table;
    if (p < RIVER || p >= STOCK || t.size(STOCK) === 0) return 0;
    return Math.max(0, t.vars[ROWS]! - t.size(p) - 1);
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (let p = HELP; p < STOCK; p++) {
      for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, FOUNDATION + f));
      for (let k = 0; k < MAX_HELPS; k++) if (p !== HELP + k) moves.push(makeMove(MoveKind.Marry, p, HELP + k));
    }
    for (let p = RIVER; p < STOCK; p++)
      for (let k = 0; k < MAX_HELPS; k++) moves.push(makeMove(MoveKind.Grace, p, HELP + k));
    moves.push(makeMove(MoveKind.End, STOCK, RIVER), makeMove(MoveKind.Deal, STOCK, RIVER));
    return moves;
  }

  picture(): string {
    const t = this.table;
    return drawCongress(t, t.size(STOCK) > 0 && holeOpen(t));
  }
}
