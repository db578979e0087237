// Compulsory refills of vacancies from one source, place by place in a fixed order (deal order, as a rule): the
// Hemispheres' Races from the stock (H6, H7), and any game whose vacancies the rules fill without a choice.

import type { Table } from './table.js';

/** Fill each empty place of `places`, in the order given, with the top card of pile `source` while it has cards;
 * returns how many it filled. */
export function refillInOrder(t: Table, places: readonly number[], source: number): number {
  let filled = 0;
  for (let i = 0; i < places.length && t.size(source) > 0; i++) {
    const p = places[i]!;
    if (t.size(p) > 0) continue;
    t.move(source, p);
    filled++;
  }
  return filled;
}
