// How `patience compare` plays: both sides over the same deals, batch after batch, every deal's result kept. With
// --until decided the batches start small and double, and each is walked in deal order through Wald's SPRT on the
// discordant deals, stopping at the deal where the test decides: the answer never depends on worker timing.

import type { PlayerFault } from '../sim/batch.js';
import { modulesOf } from '../sim/modules.js';
import type { DealPool } from '../sim/pool.js';
import { sprtStep, type SprtState } from '../stats/sprt.js';
import { recordOf, type PlayChunk, type Tally } from '../stats/tally.js';
import type { Checkpoint } from './checkpoint.js';
import type { Side } from './compare-sides.js';

/** Deals in the first batch of --until decided; later batches double, up to MAX_BATCH. */
const FIRST_BATCH = 1000;
const MAX_BATCH = 64_000;

/** The deals a comparison plays: --seed, --first and --deals. */
export interface ComparedDeals {
  readonly seed: string;
  readonly first: number;
  readonly deals: number;
}

/** What the play goes on in: the pool, the stop signal, the checkpoint and what its earlier sessions finished. */
export interface PlayingRun {
  readonly pool: DealPool;
  readonly signal: AbortSignal;
  readonly run: Checkpoint<Tally>;
  readonly before: { readonly a: Tally; readonly b: Tally };
  /** Told the plays finished so far, earlier sessions' included: each deal counts once for each side. */
  readonly onProgress: (plays: number) => void;
}

/** What both sides played: each side's per-deal results and busy time, the deals compared, and a player's fault. */
export interface BothPlayed {
  readonly chunks: { readonly a: readonly PlayChunk[]; readonly b: readonly PlayChunk[] };
  readonly busy: { readonly a: number; readonly b: number };
  /** Offsets (from --first) of the deals compared: all up to `upTo` that both sides played. */
  readonly upTo: number;
  /** The fault that stopped the play, and the side whose player it was. */
  readonly fault: [PlayerFault, Side] | undefined;
}

/** Play both sides until the deals are played, the test (when given) decides, a signal stops it or a player faults. */
export async function playBoth(
  [a, b]: readonly [Side, Side],
  [cardsA, cardsB]: readonly [number, number],
  deals: ComparedDeals,
  sprt: SprtState | undefined,
  { pool, signal, run, before, onProgress }: PlayingRun,
): Promise<BothPlayed> {
  const chunksA: PlayChunk[] = [...before.a.chunks];
  const chunksB: PlayChunk[] = [...before.b.chunks];
  const busy = { a: before.a.busyMs, b: before.b.busyMs };
  let upTo = 0;
  let done = before.a.deals + before.b.deals;
  let fault: [PlayerFault, Side] | undefined;
  let next = 0;
  let batch = sprt ? FIRST_BATCH : deals.deals;
  while (next < deals.deals && !signal.aborted && !fault) {
    const count = Math.min(batch, deals.deals - next);
    const first = deals.first + next;
    for (const [side, chunks, cards, key] of [
      [a, chunksA, cardsA, 'a'],
      [b, chunksB, cardsB, 'b'],
    ] as const) {
      if (signal.aborted || fault) break;
      const checkpointed = { done: before[key].ranges, onTally: (t: Tally) => run.record(key, t) };
      const outcome = await playSide(
        pool,
        side,
        deals.seed,
        first,
        count,
        cards,
        signal,
        (d) => onProgress(done + d),
        checkpointed,
      );
      if (outcome.fault) fault = [outcome.fault, side];
      chunks.push(...outcome.chunks);
      busy[key] += outcome.busyMs;
      done += outcome.deals;
    }
    next += count;
    batch = Math.min(2 * batch, MAX_BATCH);
    if (!sprt) continue;
    // walk the batch in deal order; stop at the deal where the test decides
    const ra = recordOf(chunksA, deals.first, deals.deals);
    const rb = recordOf(chunksB, deals.first, deals.deals);
    for (let k = next - count; k < next; k++) {
      if (!ra.done[k] || !rb.done[k]) continue;
      upTo = k + 1;
      if (ra.won[k] !== rb.won[k] && sprtStep(sprt, ra.won[k] === 1) !== 'undecided') break;
    }
    if (sprt.decision !== 'undecided') break;
  }
  return { chunks: { a: chunksA, b: chunksB }, busy, upTo: sprt ? upTo : deals.deals, fault };
}

/** Play one side over deals first..first+count-1 with per-deal results kept. */
async function playSide(
  pool: DealPool,
  side: Side,
  seed: string,
  first: number,
  count: number,
  cardsInPlay: number,
  signal: AbortSignal,
  onProgress: (done: number) => void,
  checkpointed: { readonly done: ReadonlyArray<readonly [number, number]>; readonly onTally: (t: Tally) => void },
): Promise<{ chunks: PlayChunk[]; busyMs: number; deals: number; fault?: PlayerFault }> {
  const task = {
    game: side.choice.game.id,
    rules: side.choice.given,
    player: side.chosen.key,
    settings: side.settings,
    modules: modulesOf(side.chosen),
    seed,
    first,
    count,
    perDeal: true,
  };
  const outcome = await pool.run({ ...task, onProgress, signal, ...checkpointed }, cardsInPlay);
  return {
    chunks: outcome.tally.chunks,
    busyMs: outcome.tally.busyMs,
    deals: outcome.tally.deals,
    ...(outcome.fault ? { fault: outcome.fault } : {}),
  };
}
