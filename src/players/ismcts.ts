// ismcts: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), single observer, open
// loop. One tree per decision, over sequences of moves from the position in sight; each of --iterations
// iterations deals the unseen cards afresh (core/sample.ts), walks down the tree choosing among the moves legal in
// that sample by UCB1 on the mean reward (counting a child's chances by how often it was available, as ISMCTS
// does), adds one new move (the first untried in greedy's order), and plays the rest out with greedy. The tree
// holds only greedy's CANDIDATES best moves at each position, as rollout tries them. The reward is 1 for a won
// play-out, plus CARDS_WEIGHT times the share of the cards on the foundations. The move made is the root's most
// visited, unless it is not clearly better than greedy's own choice (GATE standard errors of the difference of
// their mean rewards, from the rewards' own spread): then greedy's, so that moves of equal worth (a card married back
// and forth) do not steer it.
//
// Unlike hindsight (planners/hindsight.ts), no search sees a sample's future: every move below the root is chosen
// by statistics pooled over samples, so a move that wins only by guessing right is not counted as safe (no
// strategy fusion). After a move that turns up a card, samples that turned up different cards share a node (open
// loop): the tree keys moves, not what they showed.
//
// Honesty: the samples are dealt from what is in sight and the hidden piles' sizes (core/sample.ts); every move
// below the root is played inside a sample, and the real position is restored exactly before the player answers.

import type { Game, GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import { seededRng, type Rng } from '../core/random.js';
import { UnseenSampler } from '../core/sample.js';
import { greedyFor, greedyOrder, type GreedyPlayer } from './greedy.js';
import { playOn } from './play-on.js';
import { DEFAULT_SETTINGS, STOP, allOptional, type Player, type PlayerSettings, type PlayerSpec } from './player.js';

/** UCB1's exploration constant, on rewards between 0 and 1 + CARDS_WEIGHT. */
const EXPLORATION = 0.7;
/** What a play-out's cards are worth beside a win (1): enough to tell lost lines apart, never a win. */
const CARDS_WEIGHT = 0.2;
/** How many of greedy's best moves the tree holds at a position. */
const CANDIDATES = 8;
/** Standard errors by which the most visited move must beat greedy's choice to be made instead. */
const GATE = 1;
/** The deepest the tree grows below the root, in moves. */
const MAX_DEPTH = 40;

/** A node of the tree: the move that leads to it and its statistics. */
interface TreeNode {
  readonly move: Move;
  visits: number;
  available: number;
  reward: number;
  squares: number; // the rewards' squares, summed
  readonly children: TreeNode[];
}

const newNode = (move: Move): TreeNode => ({ move, visits: 0, available: 0, reward: 0, squares: 0, children: [] });

class IsmctsPlayer implements Player {
  private rng: Rng = seededRng('ismcts');
  private readonly sampler = new UnseenSampler();
  private readonly greedy: GreedyPlayer;
  private readonly order: (state: GameState, moves: Int32Array, n: number) => void;
  private readonly iterations: number;
  private readonly buffers: Int32Array[] = []; // legal moves per depth of the walk
  private readonly playout = new Int32Array(4096);
  private readonly path: TreeNode[] = [];

  constructor(game: Game, settings: PlayerSettings) {
    this.greedy = greedyFor(game);
    this.order = greedyOrder(game);
    this.iterations = settings.iterations ?? DEFAULT_SETTINGS.iterations;
  }

  reset(makeRng: () => Rng): void {
    this.rng = makeRng();
  }

  choose(state: GameState, moves: Int32Array, n: number): Move {
    const mayStop = allOptional(moves, n);
    if (n === 1 && !mayStop) return moves[0]!;
    const root = newNode(STOP);
    for (let it = 0; it < this.iterations; it++) this.iterate(state, root);
    const own = this.greedy.choose(state, moves, n);
    let best: TreeNode | undefined;
    const offered = moves.subarray(0, n);
    for (const child of root.children)
      if (offered.includes(child.move) && (best === undefined || child.visits > best.visits)) best = child;
    const mine = root.children.find((c) => c.move === own);
    if (best === undefined || mine === undefined || best === mine || !clearlyBetter(best, mine)) return own;
    if (mayStop && best.reward / best.visits < this.stopValue(state)) return STOP;
    return best.move;
  }

  /** What stopping here is worth in the reward's terms. */
  private stopValue(state: GameState): number {
    return state.isWon() ? 1 + CARDS_WEIGHT : (CARDS_WEIGHT * state.foundationCount()) / state.cardsInPlay;
  }

  /** One iteration: a sample, a walk down the tree, one new node, a play-out, and everything taken back. */
  private iterate(state: GameState, root: TreeNode): void {
    const t = state.table;
    this.sampler.resample(state, this.rng);
    const path = this.path;
    path.length = 0;
    let node = root;
    let made = 0;
    for (let depth = 0; depth < MAX_DEPTH && !state.isWon(); depth++) {
      const buf = (this.buffers[depth] ??= new Int32Array(4096));
      let n = state.legalMoves(buf);
      if (n === 0) break;
      if (n > 1) this.order(state, buf, n);
      n = Math.min(n, CANDIDATES);
      let untried = 0; // legal moves with no child yet, gathered at the front of buf
      for (let i = 0; i < n; i++) {
        const child = node.children.find((c) => c.move === buf[i]);
        if (child !== undefined) child.available++;
        else buf[untried++] = buf[i]!;
      }
      let next: TreeNode;
      if (untried > 0) {
        next = newNode(buf[0]!); // the first untried in greedy's order
        next.available = 1;
        node.children.push(next);
      } else next = this.select(node, buf, n);
      state.apply(next.move);
      made++;
      path.push(next);
      node = next;
      if (untried > 0) break; // one new node an iteration
    }
    const out = playOn(state, this.greedy, this.playout).moves;
    const reward = (state.isWon() ? 1 : 0) + (CARDS_WEIGHT * state.foundationCount()) / state.cardsInPlay;
    for (const p of path) {
      p.visits++;
      p.reward += reward;
      p.squares += reward * reward;
    }
    for (let j = 0; j < out + made; j++) state.undo();
    t.undo(); // the sample
  }

  /** The child, among those whose move is in buf[0..n), with the best UCB1 score by availability. */
  private select(node: TreeNode, buf: Int32Array, n: number): TreeNode {
    let best = node.children[0]!;
    let bestScore = -Infinity;
    const legal = buf.subarray(0, n);
    for (const c of node.children) {
      if (!legal.includes(c.move)) continue;
      const score = c.reward / c.visits + EXPLORATION * Math.sqrt(Math.log(c.available) / c.visits);
      if (score > bestScore) [best, bestScore] = [c, score];
    }
    return best;
  }
}

/** Whether a's mean reward beats b's by GATE standard errors of the difference (their samples are not paired). */
function clearlyBetter(a: TreeNode, b: TreeNode): boolean {
  const mean = (x: TreeNode) => x.reward / x.visits;
  const variance = (x: TreeNode) => Math.max(0, x.squares / x.visits - mean(x) ** 2) / x.visits;
  return mean(a) - mean(b) > GATE * Math.sqrt(variance(a) + variance(b));
}

/** The ISMCTS player. */
export const ismctsPlayer: PlayerSpec = {
  id: 'ismcts',
  summary:
    'information-set Monte Carlo tree search: --iterations samples of the unseen cards a decision, one tree over them, greedy play-outs',
  uses: ['iterations'],
  create: (game, settings) => new IsmctsPlayer(game, settings),
};
