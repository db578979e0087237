// A sample carried from one decision to the next (hindsight.ts): when the move made is the first of a line the
// solver found winning in a sample, that sample and the rest of its line stay a winning sample of the next
// position, so the next decision gets the sample's vote without a search. The sample is kept as the hidden piles'
// cards and the shuffle salt, moved on by playing the move inside it.
//
// Honesty and exactness: the kept sample is one of the player's own imaginings (core/sample.ts), never the real
// stock. Where the move turned up a card and the sample had another there, the sample is repaired by swapping the
// real card into that place: for hidden cards dealt uniformly (within their group), this swap is an exact draw
// of the sample conditioned on the card now seen. A repaired line is played out again before it votes; any other
// mismatch (a pile's size, two cards, another group) drops the sample.

import { CARD_COUNT } from '../core/card.js';
import { PileRole, pilesWithRole, type GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import { markInSight } from '../core/sample.js';

/** The hidden piles of one sample and the winning line found in it, carried while the moves made follow it. */
export class CarriedSample {
  /** Whether a sample is held. */
  held = false;
  /** Whether the sample was repaired since its line last won (the line must be played out again before it votes). */
  repaired = false;
  private line: Int32Array = new Int32Array(0);
  private at = 0; // the line's next move
  private salt = 0;
  private piles: readonly number[] = [];
  private readonly sizes = new Int32Array(256);
  private readonly cards = new Uint8Array(CARD_COUNT);
  private readonly seen = new Uint8Array(CARD_COUNT);
  private readonly kept = new Uint8Array(CARD_COUNT);
  private readonly pile = new Uint8Array(256);

  /** Forget the sample. */
  drop(): void {
    this.held = false;
  }

  /** The line's next move (held only). */
  get next(): Move {
    return this.line[this.at]!;
  }

  /** The moves of the line left after next, counting it. */
  get left(): number {
    return this.line.length - this.at;
  }

  /** Keep the sample the state stands in and the line found winning there. */
  capture(state: GameState, line: Int32Array): void {
    this.piles = pilesWithRole(state.pileRoles, PileRole.Stock);
    this.record(state);
    this.line = line;
    this.at = 0;
    this.repaired = false;
    this.held = line.length > 0;
  }

  /**
   * The player makes `move` at the real position (not yet applied): the sample goes on if it is the line's next
   * move, played inside the sample; otherwise it is dropped.
   */
  follow(state: GameState, move: Move): void {
    if (!this.held) return;
    if (move !== this.next || this.at + 1 >= this.line.length) {
      this.held = false;
      return;
    }
    const t = state.table;
    if (!this.layOut(state)) return; // a decision without samples (one move) may follow a card turned up
    state.apply(move);
    this.record(state);
    state.undo();
    t.undo();
    this.at++;
  }

  /**
   * Begin a step of the table and lay the kept sample out in the real position (as UnseenSampler.resample does),
   * repaired if the last move turned up a card the sample had elsewhere; false, with nothing begun and the sample
   * dropped, when it cannot be made to fit.
   */
  layOut(state: GameState): boolean {
    if (!this.held) return false;
    const t = state.table;
    const seen = this.seen;
    markInSight(state, seen);
    const kept = this.kept;
    kept.fill(0);
    let n = 0;
    for (let j = 0; j < this.piles.length; j++) {
      if (t.size(this.piles[j]!) !== this.sizes[j]) return this.fail();
      n += this.sizes[j]!;
    }
    let wrong = -1; // the index among the kept cards of one that is in sight in the real position
    for (let i = 0; i < n; i++) {
      const c = this.cards[i]!;
      kept[c] = 1;
      if (seen[c] === 1) {
        if (wrong >= 0) return this.fail();
        wrong = i;
      }
    }
    if (wrong >= 0) {
      let missing = -1; // the card out of sight in the real position that the sample has in sight
      for (let c = 0; c < CARD_COUNT; c++)
        if (seen[c] === 0 && kept[c] === 0) {
          if (missing >= 0) return this.fail();
          missing = c;
        }
      const groups = state.unseenGroups;
      if (missing < 0 || (groups !== undefined && groups.ofCard[missing] !== groups.ofCard[this.cards[wrong]!]))
        return this.fail();
      this.cards[wrong] = missing;
      this.repaired = true;
    }
    this.layOutAsKept(state);
    return true;
  }

  /** Whether the rest of the line, played from the state (a laid-out sample), is legal and wins; state kept. */
  stillWins(state: GameState): boolean {
    let made = 0;
    let won = false;
    for (let i = this.at; i < this.line.length; i++) {
      const m = this.line[i]!;
      if (!state.isLegal(m)) break;
      state.apply(m);
      made++;
      if (state.isWon()) {
        won = true;
        break;
      }
    }
    for (; made > 0; made--) state.undo();
    return won;
  }

  private fail(): false {
    this.held = false;
    return false;
  }

  /** t.begin(), then the kept cards into the hidden piles and the kept salt. */
  private layOutAsKept(state: GameState): void {
    const t = state.table;
    t.begin();
    let k = 0;
    for (let j = 0; j < this.piles.length; j++) {
      const size = this.sizes[j]!;
      if (size === 0) continue;
      for (let i = 0; i < size; i++) this.pile[i] = this.cards[k++]!;
      t.relay(this.piles[j]!, this.pile);
    }
    t.setSalt(this.salt);
  }

  /** Record the hidden piles' cards and the salt the state stands in. */
  private record(state: GameState): void {
    const t = state.table;
    let k = 0;
    for (let j = 0; j < this.piles.length; j++) {
      const p = this.piles[j]!;
      const size = t.size(p);
      this.sizes[j] = size;
      for (let i = 0; i < size; i++) this.cards[k++] = t.at(p, i);
    }
    this.salt = t.salt;
  }
}
