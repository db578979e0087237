// The Shah's dead-end relaxation (the solver's, see solver.ts): only plays remain, and a card waits only for
// the "held" cards over it, those with no way out but a play. relaxedPlays plays it to its fixed point; the
// proofs that every real winning line is a line of it are at relaxedPlays.

import { faceOf, rankOf, suitOf, type Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { NO_FACE } from './cache.js';
import { LAYOUT } from './layout.js';
import { RefillSource } from './refills.js';

const FOUNDATION = LAYOUT.first.foundation;
const INNER = LAYOUT.first.inner;
const MIDDLE = LAYOUT.first.middle;
const OUTER = LAYOUT.first.outer;
const RAYS = LAYOUT.count.outer;
const TALON = LAYOUT.first.talon;

const STRIDE = 104; // room per stack in the scratch
const STOCK_ONLY = RefillSource.StockOnly;

/** What the relaxation ends with (relaxedPlays). */
export const ALL_PLAYED = 0;
export const STUCK = 1;
export const STUCK_BEFORE_GRACE = 2;

/** The relaxation of one position, its scratch allocated once. */
export class Relaxation {
  /** outerTops and baseCopies are those of the position deadEnd() is looking at (false: count them again). */
  copiesCounted = false;
  // Scratch, allocated once: 9 stacks (the 8 rays, outer pile top first then middle then inner, and the talon
  // top first), STRIDE cards each.
  private readonly freeCopies = new Uint8Array(NO_FACE + 2); // per face: copies free (or played) so far
  private readonly outerTops = new Uint8Array(NO_FACE + 2); // per face: copies that may yet lie on an outer top
  private readonly baseCopies = new Uint8Array(NO_FACE + 2); // per face: copies on no foundation
  private readonly talonBelow = new Uint8Array(NO_FACE + 2); // per face: copies lower in the talon (scan)
  private readonly stackCard = new Uint8Array(9 * STRIDE);
  private readonly stackHeld = new Uint8Array(9 * STRIDE); // 1: the card leaves its place only by a play
  private readonly stackLen = new Uint8Array(9);
  private readonly stackAt = new Uint8Array(9); // the first card of each stack not yet played
  private readonly stackInner = new Uint8Array(9); // index of a ray's inner card in its stack; 255 for none
  private readonly reach = new Uint8Array(4); // per suit: every rank up to this has a copy free or played
  private readonly talonFlags = new Uint8Array(STRIDE); // per talon card, bottom first: 1 when held

  constructor(
    private readonly table: Table,
    private readonly refillSource: number,
    private readonly groupMoves: boolean,
  ) {}

  /**
   * Count into outerTops, per face, the copies that may yet lie on an outer top: those neither on a foundation
   * nor in a middle or inner place; and into baseCopies the copies on no foundation.
   */
  private countCopies(): void {
    const len = this.table.len;
    const cards = this.table.cards;
    const cap = this.table.cap;
    const tops = this.outerTops;
    for (let s = 0; s < 4; s++) {
      const h1 = len[FOUNDATION + s]!;
      const h2 = len[FOUNDATION + s + 4]!;
      // face s*13 + r - 1 is rank r; a foundation of k cards holds ranks 1..k
      for (let r = 2; r <= 12; r++) tops[s * 13 + r - 1] = 2 - (h1 >= r ? 1 : 0) - (h2 >= r ? 1 : 0);
    }
    this.baseCopies.set(tops);
    for (let p = INNER; p < OUTER; p++) if (len[p]! > 0) tops[faceOf(cards[p * cap]!)]!--;
    this.copiesCounted = true;
  }

  /** With stockOnly: whether some talon card is held (see relaxedPlays), the flags put in talonFlags. */
  talonHeld(): boolean {
    if (this.refillSource !== STOCK_ONLY) return false;
    const t = this.table;
    const n = t.len[TALON]!;
    if (n === 0) return false;
    if (!this.copiesCounted) this.countCopies();
    const tops = this.outerTops;
    const below = this.talonBelow;
    const cards = t.cards;
    const talon = TALON * t.cap;
    let any = false;
    for (let i = 0; i < n; i++) {
      const f = faceOf(cards[talon + i]!);
      const held = tops[f + 1]! - below[f + 1]! === 0;
      this.talonFlags[i] = held ? 1 : 0;
      if (held) any = true;
      below[f]!++;
    }
    for (let i = 0; i < n; i++) below[faceOf(cards[talon + i]!)] = 0;
    return any;
  }

  /**
   * Play the relaxation (see deadEndRules) to its fixed point: ALL_PLAYED, STUCK_BEFORE_GRACE when some card
   * stays unplayed and no card now in an inner place was played, STUCK otherwise. beforeGrace: outer cards
   * may hold (and the first play of an inner card ends it, STUCK); talonHeld: the talon's cards may hold (flags
   * from talonHeld()); tokens >= 0: talon-beyond-graces, with that many graces to begin with.
   *
   * Held cards, and why each must be played before the cards under it can be (take any real line W from here):
   * - A middle card, over the inner card of its ray (middle-over-inner, always). An inner card is played only
   *   when the middle place of its ray is empty (S5), and a middle card leaves only by a play (S3: it is never a
   *   marriage source, and a grace moves only an outer top, S12).
   * - With beforeGrace, until W's first grace (held-before-grace):
   *   - an outer card U (suit s, rank u), over the cards under it in its pile and the middle and inner cards of
   *     its ray (S5), when no copy of s u+1 could ever lie on another outer top: every copy is on a foundation
   *     (it stays there), in a middle or inner place (it only leaves by a play, S3), or is the card U lies on (it
   *     cannot move before U does; an outer pile is a same-suit descending run, so that is the only copy under
   *     U). Then U cannot be married (S1, S2), and without a grace it leaves only by a play. Not with
   *     groupMoves, where U could be carried by a run from a card under it (S4).
   *   - with refillSource=stockOnly (Hoffmann), a talon card A over the talon cards under it, when no copy of
   *     s a+1 could ever lie on an outer top, the copies under A in the talon counted out too (they cannot leave
   *     before A). Vacancies never take a talon card there (S9), and without a grace (S12 fills from the talon)
   *     A leaves only by a play (S16: only the top leaves).
   * Why only until the first grace: a grace needs an open lane, a ray with all three places empty (S12). When no
   * inner place is empty now, each inner card lying there now must be played (its only way out, S3) before any
   * lane opens, so before W's first grace. Hence if W wins, every play W makes before its first grace is a play
   * of the beforeGrace relaxation in the same order, so the fixed point plays every card (W never graces) or some
   * card now in an inner place (W graces). STUCK_BEFORE_GRACE thus proves no W wins; after STUCK the caller
   * tries again without beforeGrace, whose middle cards hold at all times, so every play of W is a relaxed play.
   * talon-beyond-graces (tokens >= 0; stockOnly, the talon holding cards): the outer cards are free, the middle
   * cards hold as above, and the talon's held cards (as above, the marriage argument holding at all times) leave
   * only by a play or by a grace, which takes the talon's top card to a middle place and the next to the outer
   * place (S12): at most two of the cards now in the talon, the topmost left of them (S16). The relaxation lets
   * each grace it spends take the two topmost left, both then free, and spends one only when nothing else moves,
   * so it has taken off at least the cards W has. How many graces W can make by a time: each fills an empty inner
   * place, and an inner place is emptied only by a play of its card (S3). The cards that can lie in an inner
   * place are those there now (each played once), refills (with stockOnly, cards now in the stock or the current
   * card, S9), and grace donors; a donor lies under the middle card its grace laid, and is played only after it
   * (S5), which is a card now in the talon or now in the stock, each stock card serving at most once as either.
   * So W's graces number at most: open lanes now + stock and current cards + cards now in inner places played +
   * cards now in the talon played. The relaxation counts these with its own plays (a card off the talon counts
   * once its rank is within reach), which include every play of W, so it has graces for every grace of W.
   * The relaxed foundation condition holds for every real play (the foundation a card of rank r goes on holds a
   * copy of every rank below r). The stock and the current card are free: an over-approximation.
   */
  relaxedPlays(beforeGrace: boolean, talonHeld: boolean, tokens = -1): number {
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const free = this.freeCopies;
    const tops = this.outerTops;
    const card = this.stackCard;
    const held = this.stackHeld;
    const size = this.stackLen;
    const at = this.stackAt;
    const inner = this.stackInner;
    const outerHeld = beforeGrace && !this.groupMoves;
    // freeCopies: the copies on no foundation; each card put in a stack below is taken out, and counted back
    // when the relaxation frees it. What is left is free from the start: the stock, the current card, and the
    // talon unless it holds cards.
    if (!this.copiesCounted) this.countCopies();
    free.set(this.baseCopies);
    // The rays, each in the order S5 opens its places: the outer pile top first, then the middle card, then the
    // inner card.
    for (let r = 0; r < RAYS; r++) {
      const base = r * STRIDE;
      let k = 0;
      const p = OUTER + r;
      const bottom = p * cap;
      for (let i = bottom + len[p]! - 1; i >= bottom; i--) {
        const f = faceOf(cards[i]!);
        free[f]!--;
        card[base + k] = cards[i]!;
        // the copy of s u+1 under U, if U was married onto it, cannot be U's way out
        const under = i > bottom && faceOf(cards[i - 1]!) === f + 1 ? 1 : 0;
        held[base + k++] = outerHeld && tops[f + 1]! - under === 0 ? 1 : 0;
      }
      // a middle or inner card leaves only by a play (S3)
      if (len[MIDDLE + r]! > 0) {
        card[base + k] = cards[(MIDDLE + r) * cap]!;
        free[faceOf(card[base + k]!)]!--;
        held[base + k++] = 1;
      }
      inner[r] = 255;
      if (len[INNER + r]! > 0) {
        inner[r] = k;
        card[base + k] = cards[(INNER + r) * cap]!;
        free[faceOf(card[base + k]!)]!--;
        held[base + k++] = 1;
      }
      size[r] = k;
    }
    // The talon, top first, when it holds cards (flags from talonHeld()); otherwise its cards are free.
    size[8] = 0;
    if (talonHeld) {
      const n = len[TALON]!;
      const talon = TALON * cap;
      const base = 8 * STRIDE;
      for (let i = 0; i < n; i++) {
        const c = cards[talon + i]!;
        free[faceOf(c)]!--;
        card[base + n - 1 - i] = c;
        held[base + n - 1 - i] = this.talonFlags[i]!;
      }
      size[8] = n;
    }
    inner[8] = 255;
    const reach = this.reach;
    for (let s = 0; s < 4; s++) {
      let h = Math.max(len[FOUNDATION + s]!, len[FOUNDATION + s + 4]!); // a foundation of k cards ends in rank k
      while (h < 12 && free[s * 13 + h]! > 0) h++; // face s*13 + h is rank h + 1
      reach[s] = h;
    }
    for (let k = 0; k < 9; k++) {
      at[k] = 0;
      this.freeDown(k);
    }
    // Play to the fixed point: a stack's first held card is played once its rank is within reach.
    let innerPlayed = false;
    let innerPlays = 0;
    let spent = 0; // talon-beyond-graces: graces spent on the talon (tokens < 0: that mode is off)
    for (;;) {
      for (let changed = true; changed; ) {
        changed = false;
        for (let k = 0; k < 9; k++) {
          for (;;) {
            if (at[k] === size[k]) break;
            const c = card[k * STRIDE + at[k]!]!;
            if (rankOf(c) > reach[suitOf(c)]! + 1) break;
            if (at[k] === inner[k]) {
              // a grace may come after this play; the caller's other pass (without beforeGrace) decides
              if (beforeGrace) return STUCK;
              innerPlayed = true;
              innerPlays++;
            }
            at[k]++;
            this.freeDown(k);
            changed = true;
          }
        }
      }
      // Stuck. With graces left, spend one on the talon: its top two cards go to a middle and an outer place,
      // both taken as free.
      if (tokens < 0 || at[8] === size[8]) break;
      let played = 0; // talon cards off the talon whose rank is within reach: played, or playable
      for (let i = 8 * STRIDE, end = i + at[8]!; i < end; i++)
        if (rankOf(card[i]!) <= reach[suitOf(card[i]!)]! + 1) played++;
      if (tokens + innerPlays + played - spent <= 0) break;
      spent++;
      at[8]++; // the first held card, counted free already
      if (at[8] < size[8]) {
        this.countFree(card[8 * STRIDE + at[8]!]!);
        at[8]++;
      }
      this.freeDown(8);
    }
    for (let k = 0; k < 9; k++) if (at[k] !== size[k]) return innerPlayed ? STUCK : STUCK_BEFORE_GRACE;
    return ALL_PLAYED;
  }

  /** Count card c free in the relaxation, and extend its suit's reach. */
  private countFree(c: Card): void {
    const free = this.freeCopies;
    const reach = this.reach;
    free[faceOf(c)]!++;
    const s = suitOf(c);
    let h = reach[s]!;
    if (rankOf(c) === h + 1) {
      while (h < 12 && free[s * 13 + h]! > 0) h++;
      reach[s] = h;
    }
  }

  /** Free stack k's cards from its first unplayed one down to and including the next held one, reach kept up. */
  private freeDown(k: number): void {
    const at = this.stackAt;
    const end = this.stackLen[k]!;
    const base = k * STRIDE;
    while (at[k]! < end) {
      const i = base + at[k]!;
      this.countFree(this.stackCard[i]!);
      if (this.stackHeld[i] === 1) return;
      at[k]++;
    }
  }
}
