// greedy: fixed priorities drawn from the books' advice, the same for every game. At each decision every
// legal move gets the score of the first rule that fits it, and the best score wins (ties: the earlier move).
// The scores are the advice scale's points (core/advice.ts):
//
//  1. Play a card from outside the layout (current card, talon top): PLAY_OUTSIDE. A card leaving the talon is
//     pure gain.
//  2. Play a card from the layout: PLAY_LAYOUT.
//  3. Marry a card from outside onto the layout, when the card it covers is needed no sooner than it:
//     MARRY_OUTSIDE. ("a card turns up likely to be soon required": keep it out of the talon.)
//  4. Marry a layout card only when it frees something (Cadogan: marry "when advantageous"): it uncovers a
//     card that fits a foundation, or empties its place while a wanted card (needed within WANTED) waits
//     outside to fill it; and again only when it covers nothing needed sooner: MARRY_FREES.
//  5. The grace when it frees something as in 4; of several donors, the card least needed goes: GRACE_FREES +
//     need.
//  6. A refill choice: an open place takes the card needed soonest (FILL_OPEN - need), a covered place the card
//     needed last (FILL_COVERED + need); an unseen stock card counts as UNSEEN_NEED.
//  7. Otherwise carry play on (end, turn, deal, re-deal) or make the first compulsory choice; when every move
//     may be declined and none scores above 0, stop.
// A game may add its own priorities from its book's advice (Game.advice, in the game's folder); they score a
// move first.
// The player looks only at visible cards and never tries a move out (player.ts).

import * as Scale from '../core/advice.js';
import { NO_CARD } from '../core/card.js';
import { PileRole, pilesWithRole, type Advice, type Game, type GameState } from '../core/game.js';
import {
  MoveKind,
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
import { STOP, type Player, type PlayerSpec } from './player.js';

// The scale's points as this file's own constants, for choose()'s loop.
const { PLAY_OUTSIDE, PLAY_LAYOUT, MARRY_OUTSIDE, MARRY_FREES, GRACE_FREES, GRACE_NEED_CAP } = Scale;
const { FILL_OPEN, FILL_COVERED, FILL_NEED_CAP, WANTED } = Scale;
/** The need assumed for an unseen stock card. */
const UNSEEN_NEED = 6;
/**
 * The most each kind of move can score by the generic rules above (0 for the kinds they never score): a move
 * that cannot beat the best so far is not scored.
 */
const CEILING = new Uint8Array(32);
CEILING[MoveKind.Play] = PLAY_OUTSIDE;
CEILING[MoveKind.Marry] = MARRY_OUTSIDE;
CEILING[MoveKind.Grace] = GRACE_FREES + GRACE_NEED_CAP;
CEILING[MoveKind.Fill] = FILL_OPEN;
/** isOptional and isProceed by kind, looked up once per move in choose() (docs/decisions.md#greedys-tables-move-kind).
 * */
export const OPTIONAL = new Uint8Array(32);
export const PROCEED = new Uint8Array(32);
for (let k = 0; k < 32; k++) {
  OPTIONAL[k] = isOptional(makeMove(k, 0, 0)) ? 1 : 0;
  PROCEED[k] = isProceed(makeMove(k, 0, 0)) ? 1 : 0;
}
/** The roles of the piles outside the layout whose top a player can use. */
const OUTSIDE = [PileRole.Current, PileRole.Talon];

/** Greedy: the fixed priorities above, with a game's advice first; also orders moves and names what the advice rules
 * out. */
export class GreedyPlayer implements Player {
  private roles: Uint8Array | undefined; // the pile roles outside was worked out for
  private outside: readonly number[] = [];
  private scores = new Float64Array(256); // scratch for order()

  constructor(private readonly advice: Advice | undefined) {}

  reset(): void {}

  choose(state: GameState, moves: Int32Array, n: number): Move {
    let best = STOP;
    let bestScore = 0;
    let compulsory = STOP; // the first move that cannot be declined, made when no move scores above 0
    const generic = this.advice === undefined;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const kind = kindOf(m);
      if (compulsory === STOP && !OPTIONAL[kind]) compulsory = m;
      if (PROCEED[kind]) continue;
      if (generic && CEILING[kind]! <= bestScore) continue; // it cannot beat the best
      const score = this.scoreOf(state, m);
      if (score > bestScore) {
        bestScore = score;
        best = m;
      }
    }
    return best !== STOP ? best : compulsory;
  }

  /**
   * Reorder moves[0..n) by greedy's preference: its own choice first, then the others by score, highest first,
   * ties in list order. A search that takes the first move at every position plays greedy's game.
   */
  order(state: GameState, moves: Int32Array, n: number): void {
    const chosen = this.choose(state, moves, n);
    const scores = this.scores.length >= n ? this.scores : (this.scores = new Float64Array(2 * n));
    for (let i = 0; i < n; i++) scores[i] = moves[i] === chosen ? Infinity : this.scoreOf(state, moves[i]!);
    for (let i = 1; i < n; i++) {
      const m = moves[i]!;
      const s = scores[i]!;
      let j = i - 1;
      while (j >= 0 && scores[j]! < s) {
        moves[j + 1] = moves[j]!;
        scores[j + 1] = scores[j]!;
        j--;
      }
      moves[j + 1] = m;
      scores[j + 1] = s;
    }
  }

  /**
   * Whether the game's own advice rules out move m (scores it 0: the book says not to make it now); a move that
   * cannot be declined or carries play on is never ruled out.
   */
  vetoes(state: GameState, m: Move): boolean {
    const kind = kindOf(m);
    return this.advice !== undefined && OPTIONAL[kind] === 1 && PROCEED[kind] === 0 && this.advice(state, m) === 0;
  }

  /** Greedy's score of move m (not one that carries play on): the game's advice first, then rules 1-6. */
  scoreOf(state: GameState, m: Move): number {
    if (this.advice !== undefined) {
      const advised = this.advice(state, m);
      if (advised !== undefined) return advised;
    }
    switch (kindOf(m)) {
      case MoveKind.Play:
        return isOutside(state, fromOf(m)) ? PLAY_OUTSIDE : PLAY_LAYOUT;
      case MoveKind.Marry:
        return this.marriageScore(state, m);
      case MoveKind.Grace:
        return this.graceScore(state, m);
      case MoveKind.Fill:
        return this.fillScore(state, m);
      default:
        return 0;
    }
  }

  /** Rules 3 and 4: no marriage that buries a card needed sooner; then one from outside, one that frees. */
  private marriageScore(state: GameState, m: Move): number {
    const t = state.table;
    const from = fromOf(m);
    const card = t.below(from, countOf(m) - 1);
    if (state.need(t.top(toOf(m))) < state.need(card)) return 0; // it would bury a card needed sooner
    if (isOutside(state, from)) return MARRY_OUTSIDE;
    return this.frees(state, m) ? MARRY_FREES : 0;
  }

  /** Rule 5: the grace when it frees something, the card least needed going first. */
  private graceScore(state: GameState, m: Move): number {
    return this.frees(state, m) ? GRACE_FREES + Math.min(state.need(state.table.top(fromOf(m))), GRACE_NEED_CAP) : 0;
  }

  /** Rule 4: the move uncovers a card that fits a foundation, or empties its pile while a wanted card waits. */
  private frees(state: GameState, m: Move): boolean {
    const from = fromOf(m);
    const n = countOf(m);
    const uncovered = state.uncovers(from, n);
    if (uncovered !== NO_CARD && state.need(uncovered) === 0) return true;
    return state.table.size(from) === n && this.wantedOutside(state);
  }

  /** Whether the current card or the talon top is needed within WANTED cards. */
  wantedOutside(state: GameState): boolean {
    const t = state.table;
    const piles = this.outsidePiles(state);
    for (let i = 0; i < piles.length; i++) {
      const p = piles[i]!;
      if (t.size(p) > 0 && state.need(t.top(p)) <= WANTED) return true;
    }
    return false;
  }

  /** The current-card and talon piles of the state's game, looked up once per game. */
  private outsidePiles(state: GameState): readonly number[] {
    if (state.pileRoles !== this.roles) {
      this.roles = state.pileRoles;
      this.outside = OUTSIDE.flatMap((role) => pilesWithRole(state.pileRoles, role));
    }
    return this.outside;
  }

  /** Rule 6: higher for the better card to put in this place. */
  private fillScore(state: GameState, m: Move): number {
    const need = reveals(m) ? UNSEEN_NEED : Math.min(state.need(state.table.top(fromOf(m))), FILL_NEED_CAP);
    return state.coverAt(toOf(m)) === 0 ? FILL_OPEN - need : FILL_COVERED + need;
  }
}

/** Whether pile p is the current card or the talon: outside the layout. */
function isOutside(state: GameState, p: number): boolean {
  const role = state.pileRoles[p];
  return role === PileRole.Current || role === PileRole.Talon;
}

/** Greedy's move ordering for a game (GreedyPlayer.order): the solver tries moves in this order. */
export function greedyOrder(game: Game): (state: GameState, moves: Int32Array, n: number) => void {
  const player = new GreedyPlayer(game.advice);
  return (state, moves, n) => player.order(state, moves, n);
}

/** A greedy player for a game, with the game's advice (for players that build on greedy's judgement). */
export function greedyFor(game: Game): GreedyPlayer {
  return new GreedyPlayer(game.advice);
}

/** The greedy player. */
export const greedyPlayer: PlayerSpec = {
  id: 'greedy',
  summary:
    "fixed priorities from the books' advice: play, save outside cards by marriage, marry or use the grace only to free a card",
  uses: [],
  create: (game) => new GreedyPlayer(game.advice),
};
