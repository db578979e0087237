// The placing plan played out as moves (the solver's only): phase 1 by the plan, the stock's order taken as it
// comes, then phase 2 suit by suit. Nothing here is proved: the solver replays and checks the line, and a plan
// this cannot play out decides nothing.

import { faceOf, rankOf } from '../../core/card.js';
import type { GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, toOf } from '../../core/move.js';
import { LAYOUT } from './layout.js';
import { isPlacing } from './rules.js';
import type { PlacingPlan } from './solver-placing.js';

const UP = LAYOUT.first.up;
const DOWN = LAYOUT.first.down;
const EQUATOR = LAYOUT.first.equator;
const ZODIAC = LAYOUT.first.zodiac;
/** The piles of loose cards: the Equator's cells, the stock, the current card and the talon. */
const LOOSE: readonly number[] = [
  ...Array.from({ length: 8 }, (_, i) => EQUATOR + i),
  LAYOUT.first.stock,
  LAYOUT.first.current,
  LAYOUT.first.talon,
];
/** The most moves phase 1 may take here (a pass places at least one card, so far fewer are ever needed). */
const MOST_MOVES = 20_000;

/**
 * Plays `plan` from the position the state stands in (phase 1), pushing each move made onto `moves`: each pile
 * takes its run's next card whenever one is available (from the Equator first, which frees its cell), a card the
 * plan leaves over fills an empty cell, and otherwise the stock is turned or the talon turned over. Then phase 2,
 * suit by suit, by a depth-first search over the plays. Returns whether the state is won; the moves stay made.
 */
export function playPlan(state: GameState, plan: PlacingPlan, moves: number[]): boolean {
  const t = state.table;
  const next: number[][] = Array.from({ length: 24 }, () => []);
  plan.suits.forEach((suit) => suit.piles.forEach((z, i) => (next[z] = [...suit.runs[i]!])));
  // The copies of each face that stay loose: those loose now less those the runs take.
  const keep = new Int8Array(52);
  for (const p of LOOSE) for (let i = 0; i < t.size(p); i++) keep[faceOf(t.at(p, i))]!++;
  plan.suits.forEach((suit, s) => suit.runs.forEach((run) => run.forEach((r) => keep[s * 13 + r - 1]!--)));
  const buffer = new Int32Array(4096);
  for (let step = 0; isPlacing(t); step++) {
    if (step >= MOST_MOVES) return false;
    const n = state.legalMoves(buffer);
    const m = chooseInPhase1(state, buffer, n, next, keep);
    if (m < 0) return false;
    state.apply(m);
    moves.push(m);
  }
  for (let s = 0; s < 4; s++) if (!playSuit(state, s, moves, new Set())) return false;
  return state.isWon();
}

/** Phase 1's move by the plan, or -1 when there is none (the plan cannot be played out from here). */
function chooseInPhase1(state: GameState, moves: Int32Array, n: number, next: number[][], keep: Int8Array): number {
  const t = state.table;
  let marriage = -1;
  let fill = -1;
  let turn = -1;
  for (let i = 0; i < n; i++) {
    const m = moves[i]!;
    const kind = kindOf(m);
    if (kind === MoveKind.Marry) {
      const z = toOf(m) - ZODIAC;
      if (next[z]![0] !== rankOf(t.top(fromOf(m)))) continue;
      if (marriage < 0) marriage = m;
      if (fromOf(m) < ZODIAC) {
        marriage = m; // from the Equator, which frees a cell
        break;
      }
    } else if (kind === MoveKind.Fill && fill < 0) {
      const f = faceOf(t.top(fromOf(m)));
      let held = 0;
      for (let e = EQUATOR; e < ZODIAC; e++) if (t.size(e) > 0 && faceOf(t.top(e)) === f) held++;
      if (held < keep[f]!) fill = m;
    } else if (kind === MoveKind.Turn || kind === MoveKind.Redeal) turn = m;
  }
  if (marriage >= 0) {
    next[toOf(marriage) - ZODIAC]!.shift();
    return marriage;
  }
  return fill >= 0 ? fill : turn;
}

/** Phase 2's plays of suit s to its foundations, depth first; `failed` holds the keys of positions lost. */
function playSuit(state: GameState, s: number, moves: number[], failed: Set<string>): boolean {
  const t = state.table;
  if (t.size(UP + s) + t.size(DOWN + s) === 26) return true;
  const key = t.key().join(',');
  if (failed.has(key)) return false;
  const buffer = new Int32Array(1024);
  const n = state.legalMoves(buffer);
  for (let i = 0; i < n; i++) {
    const m = buffer[i]!;
    if (kindOf(m) !== MoveKind.Play || (toOf(m) !== UP + s && toOf(m) !== DOWN + s)) continue;
    state.apply(m);
    moves.push(m);
    if (playSuit(state, s, moves, failed)) return true;
    moves.pop();
    state.undo();
  }
  failed.add(key);
  return false;
}
