// The Sultan's moves: the deal, the plays from the Divan, the current card and the talon, the turn of the
// stock, the fills of divanFill=manual and the re-deals (rulings in index.ts).

import { GameBase } from '../../core/base-state.js';
import { NO_CARD, type Card } from '../../core/card.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, REVEALS, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { TurnedStock, redealShuffle } from '../../core/stock.js';
import { DivanPlays } from './cache.js';
import { SultanFoundations } from './foundations.js';
import { FIRST, LAYOUTS, VARS } from './layout.js';
import { drawSultan } from './picture.js';
import {
  REDEALS_ALLOWED,
  addPlay as addPlayOf,
  canRedeal,
  refillSource as refillSourceOf,
  turnTarget,
} from './rules.js';

const FOUNDATION = FIRST.foundation;
const STOCK = FIRST.stock;
const CURRENT = FIRST.current;
const TALON = FIRST.talon;
const DIVAN = FIRST.divan; // Divan cell i (0-based) at DIVAN + i
const REDEALS = VARS.index.redeals;
// Imported functions as consts of this module (docs/DEVELOPING.md, "Constants on the hot paths").
const addPlay = addPlayOf;
const refillSource = refillSourceOf;

/** One position of The Sultan. */
export class SultanState extends GameBase {
  declare protected readonly foundations: SultanFoundations;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly cells: number; // U1
  private readonly divanEnd: number;
  private readonly immediate: boolean; // U2
  private readonly shuffle: boolean; // U5
  private readonly turnTo: number; // U9: the current card, or the talon at once
  private readonly deck = new Uint8Array(104); // the deck dealt, which keys the shuffled re-deals
  private readonly stockCards = new Uint8Array(104);
  private readonly divan: DivanPlays; // the Divan's plays, memoised (cache.ts)

  constructor(options: Options) {
    const cells = Number(options['divanSize']);
    const layout = LAYOUTS[cells];
    if (!layout) throw new Error(`sultan: no Divan of ${cells} cells`);
    super(options, layout, VARS, 95, new SultanFoundations());
    this.cells = cells;
    this.divanEnd = DIVAN + cells;
    this.divan = new DivanPlays(this.table, this.divanEnd);
    this.immediate = options['divanFill'] !== 'manual';
    this.shuffle = options['redealShuffle'] !== false;
    this.turnTo = turnTarget(options['turnedCard'] === 'talon');
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    this.deck.set(deck);
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      if (!this.foundations.layBase(t, c)) this.stockCards[n++] = c;
    }
    this.outside.load(t, this.stockCards.subarray(0, n));
    for (let p = DIVAN; p < this.divanEnd; p++) t.move(STOCK, p);
    t.commit();
  }

  /** U2, U6: whether a Divan play's refill must come from the stock now, turning up an unseen card. */
  private refillsFromStock(): boolean {
    return refillSource(this.table.len, this.immediate) === STOCK;
  }

  /** The moves now, each play optional (U4): the player times a Divan play, and so which card refills it. */
  legalMoves(out: Int32Array): number {
    const t = this.table;
    const len = t.len;
    let n = 0;
    // Plays, each optional beside the turn (U4): the current card, the talon top, then the Divan (U3). A Divan
    // play reveals when its refill must come from the stock (U2, U6).
    n = addPlay(t, out, n, CURRENT);
    n = addPlay(t, out, n, TALON);
    const flag = this.refillsFromStock() ? REVEALS : 0;
    n = this.divan.write(t, out, n, flag);
    if (len[STOCK]! > 0)
      out[n++] = makeMove(MoveKind.Turn, STOCK, this.turnTo, 1, true); // U9
    else if (canRedeal(t)) out[n++] = makeMove(MoveKind.Redeal, TALON, STOCK); // U5
    if (!this.immediate) {
      // U2 manual: the first empty cell takes the talon top or the current card. Listed after carrying play
      // on, since the cell may wait: a player with nothing better to do turns the next card.
      const e = this.firstEmptyCell();
      if (e < this.divanEnd) {
        if (len[TALON]! > 0) out[n++] = makeMove(MoveKind.Fill, TALON, e);
        if (len[CURRENT]! > 0) out[n++] = makeMove(MoveKind.Fill, CURRENT, e);
      }
    }
    return n;
  }

  /** U2 manual: the cell a fill goes to, the first empty one (engine note); divanEnd if none is. */
  private firstEmptyCell(): number {
    const len = this.table.len;
    let e = DIVAN;
    while (e < this.divanEnd && len[e]! > 0) e++;
    return e;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
        // Available: a Divan card, the current card, the talon top; a play goes only to a foundation (U3).
        if (!(from === CURRENT || from === TALON || this.isCell(from)) || t.size(from) === 0) return false;
        if (to !== this.foundations.target(t, t.top(from))) return false;
        // U2, U6: a Divan card's cell is refilled from the stock when talon and current card are empty
        return flag === (this.isCell(from) && this.refillsFromStock());
      case MoveKind.Fill:
        // U2 manual, U8: talon top or current card into the first empty cell
        if (this.immediate || flag || to !== this.firstEmptyCell() || !this.isCell(to)) return false;
        return (from === TALON || from === CURRENT) && t.size(from) > 0;
      case MoveKind.Turn:
        return from === STOCK && to === this.turnTo && t.size(STOCK) > 0 && flag; // U9
      case MoveKind.Redeal: // U5
        return from === TALON && to === STOCK && !flag && t.size(STOCK) === 0 && canRedeal(t);
      default:
        return false;
    }
  }

  /** Whether pile p is a Divan cell. */
  private isCell(p: number): boolean {
    return p >= DIVAN && p < this.divanEnd;
  }

  protected play(m: Move): void {
    const t = this.table;
    const from = fromOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
        t.move(from, toOf(m));
        if (from >= DIVAN) {
          const source = refillSource(t.len, this.immediate);
          if (source >= 0) t.move(source, from);
        }
        break;
      case MoveKind.Fill:
        t.move(from, toOf(m));
        break;
      case MoveKind.Turn:
        if (this.turnTo === TALON)
          t.move(STOCK, TALON); // U9: laid on the talon at once
        else this.outside.turn(t);
        break;
      case MoveKind.Redeal: {
        const k = t.vars[REDEALS]! + 1;
        t.set(REDEALS, k);
        this.outside.redeal(t, this.shuffle ? redealShuffle(this.deck, k, t.salt) : undefined); // U5
        break;
      }
      default:
        throw new Error(`sultan: cannot apply move ${m}`);
    }
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    const n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    return this.divanCards(cards, piles, n, depths);
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p === TALON) return t.below(TALON, n);
    // U2: an emptied cell taking the talon top brings up the card under it
    if (this.isCell(p) && refillSource(t.len, this.immediate) === TALON) return t.below(TALON, 1);
    return NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return this.divanCards(cards, piles, n);
  }

  /** Write the Divan's cards, each available (depth 0), from index n; returns the new n. */
  private divanCards(cards: Uint8Array, piles: Uint8Array, n: number, depths?: Uint8Array): number {
    const t = this.table;
    for (let p = DIVAN; p < this.divanEnd; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      if (depths) depths[n] = 0;
      piles[n++] = p;
    }
    return n;
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const cells = Array.from({ length: this.cells }, (_, i) => DIVAN + i);
    for (const p of [CURRENT, TALON, ...cells])
      for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, FOUNDATION + f));
    for (const p of [TALON, CURRENT]) for (const e of cells) moves.push(makeMove(MoveKind.Fill, p, e));
    moves.push(makeMove(MoveKind.Turn, STOCK, this.turnTo), makeMove(MoveKind.Redeal, TALON, STOCK));
    return moves;
  }

  picture(): string {
    return drawSultan(this.table, this.cells, REDEALS_ALLOWED);
  }
}
