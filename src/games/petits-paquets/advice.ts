// Les Petits Paquets' own greedy priority, from the book's advice: "in forming the foundations one card at a
// time may be exchanged from the ascending to the descending sequences, and vice versa". The generic rules never
// exchange (an exchange plays nothing by itself). Here an exchange is made when it brings the two piles of a
// suit one step towards an available card of that suit, the nearest one, so that the card can then be played.

import { NOT_NOW, PLAY_LAYOUT } from '../../core/advice.js';
import { rankOf, suitOf } from '../../core/card.js';
import { PileRole, type Advice, type GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, type Move } from '../../core/move.js';
import { LAYOUT } from './layout.js';

/** Score of a useful exchange: below any play, above carrying play on. */
const USEFUL_EXCHANGE = PLAY_LAYOUT - 5;

const cards = new Uint8Array(256);
const piles = new Uint8Array(256);

/**
 * An exchange moves the top of one pile of a suit onto the other; the two piles then meet, the up pile taking
 * rank a and the down pile rank a - 1. Moving a card down lowers a, moving one up raises it: worth doing when
 * the nearest available card of the suit lies that way.
 */
export const petitsPaquetsAdvice: Advice = (state: GameState, m: Move) => {
  if (kindOf(m) !== MoveKind.Exchange) return undefined;
  const t = state.table;
  const from = fromOf(m);
  const moved = t.top(from);
  const s = suitOf(moved);
  const downwards = from < LAYOUT.end.up; // from the up pile onto the down pile
  // a: the rank the up pile takes now
  const a = downwards ? rankOf(moved) + 1 : rankOf(moved);
  let below = 255; // distance to the nearest available card under a - 1
  let above = 255; // distance to the nearest available card over a
  const n = state.availableCards(cards, piles);
  for (let i = 0; i < n; i++) {
    const c = cards[i]!;
    if (suitOf(c) !== s || state.pileRoles[piles[i]!] === PileRole.Foundation) continue;
    const r = rankOf(c);
    if (r < a - 1) below = Math.min(below, a - 1 - r);
    else if (r > a) above = Math.min(above, r - a);
  }
  if (below === 255 && above === 255) return NOT_NOW;
  const wantDown = below <= above;
  return wantDown === downwards ? USEFUL_EXCHANGE : NOT_NOW;
};
