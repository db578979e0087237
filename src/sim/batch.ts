// A batch: a range of deals of one game, option set and player, played in this thread into a tally.

import { CARD_COUNT } from '../core/card.js';
import type { GameState } from '../core/game.js';
import { resolveOptions, type OptionValue } from '../core/options.js';
import { findGame } from '../games/registry.js';
import type { Player, PlayerSettings } from '../players/player.js';
import { findPlayer } from '../players/registry.js';
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
}

interface Setup {
  readonly state: GameState;
  readonly player: Player;
  readonly deck: Uint8Array;
  readonly buffer: Int32Array;
}

const setups = new Map<string, Setup>();

/** Play deals task.first .. task.first+count-1 and return their tally. */
export function runBatch(task: BatchTask): Tally {
  const setup = setupFor(task);
  const tally = emptyTally(setup.state.cardsInPlay);
  const start = performance.now();
  const n = task.count;
  const chunk = task.perDeal
    ? { first: task.first, won: new Uint8Array(n), cards: new Uint8Array(n), moves: new Uint32Array(n), stalled: new Uint8Array(n) }
    : undefined;
  for (let i = task.first; i < task.first + task.count; i++) {
    const deck = dealDeck(task.seed, task.game, i, setup.deck);
    if (task.layoutOnly) {
      setup.state.deal(deck);
      tally.deals++;
      tally.histogram[setup.state.foundationCount()]!++;
      continue;
    }
    const r = playDeal(setup.state, setup.player, deck, () => playerRng(task.seed, task.game, i), setup.buffer);
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
  if (chunk) tally.chunks.push(chunk);
  tally.busyMs = performance.now() - start;
  if (task.count > 0) tally.ranges.push([task.first, task.first + task.count - 1]);
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
