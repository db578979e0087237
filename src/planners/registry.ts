// The explicit registry of players.

import { InputError } from '../core/errors.js';
import { greedyPlayer } from './greedy.js';
import { lookaheadPlayer } from './lookahead.js';
import { naivePlayer } from './naive.js';
import { modulePlayer } from './modules.js';
import type { PlayerSpec } from './player.js';
import { randomPlayer } from './random.js';
import { randomNoUndoPlayer } from './random-no-undo.js';
import { rolloutPlayer } from './rollout.js';

/** Every registered player, in the order `list` shows them. */
export const PLAYERS: readonly PlayerSpec[] = [naivePlayer, randomPlayer, randomNoUndoPlayer, greedyPlayer, lookaheadPlayer, rolloutPlayer];

/** The player with this id, or the player module loaded in this thread from this file URL; throws InputError naming the known ids. */
export function findPlayer(id: string): PlayerSpec {
  const player = PLAYERS.find((p) => p.id === id) ?? modulePlayer(id);
  if (!player) throw new InputError(`unknown player '${id}' (known: ${PLAYERS.map((p) => p.id).join(', ')}; or the path of a player module, such as ./my-player.mjs)`);
  return player;
}
