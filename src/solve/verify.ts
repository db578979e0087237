// Checking a claimed win: the line is replayed on a fresh state, each move checked against the game's own
// independent legality test (GameState.isLegal) and its move generator, and the last position must be won.

import type { Deck } from '../core/deck.js';
import { describeMove, type GameState } from '../core/game.js';

/** Replay `line` on `state` dealt from `deck`: '' when every move is legal and the deal ends won, else why not. */
export function checkLine(state: GameState, deck: Deck, line: ArrayLike<number>): string {
  state.deal(deck);
  const buffer = new Int32Array(4096);
  for (let i = 0; i < line.length; i++) {
    const m = line[i]!;
    if (state.isWon()) return `won before move ${i + 1} of ${line.length}`;
    if (!state.isLegal(m)) return `move ${i + 1} (${m}) fails the game's legality test`;
    const n = state.legalMoves(buffer);
    if (!buffer.subarray(0, n).includes(m))
      return `move ${i + 1} (${describeMove(state, m)}) is not among the legal moves`;
    state.apply(m);
  }
  return state.isWon()
    ? ''
    : `the line ends with ${state.foundationCount()} of ${state.cardsInPlay} cards on the foundations`;
}
