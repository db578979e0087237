// Sampling the unseen cards: the position as a player might imagine it, every card he has seen where it is and
// the cards he has not seen (the stock, face-down packets, La Duchesse's Discard, Les Petits Paquets' Exiles: the
// piles whose role is Stock) dealt at random among their places. A sampling player (players/rollout.ts) plays on
// such positions to judge its moves.
//
// The unseen cards are found as the complement of the cards in sight, never by reading a hidden pile, so a sample
// depends on the hidden piles' sizes alone and not on their order or contents: a player that samples stays
// honest (players/player.ts). Only the sizes of hidden piles are kept; every card lands in a hidden pile of its
// group (GameState.unseenGroups). The change is one journaled step of the table: table.undo() restores the
// position exactly. It also sets the table's shuffle salt to a random non-zero value, so that a shuffled re-deal
// played inside the sample is not the real deal's (core/stock.ts redealShuffle). Caches keyed by table.version
// stay valid: relaying a watched pile bumps the version like any move.
//
// Foresight (an analysis, not a player's view): resample(state, rng, keep) keeps the top `keep` cards of every
// hidden pile as they really lie (the stock's next `keep` cards), read from the pile itself, and deals only the
// rest afresh; keep >= CARD_COUNT keeps every card and the real shuffle salt. Only a player labelled as told those
// cards (planners/foresight.ts) passes keep > 0.

import { CARD_COUNT } from './card.js';
import { PileRole, pilesWithRole, type GameState } from './game.js';
import type { Rng } from './random.js';

/** Set seen[c] to 1 for each card c in sight (in a pile whose role is not Stock), to 0 for every other card. */
export function markInSight(state: GameState, seen: Uint8Array): void {
  const t = state.table;
  const roles = state.pileRoles;
  seen.fill(0);
  for (let p = 0; p < t.pileCount; p++) {
    if (roles[p] === PileRole.Stock) continue;
    for (let i = t.size(p) - 1; i >= 0; i--) seen[t.at(p, i)] = 1;
  }
}

/** Deals the unseen cards of a position afresh; its buffers are allocated once. */
export class UnseenSampler {
  private readonly seen = new Uint8Array(CARD_COUNT);
  private readonly unseen = new Uint8Array(CARD_COUNT);
  private readonly pile = new Uint8Array(256);

  /**
   * Start a step of the table (table.begin()) and deal the cards not in sight, shuffled with rng, into the hidden
   * piles, each keeping its size; set a fresh shuffle salt. Undo with table.undo() (or state.undo()). With `keep`
   * (foresight, above), the top `keep` cards of each hidden pile stay where they are.
   */
  resample(state: GameState, rng: Rng, keep = 0): void {
    const t = state.table;
    const roles = state.pileRoles;
    const seen = this.seen;
    markInSight(state, seen);
    const hidden = pilesWithRole(roles, PileRole.Stock);
    t.begin();
    if (keep >= CARD_COUNT) return; // every card as it lies, and the real salt
    if (keep > 0)
      for (const p of hidden) for (let i = Math.max(0, t.size(p) - keep); i < t.size(p); i++) seen[t.at(p, i)] = 1;
    const groups = state.unseenGroups;
    const groupCount = groups === undefined ? 1 : 1 + Math.max(...groups.ofCard);
    for (let g = 0; g < groupCount; g++) {
      let n = 0;
      for (let c = 0; c < CARD_COUNT; c++)
        if (seen[c] === 0 && (groups === undefined || groups.ofCard[c] === g)) this.unseen[n++] = c;
      // Fisher-Yates, drawn as cards are needed
      let k = 0;
      for (const p of hidden) {
        if (groups !== undefined && groups.ofPile[p] !== g) continue;
        const size = t.size(p);
        if (size === 0) continue;
        const dealt = Math.max(0, size - keep); // the cards below the kept top
        if (k + dealt > n) throw new Error(`sample: hidden piles hold more cards than are out of sight (group ${g})`);
        for (let i = dealt; i < size; i++) this.pile[i] = t.at(p, i);
        for (let i = 0; i < dealt; i++, k++) {
          const j = k + Math.floor(rng() * (n - k));
          const c = this.unseen[j]!;
          this.unseen[j] = this.unseen[k]!;
          this.unseen[k] = c;
          this.pile[i] = c;
        }
        t.relay(p, this.pile);
      }
      if (k !== n) throw new Error(`sample: ${n - k} cards are neither in sight nor in a hidden pile (group ${g})`);
    }
    t.setSalt(1 + Math.floor(rng() * 0x7ffffffe));
  }
}
