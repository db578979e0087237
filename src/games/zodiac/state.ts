// The Zodiac's moves: the deal, phase 1's placing (marriages, fills, turns, re-deals), phase 2's plays and
// returns (rulings in index.ts, those the views share coded in rules.ts). The marriages' cache is in marriages.ts, the
// picture in picture.ts, the solver's dead-end rules in solver.ts and solver-suit-search.ts, its safe moves in
// solver-safe-move.ts, its placing plan in solver-placing.ts and solver-placing-line.ts.

import { NO_CARD, rankOf, suitOf, type Card } from '../../core/card.js';
import { GameBase } from '../../core/base-state.js';
import { sameSuitEither } from '../../core/building.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { packetCards } from '../../core/packets.js';
import { TurnedStock } from '../../core/stock.js';
import type { UpDownFoundations } from '../../core/updown.js';
import { LAYOUT, Phase, VARS, isZodiac } from './layout.js';
import { Marriages } from './marriages.js';
import { drawZodiac } from './picture.js';
import {
  Progress,
  cellToFill,
  isAvailable,
  isPlacing,
  progressAfterRedeal,
  redealAllowed,
  returnable,
  turnTarget,
  zodiacPileDealt,
  zodiacFoundations,
} from './rules.js';

const UP = LAYOUT.first.up;
const DOWN = LAYOUT.first.down;
const FOUNDATION_END = LAYOUT.end.down;
const EQUATOR = LAYOUT.first.equator;
const ZODIAC = LAYOUT.first.zodiac; // = LAYOUT.end.equator
const ZODIAC_END = LAYOUT.end.zodiac;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;
const PROGRESS = VARS.index.progress;
const PASS = VARS.index.pass;

/** The piles availableCards lists, in its order: the current card, the talon, the Equator, the Zodiac. */
const AVAILABLE_ORDER: readonly number[] = [
  CURRENT,
  TALON,
  ...Array.from({ length: ZODIAC_END - EQUATOR }, (_, i) => EQUATOR + i),
];

/** One position of The Zodiac. */
export class ZodiacState extends GameBase {
  declare protected readonly foundations: UpDownFoundations;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  /** Z6: foundationExchange=free (solver.ts reads it too). */
  readonly exchange: boolean;
  /** Z11: returns=free, a foundation top may come back in phase 2 (solver.ts reads it too). */
  readonly returns: boolean;
  private readonly turnTo: number; // Z8: the current card, or the talon at once
  private readonly lost: boolean; // Z2: a pass that places nothing loses (failure=barren-pass), or not (Z9)
  readonly rows: boolean; // Z12: the Zodiac laid in PySolFC's places (dealOrder=rows)
  private readonly marriages = new Marriages();
  private readonly wants = new Uint8Array(8); // the rank each foundation takes next (phase 2 scratch)

  constructor(options: Options) {
    const exchange = options['foundationExchange'] === 'free';
    super(options, LAYOUT, VARS, 104, zodiacFoundations(exchange));
    this.exchange = exchange;
    this.returns = options['returns'] === 'free';
    this.turnTo = turnTarget(options['turnedCard'] === 'talon');
    this.lost = options['failure'] !== 'none';
    this.rows = options['dealOrder'] === 'rows';
    this.table.watch(ZODIAC, ZODIAC_END);
    // The pass number is a count no rule reads: re-deals are unlimited (Z1), and Z2's failure reads progress, not
    // pass. Positions that differ only in it are one position to the solver and the players' memos (it is the
    // last variable, layout.ts).
    this.table.keyOnly(PASS);
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    for (let i = 0; i < 8; i++) t.put(EQUATOR + i, deck[i]!);
    for (let i = 0; i < 24; i++) t.put(ZODIAC + zodiacPileDealt(i, this.rows), deck[8 + i]!); // Z12
    this.outside.load(t, deck.subarray(32));
    t.set(PHASE, Phase.Placing);
    t.set(PASS, 1);
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    const marriages = this.marriages;
    let n = 0;
    if (isPlacing(t)) {
      n = marriages.add(t, out, n, CURRENT);
      n = marriages.add(t, out, n, TALON);
      for (let e = EQUATOR; e < ZODIAC; e++) n = marriages.add(t, out, n, e);
      if (t.size(STOCK) > 0)
        out[n++] = makeMove(MoveKind.Turn, STOCK, this.turnTo, 1, true); // Z8
      else if (redealAllowed(t, this.lost)) out[n++] = makeMove(MoveKind.Redeal, TALON, STOCK);
      const cell = cellToFill(t);
      if (cell >= 0) {
        if (t.size(CURRENT) > 0) out[n++] = makeMove(MoveKind.Fill, CURRENT, cell);
        if (t.size(TALON) > 0) out[n++] = makeMove(MoveKind.Fill, TALON, cell);
      }
      return n;
    }
    // Phase 2: plays from the Equator and the Zodiac tops, Equator marriages (Z3), returns (Z11), exchanges (Z6).
    const f = this.foundations;
    const wants = this.wants;
    for (let p = UP; p < FOUNDATION_END; p++) wants[p] = f.wants(t, p);
    for (let p = EQUATOR; p < ZODIAC_END; p++) {
      const c = t.top(p);
      if (c === NO_CARD) continue;
      const s = suitOf(c);
      const r = rankOf(c);
      if (wants[UP + s] === r) out[n++] = makeMove(MoveKind.Play, p, UP + s);
      if (wants[DOWN + s] === r) out[n++] = makeMove(MoveKind.Play, p, DOWN + s);
    }
    for (let e = EQUATOR; e < ZODIAC; e++) n = marriages.add(t, out, n, e);
    if (this.returns) {
      // Z11: a foundation top onto a Zodiac top (Z4) or into the first empty Equator cell, both as a marriage
      // move: a return may always be declined (a fill may not)
      const cell = cellToFill(t);
      for (let p = UP; p < FOUNDATION_END; p++) {
        if (!returnable(t, p, true)) continue;
        n = marriages.add(t, out, n, p);
        if (cell >= 0) out[n++] = makeMove(MoveKind.Marry, p, cell);
      }
    }
    return f.addExchangesByPile(t, out, n); // Z6
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    const placing = isPlacing(t);
    if (flag && kindOf(m) !== MoveKind.Turn) return false;
    switch (kindOf(m)) {
      case MoveKind.Marry: {
        // Onto a Zodiac top, same suit one either way (Z4), from an available card but a Zodiac one (Z3); a
        // foundation top coming back (Z11) goes there too, or into the first empty Equator cell.
        const back = returnable(t, from, this.returns);
        if (back && to === cellToFill(t)) return true;
        const source = back || (isAvailable(from, placing) && !isZodiac(from));
        if (!source || !isZodiac(to) || t.size(from) === 0 || t.size(to) === 0) return false;
        return sameSuitEither(t.top(from), t.top(to));
      }
      case MoveKind.Fill:
        return placing && (from === CURRENT || from === TALON) && t.size(from) > 0 && to === cellToFill(t);
      case MoveKind.Turn:
        return placing && from === STOCK && to === this.turnTo && t.size(STOCK) > 0 && flag; // Z8
      case MoveKind.Redeal:
        return placing && from === TALON && to === STOCK && redealAllowed(t, this.lost); // Z1, Z2, Z9
      case MoveKind.Play: {
        if (placing || !isAvailable(from, placing) || to >= FOUNDATION_END || t.size(from) === 0) return false;
        return this.foundations.fits(t, t.top(from), to); // Z5
      }
      case MoveKind.Exchange:
        return !placing && this.exchange && from < FOUNDATION_END && this.foundations.canExchange(t, from, to);
      default:
        return false;
    }
  }

  protected play(m: Move): void {
    const t = this.table;
    const from = fromOf(m);
    switch (kindOf(m)) {
      case MoveKind.Marry:
      case MoveKind.Fill:
        t.move(from, toOf(m));
        if (isPlacing(t)) t.set(PROGRESS, Progress.Placed); // Z2: a card entered the layout, or an Equator card married
        break;
      case MoveKind.Turn:
        if (this.turnTo === TALON)
          t.move(STOCK, TALON); // Z8: laid on the talon at once
        else this.outside.turn(t);
        break;
      case MoveKind.Redeal:
        t.set(PROGRESS, progressAfterRedeal(t)); // Z2, Z9
        this.outside.redeal(t); // Z1: turned over as it lies
        t.set(PASS, t.vars[PASS]! + 1);
        break;
      case MoveKind.Play:
      case MoveKind.Exchange:
        t.move(from, toOf(m));
        break;
      default:
        throw new Error(`zodiac: cannot apply move ${m}`);
    }
    // Phase 1 ends when every card lies in the Equator or the Zodiac.
    if (isPlacing(t) && t.size(STOCK) + t.size(CURRENT) + t.size(TALON) === 0) t.set(PHASE, Phase.Building);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let p = EQUATOR; p < ZODIAC_END; p++) {
      n = packetCards(t, p, cards, depths, piles, n);
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    const open = isZodiac(p) || p === TALON || returnable(t, p, this.returns); // Z11: the card under a foundation top
    return open && t.size(p) > n ? t.below(p, n) : NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    const placing = isPlacing(t);
    let n = 0;
    for (const p of AVAILABLE_ORDER) {
      if (!isAvailable(p, placing) || t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    for (let p = UP; p < FOUNDATION_END; p++) {
      if (!returnable(t, p, this.returns)) continue;
      cards[n] = t.top(p); // Z11: a foundation top may come back
      piles[n++] = p;
    }
    return n;
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const sources = [CURRENT, TALON, ...Array.from({ length: 8 }, (_, i) => EQUATOR + i)];
    for (const p of sources) for (let z = ZODIAC; z < ZODIAC_END; z++) moves.push(makeMove(MoveKind.Marry, p, z));
    for (const p of [CURRENT, TALON]) for (let e = EQUATOR; e < ZODIAC; e++) moves.push(makeMove(MoveKind.Fill, p, e));
    for (let f = UP; f < FOUNDATION_END; f++) {
      for (let p = EQUATOR; p < ZODIAC_END; p++) moves.push(makeMove(MoveKind.Marry, f, p)); // Z11's returns
    }
    for (let p = EQUATOR; p < ZODIAC_END; p++)
      for (let f = UP; f < FOUNDATION_END; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (let f = UP; f < FOUNDATION_END; f++)
      for (let g = UP; g < FOUNDATION_END; g++) moves.push(makeMove(MoveKind.Exchange, f, g));
    moves.push(makeMove(MoveKind.Turn, STOCK, this.turnTo), makeMove(MoveKind.Redeal, TALON, STOCK));
    return moves;
  }

  picture(): string {
    return drawZodiac(this.table);
  }
}
