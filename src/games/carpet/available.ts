// The hot cache of The Carpet's available cells (K1), a part the state holds: it memoises the rows' available
// cells from rules.ts's freeRows, and, by face, the (at most two) available cells holding it, so that legalMoves
// finds the carpet cards a pile takes without a search. It is kept up to date by the table's version, which
// watches the carpet (set up here): sync() scans again when the version differs from the one it last scanned
// at, entering and striking out only the cells that changed (after a move or an undo).

import { lowestBit as lowestBitOf } from '../../core/bits.js';
import { NO_CARD, faceOf, type Card } from '../../core/card.js';
import type { Foundations } from '../../core/foundations.js';
import { makeMove } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, SIZES, VARS } from './layout.js';
import { freeRows as freeRowsOf } from './rules.js';

const CELLS = SIZES.cells;
const SIDE = SIZES.side;
const CARPET = LAYOUT.first.carpet;
const ROWS = VARS.index.rows;
const NO_PLACE = 255;
// Imported bindings as consts of this module (docs/DEVELOPING.md, "Constants on the hot paths").
const lowestBit = lowestBitOf;
const freeRows = freeRowsOf;

/** The available carpet cells of one state, by row and by face. */
export class AvailableCells {
  /** The face dealt to each cell, there until the cell empties (K2). */
  readonly cellFace = new Uint8Array(CELLS);
  /** The available cells of each row, as in the rows variables; valid after sync(). */
  readonly free = new Uint8Array(SIDE);
  private scanned = -1; // the table version free and faceCells were worked out for
  private readonly next = new Uint8Array(SIDE);
  private readonly faceCells = new Uint8Array(2 * 52); // by face: the available cells holding it, in order
  // Scratch for releasedClearLane().
  private readonly rowsAfter = new Uint8Array(SIDE);
  private readonly freeAfter = new Uint8Array(SIDE);

  /** Watch the carpet in t (once, at the state's making). */
  constructor(
    t: Table,
    private readonly clearLane: boolean,
  ) {
    t.watch(CARPET, CARPET + CELLS);
  }

  /** A deal laid the carpet's cards, cards[0..64) in cell order: nothing is listed yet, so the first scan lists every
   * available cell. */
  deal(cards: Uint8Array): void {
    for (let k = 0; k < CELLS; k++) this.cellFace[k] = faceOf(cards[k]!);
    this.free.fill(0);
    this.faceCells.fill(NO_PLACE);
    this.scanned = -1;
  }

  /** A position was set on table t directly (core/position-load.ts): each occupied cell's face is read from it. */
  relaid(t: Table): void {
    const cards = new Uint8Array(CELLS);
    for (let k = 0; k < CELLS; k++) cards[k] = t.size(CARPET + k) > 0 ? t.at(CARPET + k, 0) : 0;
    this.deal(cards);
  }

  /** Bring the cache up to date with table t. */
  sync(t: Table): void {
    if (t.version !== this.scanned) this.scan(t);
  }

  /** The cells that became or ceased to be available since the last scan (a move, or an undo), entered or struck out by
   * face. */
  private scan(t: Table): void {
    const free = this.free;
    const next = this.next;
    freeRows(t.vars, ROWS, this.clearLane, next);
    for (let i = 0; i < SIDE; i++) {
      for (let gone = free[i]! & ~next[i]!; gone !== 0; gone &= gone - 1) this.strikeOut(i * SIDE + lowestBit(gone));
      for (let came = next[i]! & ~free[i]!; came !== 0; came &= came - 1) this.enter(i * SIDE + lowestBit(came));
      free[i] = next[i]!;
    }
    this.scanned = t.version;
  }

  /** List available cell k under its face, the two cells of a face in cell order. */
  private enter(k: number): void {
    const i = 2 * this.cellFace[k]!;
    const p = CARPET + k;
    const a = this.faceCells[i]!;
    if (a === NO_PLACE) this.faceCells[i] = p;
    else if (p < a) {
      this.faceCells[i] = p;
      this.faceCells[i + 1] = a;
    } else this.faceCells[i + 1] = p;
  }

  /** Strike cell k from the available cells of its face. */
  private strikeOut(k: number): void {
    const i = 2 * this.cellFace[k]!;
    const p = CARPET + k;
    if (this.faceCells[i] === p) this.faceCells[i] = this.faceCells[i + 1]!;
    else if (this.faceCells[i + 1] !== p) return;
    this.faceCells[i + 1] = NO_PLACE;
  }

  /** Add a move of the given kind to pile `to` from each available carpet cell holding the face (synced). */
  addMoves(out: Int32Array, n: number, face: number, kind: number, to: number): number {
    const a = this.faceCells[2 * face]!;
    if (a === NO_PLACE) return n;
    out[n++] = makeMove(kind, a, to);
    const b = this.faceCells[2 * face + 1]!;
    if (b !== NO_PLACE) out[n++] = makeMove(kind, b, to);
    return n;
  }

  /** Write the available carpet cards of table t (synced) and their piles from index n, in cell order; returns the new
   * n. */
  write(t: Table, cards: Uint8Array, piles: Uint8Array, n: number): number {
    for (let i = 0; i < SIDE; i++) {
      for (let m = this.free[i]!; m !== 0; m &= m - 1) {
        const p = CARPET + i * SIDE + lowestBit(m);
        cards[n] = t.top(p);
        piles[n++] = p;
      }
    }
    return n;
  }

  /** The card in row index i, column index b of table t (synced), if it holds one that is not available now. */
  unavailable(t: Table, i: number, b: number): Card {
    if (i < 0 || i >= SIDE || b < 0 || b >= SIDE) return NO_CARD;
    const bit = 1 << b;
    if ((t.vars[ROWS + i]! & bit) === 0 || (this.free[i]! & bit) !== 0) return NO_CARD;
    return t.top(CARPET + i * SIDE + b);
  }

  /**
   * clearLane: of the carpet cards that emptying occupied cell k of table t (synced) would make available (K1 on
   * the carpet as it would be, less the cells available now), the one the foundations fd need soonest, the first
   * in cell order of those needed as soon; NO_CARD if none.
   */
  releasedClearLane(t: Table, k: number, fd: Foundations): Card {
    const after = this.rowsAfter;
    for (let r = 0; r < SIDE; r++) after[r] = t.vars[ROWS + r]!;
    after[Math.floor(k / SIDE)]! &= ~(1 << (k % SIDE));
    freeRows(after, 0, true, this.freeAfter);
    let best: Card = NO_CARD;
    let bestNeed = 256;
    for (let r = 0; r < SIDE; r++) {
      for (let m = this.freeAfter[r]! & ~this.free[r]!; m !== 0; m &= m - 1) {
        const c = t.top(CARPET + r * SIDE + lowestBit(m));
        const need = fd.need(t, c);
        if (need < bestNeed) {
          best = c;
          bestNeed = need;
        }
      }
    }
    return best;
  }
}
