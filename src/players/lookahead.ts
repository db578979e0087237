// lookahead: greedy's game, with a depth-limited search that departs from greedy's choice only for a line that
// puts at least two more cards on the foundations before the next unseen card.
//
// At a decision, each legal move is tried to `depth` moves deep over the visible position (ending the free moves and
// choosing refills do not count toward the depth, so "marry to make a vacancy, end, fill it" is seen whole; below
// the decision itself a refill choice is made as greedy would make it, see valueOf); at the end of each line greedy
// plays on, with the game's own advice, until its next move would turn up an unseen card, it stops, or the game is
// won (at most CONTINUATION moves). A line's value is the cards on the foundations there; a move's value is that of
// its best line. A move that would turn up an unseen card is not tried: its value is the cards on the foundations
// before it, plus one if it is a play (its card is unknown).
//
// The game's own judgement acts three times. Greedy plays every line out, so a line is judged as the game's
// advice would go on with it. A move the advice rules out (scores 0: The Sultan's Divan play that should wait,
// The Zodiac's marriage against a pile's direction) is not tried, unless it is greedy's own choice. And when
// greedy chooses a play, which card to play is greedy's to say (its rules 1-2 and the advice): the search may
// put another kind of move first, but never another play. Greedy's choice is the default: another move is made
// only when its value is higher by more than MARGIN cards. The search spends a budget of `nodes` positions a
// decision (search and play-out moves alike), greedy's own choice first: once it is spent no line is searched
// deeper, but every move still gets its play-out (at most CONTINUATION moves), so the budget is a soft cap that
// leans towards greedy's choice. A departure never leads back to a position already played through in this deal
// (without that rule the search could put off a compulsory refill for ever by marrying a card back and forth),
// and the player stops only when greedy would. Greedy's moves in the play-outs, and where a play-out from a position
// ends, are remembered through the deal (play-out-memo.ts, which forgets all when its table is half full): the
// same moves, faster where play-outs keep meeting the same positions.
// Why cards alone value a line, why moves the advice rules out are not tried and why no play is swapped for
// another, with the memo's speed: docs/decisions.md#lookaheads-play-out-memo.

import type { Game, GameState } from '../core/game.js';
import { MoveKind, isProceed, kindOf, reveals, type Move } from '../core/move.js';
import { NO_END, PlayOutMemo } from './play-out-memo.js';
import { PositionSet } from './positions.js';
import { greedyFor, type GreedyPlayer } from './greedy.js';
import { STOP, allOptional, type Player, type PlayerSettings, type PlayerSpec } from './player.js';

/** The most moves greedy plays on from the end of a line before the line is valued. */
const CONTINUATION = 40;

/**
 * Greedy's choice is left only for a move whose value is more than this many cards above it: a one-card gain
 * before the next unseen card is too small to outweigh greedy's judgement
 * (docs/decisions.md#lookahead-plays-greedys-game).
 */
const MARGIN = 1;

class LookaheadPlayer implements Player {
  private readonly greedy: GreedyPlayer;
  private readonly seen = new PositionSet();
  private readonly buffers: Int32Array[] = []; // one move list per ply of the search, made on first use
  private readonly playOut = new Int32Array(4096); // greedy's play-out's move list
  private readonly memo = new PlayOutMemo();
  private readonly pathLo = new Int32Array(CONTINUATION + 1); // the keys of a play-out's positions
  private readonly pathHi = new Int32Array(CONTINUATION + 1);
  private budget = 0;

  constructor(
    game: Game,
    private readonly settings: PlayerSettings,
    private readonly remembers = true, // read and write the memo (false: the reference the memo is checked against)
  ) {
    this.greedy = greedyFor(game);
  }

  reset(): void {
    this.seen.clear();
    this.memo.clear();
  }

  choose(state: GameState, moves: Int32Array, n: number): Move {
    this.seen.add(state.table.hash());
    if (n === 1 && isProceed(moves[0]!)) return moves[0]!;
    const choice = this.greedy.choose(state, moves, n);
    this.budget = this.settings.nodes;
    const here = state.foundationCount();
    let best = choice;
    // Greedy's own choice is valued first, but only once there is another move to value against it (where greedy
    // plays and every other move is a play, as in The Sultan, there never is): the same budget spent in the same
    // order, and nothing searched in vain.
    let bestValue = -1;
    const choosesPlay = choice !== STOP && kindOf(choice) === MoveKind.Play;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      if (
        m === choice ||
        (choosesPlay && kindOf(m) === MoveKind.Play) ||
        this.greedy.vetoes(state, m) ||
        this.returns(state, m)
      )
        continue;
      if (bestValue < 0)
        bestValue =
          (choice === STOP
            ? here
            : this.valueOf(state, choice, here, this.depthAfter(choice, this.settings.depth), 0)) + MARGIN;
      const value = this.valueOf(state, m, here, this.depthAfter(m, this.settings.depth), 0);
      if (value > bestValue) {
        best = m;
        bestValue = value;
      }
    }
    return best; // STOP only when greedy stops, which it does only when every move may be declined
  }

  /** Whether move m leads back to a position already seen in this deal. */
  private returns(state: GameState, m: Move): boolean {
    if (reveals(m)) return false;
    state.apply(m);
    const back = this.seen.has(state.table.hash());
    state.undo();
    return back;
  }

  /** The depth left after move m, with `depth` left before it. */
  private depthAfter(m: Move, depth: number): number {
    const k = kindOf(m);
    return k === MoveKind.End || k === MoveKind.Fill ? depth : depth - 1;
  }

  /**
   * Value of making move m in a position with `here` cards on the foundations, searching `depth` more moves;
   * `ply` is the number of moves already made in this line (it can exceed the depth, see depthAfter).
   */
  private valueOf(state: GameState, m: Move, here: number, depth: number, ply: number): number {
    if (reveals(m)) return here + (kindOf(m) === MoveKind.Play ? 1 : 0);
    state.apply(m);
    this.budget--;
    let best = -1;
    if (depth > 0 && this.budget > 0 && !state.isWon()) {
      const buf = (this.buffers[ply] ??= new Int32Array(1024));
      const n = state.legalMoves(buf);
      const now = state.foundationCount();
      if (n === 0 || allOptional(buf, n)) best = now; // stopping here is a line too
      // A refill choice below the decision (every move a fill) is made as greedy makes it, not searched: a fill is
      // free of depth, and branching on each multiplied the search in The Constitution, whose vacancy takes any top
      // of the row below and may empty a pile there in turn (up to eight fills, three rows deep), for no gain
      // (docs/decisions.md#lookaheads-refill-choice-below-decision).
      const fill = n > 1 && refillChoice(buf, n) ? this.greedy.choose(state, buf, n) : STOP;
      for (let i = 0; i < n && this.budget > 0; i++) {
        const m2 = buf[i]!;
        if (fill !== STOP && m2 !== fill) continue;
        if (this.greedy.vetoes(state, m2)) continue;
        const v = this.valueOf(state, m2, now, this.depthAfter(m2, depth), ply + 1);
        if (v > best) best = v;
      }
    }
    if (best < 0) best = this.playedOut(state);
    state.undo();
    return best;
  }

  /**
   * Cards on the foundations once greedy has played on until its next move would turn up an unseen card. Greedy's
   * moves and the play-outs' ends are read from the memo where known (the same value and the same budget spent,
   * see play-out-memo.ts).
   */
  private playedOut(state: GameState): number {
    const memo = this.memo;
    let made = 0;
    let value = -1;
    let end = NO_END; // moves to the natural end: greedy stops or turns up a card, or the game is won
    let kept = 0; // positions of this line whose play-out's end is learned
    while (made < CONTINUATION) {
      const key = state.table.key();
      const lo = key[0]!;
      const hi = key[1]!;
      const slot = this.remembers ? memo.find(lo, hi) : -1;
      if (slot >= 0) {
        const rest = memo.endAfter(slot);
        if (rest !== NO_END && made + rest <= CONTINUATION) {
          value = memo.valueAt(slot);
          end = made + rest;
          this.budget -= rest;
          break;
        }
      }
      this.pathLo[kept] = lo;
      this.pathHi[kept++] = hi;
      if (state.isWon()) {
        end = made;
        break;
      }
      const m = slot >= 0 ? memo.moveAt(slot) : this.greedyMove(state, lo, hi);
      if (m === STOP || reveals(m)) {
        end = made;
        break;
      }
      state.apply(m);
      made++;
      this.budget--;
    }
    if (value < 0) value = state.foundationCount();
    if (end !== NO_END) for (let i = 0; i < kept; i++) memo.setEnd(this.pathLo[i]!, this.pathHi[i]!, end - i, value);
    for (let i = 0; i < made; i++) state.undo();
    return value;
  }

  /** Greedy's move (or STOP) in a position met for the first time, remembered under its key (lo, hi). */
  private greedyMove(state: GameState, lo: number, hi: number): Move {
    const n = state.legalMoves(this.playOut);
    const m = n === 0 ? STOP : this.greedy.choose(state, this.playOut, n);
    if (this.remembers) this.memo.remember(lo, hi, m);
    return m;
  }
}

/** Whether every one of moves[0..n) fills a vacancy: a refill choice. */
function refillChoice(moves: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (kindOf(moves[i]!) !== MoveKind.Fill) return false;
  return true;
}

/** The lookahead player. */
export const lookaheadPlayer: PlayerSpec = {
  id: 'lookahead',
  summary:
    "greedy, leaving greedy's choice only for a move whose --depth-move search (about --nodes positions), played on by greedy up to the next unseen card, puts 2+ more cards on the foundations",
  uses: ['depth', 'nodes'],
  create: (game, settings) => new LookaheadPlayer(game, settings),
};

/** The lookahead without its play-out memo: the same moves, slower (the reference that tests check the memo against).
 * */
export function lookaheadWithoutMemo(game: Game, settings: PlayerSettings): Player {
  return new LookaheadPlayer(game, settings, false);
}
