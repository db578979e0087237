// The player contract. A player sees what a person at the table sees: every pile but the stock, the moves the
// rules allow, and what those moves do when they turn up no unseen card. It may apply and undo such moves to
// look ahead; it never applies a move that has the REVEALS flag, and never reads a pile whose role is Stock.
// One exception: inside a sample of the unseen cards (core/sample.ts, which deals them afresh from what is in
// sight; Table.salt is then non-zero) the cards are the sample's own, and a player may play any move there.

import type { Game, GameState } from '../core/game.js';
import { isOptional, type Move } from '../core/move.js';
import type { Rng } from '../core/random.js';

/** Returned by choose() when the player stops: it sees no move worth making (the game then ends). */
export const STOP = -1;

/** A player of any registered game. */
export interface Player {
  /** Prepare for a new deal; makeRng() gives the deal's own generator for random choices (made only if called). */
  reset(makeRng: () => Rng): void;
  /** One of moves[0..n) (n >= 1), or STOP. */
  choose(state: GameState, moves: Int32Array, n: number): Move;
}

/** Settings shared by all players; each uses those it needs. */
export interface PlayerSettings {
  /** Lookahead depth in moves. */
  readonly depth: number;
  /** Most positions the lookahead may visit per decision. */
  readonly nodes: number;
  /** Samples of the unseen cards the rollout player plays out per decision (default DEFAULT_SETTINGS.samples). */
  readonly samples?: number;
  /** The player the rollout player plays each sample out with (default DEFAULT_SETTINGS.rollout). */
  readonly rollout?: string;
  /** Most positions the hindsight player's search of one sample may reach (default DEFAULT_SETTINGS.searchNodes). */
  readonly searchNodes?: number;
  /** Most samples the hindsight player searches at a decision (default DEFAULT_SETTINGS.searches; 0: none). */
  readonly searches?: number;
  /** Samples of the unseen cards, each one iteration of its tree, the ISMCTS player makes a decision with. */
  readonly iterations?: number;
  /** The foresight player's hidden cards told: a count from the top of each hidden pile, or 'all'. */
  readonly foresight?: string;
  /** A player module's own options (`--player-option key=value`), as given; built-in players have none. */
  readonly options?: Readonly<Record<string, string>>;
}

/** Default settings. */
export const DEFAULT_SETTINGS: Required<Omit<PlayerSettings, 'options'>> = {
  depth: 2,
  nodes: 2000,
  samples: 16,
  rollout: 'greedy',
  searchNodes: 100_000,
  searches: 8,
  foresight: '1',
  iterations: 1000,
};

/** The settings a player spec may declare it uses. */
export const SETTING_NAMES: readonly (keyof typeof DEFAULT_SETTINGS)[] = [
  'depth',
  'nodes',
  'samples',
  'rollout',
  'searchNodes',
  'searches',
  'foresight',
  'iterations',
];

/** A kind of player, as listed by `patience list`. */
export interface PlayerSpec {
  /** Id used on the command line. */
  readonly id: string;
  /** One line saying how it plays. */
  readonly summary: string;
  /** The settings it uses (they are reported with its results). */
  readonly uses: readonly (keyof typeof DEFAULT_SETTINGS)[];
  /**
   * True when its choice depends on the position alone (the same position, the same move, whatever came before
   * and whatever its generator): then it may play the rollout player's samples out (--rollout), whose memo needs it.
   */
  readonly positional?: boolean;
  /**
   * What it is told that a person at the table does not see, for an analysis (planners/foresight.ts): its results
   * are never a player's. Absent for every honest player.
   */
  readonly told?: string;
  /** A new player for a game. */
  create(game: Game, settings: PlayerSettings): Player;
}

/** The first of moves[0..n) that cannot be declined (carrying play on, or a compulsory choice); STOP if none. */
export function firstCompulsory(moves: Int32Array, n: number): Move {
  for (let i = 0; i < n; i++) if (!isOptional(moves[i]!)) return moves[i]!;
  return STOP;
}

/** Whether every one of moves[0..n) may be declined, so that stopping is a choice the player has. */
export function allOptional(moves: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (!isOptional(moves[i]!)) return false;
  return true;
}
