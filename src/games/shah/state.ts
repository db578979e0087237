// The Shah's moves: the deal and its pauses, the free moves, the refills' choices and the turn (the rules card and
// where each ruling is coded: index.ts).

import { GameBase } from '../../core/base-state.js';
import { sameSuitDown } from '../../core/building.js';
import { makeCard, rankOf, suitOf, type Card } from '../../core/card.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { TwinUpFoundations } from '../../core/foundations.js';
import { TurnedStock } from '../../core/stock.js';
import { StarCache } from './cache.js';
import { LAYOUT, Phase, VARS } from './layout.js';
import { legalMove } from './legal.js';
import { drawStar } from './picture.js';
import { REFILL_SOURCES, Refills } from './refills.js';
import { dealtCircle, foundationFor, graceSource } from './rules.js';
import { availableCards, starCards, uncovers } from './star.js';

const INNER = LAYOUT.first.inner;
const MIDDLE = LAYOUT.first.middle;
const OUTER = LAYOUT.first.outer;
const RAYS = LAYOUT.count.outer;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first['current card'];
const TALON = LAYOUT.first.talon;
const FOUNDATION = LAYOUT.first.foundation;
const OUT = LAYOUT.first['dead kings'];
const PHASE = VARS.index.phase;

/** One position of The Shah. */
export class ShahState extends GameBase {
  /** What the star and the foundations allow, kept from one call of legalMoves to the next (cache.ts). */
  private readonly star: StarCache;
  /** S4: runs move as a unit; S9: where vacancies are refilled from (a RefillSource). solver.ts reads both. */
  readonly groupMoves: boolean;
  readonly refillSource: number;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly stockCards = new Uint8Array(88);
  private readonly refills: Refills;

  constructor(options: Options) {
    // Eight foundations built up by suit from their aces (a base laid at the deal) to the queen.
    super(options, LAYOUT, VARS, 88, new TwinUpFoundations(FOUNDATION, 1, 12), { maxCount: 255 });
    this.groupMoves = options['groupMoves'] === true;
    this.star = new StarCache(this.table, this.groupMoves);
    this.refillSource = REFILL_SOURCES.indexOf(String(options['refillSource']) as (typeof REFILL_SOURCES)[number]);
    this.refills = new Refills(this.table, this.outside, this.refillSource, this.star);
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      const rank = rankOf(c);
      if (rank === 1) t.put(t.size(suitOf(c)) === 0 ? suitOf(c) : suitOf(c) + 4, c);
      else if (rank === 13) t.put(OUT, c);
      else this.stockCards[n++] = c;
    }
    this.outside.load(t, this.stockCards);
    this.dealCircle(INNER); // S10: circle 1, then a pause
    t.set(PHASE, Phase.Pause1);
    t.commit();
  }

  /** S1: an outer pile is its outer card and cards married onto it, each the same suit one lower: the first pile that
   * is not. */
  layoutDoubt(): string | undefined {
    const t = this.table;
    for (let r = 0; r < RAYS; r++) {
      for (let i = 1; i < t.size(OUTER + r); i++) {
        const [under, over] = [t.at(OUTER + r, i - 1), t.at(OUTER + r, i)];
        if (!sameSuitDown(over, under))
          return `no play builds outer ${r + 1} as it lies: ${makeCard(over)} on ${makeCard(under)} (an outer pile takes the same suit one rank lower)`;
      }
    }
    return undefined;
  }

  legalMoves(out: Int32Array): number {
    // The free moves, most decisions of a deal, have a method of their own, whose helpers the JIT then inlines
    // (docs/decisions.md#shahs-free-moves-method-their).
    return this.table.vars[PHASE] === Phase.Free ? this.freeMoves(out) : this.stepMoves(out);
  }

  /** The moves at the deal's pauses (S10, S11), at a refill's choice of source (S9) and at the turn. */
  private stepMoves(out: Int32Array): number {
    const t = this.table;
    const phase = t.vars[PHASE]!;
    let n = 0;
    if (phase === Phase.Pause1 || phase === Phase.Pause2) {
      // S11: only the circle just dealt is available; a space is filled at once from the stock (S10).
      const circle = dealtCircle(phase);
      const fill = t.size(STOCK) > 0;
      for (let r = 0; r < RAYS; r++) {
        const p = circle + r;
        if (t.size(p) === 0) continue;
        const c = t.top(p);
        const f = foundationFor(t.len, suitOf(c), rankOf(c));
        if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f, 1, fill);
      }
      out[n++] = makeMove(MoveKind.Deal, STOCK, phase === Phase.Pause1 ? MIDDLE : OUTER, 1, t.size(STOCK) > 0);
      return n;
    }
    if (phase === Phase.Refill) {
      if (t.version !== this.star.scanned) this.star.rescan();
      const v = this.refills.firstVacancy();
      out[n++] = makeMove(MoveKind.Fill, TALON, v, 1, this.refills.fillReveals(TALON, v));
      const top = this.outside.stockTop(t);
      out[n++] = makeMove(MoveKind.Fill, top, v, 1, this.refills.fillReveals(top, v));
      return n;
    }
    // Phase.Turn
    out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, t.size(STOCK) > 0);
    return n;
  }

  /** The free moves of the main phase, in the contract's fixed order; marriages come from the current card, the talon
   * top and the outer tops (S2). */
  private freeMoves(out: Int32Array): number {
    const t = this.table;
    const star = this.star;
    let n = 0;
    // What the star and the foundations allow is kept from one call to the next (cache.ts).
    if (t.version !== star.scanned) star.rescan();
    // Plays: the current card, the talon top, then each ray's open place (S5).
    n = this.addPlay(out, n, CURRENT);
    n = this.addPlay(out, n, TALON);
    const rayPlays = star.rayPlays;
    for (let i = 0; i < star.rayPlayCount; i++) out[n++] = rayPlays[i]!;
    // Marriages (S1, S2): the current card, the talon top, then outer tops, onto another outer top.
    n = star.addOutsideMarriages(out, n, CURRENT);
    n = star.addOutsideMarriages(out, n, TALON);
    const marriages = star.marriages;
    for (let i = 0; i < star.marriageCount; i++) out[n++] = marriages[i]!;
    // The grace (S12): an outer top into the inner place of a lane.
    const lanes = star.lanes;
    const outers = star.outers;
    if (lanes !== 0 && outers !== 0) {
      const flag = this.refills.graceReveals() ? REVEALS : 0;
      for (let e = 0; e < RAYS; e++) {
        if ((lanes & (1 << e)) === 0) continue;
        for (let r = 0; r < RAYS; r++)
          if (outers & (1 << r)) out[n++] = makeMove(MoveKind.Grace, OUTER + r, INNER + e) | flag;
      }
    }
    // End of the free moves. Places fill from the inside out (S8, S12), so a ray has a vacancy exactly when
    // its outer place is empty.
    const vacancy = outers !== 0xff;
    if (this.refills.endAllowed(vacancy))
      out[n++] = makeMove(MoveKind.End, TALON, STOCK, 1, this.refills.endReveals(vacancy));
    return n;
  }

  /** Add the play of pile p's top card, if it fits a foundation. */
  private addPlay(out: Int32Array, n: number, p: number): number {
    const f = this.star.takingFoundation(this.table.top(p));
    if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f);
    return n;
  }

  protected legalMove(m: Move): boolean {
    return legalMove(this.table, this.refills, this.groupMoves, m);
  }

  /** Apply move m; a play at a pause of the deal has its space filled at once from the stock (S10). */
  protected play(m: Move): void {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
        t.move(from, to);
        // S10: during the deal a space is filled at once from the stock
        if (t.vars[PHASE]! < Phase.Free && t.size(STOCK) > 0) t.move(STOCK, from);
        break;
      case MoveKind.Marry: {
        const k = countOf(m);
        if (k === 1) t.move(from, to);
        else t.moveRun(from, to, k);
        break;
      }
      case MoveKind.Grace: {
        t.move(from, to);
        // S12: the ray's middle then outer place, at once, each from the source graceSource names
        const talon = t.size(TALON);
        const held = t.size(CURRENT);
        for (let k = 0; k < 2; k++) {
          const source = graceSource(k, talon, held);
          if (t.size(source) > 0) t.move(source, to + (k + 1) * RAYS); // S17: an empty source leaves the place empty
        }
        break;
      }
      case MoveKind.End: {
        // With nothing to refill, the step ends at once: the stock turns without a separate turn move.
        const vacancies = this.star.vacancyMask();
        if (vacancies === 0)
          this.outside.turn(t); // End is legal here only while a stock top remains
        else if (!this.refills.refill(vacancies) && t.vars[PHASE] === Phase.Turn) {
          this.outside.turn(t);
          t.set(PHASE, Phase.Free);
        }
        break;
      }
      case MoveKind.Fill: {
        const rest = this.star.vacancyMask() & ~(1 << (to - INNER)); // worked out before the move changes the star
        t.move(from, to);
        this.refills.refill(rest);
        break;
      }
      case MoveKind.Turn:
        this.outside.turn(t);
        t.set(PHASE, Phase.Free);
        break;
      case MoveKind.Deal:
        if (t.vars[PHASE] === Phase.Pause1) {
          this.dealCircle(MIDDLE);
          t.set(PHASE, Phase.Pause2);
        } else {
          this.dealCircle(OUTER);
          t.set(PHASE, Phase.Free);
        }
        break;
      default:
        throw new Error(`shah: cannot apply move ${m}`);
    }
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const n = this.outside.visibleCards(this.table, cards, depths, piles); // the current card, then the talon
    return starCards(this.table, cards, depths, piles, n);
  }

  uncovers(p: number, n: number): Card {
    return uncovers(this.table, p, n);
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    return availableCards(this.table, cards, piles);
  }

  override coverAt(p: number): number {
    // A refill fills a ray from the inside out (S8), so the middle and outer places of an open ray follow.
    if (p >= INNER && p < MIDDLE) return 2;
    return p >= MIDDLE && p < OUTER ? 1 : 0;
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const places = Array.from({ length: 24 }, (_, i) => INNER + i);
    const outers = places.slice(16);
    for (const p of [CURRENT, TALON, ...places]) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (const p of [CURRENT, TALON, ...outers]) {
      for (const q of outers) for (let k = 1; k <= 11; k++) moves.push(makeMove(MoveKind.Marry, p, q, k));
    }
    for (const p of outers) for (let e = 0; e < RAYS; e++) moves.push(makeMove(MoveKind.Grace, p, INNER + e));
    for (const p of [TALON, CURRENT, STOCK]) for (const v of places) moves.push(makeMove(MoveKind.Fill, p, v));
    moves.push(makeMove(MoveKind.End, TALON, STOCK), makeMove(MoveKind.Turn, STOCK, CURRENT));
    moves.push(makeMove(MoveKind.Deal, STOCK, MIDDLE), makeMove(MoveKind.Deal, STOCK, OUTER));
    return moves;
  }

  picture(): string {
    return drawStar(this.table);
  }

  /** Deal one card from the stock to each place of a circle, rays 1 to 8. */
  private dealCircle(circle: number): void {
    const t = this.table;
    for (let r = 0; r < RAYS && t.size(STOCK) > 0; r++) t.move(STOCK, circle + r);
  }
}
