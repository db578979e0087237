// The explicit registry of players: those of the table (players/) and those that plan with the solver (planners/).

import { InputError } from '../core/errors.js';
import { greedyPlayer } from '../players/greedy.js';
import { learnedPlayer } from '../players/learned.js';
import { lookaheadPlayer } from '../players/lookahead.js';
import { naivePlayer } from '../players/naive.js';
import { modulePlayer } from '../players/modules.js';
import type { PlayerSpec } from '../players/player.js';
import { randomPlayer } from '../players/random.js';
import { randomNoUndoPlayer } from '../players/random-no-undo.js';
import { ismctsPlayer } from '../players/ismcts.js';
import { rolloutPlayer } from '../players/rollout.js';
import { foresightPlayer } from './foresight.js';
import { hindsightPlayer } from './hindsight.js';

/** Every registered player, in the order `list` shows them. */
export const PLAYERS: readonly PlayerSpec[] = [
  naivePlayer,
  randomPlayer,
  randomNoUndoPlayer,
  greedyPlayer,
  learnedPlayer,
  lookaheadPlayer,
  rolloutPlayer,
  hindsightPlayer,
  ismctsPlayer,
  foresightPlayer,
];

/** The player with this id, or the player module loaded in this thread from this file URL; throws InputError naming the
 * known ids. */
export function findPlayer(id: string): PlayerSpec {
  const player = PLAYERS.find((p) => p.id === id) ?? modulePlayer(id);
  if (!player)
    throw new InputError(
      `unknown player '${id}' (known: ${PLAYERS.map((p) => p.id).join(', ')}; or the path of a player module, such as ./my-player.mjs)`,
    );
  return player;
}
