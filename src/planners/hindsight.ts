// hindsight: the rollout player (players/rollout.ts), with the solver's opinion on the samples its play-outs lose.
// Hindsight optimisation (Bjarnason, Fern & Tadepalli 2009), or perfect-information Monte Carlo: at a decision
// the unseen cards are dealt afresh (core/sample.ts) and, in a sample where no candidate's greedy play-out won,
// the solver searches the sample with every card of it known (solve/solver.ts, solveHere), at most --search-nodes
// positions; the first move of the line it finds counts as a win of that candidate in that sample. At most
// --searches samples are searched at a decision, in the order they are drawn, and at most LEAN_SEARCHES after a
// decision whose searches found no win. The rest is rollout's: the
// candidate that won most samples, then most cards, behind the same gate against greedy's own choice. A judge made
// to carry keeps a sample whose line the move made follows, and lets it vote at the next decision (carry.ts).
//
// Honesty: the sample is the player's own imagining, built from what is in sight and the hidden piles' sizes
// (core/sample.ts); the solver reads every card of the sample, none of the real stock. The real position is
// restored exactly before the player answers (the solver leaves the state where it found it).
//
// Known fault (strategy fusion): each sample's search knows that sample's future, so a move that wins only by
// guessing is counted like a safe one. The votes are added to the play-outs', not put in their place: a sample
// is searched only when no candidate's play-out won it.

import type { Game, GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import { greedyOrder } from '../players/greedy.js';
import { DEFAULT_SETTINGS, type Player, type PlayerSettings, type PlayerSpec } from '../players/player.js';
import { judgedRollout, type SampleJudge } from '../players/rollout.js';
import { greedyPlayout } from '../solve/playout.js';
import { defaultPlan, Outcome, Solver } from '../solve/solver.js';
import { CarriedSample } from './carry.js';

/** Memory of the table of one sample's search: it is cleared for each sample, so a small one serves. */
const TABLE_BYTES = 32 * 2 ** 20;

/**
 * After a decision whose searches found no win, the next one searches at most this many samples: in a position
 * where the search wins no sample, more searches of the same kind seldom win one, and a lost deal would otherwise
 * cost the most. One win found restores the full --searches.
 */
const LEAN_SEARCHES = 2;

/** What the judge counted over a deal, for the bench (positions searched, searches, wins found). */
export interface HindsightCounts {
  decisions: number;
  searches: number;
  found: number;
  outside: number;
  positions: number;
  /** Votes of a sample carried from the last decision, made without a search (carry.ts). */
  carried: number;
}

/** Searches the samples rollout's play-outs lose, with every card of the sample known. */
export class SolverJudge implements SampleJudge {
  readonly counts: HindsightCounts = { decisions: 0, searches: 0, found: 0, outside: 0, positions: 0, carried: 0 };
  private solver: Solver | undefined;
  private solverState: GameState | undefined;
  private candidates: Int32Array = new Int32Array(0);
  private k = 0;
  private left = 0; // searches left at this decision
  private searched = 0; // searches made at this decision
  private found = 0; // wins they found
  private lean = false; // the last decision that searched found no win
  private state: GameState | undefined; // the deal's state, which made() plays the carried sample on
  private carry = new CarriedSample(); // the sample carried into this decision, if held
  private onCarry = false; // this decision's first sample is the carried one
  private readonly fresh: CarriedSample[] = []; // this decision's samples whose search found a line
  private freshCount = 0;

  constructor(
    private readonly game: Game,
    private readonly nodes: number,
    readonly searches: number,
    private readonly carries = false, // carry a sample and its line to the next decision (carry.ts)
  ) {}

  reset(): void {
    for (const key of Object.keys(this.counts) as (keyof HindsightCounts)[]) this.counts[key] = 0;
    this.searched = 0;
    this.found = 0;
    this.lean = false;
    this.carry.drop();
    this.freshCount = 0;
  }

  begin(state: GameState, candidates: Int32Array, k: number): void {
    this.state = state;
    this.onCarry = false;
    this.freshCount = 0;
    if (this.searched > 0) this.lean = this.found === 0;
    this.candidates = candidates;
    this.k = k;
    this.left = this.lean ? Math.min(this.searches, LEAN_SEARCHES) : this.searches;
    this.searched = 0;
    this.found = 0;
    this.counts.decisions++;
  }

  carried(state: GameState): boolean {
    this.onCarry = this.carries && this.carry.layOut(state);
    return this.onCarry;
  }

  judge(state: GameState, sample: number): number {
    if (sample === 0 && this.onCarry) {
      const next = this.carry.next;
      const i = this.indexOf(next);
      if (i >= 0 && (!this.carry.repaired || this.carry.stillWins(state))) {
        this.carry.repaired = false;
        this.counts.carried++;
        return i;
      }
      this.carry.drop();
    }
    if (this.left === 0) return -1;
    this.left--;
    const verdict = this.solverFor(state).solveHere();
    this.searched++;
    this.counts.searches++;
    this.counts.positions += verdict.nodes;
    if (verdict.outcome !== Outcome.Solved || verdict.line.length === 0) return -1;
    this.found++;
    this.counts.found++;
    const i = this.indexOf(verdict.line[0]!);
    if (i < 0) {
      this.counts.outside++;
      return -1;
    }
    if (this.carries) {
      const kept = (this.fresh[this.freshCount] ??= new CarriedSample());
      this.freshCount++;
      kept.capture(state, verdict.line);
    }
    return i;
  }

  made(move: Move): void {
    if (!this.carries || this.state === undefined) return;
    if (!(this.carry.held && this.carry.next === move)) {
      this.carry.drop();
      for (let j = 0; j < this.freshCount; j++) {
        const kept = this.fresh[j]!;
        if (kept.held && kept.next === move) {
          this.fresh[j] = this.carry;
          this.carry = kept;
          break;
        }
      }
    }
    this.freshCount = 0;
    this.carry.follow(this.state, move);
  }

  /** The index of a move among the decision's candidates, or -1. */
  private indexOf(move: Move): number {
    for (let i = 0; i < this.k; i++) if (this.candidates[i] === move) return i;
    return -1;
  }

  /** The solver of this state (made once per state: a player may be handed another state for another deal). */
  private solverFor(state: GameState): Solver {
    if (this.solver === undefined || this.solverState !== state) {
      const plan = defaultPlan(this.nodes, TABLE_BYTES);
      this.solver = new Solver(state, {
        budget: this.nodes,
        order: greedyOrder(this.game),
        plan,
        playout: greedyPlayout(this.game),
        solving: this.game.solving,
      });
      this.solverState = state;
    }
    return this.solver;
  }
}

/** A hindsight player and its judge (the bench reads the judge's counts). */
export function hindsightWithJudge(game: Game, settings: PlayerSettings): { player: Player; judge: SolverJudge } {
  const judge = new SolverJudge(
    game,
    settings.searchNodes ?? DEFAULT_SETTINGS.searchNodes,
    settings.searches ?? DEFAULT_SETTINGS.searches,
  );
  return { player: judgedRollout(game, settings, judge.searches > 0 ? judge : undefined), judge };
}

/** The hindsight player. */
export const hindsightPlayer: PlayerSpec = {
  id: 'hindsight',
  summary:
    "rollout, and in up to --searches samples no play-out won, a search with the sample's cards known (--search-nodes positions): its line's first move wins that sample",
  uses: ['samples', 'rollout', 'searchNodes', 'searches'],
  create: (game, settings) => hindsightWithJudge(game, settings).player,
};
