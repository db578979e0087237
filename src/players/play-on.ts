// Playing on: the loop that asks a player for each move from the position as it stands until the game ends, the
// player stops, or play stalls. sim/play.ts plays whole deals with it; a sampling player (rollout.ts) plays its
// samples out with it. Pure: no threads, no I/O.

import { PileRole, pilesWithRole, type GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { PlayOutEnds } from './play-out-ends.js';
import { STOP, type Player } from './player.js';

/**
 * Moves without progress after which a deal is ended as stalled. Progress is the foundations holding more cards
 * than they have at any look before, or the stock, current card and talon changing size; moves that shuffle cards
 * within the layout (such as a card married back and forth between two equal cards), or that take a card back off
 * a foundation and play it again, fail to make it.
 */
export const STALL_LIMIT = 300;

/**
 * Progress is looked at every this many moves (it cost a tenth of a deal's time when looked at every move).
 * Between re-deals the mark only moves one way (the foundations' most cards so far only grows, cards leave the
 * stock, and the talon grows only as the stock turns onto it), so a mark unchanged between two looks means no
 * progress in between.
 */
const LOOK_EVERY = 10;

/**
 * Play on from the position as it stands with player (already reset) until the game ends, the player stops, or
 * play stalls (STALL_LIMIT); returns the number of moves made (each undone by one state.undo()) and whether play
 * stalled. A sampling player (players/rollout.ts) plays its rollouts with it.
 */
export function playOn(
  state: GameState,
  player: Player,
  buffer: Int32Array,
  onMove?: (move: Move) => void,
): { moves: number; stalled: boolean } {
  const outside = outsidePiles(state);
  let moves = 0;
  let stalled = false;
  let most = state.foundationCount(); // the most cards seen on the foundations at a look
  let mark = progressMark(state, outside, most);
  let lastProgress = 0; // the look at which the mark was last seen to change
  for (;;) {
    const n = state.legalMoves(buffer);
    if (n === 0) break;
    const m = player.choose(state, buffer, n);
    if (m === STOP) break;
    onMove?.(m);
    state.apply(m);
    if (++moves % LOOK_EVERY !== 0) continue;
    most = Math.max(most, state.foundationCount());
    const now = progressMark(state, outside, most);
    if (now !== mark) {
      mark = now;
      lastProgress = moves;
    } else if (moves - lastProgress >= STALL_LIMIT) {
      stalled = true;
      break;
    }
  }
  return { moves, stalled };
}

/**
 * Positions at the start of a rollout whose keys are looked up and remembered (RememberingPlayOn): a rollout joins
 * another's line within its first few moves or seldom (docs/decisions.md#rollout-remembers-where-first-positions).
 * The table keeps its key up to date through those moves only (Table.dropKey after them). Undoing the rollout takes the
 * key up again where it was
 * dropped, so the next rollout from the same position starts with its key instead of working it out afresh.
 */
const JOIN_WINDOW = 12;

/**
 * playOn for a player whose move depends on the position alone (greedy), remembering where its play-outs from
 * one sampled position end (players/rollout.ts): the same line, the same stalls and the same end as playOn, but
 * a play-out that meets, within its first JOIN_WINDOW positions, one of the first JOIN_WINDOW positions of an
 * earlier play-out, whose line went on to end naturally `rest` moves on from there, ends at once with that end's
 * value (valueAt there, an integer), when it cannot stall before that end. That is so when the end is under
 * STALL_LIMIT moves past the last progress seen; or when the stall watch stands as the earlier play-out's stood
 * there (the same progress mark to compare with, looks at the same moves from there on) with no longer a wait
 * since progress: the watch then sees what the earlier one saw, and stalls no sooner. The memo must be cleared
 * whenever what a key does not see changes (which copy of a face lies where among the unseen cards, Table.salt:
 * play-out-ends.ts), so once per sample.
 */
export class RememberingPlayOn {
  /** Moves made by the last play(), each undone by one state.undo(). */
  made = 0;
  /** The value at the last play()'s end: valueAt(state) there, or the remembered value of the same end. */
  value = 0;
  /** Moves from the start to the last play()'s end (made, or more where a remembered end was read). */
  length = 0;
  /** Whether the last play() stalled (as playOn's `stalled`). */
  stalled = false;
  // The first positions met, by move: key, and the stall watch there (look(): wait since progress and phase; mark).
  private readonly pathLo = new Int32Array(JOIN_WINDOW);
  private readonly pathHi = new Int32Array(JOIN_WINDOW);
  private readonly pathLook = new Int32Array(JOIN_WINDOW);
  private readonly pathMark = new Float64Array(JOIN_WINDOW);

  constructor(
    private readonly memo: PlayOutEnds,
    private readonly valueAt: (state: GameState) => number,
  ) {}

  /** Play on from the position as it stands with player (already reset), as playOn does; sets the fields above. */
  play(state: GameState, player: Player, buffer: Int32Array): void {
    const memo = this.memo;
    const t = state.table;
    const outside = outsidePiles(state);
    let moves = 0;
    let kept = 0; // positions on the path
    let end = -1; // moves from the start to the natural end, once known
    let value = 0;
    let stalled = false;
    let most = state.foundationCount();
    let mark = progressMark(state, outside, most);
    let lastProgress = 0;
    for (;;) {
      if (moves < JOIN_WINDOW) {
        const key = t.key();
        const lo = key[0]!;
        const hi = key[1]!;
        const slot = memo.find(lo, hi);
        const rest = slot >= 0 ? memo.stepsAt(slot) : 0;
        const wait = moves - lastProgress;
        if (slot >= 0 && (wait + rest < STALL_LIMIT || sameWatch(memo, slot, moves, wait, mark))) {
          end = moves + rest;
          value = memo.valueAt(slot);
          break;
        }
        this.pathLo[kept] = lo;
        this.pathHi[kept] = hi;
        this.pathLook[kept] = look(moves, wait);
        this.pathMark[kept++] = mark;
      }
      const n = state.legalMoves(buffer);
      if (n === 0) break;
      const m = player.choose(state, buffer, n);
      if (m === STOP) break;
      state.apply(m);
      if (++moves === JOIN_WINDOW) t.dropKey(); // past the window: no more keys to keep
      if (moves % LOOK_EVERY !== 0) continue;
      most = Math.max(most, state.foundationCount());
      const now = progressMark(state, outside, most);
      if (now !== mark) {
        mark = now;
        lastProgress = moves;
      } else if (moves - lastProgress >= STALL_LIMIT) {
        stalled = true;
        break;
      }
    }
    if (moves < JOIN_WINDOW) t.dropKey();
    if (end < 0) {
      value = this.valueAt(state);
      if (!stalled) end = moves; // the natural end (a stall is none: it is not remembered)
    }
    if (end >= 0) {
      for (let i = 0; i < kept; i++) {
        memo.learn(this.pathLo[i]!, this.pathHi[i]!, end - i, value, this.pathLook[i]!, this.pathMark[i]!);
      }
    }
    this.made = moves;
    this.value = value;
    this.length = stalled ? moves : end;
    this.stalled = stalled;
  }
}

/** The stall watch's state at a move, as one number: the wait since progress was last seen, and the look's phase. */
function look(moves: number, wait: number): number {
  return wait * LOOK_EVERY + (moves % LOOK_EVERY);
}

/**
 * Whether the watch, at `moves` with `wait` since progress and comparing with `mark`, stands as the one that
 * learned the end in slot did: the same mark, looks at the same moves from here, and a wait no longer.
 */
function sameWatch(memo: PlayOutEnds, slot: number, moves: number, wait: number, mark: number): boolean {
  const was = memo.lookAt(slot);
  return memo.markAt(slot) === mark && was % LOOK_EVERY === moves % LOOK_EVERY && wait <= Math.floor(was / LOOK_EVERY);
}

const outsideByRoles = new WeakMap<Uint8Array, number[]>();

/** The stock, current-card and talon piles of a state, worked out once per table of roles. */
function outsidePiles(state: GameState): number[] {
  const roles = state.pileRoles;
  let piles = outsideByRoles.get(roles);
  if (!piles) {
    piles = [PileRole.Stock, PileRole.Current, PileRole.Talon].flatMap((role) => pilesWithRole(roles, role));
    outsideByRoles.set(roles, piles);
  }
  return piles;
}

/** A number that changes whenever play progresses (see STALL_LIMIT), given the most cards seen on the foundations. */
function progressMark(state: GameState, outside: readonly number[], most: number): number {
  const t = state.table;
  let mark = most;
  for (let i = 0; i < outside.length; i++) mark = mark * 131 + t.size(outside[i]!);
  return mark;
}
