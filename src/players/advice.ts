// Games' own greedy priorities, drawn from each book's advice where the generic rules (greedy.ts) play a game
// badly. A game without an entry is played by the generic rules alone.

import type { Advice } from '../core/game.js';
import { carpetAdvice } from './advice/carpet.js';

export type { Advice };

/** Advice by game id. */
export const ADVICE: Readonly<Record<string, Advice>> = {
  carpet: carpetAdvice,
};
