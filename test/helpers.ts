// Test helpers: make states, find piles by their names, and find or make moves by what they do.

import { copyOf, makeCard, type Card } from '../src/core/card.js';
import { stackedDeck } from '../src/core/deck.js';
import type { Game, GameState } from '../src/core/game.js';
import { countOf, fromOf, kindOf, toOf, type Move } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import type { SolvingAid } from '../src/core/solving.js';
import { Table } from '../src/core/table.js';
import { STOP, type Player } from '../src/players/player.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';

/** A state of game with the given rule options, dealt from a deck whose first cards are `prefix`. */
export function dealt(game: Game, prefix: string, rules: Record<string, OptionValue> = {}): GameState {
  const state = game.create(resolveOptions(game.options, rules));
  state.deal(stackedDeck(prefix));
  return state;
}

/** Index of the pile with this name ("outer 3", "talon"); throws if there is none. */
export function pile(state: GameState, name: string): number {
  const p = state.pileNames.indexOf(name);
  if (p < 0) throw new Error(`no pile named ${name}`);
  return p;
}

/** A card as PySolFC's fixtures write it: a card of the second pack (copy 1) marked with a star. */
export const exact = (c: Card) => `${makeCard(c)}${copyOf(c) === 1 ? '*' : ''}`;

/** The cards of the pile named `name`, bottom first, as PySolFC's fixtures write them. */
export function exactCards(state: GameState, name: string): string {
  const t = state.table;
  const p = pile(state, name);
  return Array.from({ length: t.size(p) }, (_, i) => exact(t.at(p, i))).join(' ');
}

/** The legal moves now. */
export function legal(state: GameState): Move[] {
  const buf = new Int32Array(4096);
  return Array.from(buf.subarray(0, state.legalMoves(buf)));
}

/** The legal move of this kind between these piles (by name), if any. */
export function findMove(state: GameState, kind: number, from?: string, to?: string, count = 1): Move | undefined {
  return legal(state).find(
    (m) =>
      kindOf(m) === kind &&
      (from === undefined || fromOf(m) === pile(state, from)) &&
      (to === undefined || toOf(m) === pile(state, to)) &&
      countOf(m) === count,
  );
}

/** Make the legal move of this kind between these piles; throws if it is not legal. */
export function make(state: GameState, kind: number, from?: string, to?: string, count = 1): void {
  const m = findMove(state, kind, from, to, count);
  if (m === undefined)
    throw new Error(`no legal move ${kind} ${from ?? ''} -> ${to ?? ''}; legal: ${legal(state).join(',')}`);
  state.apply(m);
}

/** The codes of a pile's cards, bottom first. */
export function cards(state: GameState, name: string): string[] {
  const p = pile(state, name);
  const out: string[] = [];
  for (let i = 0; i < state.table.size(p); i++) out.push(makeCard(state.table.at(p, i)));
  return out;
}

/** The code of a pile's top card, or '' when it is empty. */
export function top(state: GameState, name: string): string {
  const c: Card = state.table.top(pile(state, name));
  return state.table.size(pile(state, name)) === 0 ? '' : makeCard(c);
}

/** What a player may read, as text (src/sim/honesty.ts). */
export { inSight } from '../src/sim/honesty.js';

/** A new table holding t's piles and variables, laid out card by card: its keys are worked out afresh, not kept. */
export function laidAfresh(t: Table): Table {
  const fresh = new Table(t.pileCount, t.vars.length, t.cap);
  for (let p = 0; p < t.pileCount; p++) for (let i = 0; i < t.size(p); i++) fresh.put(p, t.at(p, i));
  fresh.vars.set(t.vars);
  fresh.keyOnly(t.keyedVariables);
  return fresh;
}

/** The moves `player` makes in the first `most` moves of deal i of `seed` (STOP last if it stopped), as a run plays
 * them. */
export function movesOf(
  state: GameState,
  player: Player,
  seed: string,
  gameId: string,
  i: number,
  most: number,
): Move[] {
  const out: Move[] = [];
  state.deal(dealDeck(seed, gameId, i));
  player.reset(() => playerRng(seed, gameId, i));
  const buf = new Int32Array(4096);
  for (let step = 0; step < most; step++) {
    const n = state.legalMoves(buf);
    if (n === 0) break;
    const m = player.choose(state, buf, n);
    out.push(m);
    if (m === STOP) break;
    state.apply(m);
  }
  return out;
}

const aids = new WeakMap<GameState, SolvingAid>();

/** The solving aid of `game` (Game.solving) for `state`, built once per state, as a solver builds its own once. */
export function aidOf(game: Game, state: GameState): SolvingAid {
  let aid = aids.get(state);
  if (aid === undefined) aids.set(state, (aid = game.solving!.aid(state)));
  return aid;
}

/** A Napoleon's Square square (packets bottom first) with no ace, no king and no marriage among its tops:
 * 9S 9H 9D 9C QS QH QD QC 6S 6H 6D 6C. */
export const NAPOLEON_SQUARE: readonly string[] = [
  '4S 5H 7D 9S',
  '4H 5D 7C 9H',
  '4D 5C 7S 9D',
  '4C 5S 7H 9C',
  '3S 8H TD QS',
  '3H 8D TC QH',
  '3D 8C TS QD',
  '3C 8S TH QC',
  '2S JH 2D 6S',
  '2H JD 2C 6H',
  'JS 4S 5H 6D',
  'JC 4H 5D 6C',
];
