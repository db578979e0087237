// The Carpet's moves: the deal, the plays, the talon, the exchanges, the turn and the re-deals (rulings in
// index.ts). Which carpet cards are available (K1) is rules.ts's, cached in available.ts.

import { GameBase } from '../../core/base-state.js';
import { sameSuitEither } from '../../core/building.js';
import { NO_CARD, faceOf, rankOf, suitOf, type Card } from '../../core/card.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { TurnedStock, redealShuffle } from '../../core/stock.js';
import type { ExchangePolicy, UpDownFoundations } from '../../core/updown.js';
import { AvailableCells } from './available.js';
import { CarpetDepths } from './depths.js';
import { LAYOUT, SIZES, VARS } from './layout.js';
import { carpetPicture } from './picture.js';
import {
  carpetFoundations,
  isVertical,
  upNext as upNextOf,
  downNext as downNextOf,
  placedInAdvance,
  redealAllowed as redealAllowedOf,
  runStep as runStepOf,
} from './rules.js';
import { endFree } from './weave.js';

const CELLS = SIZES.cells;
const SIDE = SIZES.side;
const UP = LAYOUT.first.up;
const DOWN = LAYOUT.first.down;
const CARPET = LAYOUT.first.carpet;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const ROWS = VARS.index.rows;
const DEAL = VARS.index.deal;
const RUN = VARS.index.run;
// Imported functions as consts of this module (docs/DEVELOPING.md, "Constants on the hot paths").
const upNext = upNextOf;
const downNext = downNextOf;
const runStep = runStepOf;
const redealAllowed = redealAllowedOf;

/** One position of The Carpet. */
export class CarpetState extends GameBase {
  declare protected readonly foundations: UpDownFoundations;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly clearLane: boolean;
  /** K3: the talon's run keeps its direction (talonDirection=fixed); K6: foundationExchange is not off. */
  readonly fixed: boolean;
  readonly exchange: boolean;
  private readonly deck = new Uint8Array(104); // the dealt deck, which keys the shuffled re-deals (K5)
  private readonly rest = new Uint8Array(96);
  private readonly cells: AvailableCells; // the available cells, memoised (available.ts)
  private readonly depths: CarpetDepths; // the carpet cards' depths, memoised (depths.ts)

  constructor(options: Options) {
    const policy = options['foundationExchange'] as ExchangePolicy;
    super(options, LAYOUT, VARS, 96, carpetFoundations(policy)); // K6, K7, K8
    this.clearLane = options['carpetFree'] === 'clearLane';
    this.fixed = options['talonDirection'] === 'fixed';
    this.exchange = policy !== 'off';
    this.cells = new AvailableCells(this.table, this.clearLane);
    this.depths = new CarpetDepths(this.clearLane);
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    this.deck.set(deck);
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      // K7: the bases come out wherever they lie, so that the stock is always the deck's last cards
      const f = placedInAdvance(c);
      if (f >= 0) t.put(f, c);
      else this.rest[n++] = c;
    }
    for (let k = 0; k < CELLS; k++) t.put(CARPET + k, this.rest[k]!);
    for (let i = 0; i < SIDE; i++) t.vars[ROWS + i] = 0xff;
    this.cells.deal(this.rest);
    this.outside.load(t, this.rest.subarray(CELLS));
    t.commit();
  }

  /** The cells' faces read back from the table, for a position set on it directly (core/position-load.ts). */
  relaid(): void {
    this.cells.relaid(this.table);
  }

  /** The moves now; the talon top goes only to a foundation, or receives carpet cards (K4). */
  legalMoves(out: Int32Array): number {
    const t = this.table;
    const len = t.len;
    const cells = this.cells;
    cells.sync(t);
    let n = 0;
    // Plays: the current card, the talon top (which goes nowhere else, K4), then the available carpet cards
    // each foundation takes, up piles then down piles.
    n = this.addPlays(out, n, CURRENT);
    n = this.addPlays(out, n, TALON);
    for (let s = 0; s < 4; s++) {
      const r = upNext(len, s); // K7
      if (r <= 13) n = cells.addMoves(out, n, s * 13 + r - 1, MoveKind.Play, UP + s);
    }
    for (let s = 0; s < 4; s++) {
      const r = downNext(len, s);
      if (r >= 1) n = cells.addMoves(out, n, s * 13 + r - 1, MoveKind.Play, DOWN + s);
    }
    // Carpet cards onto the talon top (rule IV, K3): one lower, then one higher; then the current card.
    const top = t.top(TALON);
    if (top !== NO_CARD) {
      const step = runStep(t, this.fixed);
      const face = faceOf(top);
      const r = rankOf(top);
      if (r > 1 && step <= 0) n = cells.addMoves(out, n, face - 1, MoveKind.Talon, TALON);
      if (r < 13 && step >= 0) n = cells.addMoves(out, n, face + 1, MoveKind.Talon, TALON);
    }
    if (len[CURRENT]! > 0) out[n++] = makeMove(MoveKind.Talon, CURRENT, TALON);
    if (this.exchange) n = this.foundations.addExchangesByPile(t, out, n); // K6, K8
    // Carry on: turn the next card, or re-deal when the stock is out (K5).
    if (len[STOCK]! > 0) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, true);
    else if (redealAllowed(t)) out[n++] = makeMove(MoveKind.Redeal, TALON, STOCK);
    return n;
  }

  /** Add the plays of pile p's top card: to its suit's up pile, then to its down pile. */
  private addPlays(out: Int32Array, n: number, p: number): number {
    const t = this.table;
    const c = t.top(p);
    if (c === NO_CARD) return n;
    const s = suitOf(c);
    const r = rankOf(c);
    if (upNext(t.len, s) === r) out[n++] = makeMove(MoveKind.Play, p, UP + s); // K7
    if (downNext(t.len, s) === r) out[n++] = makeMove(MoveKind.Play, p, DOWN + s);
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    const carpet = from >= CARPET && from < STOCK;
    switch (kindOf(m)) {
      case MoveKind.Play:
        if (flag || to >= CARPET || t.size(from) === 0) return false;
        if (!(from === CURRENT || from === TALON || (carpet && endFree(t, from - CARPET, this.clearLane))))
          return false;
        return this.foundations.fits(t, t.top(from), to);
      case MoveKind.Talon: {
        if (flag || to !== TALON || t.size(from) === 0) return false;
        if (from === CURRENT) return true;
        if (!carpet || t.size(TALON) === 0 || !endFree(t, from - CARPET, this.clearLane)) return false; // rule IV: the talon is formed
        const c = t.top(from);
        const top = t.top(TALON);
        if (!sameSuitEither(c, top)) return false; // K3
        // K3 fixed, K9: the same way as the card at the top of the run was laid on the card beneath it
        const step = runStep(t, this.fixed);
        return step === 0 || rankOf(c) - rankOf(top) === step;
      }
      case MoveKind.Exchange:
        return !flag && this.foundations.canExchange(t, from, to); // K6; K8: never the base
      case MoveKind.Turn:
        return from === STOCK && to === CURRENT && flag && t.size(STOCK) > 0;
      case MoveKind.Redeal:
        return from === TALON && to === STOCK && !flag && redealAllowed(t);
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
        t.move(from, to); // no loans under this game's exchange policies (K6)
        if (from >= CARPET && from < STOCK) this.emptyCell(from);
        else if (from === TALON && t.vars[RUN]! > 0) t.set(RUN, t.vars[RUN]! - 1);
        break;
      case MoveKind.Talon:
        t.move(from, TALON);
        if (from === CURRENT) {
          t.set(RUN, 0); // K9: a card from the stock ends the run
        } else {
          this.emptyCell(from);
          t.set(RUN, t.vars[RUN]! + 1);
        }
        break;
      case MoveKind.Exchange:
        this.foundations.exchange(t, from, to);
        break;
      case MoveKind.Turn:
        if (t.size(CURRENT) > 0) t.set(RUN, 0); // K9: the held card goes to the talon first
        this.outside.turn(t);
        break;
      case MoveKind.Redeal: {
        const k = t.vars[DEAL]! + 1;
        this.outside.redeal(t, redealShuffle(this.deck, k, t.salt)); // K5: shuffled
        t.set(DEAL, k);
        t.set(RUN, 0);
        break;
      }
      default:
        throw new Error(`carpet: cannot apply move ${m}`);
    }
  }

  /** Mark carpet cell p empty in its row's variable (K2: it stays empty). */
  private emptyCell(p: number): void {
    const k = p - CARPET;
    const v = ROWS + Math.floor(k / SIDE);
    this.table.set(v, this.table.vars[v]! & ~(1 << (k % SIDE)));
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    this.depths.sync(t, this.cells);
    for (let k = 0; k < CELLS; k++) {
      if (t.size(CARPET + k) === 0) continue;
      cards[n] = t.top(CARPET + k);
      depths[n] = this.depths.depths[k]!;
      piles[n++] = CARPET + k;
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p === TALON) return t.below(TALON, n);
    if (p < CARPET || p >= STOCK || t.size(p) === 0) return NO_CARD;
    // K1: the carpet card released by emptying cell p; of several, the one needed soonest, the first in cell order
    // of those needed as soon.
    const cells = this.cells;
    cells.sync(t);
    const k = p - CARPET;
    if (this.clearLane) return cells.releasedClearLane(t, k, this.foundations);
    // adjacent: a card whose narrow end faces p, not available now, is released (its end then faces an empty
    // cell; rule III: never the card across p's own end): one beside a vertical p, or above or below a horizontal one
    const i = Math.floor(k / SIDE);
    const b = k % SIDE;
    const vertical = isVertical(i, b);
    const c1 = vertical ? cells.unavailable(t, i, b - 1) : cells.unavailable(t, i - 1, b);
    const c2 = vertical ? cells.unavailable(t, i, b + 1) : cells.unavailable(t, i + 1, b);
    if (c1 === NO_CARD || c2 === NO_CARD) return c1 === NO_CARD ? c2 : c1;
    return this.need(c2) < this.need(c1) ? c2 : c1;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) > 0) {
        cards[n] = t.top(p);
        piles[n++] = p;
      }
    }
    this.cells.sync(t);
    return this.cells.write(t, cards, piles, n);
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const cells = Array.from({ length: CELLS }, (_, k) => CARPET + k);
    for (const p of [CURRENT, TALON, ...cells])
      for (let f = UP; f < CARPET; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (const p of [CURRENT, ...cells]) moves.push(makeMove(MoveKind.Talon, p, TALON));
    moves.push(...this.foundations.exchangeSpace());
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT), makeMove(MoveKind.Redeal, TALON, STOCK));
    return moves;
  }

  picture(): string {
    this.cells.sync(this.table);
    return carpetPicture(this.table, this.cells.free);
  }

  /** The face dealt to each carpet cell (available.ts), which solver.ts reads. */
  get cellFace(): Uint8Array {
    return this.cells.cellFace;
  }
}
