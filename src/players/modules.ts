// Players from outside: the table of player modules loaded in this thread (sim/modules.ts loads them), keyed by
// the module's file URL, and the guard every such player plays behind. The guard holds a module player to the
// contract a built-in keeps by construction: choose() returns one of the moves it was given, or STOP, and leaves
// the state as it found it; a throw, a state left changed or any other answer becomes a Misplay, which the runner
// reports with the deal and the move.

import type { Game, GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { Rng } from '../core/random.js';
import { STOP, type Player, type PlayerSettings, type PlayerSpec } from './player.js';

/** A module player broke the contract: it threw, or answered with a move it was not offered. */
export class Misplay extends Error {
  constructor(
    message: string,
    /** The stack of what the player threw, if it threw. */
    readonly detail?: string,
    /** True when it threw in reset(), before its first move. */
    readonly inReset = false,
  ) {
    super(message);
    this.name = 'Misplay';
  }
}

const loaded = new Map<string, PlayerSpec>();

/** Add a module's spec under its file URL; its players are guarded. */
export function addModulePlayer(url: string, spec: PlayerSpec): PlayerSpec {
  const guarded: PlayerSpec = {
    ...spec,
    create: (game: Game, settings: PlayerSettings) =>
      new Guarded(checkedPlayer(spec.create(game, settings), game, spec.id), spec.id),
  };
  loaded.set(url, guarded);
  return guarded;
}

/** What create() returned, if it is a player (reset and choose are functions); else a Misplay saying what it lacks. */
function checkedPlayer(made: unknown, game: Game, id: string): Player {
  const missing =
    typeof made !== 'object' || made === null
      ? undefined
      : (['reset', 'choose'] as const).filter((f) => typeof (made as Record<string, unknown>)[f] !== 'function');
  if (missing === undefined)
    throw new Misplay(`player ${id}: create() on ${game.id} returned ${String(made)}, not a player`);
  if (missing.length > 0)
    throw new Misplay(
      `player ${id}: create() on ${game.id} returned a player without ${missing.join(' and ')}: it must have reset(makeRng) and choose(state, moves, n)`,
    );
  return made as Player;
}

/** The guarded spec of the module loaded from this URL, if it is loaded in this thread. */
export function modulePlayer(url: string): PlayerSpec | undefined {
  return loaded.get(url);
}

/** A module's player behind the contract's checks. */
class Guarded implements Player {
  constructor(
    private readonly inner: Player,
    private readonly id: string,
  ) {}

  reset(makeRng: () => Rng): void {
    try {
      this.inner.reset(makeRng);
    } catch (err) {
      throw new Misplay(`player ${this.id} threw in reset(): ${String(err)}`, (err as Error)?.stack, true);
    }
  }

  choose(state: GameState, moves: Int32Array, n: number): Move {
    let m: Move;
    const depth = state.table.journalDepth();
    const version = state.table.version;
    try {
      m = this.inner.choose(state, moves, n);
    } catch (err) {
      throw new Misplay(`player ${this.id} threw in choose(): ${String(err)}`, (err as Error)?.stack);
    }
    if (state.table.journalDepth() !== depth || state.table.version !== version) {
      throw new Misplay(
        `player ${this.id} left the state changed after choose() (a move applied and not undone); it must leave the state as it found it`,
      );
    }
    if (m === STOP) return m;
    for (let i = 0; i < n; i++) if (moves[i] === m) return m;
    throw new Misplay(
      `player ${this.id} chose ${typeof m === 'number' ? `move ${m}` : `${String(m)} (${typeof m})`}, which is not one of the ${n} legal moves nor STOP`,
    );
  }
}
