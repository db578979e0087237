// The Hemispheres' moves: the deal, plays, marriages, exchanges and end transfers, the turn of the stock
// (rulings in index.ts).

import { NO_CARD, faceOf, isRed, rankOf, suitOf, type Card } from '../../core/card.js';
import { GameBase } from '../../core/base-state.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { TurnedStock } from '../../core/stock.js';
import { HemispheresFoundations } from './foundations.js';
import { HEMISPHERE, LAYOUT, RACES, inNorth } from './layout.js';
import { drawHemispheres } from './picture.js';
import { PlaceScan } from './places.js';
import {
  RACE_MATES,
  barrierPlay,
  belongs,
  canTurn,
  endgame,
  homeOf,
  sameRace,
  takes,
  turnReveals,
  turnStock,
} from './rules.js';

const FOUNDATION = LAYOUT.first.foundation;
const RACE = LAYOUT.first.place; // R1..R12 at RACE + 0..11
const PLACES = LAYOUT.count.place;
const BARRIER = LAYOUT.first.barrier;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const NORTH = HEMISPHERE.north;
const SOUTH = HEMISPHERE.south;
/** H10: the barrier faces (copy 0) by barrier pile: K hearts, A clubs, K diamonds, A spades. */
const BARRIER_FACES = [13 + 12, 39, 26 + 12, 0];

/** One position of The Hemispheres. */
export class HemispheresState extends GameBase {
  declare protected readonly foundations: HemispheresFoundations;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly marryOnTop: boolean;
  private readonly stockCards = new Uint8Array(92);
  private readonly barrierAt = new Int16Array(4); // deck index of each barrier card
  /** H1, H3: the live and dead places and what their tops take (solver.ts reads them too). */
  readonly places = new PlaceScan();

  constructor(options: Options) {
    // 96 cards in play: the 92 of the stock and the 4 barriers.
    super(options, LAYOUT, 0, 96, new HemispheresFoundations());
    this.table.watch(RACE, BARRIER);
    this.marryOnTop = options['endTransfer'] === 'emptyOrMarry';
  }

  /** The deal: bases to the foundations, the barriers (H10: the later copy), R1-R12 from the stock. */
  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    // H10: each barrier is the copy of its face lying later in the deck.
    this.barrierAt.fill(-1);
    for (let i = deck.length - 1; i >= 0; i--) {
      const b = BARRIER_FACES.indexOf(faceOf(deck[i]!));
      if (b >= 0 && this.barrierAt[b] === -1) this.barrierAt[b] = i;
    }
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      const rank = rankOf(c);
      const f = 2 * suitOf(c);
      if ((isRed(c) && rank === 1) || (!isRed(c) && rank === 13))
        t.put(FOUNDATION + (t.size(FOUNDATION + f) === 0 ? f : f + 1), c);
      else if (this.barrierAt.indexOf(i) >= 0) t.put(BARRIER + this.barrierAt.indexOf(i), c);
      else this.stockCards[n++] = c;
    }
    for (let i = n - 1; i >= PLACES; i--) t.put(STOCK, this.stockCards[i]!);
    for (let i = 0; i < PLACES; i++) t.put(RACE + i, this.stockCards[i]!);
    t.commit();
  }

  private addPlay(out: Int32Array, n: number, p: number): number {
    const t = this.table;
    if (t.size(p) === 0) return n;
    const f = this.foundations.taking(t.top(p));
    if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f);
    return n;
  }

  /** The moves now: plays, marriages, the exchanges of dead cards North with South (H4), end transfers, the turn. */
  legalMoves(out: Int32Array): number {
    const t = this.table;
    const places = this.places;
    if (t.version !== places.scanned) places.scan(t); // places.update(t), in line
    this.foundations.update(t);
    const tops = places.tops;
    const live = places.live;
    const dead = places.dead;
    let n = 0;
    // Plays: the current card, the talon top, each live place (H3), each barrier that fits (H8).
    n = this.addPlay(out, n, CURRENT);
    n = this.addPlay(out, n, TALON);
    for (let i = 0; i < PLACES; i++) if (live & (1 << i)) n = this.addPlay(out, n, RACE + i);
    for (let p = BARRIER; p < BARRIER + 4; p++) {
      const f = barrierPlay(t, p, this.foundations);
      if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f);
    }
    // Marriages (H1, H2): from outside onto any live top; from a live top onto another in its Race.
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) > 0) n = tops.addMoves(out, n, tops.onto(t.top(p)), makeMove(MoveKind.Marry, p, 0));
    }
    for (let i = 0; i < PLACES; i++) {
      if ((live & (1 << i)) === 0) continue;
      const mask = tops.onto(t.top(RACE + i)) & RACE_MATES[i]!;
      if (mask !== 0) n = tops.addMoves(out, n, mask, makeMove(MoveKind.Marry, RACE + i, 0));
    }
    // Exchanges (H4): a dead card in the North with a dead card in the South.
    const deadSouth = dead & SOUTH;
    if (deadSouth !== 0) {
      for (let i = 0; i < 6; i++) {
        if (dead & (1 << i)) n = tops.addMoves(out, n, deadSouth, makeMove(MoveKind.Grace, RACE + i, 0));
      }
    }
    // Endgame transfers (H5): a dead card to an empty place of its own hemisphere, or (emptyOrMarry) onto a top.
    if (dead !== 0 && endgame(t)) {
      const empty = ~tops.filled & (NORTH | SOUTH);
      for (let i = 0; i < PLACES; i++) {
        if ((dead & (1 << i)) === 0) continue;
        const home = homeOf(t.top(RACE + i));
        if (empty & home) n = tops.addMoves(out, n, empty & home, makeMove(MoveKind.Grace, RACE + i, 0));
        if (this.marryOnTop) {
          const mask = tops.onto(t.top(RACE + i)) & home;
          if (mask !== 0) n = tops.addMoves(out, n, mask, makeMove(MoveKind.Marry, RACE + i, 0));
        }
      }
    }
    // Turn the stock (H6, H7): refills, then the next current card; or lay the last current card on the talon.
    if (canTurn(t)) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, turnReveals(t));
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    const kind = kindOf(m);
    if (kind === MoveKind.Turn) {
      return from === STOCK && to === CURRENT && canTurn(t) && flag === turnReveals(t);
    }
    if (flag || t.size(from) === 0) return false;
    const c = t.top(from);
    const place = from >= RACE && from < BARRIER;
    const fromLive = place && belongs(c, from - RACE);
    switch (kind) {
      case MoveKind.Play: {
        // Available: current card, talon top, a live place's top (H3), a barrier (H8).
        this.foundations.update(t);
        if (from >= BARRIER && from < STOCK) return barrierPlay(t, from, this.foundations) === to;
        if (!(from === CURRENT || from === TALON || fromLive)) return false;
        return this.foundations.taking(c) === to; // the first of an interchangeable pair
      }
      case MoveKind.Marry: {
        if (to < RACE || to >= BARRIER || to === from || t.size(to) === 0) return false;
        // H1, H3: nothing is built on a dead card
        const fits = takes(t.top(to), to - RACE) === faceOf(c);
        if (from === CURRENT || from === TALON) return fits; // H2
        if (!place) return false;
        if (fromLive) return sameRace(from, to) && fits; // H2: within the Race
        // H5 with emptyOrMarry: a dead card onto a top of its own hemisphere, at the end only
        if (!this.marryOnTop || !endgame(t)) return false;
        return (homeOf(c) & (1 << (to - RACE))) !== 0 && fits;
      }
      case MoveKind.Grace: {
        if (!place || fromLive || to < RACE || to >= BARRIER) return false;
        if (t.size(to) > 0) {
          // H4: a dead card in the North with a dead card in the South, written North to South
          return inNorth(from - RACE) && !inNorth(to - RACE) && !belongs(t.top(to), to - RACE);
        }
        // H5: to an empty place of its own hemisphere, at the end
        return endgame(t) && (homeOf(c) & (1 << (to - RACE))) !== 0;
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
      case MoveKind.Marry:
        t.move(from, to);
        break;
      case MoveKind.Grace:
        if (t.size(to) > 0) {
          // H4: swap the two cards
          t.moveUnder(from, to);
          t.move(to, from);
        } else t.move(from, to); // H5
        break;
      case MoveKind.Turn:
        turnStock(t); // H6, H7
        break;
      default:
        throw new Error(`hemispheres: cannot apply move ${m}`);
    }
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    this.places.update(t);
    const dead = this.places.dead;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let i = 0; i < PLACES; i++) {
      const p = RACE + i;
      const size = t.size(p);
      // A wrong-colour card is blocked though nothing covers it (H3): counted as one card deep.
      const extra = (dead >> i) & 1;
      for (let k = 0; k < size; k++) {
        cards[n] = t.below(p, k);
        depths[n] = k + extra;
        piles[n++] = p;
      }
    }
    for (let b = 0; b < 4; b++) {
      if (t.size(BARRIER + b) === 0) continue;
      cards[n] = t.top(BARRIER + b);
      depths[n] = 0; // the last card of its pile: nothing covers it
      piles[n++] = BARRIER + b;
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    // Under a place's top lie only cards of its colour (H4: a dead card lies alone); an emptied place is
    // refilled from the unseen stock, or stays empty (H6).
    if (p === CURRENT || (p >= BARRIER && p < STOCK)) return NO_CARD;
    return t.size(p) > n ? t.below(p, n) : NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    this.places.update(t);
    this.foundations.update(t);
    const live = this.places.live;
    let n = 0;
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    for (let i = 0; i < PLACES; i++) {
      if ((live & (1 << i)) === 0) continue; // H3
      cards[n] = t.top(RACE + i);
      piles[n++] = RACE + i;
    }
    for (let b = 0; b < 4; b++) {
      const p = BARRIER + b;
      if (barrierPlay(t, p, this.foundations) < 0) continue; // H8
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  /** Every move there can be: a barrier is only played (H8, rules.ts barrierPlay), and there is no re-deal (H9). */
  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const barriers = [0, 1, 2, 3].map((b) => BARRIER + b);
    for (const p of [CURRENT, TALON, ...RACES, ...barriers])
      for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, FOUNDATION + f));
    for (const p of [CURRENT, TALON, ...RACES]) for (const q of RACES) moves.push(makeMove(MoveKind.Marry, p, q));
    for (const p of RACES) for (const q of RACES) moves.push(makeMove(MoveKind.Grace, p, q));
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT));
    return moves;
  }

  picture(): string {
    return drawHemispheres(this.table);
  }
}
