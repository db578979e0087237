// The explicit registry of games: a game exists for the analyzer when it is listed here.

import type { Game } from '../core/game.js';
import { InputError } from '../core/errors.js';
import { carpet } from './carpet/index.js';
import { congress } from './congress/index.js';
import { constitution } from './constitution/index.js';
import { duchesseDeLuynes } from './duchesse-de-luynes/index.js';
import { fishBone } from './fish-bone/index.js';
import { hemispheres } from './hemispheres/index.js';
import { napoleonsSquare } from './napoleons-square/index.js';
import { petitsPaquets } from './petits-paquets/index.js';
import { shah } from './shah/index.js';
import { sultan } from './sultan/index.js';
import { sympathie } from './sympathie/index.js';
import { zodiac } from './zodiac/index.js';

/** Every registered game, in the order `list` shows them (the order of RULES.md). */
export const GAMES: readonly Game[] = [
  shah,
  sultan,
  hemispheres,
  petitsPaquets,
  napoleonsSquare,
  duchesseDeLuynes,
  constitution,
  zodiac,
  sympathie,
  carpet,
  fishBone,
  congress,
];

/** The game with this id; throws InputError naming the known ids. */
export function findGame(id: string): Game {
  const game = GAMES.find((g) => g.id === id);
  if (!game) throw new InputError(`unknown game '${id}' (known: ${GAMES.map((g) => g.id).join(', ')})`);
  return game;
}
