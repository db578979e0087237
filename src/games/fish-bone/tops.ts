// The Fish-Bone's hot cache, a part the state holds (`this.tops`): it memoises, by face, which knave pile takes
// the card (rules.ts knaveTakes, the first of a pair) and which gridiron tops marry it (rules.ts marriageTarget,
// F2), and the plays from the gridiron tops. It is kept current by the table's version: the state watches the
// spine and the gridiron (Table.watch), and update() works the cache out again only when that version changed.

import { faceOf } from '../../core/card.js';
import { lowestBit } from '../../core/bits.js';
import { MoveKind, makeMove } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';
import { knaveTakes, marriageTarget } from './rules.js';

const GRID = LAYOUT.first.gridiron;
const GRID_PILES = LAYOUT.count.gridiron;
const KNAVE = LAYOUT.first.knave;
const KNAVES = LAYOUT.count.knave;
const NO_PILE = 255;

/** The plays and marriages the tops of the spine and the gridiron allow, by face. */
export class Tops {
  private scanned = -1;
  private readonly playTo = new Uint8Array(53); // by face (52: no card): the first knave pile taking it, or NO_PILE
  private readonly takers = new Uint8Array(53); // by face: bit g is set when gridiron pile g's top marries it
  private readonly gridPlays = new Int32Array(GRID_PILES); // the plays from the gridiron tops
  private gridPlayCount = 0;
  private readonly setFaces = new Uint8Array(KNAVES + GRID_PILES); // the entries of playTo and takers now set
  private setCount = 0;

  constructor() {
    this.playTo.fill(NO_PILE);
  }

  /** Bring the cache up to date with the table. */
  update(t: Table): void {
    if (t.version !== this.scanned) this.scan(t);
  }

  /** Add the play of pile p's top card onto the first knave pile it fits (Rule I, engine note; update first). */
  addPlay(t: Table, out: Int32Array, n: number, p: number): number {
    const k = this.playTo[faceOf(t.top(p))]!;
    if (k !== NO_PILE) out[n++] = makeMove(MoveKind.Play, p, k);
    return n;
  }

  /** Add the plays from the gridiron tops, pile by pile (update first). */
  addGridPlays(out: Int32Array, n: number): number {
    for (let i = 0; i < this.gridPlayCount; i++) out[n++] = this.gridPlays[i]!;
    return n;
  }

  /** Add the marriages of pile p's top card (current card or talon top) onto the gridiron tops (F2; update first). */
  addMarriages(t: Table, out: Int32Array, n: number, p: number): number {
    let mask = this.takers[faceOf(t.top(p))]!;
    while (mask !== 0) {
      const g = lowestBit(mask);
      mask &= mask - 1;
      out[n++] = makeMove(MoveKind.Marry, p, GRID + g);
    }
    return n;
  }

  /** Derive from the spine and the gridiron: which knave pile takes each face, which gridiron tops marry it. */
  private scan(t: Table): void {
    // Hot path: reads the table's arrays directly.
    const len = t.len;
    const cap = t.cap;
    const playTo = this.playTo;
    const takers = this.takers;
    const set = this.setFaces;
    for (let i = 0; i < this.setCount; i++) {
      playTo[set[i]!] = NO_PILE;
      takers[set[i]!] = 0;
    }
    let sets = 0;
    for (let k = KNAVE; k < KNAVE + KNAVES && len[k]! > 0; k++) {
      const top = t.cards[k * cap + len[k]! - 1]!;
      const face = knaveTakes(top);
      if (face >= 0 && playTo[face] === NO_PILE) {
        playTo[face] = k; // engine note: the first of a pair
        set[sets++] = face;
      }
    }
    let n = 0;
    for (let g = 0; g < GRID_PILES; g++) {
      const p = GRID + g;
      if (len[p] === 0) continue;
      const top = t.cards[p * cap + len[p]! - 1]!;
      const married = marriageTarget(top);
      if (married >= 0) {
        takers[married]! |= 1 << g;
        set[sets++] = married;
      }
      const k = playTo[faceOf(top)]!;
      if (k !== NO_PILE) this.gridPlays[n++] = makeMove(MoveKind.Play, p, k);
    }
    this.setCount = sets;
    this.gridPlayCount = n;
    this.scanned = t.version;
  }
}
