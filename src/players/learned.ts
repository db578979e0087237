// learned: greedy's judgement with weights learned offline, to play the rollout player's samples
// out with (--rollout learned) or to play on its own. A move's score is a weighted sum of honest features of it
// (FEATURES below: greedy's own score, the move's kind, what it uncovers, empties and buries, how soon the cards
// it touches are needed), and the move of highest score above 0 is made, the earlier move on a tie; when none
// scores above 0, the first move that cannot be declined, or a stop, as greedy does. Moves that carry play on
// (end, turn, deal, re-deal) are not scored, as in greedy.
//
// With the weights GREEDY_WEIGHTS ({greedy: 1}) it makes greedy's moves exactly (test/learned.test.ts), which is
// where training starts: the cross-entropy method over deals of a training seed (sim/train.ts, `patience train`).
// A game's weights are data, in players/policies/ with the command that made them; a game or reading without
// any, or whose weights did not beat greedy's on the training's held-out deals (adopted), is played with
// GREEDY_WEIGHTS.
//
// Honesty: every feature reads piles in sight only; a move that turns up a card is scored without looking at it.

import { NO_CARD, type Card } from '../core/card.js';
import { PileRole, type Game, type GameState } from '../core/game.js';
import { MoveKind, countOf, fromOf, kindOf, reveals, toOf } from '../core/move.js';
import type { Move } from '../core/move.js';
import type { Options } from '../core/options.js';
import { GreedyPlayer, OPTIONAL, PROCEED } from './greedy.js';
import { STOP, type Player, type PlayerSpec } from './player.js';
import shah from './policies/shah.json' with { type: 'json' };
import shahHoffmann from './policies/shah-hoffmann.json' with { type: 'json' };
import sultan from './policies/sultan.json' with { type: 'json' };
import duchesseDeLuynes from './policies/duchesse-de-luynes.json' with { type: 'json' };
import fishBone from './policies/fish-bone.json' with { type: 'json' };
import petitsPaquets from './policies/petits-paquets.json' with { type: 'json' };
import congress from './policies/congress.json' with { type: 'json' };
import carpet from './policies/carpet.json' with { type: 'json' };
import napoleonsSquare from './policies/napoleons-square.json' with { type: 'json' };
import hemispheres from './policies/hemispheres.json' with { type: 'json' };
import constitution from './policies/constitution.json' with { type: 'json' };
import sympathie from './policies/sympathie.json' with { type: 'json' };

/** The features of a move, in the order of a weight vector. Needs count in cards, capped at NEED_CAP, over NEED_CAP. */
export const FEATURES = [
  'greedy', // greedy's score of the move (the game's advice first), over 100
  'play-outside', // a card played to a foundation from the current card or the talon
  'play-layout', // a card played to a foundation from the layout
  'marry-outside', // a card married from outside onto the layout
  'marry-layout', // a layout card (or run) married onto the layout
  'marry-buries', // a marriage that covers a card needed sooner than the one it lays on it
  'grace', // the game's grace
  'fill-open', // a refill into a place that stays available
  'fill-covered', // a refill into a place that will be covered
  'fill-unseen', // a refill from the stock, its card unseen
  'talon', // a card laid on the talon by choice
  'exchange', // a foundation exchange
  'uncovers-fit', // the move uncovers a card that fits a foundation now
  'uncovered-need', // the need of the card it uncovers
  'empties', // the move empties a layout place
  'empties-wanted', // it empties a layout place while a card outside is wanted (needed within 2)
  'card-need', // the need of the card it moves (the deepest of a run)
  'covered-need', // the need of the card a marriage covers
  'buried', // the card is put where it will be covered
] as const;

/** A feature's name. */
export type Feature = (typeof FEATURES)[number];

/** Weights by feature name; a feature not named weighs 0. */
export type Weights = Readonly<Partial<Record<Feature, number>>>;

/** The weights that make greedy's moves. */
export const GREEDY_WEIGHTS: Weights = { greedy: 1 };

/** Needs above this count as this. */
const NEED_CAP = 13;
/** The feature of each kind of move that has one of its own beyond those of play, marriage and refill. */
const KIND_FEATURE: Partial<Record<number, number>> = {
  [MoveKind.Grace]: FEATURES.indexOf('grace'),
  [MoveKind.Talon]: FEATURES.indexOf('talon'),
  [MoveKind.Exchange]: FEATURES.indexOf('exchange'),
};
const F = Object.fromEntries(FEATURES.map((f, i) => [f, i])) as Record<Feature, number>;

/** Weights as a vector in FEATURES order. */
export function weightVector(weights: Weights): Float64Array {
  return Float64Array.from(FEATURES, (f) => weights[f] ?? 0);
}

/** A vector in FEATURES order as weights, zeros left out. */
export function weightsOf(vector: ArrayLike<number>): Weights {
  const w: Partial<Record<Feature, number>> = {};
  FEATURES.forEach((f, i) => {
    if (vector[i] !== 0) w[f] = vector[i]!;
  });
  return w;
}

/** A trained policy: the weights for a game under some of its rule options, and how they were made. */
export interface Policy {
  /** The game's id. */
  readonly game: string;
  /** Every rule option it was trained under (a reading): a state whose options are these uses it. */
  readonly rules: Readonly<Record<string, string>>;
  readonly weights: Weights;
  /** How it was made: the command, version, seed, deals, and the objective before and after. */
  readonly made: Readonly<Record<string, unknown>>;
}

/**
 * Every trained policy, one file a game or reading in policies/, each made by `patience train` on a training seed
 * (never the tables' seed 2026) with the command it records; the first whose game and rules match a state is used.
 */
export const POLICIES: readonly Policy[] = [
  shah,
  shahHoffmann,
  sultan,
  duchesseDeLuynes,
  fishBone,
  petitsPaquets,
  congress,
  carpet,
  napoleonsSquare,
  hemispheres,
  constitution,
  sympathie,
];

/**
 * Whether a policy is used: its weights beat greedy's on its held-out deals (deals its training never played).
 * Where they do not, training found nothing that carries over, and the game is played with greedy's weights.
 */
export function adopted(policy: Pick<Policy, 'made'>): boolean {
  const held = policy.made.heldOut as { greedy: number; learned: number } | undefined;
  return held !== undefined && held.learned > held.greedy;
}

/** The adopted policy trained for this game under exactly these options (its reading), if any. */
export function policyFor(gameId: string, options: Options): Policy | undefined {
  return POLICIES.find(
    (p) =>
      p.game === gameId && adopted(p) && Object.entries(p.rules).every(([k, v]) => String(options[k]) === String(v)),
  );
}

/** The learned player: a weighted sum of a move's features, highest above 0 made (the file's head). */
export class LearnedPlayer implements Player {
  private readonly greedy: GreedyPlayer;
  private readonly features = new Float64Array(FEATURES.length);
  private w: Float64Array;
  private options: Options | undefined; // the options the weights were chosen for (when not given)

  /** With `weights`, those; without, the game's trained policy for the options of the state it plays. */
  constructor(
    private readonly game: Game,
    private readonly weights?: Weights,
  ) {
    this.greedy = new GreedyPlayer(game.advice);
    this.w = weightVector(weights ?? GREEDY_WEIGHTS);
  }

  reset(): void {}

  choose(state: GameState, moves: Int32Array, n: number): Move {
    if (this.weights === undefined && state.options !== this.options) {
      this.options = state.options;
      this.w = weightVector(policyFor(this.game.id, state.options)?.weights ?? GREEDY_WEIGHTS);
    }
    let best = STOP;
    let bestScore = 0;
    let compulsory = STOP;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const kind = kindOf(m);
      if (compulsory === STOP && !OPTIONAL[kind]) compulsory = m;
      if (PROCEED[kind]) continue;
      const score = this.score(state, m);
      if (score > bestScore) {
        bestScore = score;
        best = m;
      }
    }
    return best !== STOP ? best : compulsory;
  }

  /** The score of move m: its features (featuresOf) weighed. */
  score(state: GameState, m: Move): number {
    const f = this.features;
    featuresOf(state, m, this.greedy, f);
    const w = this.w;
    let s = 0;
    for (let i = 0; i < f.length; i++) s += w[i]! * f[i]!;
    return s;
  }
}

/** Write the features of move m (not one that carries play on) into out, in FEATURES order. */
export function featuresOf(state: GameState, m: Move, greedy: GreedyPlayer, out: Float64Array): void {
  out.fill(0);
  out[F.greedy] = greedy.scoreOf(state, m) / 100;
  const t = state.table;
  const kind = kindOf(m);
  const from = fromOf(m);
  const to = toOf(m);
  const count = countOf(m);
  const role = state.pileRoles[from];
  const outside = role === PileRole.Current || role === PileRole.Talon;
  const seen = !reveals(m) && role !== PileRole.Stock; // the moved card is in sight
  const card: Card = seen && t.size(from) >= count ? t.below(from, count - 1) : NO_CARD;
  if (card !== NO_CARD) out[F['card-need']] = needOf(state, card);
  switch (kind) {
    case MoveKind.Play:
      out[outside ? F['play-outside'] : F['play-layout']] = 1;
      break;
    case MoveKind.Marry: {
      out[outside ? F['marry-outside'] : F['marry-layout']] = 1;
      const covered = t.size(to) > 0 ? t.top(to) : NO_CARD;
      if (covered !== NO_CARD) {
        out[F['covered-need']] = needOf(state, covered);
        if (card !== NO_CARD && state.need(covered) < state.need(card)) out[F['marry-buries']] = 1;
      }
      if (state.coverAt(to) > 0) out[F.buried] = 1;
      break;
    }
    case MoveKind.Fill:
      out[reveals(m) ? F['fill-unseen'] : state.coverAt(to) === 0 ? F['fill-open'] : F['fill-covered']] = 1;
      if (state.coverAt(to) > 0) out[F.buried] = 1;
      break;
    default: {
      const k = KIND_FEATURE[kind];
      if (k !== undefined) out[k] = 1;
    }
  }
  if (seen && role === PileRole.Layout) {
    const uncovered = state.uncovers(from, count);
    if (uncovered !== NO_CARD) {
      out[F['uncovered-need']] = needOf(state, uncovered);
      if (state.need(uncovered) === 0) out[F['uncovers-fit']] = 1;
    }
    if (t.size(from) === count) {
      out[F.empties] = 1;
      if (greedy.wantedOutside(state)) out[F['empties-wanted']] = 1;
    }
  }
}

/** A card's need, capped and scaled to 0..1. */
function needOf(state: GameState, c: Card): number {
  return Math.min(state.need(c), NEED_CAP) / NEED_CAP;
}

/** The learned player. */
export const learnedPlayer: PlayerSpec = {
  id: 'learned',
  summary:
    "greedy's judgement with weights learned offline on a training seed (players/policies/); without a game's weights, greedy",
  uses: [],
  positional: true,
  create: (game) => new LearnedPlayer(game),
};
