// The Divan's plays, memoised for The Sultan's move generator: the play of each Divan card that a foundation
// takes (reveal flag clear), cell by cell. They depend on the foundations and the Divan alone, so the table's
// version watches those piles (set up here), and the plays are derived afresh whenever the version differs
// from the one they were derived at; a turn of the stock or a re-deal changes neither, nor does undoing one.

import type { Table } from '../../core/table.js';
import { FIRST } from './layout.js';
import { addPlay as addPlayOf } from './rules.js';

const FOUNDATION = FIRST.foundation;
const DIVAN = FIRST.divan;
// An imported function as a const of this module (docs/DEVELOPING.md, "Constants on the hot paths").
const addPlay = addPlayOf;

/** The Divan's plays of a Sultan state whose Divan ends before pile `end`. */
export class DivanPlays {
  private readonly moves = new Int32Array(8);
  private count = 0;
  private scanned = -1; // the table's version the plays were derived at

  /** Watch the piles the plays depend on in t (once, at the state's making). */
  constructor(
    t: Table,
    private readonly end: number,
  ) {
    t.watch(FOUNDATION, FOUNDATION + 8);
    t.watch(DIVAN, end);
  }

  /** Write the plays, up to date with t (see the head of this file), to out from index n, each or'ed with flag; returns
   * the new n. */
  write(t: Table, out: Int32Array, n: number, flag: number): number {
    if (t.version !== this.scanned) this.scan(t);
    const moves = this.moves;
    for (let i = 0; i < this.count; i++) out[n++] = moves[i]! | flag;
    return n;
  }

  /** Derive the plays afresh, cell by cell. */
  private scan(t: Table): void {
    let n = 0;
    for (let p = DIVAN; p < this.end; p++) n = addPlay(t, this.moves, n, p);
    this.count = n;
    this.scanned = t.version;
  }
}
