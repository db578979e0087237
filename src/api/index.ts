// The library: `import { ... } from 'patience'`. The games and their rules cards and options; the player contract
// and the built-in players, to write and wrap players with; cards and moves, read as the players read them; and
// the jobs (simulate, compare, solve) returning rows. Everything else in the package is private.

export { GAMES, findGame } from '../games/registry.js';
export { PileRole, describeMove, pilesWithRole, type Game, type GameState, type Advice } from '../core/game.js';
export type { Decision, GameSolving, SolvingAid } from '../core/solving.js';
export { resolveOptions, formatOptions, type OptionSpec, type Options, type OptionValue } from '../core/options.js';
export type { TableView } from '../core/table-view.js';
export type { Rng } from '../core/random.js';

export {
  STOP,
  DEFAULT_SETTINGS,
  SETTING_NAMES,
  allOptional,
  firstCompulsory,
  type Player,
  type PlayerSettings,
  type PlayerSpec,
} from '../players/player.js';
export { PLAYERS, findPlayer } from '../planners/registry.js';
export { naivePlayer } from '../players/naive.js';
export { randomPlayer } from '../players/random.js';
export { randomNoUndoPlayer } from '../players/random-no-undo.js';
export { greedyPlayer, greedyOrder } from '../players/greedy.js';
export {
  learnedPlayer,
  LearnedPlayer,
  FEATURES,
  GREEDY_WEIGHTS,
  POLICIES,
  type Weights,
  type Policy,
} from '../players/learned.js';
export { train, objectiveOf, DEFAULT_TRAINING, type TrainSettings } from '../sim/train.js';
export { lookaheadPlayer } from '../players/lookahead.js';
export { rolloutPlayer, judgedRollout, type SampleJudge } from '../players/rollout.js';
export { hindsightPlayer, SolverJudge } from '../planners/hindsight.js';
export { foresightPlayer } from '../planners/foresight.js';

// The parts the searching players are built of, for a module player to do what they do (docs/players.md, 7).
export { UnseenSampler } from '../core/sample.js';
export { Solver, defaultPlan, Outcome, type SearchPlan, type SolverOptions, type Verdict } from '../solve/solver.js';
export {
  Ending,
  stageOf,
  withShare,
  withStage,
  without,
  type PlannedStage,
  type Root,
  type Stage,
  type StageResult,
  type StageTools,
} from '../solve/solver.js';
export { greedyPlayout } from '../solve/playout.js';
export { RememberingPlayOn, playOn } from '../players/play-on.js';
export { PlayOutEnds } from '../players/play-out-ends.js';

export {
  CARD_COUNT,
  NO_CARD,
  RANK_CODES,
  SUIT_CODES,
  cardOf,
  copyOf,
  faceOf,
  isRed,
  makeCard,
  parseCard,
  rankOf,
  showCard,
  suitOf,
  type Card,
  type Suit,
} from '../core/card.js';
export {
  MoveKind,
  MOVE_KIND_NAMES,
  REVEALS,
  countOf,
  fromOf,
  isOptional,
  isProceed,
  kindOf,
  makeMove,
  reveals,
  toOf,
  type Move,
} from '../core/move.js';
export { decodeMove, type DecodedMove } from './moves.js';
export { makeDeck, makeExactDeck, parseDeck, type Deck } from '../core/deck.js';
export {
  UNSEEN,
  makePosition,
  parsePosition,
  positionGame,
  type MakeOptions,
  type Position,
} from '../core/position.js';
export { fillUnseen, positionState, setPosition } from '../core/position-load.js';
export { dealDeck } from '../sim/deals.js';
export { checkHonesty, type HonestyFinding } from '../sim/honesty.js';

export { InputError } from '../core/errors.js';
export { DEFAULTS, type PlayOptions, type RunOptions } from './job-options.js';
export { PlayerFaultError, compare, simulate, solve } from './run.js';
export type { PlayerFault } from '../sim/batch.js';
export { COLUMNS } from '../stats/results.js';
export { COMPARE_COLUMNS } from '../stats/compare.js';
export { SOLVE_COLUMNS } from '../stats/solvability.js';
export type {
  SimulateRecord as ResultRow,
  CompareRecord as CompareRow,
  SolveRecord as SolveRow,
} from '../stats/typed-rows.js';
