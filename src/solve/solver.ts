// The solver: depth-first search over the full position of a deal, every card known (the stock's order, the
// face-down packets, the shuffles of later re-deals, which the deal already fixes). It answers whether any line
// of legal moves wins the deal: `solved` with the line, `unsolvable` when every reachable position has been
// seen without a win, `unknown` when the node budget ran out first. This is the "thoughtful" bound of the
// literature (Solvitaire, lonelybot): an upper bound on what any player can win, never a player's result.
//
// One state is searched with apply/undo. At each position:
//   1. won: stop; 2. seen before with at least the present allowance (below): back up;
//   3. a dead-end rule of the game proves the position lost (SolvingAid.deadEnd): back up;
//   4. a move the game proves safe (SolvingAid.safeMove) is made alone, without trying the others;
//   5. otherwise the legal moves are tried in the order the move ordering gives (greedy's, from the solve
//      runner), in a restart with one move brought to the front at random at some positions.
//
// The plan of a deal (SearchPlan), each stage run only while the deal is undecided and the budget lasts:
//   - the probes: the honest players' games (a line a player wins with is a solution);
//   - with a playout (the solve runner gives greedy's game), policy searches (policy.ts) within `policyShare` of
//     the budget, drawing by the root's key, then nested searches (nested.ts), levels 1 to `nestedLevels`, within
//     `nestedShare` of it: they find wins, never prove a loss (finders.ts);
//   - the game's own reasoning (SolvingAid.decide), where it has one, with what is left: a line, or a proved loss;
//   - with a playout, beam searches (beam.ts) within `beamShare` of what is left: they find wins only too;
//   - limited discrepancy passes (Harvey & Ginsberg 1995): pass k may leave the ordering's first choice at most
//     k times on a line (a forced move costs nothing), k in DISCREPANCIES; pass 0 is greedy's own game;
//   - randomised restarts (Gomes, Selman & Kautz 1998): complete depth-first searches, each cut off after
//     `restartNodes` positions, ordered by greedy but with a random move brought to the front at a position
//     with probability `shuffle`; restart r draws from a generator keyed by the deck and r, so a deal's verdict
//     is the same on any worker;
//   - the last pass: a complete depth-first search in greedy's order with the rest of the budget.
// Only the probes, the win finders and the discrepancy passes are incomplete. A restart or the last pass that runs
// out of moves before its cut-off has searched every reachable position: its `unsolvable` is exact.
//
// The table of visited positions (positions.ts) keeps for each position the allowance it was searched with; a position
// is searched again only with a larger one. A discrepancy pass stores the discrepancies left; restart r stores
// RESTART_BASE + r and the last pass UNLIMITED, and neither spends allowance on a move: within such a pass a position
// met again is on the current line (a cycle) or was searched in full in this pass without a win, so the pass is plain
// reachability over the deal's positions. The budget counts positions reached by a move over all stages (each pass's
// first position included); `unknown` never hides a deal: callers count it both ways (stats/solvability.ts).

import { deckHash, type Deck } from '../core/deck.js';
import type { GameState } from '../core/game.js';
import type { GameSolving, SolvingAid } from '../core/solving.js';
import { seededRng, type Rng } from '../core/random.js';
import { askTheGame } from './decide.js';
import { WinFinders } from './finders.js';
import type { Playout } from './nested.js';
import { PositionTable } from './positions.js';
import { defaultPlan, type SearchPlan } from './plan.js';
import { Outcome, type MoveOrder, type Probe, type Verdict } from './verdict.js';

export { defaultPlan, type SearchPlan } from './plan.js';
export type { Playout } from './nested.js';
export { Outcome, OUTCOME_NAMES, prunedNames, type MoveOrder, type Probe, type Verdict } from './verdict.js';

/** The allowance restart 0 stores: above every discrepancy pass's. */
const RESTART_BASE = 1 << 16;
/** The allowance of the last pass: above every restart's. */
const UNLIMITED = 0x7fffffff;

const WIN = 0, BACK = 1, OPEN = 2; // what enter() finds at a position
/** A pass's ends besides a win (a line's length): every position searched, or the cut-off reached. */
const EXHAUSTED = -1;
const CUT_OFF = -2;
/** Room kept free on the move stack for one position's moves. */
const MOST_MOVES = 4096;

/** A reusable solver for one game state. */
export class Solver {
  /** Positions cut per rule: index 0 counts safe moves made alone, index k the dead-end rule k (1-based). */
  readonly pruned: Float64Array;
  /** The plan every deal is searched by. */
  readonly plan: SearchPlan;
  private readonly seen: PositionTable;
  private moves = new Int32Array(1 << 16); // the moves of every position on the current line, stacked
  private first = new Int32Array(1024); // per ply: index in moves of its first move
  private count = new Int32Array(1024); // per ply: how many moves
  private next = new Int32Array(1024); // per ply: the next move to try
  private left = new Int32Array(1024); // per ply: allowance left on this line
  private slot = new Int32Array(1024); // per ply: its position's slot in the table, pinned while on the line
  private line = new Int32Array(1024); // per ply: the move made from it
  private nodes = 0;
  private shuffle = 0; // the pass's chance of a random first move
  private rng: Rng = () => 0;
  private deck: Deck | undefined; // the deal searched; undefined: the position the state stood in
  private depth = 0; // moves the last pass left applied
  private readonly finders: WinFinders | undefined;
  private readonly aid: SolvingAid | undefined; // the game's solving aid for the state, built once

  /**
   * A solver for `state` visiting at most `budget` positions per deal, trying the probes' lines first, then with
   * `playout` the win finders, then moves in `order`'s order, by `plan` (the default plan for the budget unless
   * given), in a table of positions sized for the budget within plan.tableBytes, with the game's `solving`.
   */
  constructor(
    private readonly state: GameState,
    readonly budget: number,
    private readonly order?: MoveOrder,
    private readonly probes: readonly Probe[] = [],
    plan?: SearchPlan,
    playout?: Playout,
    solving?: GameSolving<GameState>,
  ) {
    this.plan = plan ?? defaultPlan(budget);
    const most = this.plan.restarts + RESTART_BASE;
    if (this.plan.discrepancies.some((k) => !(k >= 0 && k < RESTART_BASE)) || !(most < UNLIMITED)) throw new RangeError('a search plan needs discrepancy allowances below RESTART_BASE and fewer restarts than UNLIMITED - RESTART_BASE');
    this.seen = new PositionTable(PositionTable.slotsFor(budget, this.plan.tableBytes));
    this.aid = solving?.aid(state);
    this.pruned = new Float64Array(1 + (solving?.deadEndRules?.length ?? 0));
    this.finders = playout !== undefined ? new WinFinders(state, order, playout, this.plan, this.aid) : undefined;
  }

  /** Entries the table evicted in the last solve(). */
  get evicted(): number {
    return this.seen.evicted;
  }

  /** Lay out the deck and search it. */
  solve(deck: Deck): Verdict {
    const start = performance.now();
    this.seen.clear();
    this.nodes = 0;
    for (const probe of this.probes) {
      const line = probe(this.state, deck);
      this.nodes += line.length + 1;
      if (this.state.isWon()) return { outcome: Outcome.Solved, nodes: this.nodes, ms: performance.now() - start, line: Int32Array.from(line) };
    }
    this.deck = deck;
    return this.search(start, deckHash(deck));
  }

  /**
   * Search from the position the state stands in (every card in it known, as in a sample of the unseen cards),
   * without the probes; the state is left as it was.
   */
  solveHere(): Verdict {
    const start = performance.now();
    this.seen.clear();
    this.nodes = 0;
    this.deck = undefined;
    this.depth = 0;
    const key = this.state.table.key();
    const verdict = this.search(start, (key[0]! ^ Math.imul(key[1]!, 0x01000193)) >>> 0);
    for (; this.depth > 0; this.depth--) this.state.undo();
    return verdict;
  }

  /** The stages after the probes, from the root (the deck's deal, or the position searched from here). */
  private search(start: number, rootKey: number): Verdict {
    const done = (outcome: number, line: ArrayLike<number>): Verdict => ({ outcome, nodes: this.nodes, ms: performance.now() - start, line: Int32Array.from(line) });
    const found = this.findWin(false, rootKey);
    if (found !== undefined) return done(Outcome.Solved, found);
    const decided = askTheGame(this.state, this.aid, this.deck, this.budget - this.nodes); // the game's own reasoning
    this.nodes += decided.nodes;
    if (decided.lostBy > 0) this.pruned[decided.lostBy]!++;
    if (decided.outcome !== Outcome.Unknown) return done(decided.outcome, decided.line);
    const beamed = this.findWin(true, rootKey);
    if (beamed !== undefined) return done(Outcome.Solved, beamed);
    let length = CUT_OFF;
    const plan = this.plan;
    for (const k of plan.discrepancies) {
      if (this.nodes >= this.budget) break;
      length = this.pass(k, true, 0, this.budget);
      if (length >= 0) break; // EXHAUSTED proves nothing here: the pass left moves out
    }
    let proved = false; // a complete pass searched every position
    if (length < 0) {
      for (let r = 0; r < plan.restarts && this.nodes < this.budget; r++) {
        this.rng = seededRng(`restart:${rootKey}:${r}`);
        length = this.pass(RESTART_BASE + r, false, plan.shuffle, Math.min(this.budget, this.nodes + plan.restartNodes));
        if (length === EXHAUSTED) proved = true;
        if (length !== CUT_OFF) break;
      }
    }
    if (length < 0 && !proved && this.nodes < this.budget) {
      length = this.pass(UNLIMITED, false, 0, this.budget);
      if (length === EXHAUSTED) proved = true;
    }
    const outcome = length >= 0 ? Outcome.Solved : proved ? Outcome.Unsolvable : Outcome.Unknown;
    return done(outcome, outcome === Outcome.Solved ? this.line.subarray(0, length) : []);
  }

  /** The policy and nested searches, or the beam searches, from the root within their shares: a line or undefined. */
  private findWin(beam: boolean, rootKey: number): number[] | undefined {
    if (this.finders === undefined) return undefined;
    const root = () => this.deck !== undefined && this.state.deal(this.deck);
    const line = beam ? this.finders.beam(this.nodes, this.budget, root) : this.finders.first(this.nodes, this.budget, root, String(rootKey));
    this.nodes = this.finders.nodes;
    return line;
  }

  /**
   * One pass from the deal's first position, storing `allowance` (one spent per discrepancy when `spends`), with
   * a random first move at a position with probability `shuffle`, cut off once `stop` positions are reached:
   * the length of the winning line found (in this.line), EXHAUSTED or CUT_OFF.
   */
  private pass(allowance: number, spends: boolean, shuffle: number, stop: number): number {
    const state = this.state;
    this.shuffle = shuffle;
    if (this.deck !== undefined) state.deal(this.deck);
    else for (; this.depth > 0; this.depth--) state.undo(); // back to the position searched from here
    this.nodes++;
    let ply = 0;
    const root = this.enter(0, 0, allowance);
    if (root === WIN) return 0;
    if (root === BACK) return EXHAUSTED;
    for (;;) {
      const i = this.next[ply]!;
      // Past the first move, each costs one discrepancy where the pass spends them; with none left, the rest of
      // this position's moves wait for a later pass.
      if (i < this.count[ply]! && (i === 0 || !spends || this.left[ply]! > 0)) {
        if (this.nodes >= stop) {
          this.depth = ply;
          for (; ply >= 0; ply--) this.seen.leave(this.slot[ply]!, this.nodes);
          return CUT_OFF;
        }
        this.next[ply] = i + 1;
        const m = this.moves[this.first[ply]! + i]!;
        state.apply(m);
        this.nodes++;
        this.line[ply] = m;
        const left = i === 0 || !spends ? this.left[ply]! : this.left[ply]! - 1;
        const found = this.enter(ply + 1, this.first[ply]! + this.count[ply]!, left);
        if (found === WIN) return (this.depth = ply + 1);
        if (found === OPEN) ply++;
        else state.undo();
      } else {
        this.seen.leave(this.slot[ply]!, this.nodes);
        if (ply === 0) return EXHAUSTED;
        state.undo();
        ply--;
      }
    }
  }

  /**
   * Arrive at a position at depth `ply` with allowance `left`, its moves to go on the stack from `top`: WIN when
   * it is won, BACK when it need not be searched (seen before with as much allowance, a dead end, no move), OPEN
   * when its moves are ready to try and its table entry is pinned in this.slot[ply].
   */
  private enter(ply: number, top: number, left: number): number {
    const state = this.state;
    if (state.isWon()) return WIN;
    const slot = this.seen.visit(state.table.key(), left, this.nodes);
    if (slot === -1) return BACK;
    if (this.aid?.deadEnd !== undefined) {
      const rule = this.aid.deadEnd();
      if (rule !== 0) {
        this.pruned[rule]!++;
        this.seen.leave(slot, this.nodes);
        return BACK;
      }
    }
    if (top + MOST_MOVES > this.moves.length) this.moves = grown(this.moves, top + MOST_MOVES);
    if (ply >= this.first.length) this.growPlies();
    const out = this.moves.subarray(top);
    let n = state.legalMoves(out);
    if (n === 0) {
      this.seen.leave(slot, this.nodes);
      return BACK;
    }
    const safe = n > 1 && this.aid?.safeMove !== undefined ? this.aid.safeMove(out, n) : -1;
    if (safe !== -1) {
      out[0] = safe;
      n = 1;
      this.pruned[0]!++;
    } else if (n > 1) {
      if (this.order !== undefined) this.order(state, out, n);
      if (this.shuffle > 0 && this.rng() < this.shuffle) {
        // a random move other than the first brought to the front, the rest in their order
        const j = 1 + Math.floor(this.rng() * (n - 1));
        const m = out[j]!;
        out.copyWithin(1, 0, j);
        out[0] = m;
      }
    }
    this.first[ply] = top;
    this.count[ply] = n;
    this.next[ply] = 0;
    this.left[ply] = left;
    this.slot[ply] = slot;
    return OPEN;
  }

  private growPlies(): void {
    const size = this.first.length * 2;
    this.first = grown(this.first, size);
    this.count = grown(this.count, size);
    this.next = grown(this.next, size);
    this.left = grown(this.left, size);
    this.slot = grown(this.slot, size);
    this.line = grown(this.line, size);
  }
}

/** A copy of a with room for at least `size` entries. */
function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  let n = a.length;
  while (n < size) n *= 2;
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
