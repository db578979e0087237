// For the solver only (solve/solver.ts), which knows every card: The Carpet's solver-side declaration (Game.solving),
// its dead-end rule and safe move, each with its proof. A player never calls these.

import { MoveKind, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import type { GameSolving } from '../../core/solving.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, SIZES, VARS } from './layout.js';
import { downNext, upNext } from './rules.js';
import type { CarpetState } from './state.js';

const CELLS = SIZES.cells;
const REDEALS = SIZES.redeals;
const DOWN = LAYOUT.first.down;
const TALON = LAYOUT.first.talon;
const ROWS = VARS.index.rows;
const DEAL = VARS.index.deal;

// Per card: its face (0..51); per face: its suit and rank. The hooks read these in their loops.
const FACE = Uint8Array.from({ length: 256 }, (_, c) => c % 52);
const SUIT = Uint8Array.from({ length: 52 }, (_, f) => Math.floor(f / 13));
const RANK = Uint8Array.from({ length: 52 }, (_, f) => (f % 13) + 1);

/** The dead-end rule of deadEnd(), by name. */
export const DEAD_END_RULES: readonly string[] = ['buried-in-talon'];

/** What the solver asks of The Carpet: its dead-end rule and safe move, by a CarpetPrunings for the state. */
export const carpetSolving: GameSolving<CarpetState> = {
  deadEndRules: DEAD_END_RULES,
  aid: (state) => {
    const prunings = new CarpetPrunings(state.cellFace, state.exchange, state.fixed);
    const t = state.table;
    return { deadEnd: () => prunings.deadEnd(t), safeMove: (moves, n) => prunings.safeMove(t, moves, n) };
  },
};

/** The dead-end rule and safe move for one state. */
export class CarpetPrunings {
  private readonly beneath = new Uint8Array(52); // per face: copies lying beneath the talon card looked at

  /** cellFace: the face dealt to each carpet cell (available.ts); the options' exchange (K6) and fixed run (K3). */
  constructor(
    private readonly cellFace: Uint8Array,
    private readonly exchange: boolean,
    private readonly fixed: boolean,
  ) {}

  /**
   * 0, or 1 when, in the last deal, a talon card can never be played ('buried-in-talon'): for each pile of its
   * suit that could still take it, every copy left of some card that pile needs first lies beneath it in the
   * talon.
   *
   * Proof. In the last deal no re-deal is left (K5), and a talon card leaves the talon only for a foundation
   * (K4; with foundationExchange=off, K6, a card never leaves a foundation, and the rule is not used with it on).
   * Only the talon top leaves, so a talon card X (suit s, rank r) is played before every card beneath it. X can
   * go on the up pile of s (ending at rank u) only if r > u and, before X, a copy of each rank u+1..r-1 of s is
   * played there; on the down pile (ending at rank d) only if r < d and a copy of each rank r+1..d-1 is played
   * there first. The copies of rank q of s not yet on a foundation number 2 - [u >= q] - [d <= q]; when all of
   * them lie beneath X, none can be played before X. So when neither pile can take X, X is never played and the
   * position cannot be won.
   */
  deadEnd(t: Table): number {
    if (this.exchange || t.vars[DEAL] !== REDEALS) return 0;
    const n = t.len[TALON]!;
    if (n < 2) return 0;
    const cards = t.cards;
    const at = TALON * t.cap;
    const beneath = this.beneath;
    beneath.fill(0);
    for (let i = 0; i < n; i++) {
      const f = FACE[cards[at + i]!]!;
      if (i > 0 && this.buried(t, f)) return 1;
      beneath[f]!++;
    }
    return 0;
  }

  /** deadEnd's test for a talon card of face f, with `beneath` counting the cards below it. */
  private buried(t: Table, f: number): boolean {
    const len = t.len;
    const s = SUIT[f]!;
    const r = RANK[f]!;
    const u = upNext(len, s) - 1; // the rank the up pile ends in (K7)
    const d = downNext(len, s) + 1; // ... the down pile
    const base = s * 13 - 1; // + q: the face of rank q of suit s
    let up = r > u;
    for (let q = u + 1; up && q < r; q++) if (this.beneath[base + q]! >= 2 - (d <= q ? 1 : 0)) up = false;
    if (up) return false;
    let down = r < d;
    for (let q = r + 1; down && q < d; q++) if (this.beneath[base + q]! >= 2 - (u >= q ? 1 : 0)) down = false;
    return !down;
  }

  /**
   * A play that keeps every win within reach, or -1: in the last deal, with talonDirection=free and
   * foundationExchange=off, a card X (suit s, rank r) played to a pile of s when its twin is already on the other
   * pile of s and no card of s one above or below X lies in the carpet.
   *
   * Proof. Take a winning line L from here and let L' be L with X played now and X's own moves left out (laid on
   * the talon, played). No re-deal is left (K5), so no shuffle depends on the talon's make-up. X's twin is on the
   * other pile, so in L X goes on this pile, and nothing goes there before it (only a card of rank r fits).
   * Nothing is ever put on X: the carpet receives nothing (K2), and only carpet cards of s one above or below go
   * on the talon top (rule IV, K3), of which none is left. With X out of the talon, the talon top in L' is the one
   * in L whenever that is not X, and a carpet card available in L is available in L' (an emptied cell only frees
   * ends, K1). The current card and the stock are the same (a held X goes nowhere in L' when the next is turned).
   * So every move of L but X's stays legal in L', and after L plays X the two positions agree but for the talon
   * run's counter, which the free direction (K3) never reads. So playing X loses no win.
   */
  safeMove(t: Table, moves: Int32Array, n: number): Move {
    if (this.exchange || this.fixed || t.vars[DEAL] !== REDEALS) return -1;
    const len = t.len;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      if (kindOf(m) !== MoveKind.Play) continue;
      const f = FACE[t.top(fromOf(m))]!;
      const s = SUIT[f]!;
      const r = RANK[f]!;
      const up = toOf(m) < DOWN;
      // the twin on the other pile: the down pile holds the ranks above the one it takes next, the up pile those
      // below (K7)
      if (up ? downNext(len, s) >= r : upNext(len, s) <= r) continue;
      if ((r > 1 && this.inCarpet(t, f - 1)) || (r < 13 && this.inCarpet(t, f + 1))) continue;
      return m;
    }
    return -1;
  }

  /** Whether a card of face f lies in the carpet (each cell holds the face dealt to it until it empties, K2). */
  private inCarpet(t: Table, f: number): boolean {
    const rows = t.vars;
    for (let k = 0; k < CELLS; k++) {
      if (this.cellFace[k] === f && (rows[ROWS + (k >> 3)]! & (1 << (k & 7))) !== 0) return true;
    }
    return false;
  }
}
