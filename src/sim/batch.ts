// A batch: a range of deals of one game, option set and player, played in this thread into a tally.

import { CARD_COUNT } from '../core/card.js';
import type { GameState } from '../core/game.js';
import { resolveOptions, type OptionValue } from '../core/options.js';
import { findGame } from '../games/registry.js';
import type { Player, PlayerSettings } from '../players/player.js';
import { Misplay } from '../players/modules.js';
import { findPlayer } from '../planners/registry.js';
import { WINS_KEPT, emptyTally, type Tally } from '../stats/tally.js';
import { dealDeck, playerRng } from './deals.js';
import { playDeal } from './play.js';

/** What to play: plain data, so it can be sent to a worker thread. */
export interface BatchTask {
  readonly game: string;
  /** Rule options as given (name to value); defaults and presets are applied here. */
  readonly rules: Readonly<Record<string, OptionValue>>;
  readonly player: string;
  readonly settings: PlayerSettings;
  readonly seed: string;
  /** First deal index. */
  readonly first: number;
  /** Number of deals. */
  readonly count: number;
  /** For benchmarks: only shuffle and lay out each deal, with no play (the ceiling on deals per second). */
  readonly layoutOnly?: boolean;
  /** Keep each deal's result (simulate --per-deal). */
  readonly perDeal?: boolean;
  /** File URLs of the player modules the task plays with (its player, a rollout's), loaded before it plays (worker.ts).
   * */
  readonly modules?: readonly string[];
}

/** A module player broke its contract: where (the deal, and the move it was asked for, from 1; 0: in create or reset)
 * and how. */
export interface PlayerFault {
  readonly deal: number;
  readonly move: number;
  readonly message: string;
  /** The stack of what the player threw, if it threw. */
  readonly detail?: string;
}

/** A batch's tally; with a fault, it counts only the deals before the faulty one, and the batch ended there. */
export type BatchTally = Tally & { fault?: PlayerFault };

interface Setup {
  readonly state: GameState;
  readonly player: Player;
  readonly deck: Uint8Array;
  readonly buffer: Int32Array;
}

const setups = new Map<string, Setup>();

/**
 * Play deals task.first .. task.first+count-1 and return their tally. A module player's Misplay (or a throw from
 * its create) ends the batch at that deal, with the fault in the tally.
 */
export function runBatch(task: BatchTask): BatchTally {
  let setup: Setup;
  try {
    setup = setupFor(task);
  } catch (err) {
    if (task.modules === undefined || task.modules.length === 0) throw err;
    const game = findGame(task.game);
    const tally: BatchTally = emptyTally(game.create(resolveOptions(game.options, task.rules)).cardsInPlay);
    tally.fault = {
      deal: task.first,
      move: 0,
      message: `create() threw: ${String(err)}`,
      detail: (err as Error)?.stack,
    };
    return tally;
  }
  const tally: BatchTally = emptyTally(setup.state.cardsInPlay);
  const start = performance.now();
  const n = task.count;
  const chunk = task.perDeal
    ? {
        first: task.first,
        won: new Uint8Array(n),
        cards: new Uint8Array(n),
        moves: new Uint32Array(n),
        stalled: new Uint8Array(n),
      }
    : undefined;
  for (let i = task.first; i < task.first + task.count; i++) {
    const deck = dealDeck(task.seed, task.game, i, setup.deck);
    if (task.layoutOnly) {
      setup.state.deal(deck);
      tally.deals++;
      tally.histogram[setup.state.foundationCount()]!++;
      continue;
    }
    let made = 0;
    let r: ReturnType<typeof playDeal>;
    try {
      r = playDeal(
        setup.state,
        setup.player,
        deck,
        () => playerRng(task.seed, task.game, i),
        setup.buffer,
        () => made++,
      );
    } catch (err) {
      if (!(err instanceof Misplay)) throw err;
      tally.fault = { deal: i, move: err.inReset ? 0 : made + 1, message: err.message, detail: err.detail };
      break;
    }
    tally.deals++;
    tally.moves += r.moves;
    tally.histogram[r.cards]!++;
    if (r.stalled) tally.stalled++;
    if (r.won) {
      tally.wins++;
      if (tally.wonDeals.length < WINS_KEPT) tally.wonDeals.push(i);
    }
    if (chunk) {
      const k = i - task.first;
      chunk.won[k] = r.won ? 1 : 0;
      chunk.cards[k] = r.cards;
      chunk.moves[k] = r.moves;
      chunk.stalled[k] = r.stalled ? 1 : 0;
    }
  }
  const played = tally.deals;
  if (chunk && played > 0)
    tally.chunks.push(
      played === n
        ? chunk
        : {
            first: chunk.first,
            won: chunk.won.slice(0, played),
            cards: chunk.cards.slice(0, played),
            moves: chunk.moves.slice(0, played),
            stalled: chunk.stalled.slice(0, played),
          },
    );
  tally.busyMs = performance.now() - start;
  if (played > 0) tally.ranges.push([task.first, task.first + played - 1]);
  return tally;
}

/** The state and player for a task, made once per thread and reused. */
function setupFor(task: BatchTask): Setup {
  const key = JSON.stringify([task.game, task.rules, task.player, task.settings]);
  let setup = setups.get(key);
  if (!setup) {
    const game = findGame(task.game);
    setup = {
      state: game.create(resolveOptions(game.options, task.rules)),
      player: findPlayer(task.player).create(game, task.settings),
      deck: new Uint8Array(CARD_COUNT),
      buffer: new Int32Array(4096),
    };
    setups.set(key, setup);
  }
  return setup;
}
