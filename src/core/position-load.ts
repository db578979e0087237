// Loading a parsed position (core/position.ts) into a state: a deal is laid out first, so that whatever a game
// sets up at the deal exists, then every pile and variable is set in one step (Table.clear, puts, commit), which
// gives the table a fresh version: every cache a game keys by it is worked out afresh. Unseen cards are dealt,
// in order or shuffled, from the cards the position does not name, each into a hidden pile of its group
// (GameState.unseenGroups), as a sample of the unseen cards (core/sample.ts) would.
//
// A game whose shuffled re-deal is keyed by the deck (core/stock.ts redealShuffle) shuffles a loaded position's
// re-deals by the deck laid out first (the ordered deck), not by the unknown deck the position came from.

import { CARD_COUNT } from './card.js';
import { orderedDeck } from './deck.js';
import { describeMove, type Game, type GameState } from './game.js';
import { UNSEEN, type Position } from './position.js';
import { shuffleInPlace, type Rng } from './random.js';

/** The position with every unseen card given: in card order, or shuffled by `rng`; the position itself if none is
 * unseen. */
export function fillUnseen(position: Position, state: GameState, rng?: Rng): Position {
  if (position.unseen === 0) return position;
  const named = new Uint8Array(CARD_COUNT);
  for (const pile of position.piles) for (const c of pile) if (c !== UNSEEN) named[c] = 1;
  const groups = state.unseenGroups;
  const groupCount = groups === undefined ? 1 : 1 + Math.max(...groups.ofCard);
  const piles = position.piles.map((pile) => pile.slice());
  for (let g = 0; g < groupCount; g++) {
    const pool = new Uint8Array(CARD_COUNT);
    let n = 0;
    for (let c = 0; c < CARD_COUNT; c++)
      if (named[c] === 0 && (groups === undefined || groups.ofCard[c] === g)) pool[n++] = c;
    if (rng !== undefined) shuffleInPlace(rng, pool, n);
    let k = 0;
    piles.forEach((pile, p) => {
      if (groups !== undefined && groups.ofPile[p] !== g) return;
      for (let i = 0; i < pile.length; i++) {
        if (pile[i] !== UNSEEN) continue;
        if (k === n)
          throw new Error('position: more unseen places than unnamed cards (parsePosition checks the count)');
        pile[i] = pool[k++]!;
      }
    });
    if (k !== n) {
      const where = groups === undefined ? '' : ` of group ${g}`;
      throw new RangeError(`position: ${n - k} cards${where} are neither named nor in an unseen place`);
    }
  }
  return { ...position, piles, unseen: 0 };
}

/** Lay out `position` in `state` (created with position.options), unseen cards as fillUnseen deals them. */
export function setPosition(state: GameState, position: Position, rng?: Rng): void {
  lay(state, state.deal.bind(state), fillUnseen(position, state, rng));
}

/** Deal with `deal`, then set every pile and variable of the position (every card given) in one step. */
function lay(state: GameState, deal: (deck: Uint8Array) => void, position: Position): void {
  deal(orderedDeck());
  const t = state.table;
  t.clear();
  position.piles.forEach((pile, p) => {
    for (const c of pile) t.put(p, c);
  });
  position.variables.forEach((value, v) => t.set(v, value));
  t.commit();
  state.relaid?.();
}

/** A new state of the position's game and options, laid out at the position. */
export function positionState(position: Position, rng?: Rng): GameState {
  const state = position.game.create(position.options);
  setPosition(state, position, rng);
  return state;
}

/**
 * `state`, made to lay out `position` at every deal(), whatever the deck: for the code that starts from a deal
 * (the solver, the check of a winning line). A function gives the position at each deal (one sample after
 * another); its unseen cards must all be given (fillUnseen).
 */
export function dealingPosition(state: GameState, position: Position | (() => Position)): GameState {
  const deal = state.deal.bind(state);
  state.deal = () => {
    const now = position instanceof Function ? position() : position;
    if (now.unseen !== 0) throw new Error('dealingPosition: the position has unseen cards');
    lay(state, deal, now);
  };
  return state;
}

/** The game whose every state lays out `position` at each deal() (dealingPosition): for the solver's setup, which
 * creates its own state. */
export function gameAtPosition(position: Position | (() => Position)): Game {
  const game = position instanceof Function ? position().game : position.game;
  return { ...game, create: (options) => dealingPosition(game.create(options), position) };
}

/**
 * The first move a state offers that its own rules' check (isLegal) refuses, described, or undefined: a position
 * whose variables or piles no play reaches (a phase out of range) shows itself so, in the games that read them.
 */
export function unreachableMove(state: GameState): string | undefined {
  const moves = new Int32Array(4096);
  const n = state.legalMoves(moves);
  for (let i = 0; i < n; i++) if (!state.isLegal(moves[i]!)) return describeMove(state, moves[i]!);
  return undefined;
}
