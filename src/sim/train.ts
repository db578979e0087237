// Training the learned player's weights (players/learned.ts) by the cross-entropy method: each generation draws
// `population` weight vectors from a normal distribution around the mean (the first generation's mean is greedy's
// weights, so training starts from greedy's play), plays each on the same training deals, and moves the mean and
// spread to those of the `elite` best. The objective of a vector is its mean over the deals of the cards it plays
// to the foundations as a share of those in play, plus 1 for a win: rollout's value of a play-out, scaled.
// Pure: no threads, no I/O; every draw comes from the seed.

import type { Game } from '../core/game.js';
import type { Options } from '../core/options.js';
import { seededRng, type Rng } from '../core/random.js';
import { InputError } from '../core/errors.js';
import { GREEDY_WEIGHTS, LearnedPlayer, weightVector, weightsOf, type Weights } from '../players/learned.js';
import { dealDeck } from './deals.js';
import { playDeal } from './play.js';
import { DEFAULT_SEED as TABLES_SEED } from './run-options.js';

/** How to train. */
export interface TrainSettings {
  /** The training deals are deals 0..deals-1 of this seed; never the tables' seed. */
  readonly seed: string;
  readonly deals: number;
  readonly generations: number;
  readonly population: number;
  /** How many of each generation's best the next is drawn around. */
  readonly elite: number;
  /** The first generation's spread of every weight. */
  readonly spread: number;
}

/** The defaults of `patience train`: the settings every committed policy was made with. */
export const DEFAULT_TRAINING: TrainSettings = {
  seed: 'train1',
  deals: 2000,
  generations: 30,
  population: 32,
  elite: 8,
  spread: 0.3,
};

/** The spread of a weight never falls below this share of the first spread (the search keeps looking). */
const SPREAD_FLOOR = 0.05;

/** One generation's figures. */
export interface Generation {
  readonly generation: number;
  /** The objective of the generation's best vector and of its elite's mean. */
  readonly best: number;
  readonly eliteMean: number;
}

/** What training found: the best vector any generation played, its objective, and greedy's on the same deals. */
export interface Trained {
  readonly weights: Weights;
  readonly objective: number;
  readonly greedy: number;
  readonly generations: readonly Generation[];
}

/** The objective of weights on deals first..first+deals-1 of seed: the mean of share of cards played plus wins. */
export function objectiveOf(
  game: Game,
  options: Options,
  weights: Weights,
  seed: string,
  deals: number,
  first = 0,
): number {
  const state = game.create(options);
  const player = new LearnedPlayer(game, weights);
  const buffer = new Int32Array(4096);
  const makeRng = () => seededRng('learned'); // the player draws nothing
  let sum = 0;
  for (let i = first; i < first + deals; i++) {
    const r = playDeal(state, player, dealDeck(seed, game.id, i), makeRng, buffer);
    sum += r.cards / state.cardsInPlay + (r.won ? 1 : 0);
  }
  return sum / deals;
}

/** Train weights for game under options (the file's head); onGeneration sees each generation as it ends. */
export function train(
  game: Game,
  options: Options,
  settings: TrainSettings,
  onGeneration?: (g: Generation) => void,
): Trained {
  const { seed, deals, generations, population, elite, spread } = settings;
  if (seed === TABLES_SEED)
    throw new InputError(`training on the tables' seed ${TABLES_SEED} is refused: give another`);
  if (elite < 1 || elite > population) throw new InputError(`--elite must be 1 to the population (${population})`);
  const rng = seededRng(`train:${seed}:${game.id}`);
  const start = weightVector(GREEDY_WEIGHTS);
  const dims = start.length;
  const mean = Float64Array.from(start);
  const sd = new Float64Array(dims).fill(spread);
  const greedy = objectiveOf(game, options, GREEDY_WEIGHTS, seed, deals);
  let best = { vector: start, objective: greedy };
  const history: Generation[] = [];
  for (let g = 0; g < generations; g++) {
    const scored: { vector: Float64Array; objective: number }[] = [];
    for (let c = 0; c < population; c++) {
      // The mean itself is one of the generation, so a generation never loses what the last had found.
      const vector = c === 0 ? Float64Array.from(mean) : mean.map((m, i) => m + sd[i]! * normal(rng));
      scored.push({ vector, objective: objectiveOf(game, options, weightsOf(vector), seed, deals) });
    }
    scored.sort((a, b) => b.objective - a.objective);
    const top = scored.slice(0, elite);
    for (let i = 0; i < dims; i++) {
      const m = top.reduce((s, x) => s + x.vector[i]!, 0) / elite;
      const v = top.reduce((s, x) => s + (x.vector[i]! - m) ** 2, 0) / elite;
      mean[i] = m;
      sd[i] = Math.max(Math.sqrt(v), SPREAD_FLOOR * spread);
    }
    if (top[0]!.objective > best.objective) best = top[0]!;
    const eliteMean = top.reduce((s, x) => s + x.objective, 0) / elite;
    const generation = { generation: g + 1, best: top[0]!.objective, eliteMean };
    history.push(generation);
    onGeneration?.(generation);
  }
  return { weights: weightsOf(best.vector), objective: best.objective, greedy, generations: history };
}

/** A standard normal draw (Box-Muller). */
function normal(rng: Rng): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
