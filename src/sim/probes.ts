// The solver's probes (solve/solver.ts Probe): the honest players' own games, tried before the search. A line a
// player wins with, seeing only what a person at the table sees, is a solution the search need not find.

import type { Game } from '../core/game.js';
import type { Probe } from '../solve/solver.js';
import type { PlayerSettings } from '../players/player.js';
import { findPlayer } from '../planners/registry.js';
import { seededRng } from '../core/random.js';
import { playDeal } from './play.js';

/** The players whose games the solver tries first (greedy's is its first line anyway): deterministic ones only. */
export const PROBE_PLAYERS: readonly string[] = ['naive', 'lookahead'];

/** A probe that plays the deal with player `id` of `game` and returns its moves. */
export function playerProbe(game: Game, id: string, settings: PlayerSettings): Probe {
  const player = findPlayer(id).create(game, settings);
  const buffer = new Int32Array(4096);
  const line: number[] = [];
  return (state, deck) => {
    line.length = 0;
    playDeal(
      state,
      player,
      deck,
      () => seededRng('probe'),
      buffer,
      (m) => line.push(m),
    );
    return line;
  };
}
