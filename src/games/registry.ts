// The explicit registry of games: a game exists for the analyzer when it is listed here.

import type { Game } from '../core/game.js';
import { InputError } from '../core/errors.js';
import { fishBone } from './fish-bone.js';
import { shah } from './shah.js';

/** Every registered game, in the order `list` shows them. */
export const GAMES: readonly Game[] = [shah, fishBone];

/** The game with this id; throws InputError naming the known ids. */
export function findGame(id: string): Game {
  const game = GAMES.find((g) => g.id === id);
  if (!game) throw new InputError(`unknown game '${id}' (known: ${GAMES.map((g) => g.id).join(', ')})`);
  return game;
}
