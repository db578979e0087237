// The Shah's solver-side declaration (Game.solving): the dead-end rules and the safe move, each with its proof. The
// solver knows every card, the stock's order included; a player never calls these, and legalMoves, play and
// undo read nothing here.
//
// Dead ends: a relaxation in which only plays remain. A card may be played as soon as one copy of each lower
// rank of its suit has reached a foundation (a real play needs that and more: the foundation it goes on holds
// one copy of every lower rank), and a card waits only for the cards that must be PLAYED before it can be: the
// cards lying over it in the same pile or ray that have no way out but a play ("held" cards). Everything else
// (the stock, the current card, the talon in Cadogan's reading, outer cards with a possible marriage) is taken
// to be free whenever it is wanted. A relaxation that cannot play every card proves that no line wins: every
// real winning line is also a line of the relaxation (proof at relaxedPlays, solver-relaxation.ts). Played to a
// fixed point it is exact for the relaxed game, because a play there never takes anything away (no second-copy
// condition).

import { faceOf, rankOf, suitOf } from '../../core/card.js';
import { MoveKind, fromOf, kindOf, type Move } from '../../core/move.js';
import type { GameSolving, SolvingAid } from '../../core/solving.js';
import type { Table } from '../../core/table.js';
import { NO_FACE } from './cache.js';
import { LAYOUT, Phase, VARS } from './layout.js';
import { ALL_PLAYED, Relaxation, STUCK_BEFORE_GRACE } from './solver-relaxation.js';
import { RefillSource } from './refills.js';
import { openPlace } from './rules.js';
import type { ShahState } from './state.js';

const FOUNDATION = LAYOUT.first.foundation;
const INNER = LAYOUT.first.inner;
const OUTER = LAYOUT.first.outer;
const RAYS = LAYOUT.count.outer;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first['current card'];
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;

const STOCK_ONLY = RefillSource.StockOnly;
const VERDICT_SLOTS = 4096; // relaxation verdicts kept by table version (a power of two)
const POSITION_SLOTS = 1 << 16; // deadEnd()'s verdicts kept by position (a power of two)

/** Names of the dead-end rules, deadEnd() returning 1 + the index; the proofs are at Relaxation.relaxedPlays. */
export const DEAD_END_RULES: readonly string[] = ['middle-over-inner', 'held-before-grace', 'talon-beyond-graces'];

/** What the solver asks of The Shah: its dead-end rules and safe move, by a ShahSolver on the state's table. */
export const shahSolving: GameSolving<ShahState> = {
  deadEndRules: DEAD_END_RULES,
  aid: (state) => new ShahSolver(state.table, state.refillSource, state.groupMoves),
};

/** The solving aid of one state of The Shah. */
export class ShahSolver implements SolvingAid {
  private readonly relaxation: Relaxation;
  private readonly positionVerdicts = new Int32Array(POSITION_SLOTS * 3).fill(-1); // version, outside, verdict
  private checkedOutside = -1; // deadEnd()'s gate: stock, current card and talon sizes where it last looked
  private readonly verdictA = new Int32Array(VERDICT_SLOTS * 2).fill(-1); // cached(): version, verdict pairs
  private readonly verdictB = new Int32Array(VERDICT_SLOTS * 2).fill(-1);
  private readonly held = new Uint8Array(NO_FACE + 2); // everyFaceFree()'s scratch, zero between uses

  constructor(
    private readonly table: Table,
    private readonly refillSource: number,
    groupMoves: boolean,
  ) {
    this.relaxation = new Relaxation(table, refillSource, groupMoves);
  }

  /** 0, or 1 + the index in deadEndRules of a rule proving that no line wins from here. */
  deadEnd(): number {
    const t = this.table;
    const len = t.len;
    const phase = t.vars[PHASE]!;
    if (phase < Phase.Free) {
      this.checkedOutside = -1; // a deal starts: the gate below starts afresh, so verdicts never hang on history
      return 0; // the deal's pauses: the star is not complete (S10, S11)
    }
    // Cost: a verdict costs about as much as the rest of the search does per position, so it is asked where it
    // pays (docs/decisions.md#shahs-dead-end-verdicts-asked). With the talon free
    // (Cadogan's reading) they fire mostly once the stock is out, so there, and while neither the current card
    // nor the talon holds a card: the main phase's first step, before the stock's first turn (a deal lost from
    // the start is proved so there at once), and seldom after. With stockOnly, in the free moves, at every fourth
    // step of the stock (a held talon card or a locked ray stays so for many steps), at the first step, and once
    // it is out, only where the stock, the current card or the talon has changed since the last
    // position asked (the first position of each such step the search enters, and after each move of a talon
    // card; the star's own plays and marriages seldom make a dead end the position before them was not), and
    // always at a refill or turn. Asking less often only prunes less: every verdict given is proved.
    const outsideEmpty = len[CURRENT]! + len[TALON]! === 0; // the first step, before any turn, and seldom after
    if (this.refillSource !== STOCK_ONLY) {
      if (len[STOCK]! + len[CURRENT]! > 0 && !outsideEmpty) return 0;
    } else if (phase === Phase.Free) {
      // while the stock lasts, every fourth step: a dead end of the star or the talon lasts over steps
      if ((len[STOCK]! & 3) !== 0 && !outsideEmpty) return 0;
      const outside = len[STOCK]! | (len[CURRENT]! << 8) | (len[TALON]! << 16);
      if (outside === this.checkedOutside) return 0;
      this.checkedOutside = outside;
    }
    // The verdict reads the star and the foundations, which table.version names, and with stockOnly also the
    // talon, which the stock's and current card's sizes then name: positions of one version differ only by turns
    // of the stock (every other move changes the star or the foundations). Kept per position, a verdict serves
    // the same position again in the search's later passes.
    const v = t.version;
    const outside = this.refillSource === STOCK_ONLY ? len[STOCK]! | (len[CURRENT]! << 8) : 0;
    const slot = (Math.imul(v, 0x9e3779b1) ^ outside) & (POSITION_SLOTS - 1);
    const cache = this.positionVerdicts;
    if (cache[slot * 3] === v && cache[slot * 3 + 1] === outside) return cache[slot * 3 + 2]!;
    const verdict = this.deadEndNow();
    cache[slot * 3] = v;
    cache[slot * 3 + 1] = outside;
    cache[slot * 3 + 2] = verdict;
    return verdict;
  }

  /** deadEnd()'s verdict worked out afresh. */
  private deadEndNow(): number {
    const t = this.table;
    const len = t.len;
    if (this.everyFaceFree()) return 0;
    this.relaxation.copiesCounted = false;
    let lanes = 0;
    for (let r = 0; r < RAYS; r++) if (len[INNER + r] === 0) lanes++;
    // With stockOnly the talon may hold cards; when none of it does, the talon is free as in the other readings.
    const talonHeld = this.relaxation.talonHeld();
    if (lanes === 0) {
      const verdict = talonHeld ? this.relaxation.relaxedPlays(true, true) : this.cached(this.verdictA, true);
      if (verdict === ALL_PLAYED) return 0;
      if (verdict === STUCK_BEFORE_GRACE) return 2; // held-before-grace
    }
    if (talonHeld && len[STOCK]! + len[CURRENT]! === 0) {
      // talon-beyond-graces, asked once the stock is out (before, each stock card is one more grace, and it
      // seldom holds); it holds more than middle-over-inner, so when it plays every card so does that
      return this.relaxation.relaxedPlays(false, true, lanes) === ALL_PLAYED ? 0 : 3;
    }
    return this.cached(this.verdictB, false) === ALL_PLAYED ? 0 : 1; // middle-over-inner
  }

  /**
   * A play proved safe, or -1. Only in the last stage: stock, current card and talon all empty. Then a card X of
   * suit s and rank r that fits a foundation while both foundations of s hold r-1 cards or more (so every card of
   * s below r is on them) is played at once. Proof: take any line L from here; let L' play X first, then make L's
   * moves, leaving out those that move X. Nothing can be married onto X (no card of s r-1 is left), so no move of
   * L uses X as a target; with no card left to refill from or to turn, no move of L' triggers a refill, a turn
   * or a grace fill that L would not (S13, S17: a vacancy with no source stays empty; End is never legal), so
   * every other pile is the same in L' as in L except for X's absence, which only empties places: each of L's
   * plays, marriages and graces has its card available and its target or lane there in L' too (S5, S12). On the
   * foundations of s, L' holds X as well as L's cards until L plays X; a card of rank q fits when fewer copies of
   * q than of q-1 lie on them, which X's extra copy of r keeps true for q = r+1 and cannot break for q = r, as
   * both copies of r-1 are there (up to which of the two foundations takes a card, which changes no rule). So
   * L' is legal and ends won whenever L does.
   *
   * No other move is proved safe, and none is offered: with a stock top or a talon left, taking a card off a place
   * makes a vacancy that a compulsory refill (S7, S13) fills with another card, and a card left lying (even one
   * that fits) may be wanted as the talon top a grace fills from (S12), as the card a refill takes, or as a
   * marriage target for the other copy of the card below it (two packs): any of these changes what lies where.
   */
  safeMove(moves: Int32Array, n: number): Move {
    const t = this.table;
    const len = t.len;
    if (len[STOCK]! + len[CURRENT]! + len[TALON]! !== 0 || t.vars[PHASE] !== Phase.Free) return -1;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      if (kindOf(m) !== MoveKind.Play) continue;
      const c = t.top(fromOf(m));
      const s = suitOf(c);
      if (Math.min(len[FOUNDATION + s]!, len[FOUNDATION + s + 4]!) >= rankOf(c) - 1) return m;
    }
    return -1;
  }

  /**
   * A quick sufficient test that the relaxation plays every card, whatever its mode: every face not yet on a
   * foundation has a copy among the cards every mode frees at once (the stock, the current card, the talon top,
   * the whole talon unless stockOnly, and the outermost card of each ray, the first of its stack). Then each
   * suit is within reach up to the queen from the start, so every held card is played in turn.
   */
  private everyFaceFree(): boolean {
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const held = this.held; // copies not freed at once, per face
    for (let r = 0; r < RAYS; r++) {
      // a ray's cards other than the top of its open place (S5): the rest of that place, and the places behind
      const open = openPlace(len, OUTER + r);
      for (let p = INNER + r; p <= open; p += RAYS) {
        for (let i = p * cap, end = i + len[p]! - (p === open ? 1 : 0); i < end; i++) held[faceOf(cards[i]!)]!++;
      }
    }
    const talon = TALON * cap;
    const talonHeld = this.refillSource === STOCK_ONLY ? len[TALON]! - 1 : 0;
    for (let i = talon; i < talon + talonHeld; i++) held[faceOf(cards[i]!)]!++;
    let free = true;
    for (let s = 0; s < 4 && free; s++) {
      const h1 = len[FOUNDATION + s]!;
      const h2 = len[FOUNDATION + s + 4]!;
      for (let r = Math.max(h1, h2) + 1; r <= 12; r++) {
        // copies of rank r on no foundation, less those not freed at once
        if (2 - (h1 >= r ? 1 : 0) - (h2 >= r ? 1 : 0) - held[s * 13 + r - 1]! <= 0) {
          free = false;
          break;
        }
      }
    }
    held.fill(0);
    return free;
  }

  /**
   * relaxedPlays(beforeGrace) with the talon free, kept per table.version in `cache`: that relaxation reads only
   * the star and the foundations (the free cards and the possible outer tops are the rest), which the version
   * names (Table.version: a fresh number for each new content of the watched piles, the old one back on undo).
   */
  private cached(cache: Int32Array, beforeGrace: boolean): number {
    const v = this.table.version;
    const slot = (v & (VERDICT_SLOTS - 1)) * 2;
    if (cache[slot] !== v) {
      cache[slot] = v;
      cache[slot + 1] = this.relaxation.relaxedPlays(beforeGrace, false);
    }
    return cache[slot + 1]!;
  }
}
