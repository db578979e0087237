// Sympathie's rulings that more than one view needs (the moves, the turning, the settling of the turns), each
// coded once here; the rules card in index.ts says which function codes which ruling.

import type { Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const SLOTS = LAYOUT.count.aDown; // a player's packets, his grace the last
const DOWN = LAYOUT.first.aDown;
const UP = LAYOUT.first.aUp - DOWN; // from a face-down part to its packet's top
const PLAYER_PILES = LAYOUT.first.bDown - DOWN; // from A's piles to B's
const PAIRS = LAYOUT.first.pairs; // PAIRS + P: the cards player P has laid aside

/** First face-down pile of player p (0 = A, 1 = B). */
export function downOf(p: number): number {
  return DOWN + p * PLAYER_PILES;
}

/** First face-up pile of player p. */
export function upOf(p: number): number {
  return downOf(p) + UP;
}

/**
 * Y2: whether packet k of player p shows a face-down top, the only kind he may turn: cards face down, none face
 * up on them (a card his opponent's pairing exposed stays so until his turn).
 */
export function faceDownTop(len: Uint8Array, p: number, k: number): boolean {
  return len[downOf(p) + k] !== 0 && len[upOf(p) + k] === 0;
}

/** The other copy of a card: the same rank and suit in the other player's pack. */
function twinOf(c: Card): Card {
  return c >= 52 ? c - 52 : c + 52;
}

/**
 * Y2, Y3: player p turns the face-down top of pile `down` onto its packet's top `up` in table t; while the card
 * turned is identical to a face-up top of the other player, both are laid aside and the next card of the same
 * packet is turned. A grace is turned the same way, as a packet of one card.
 */
export function turnPacket(t: Table, p: number, down: number, up: number): void {
  const other = upOf(1 - p);
  for (;;) {
    const twin = twinOf(t.move(down, up));
    let q = -1;
    for (let k = 0; k < SLOTS; k++) {
      if (t.top(other + k) === twin) {
        q = other + k;
        break;
      }
    }
    if (q < 0) return;
    t.move(up, PAIRS + p);
    t.move(q, PAIRS + 1 - p);
    if (t.size(down) === 0) return;
  }
}
