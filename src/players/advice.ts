// Games' own greedy priorities, drawn from each book's advice where the generic rules (greedy.ts) play a game
// badly. A game without an entry is played by the generic rules alone.

import type { GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import { fishBoneAdvice } from './advice/fish-bone.js';

/**
 * A game's priorities: the score of a move on greedy's scale (play from outside 100, from the layout 90, 0 =
 * not worth making), or undefined to leave the move to the generic rules.
 */
export type Advice = (state: GameState, m: Move) => number | undefined;

/** Advice by game id. */
export const ADVICE: Readonly<Record<string, Advice>> = {
  'fish-bone': fishBoneAdvice,
};
