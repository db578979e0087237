// Building rules: whether card x may go on card y, in the words of RULES.md 1.2 ("x on y").

import { NO_CARD, isRed, rankOf, suitOf, type Card } from './card.js';
import type { Table } from './table.js';

/** Same suit -1: x is the same suit as y and one lower (descending marriage). */
export function sameSuitDown(x: Card, y: Card): boolean {
  return y !== NO_CARD && suitOf(x) === suitOf(y) && rankOf(x) === rankOf(y) - 1;
}

/** Same suit +1: x is the same suit as y and one higher (ascending marriage, or an up foundation). */
export function sameSuitUp(x: Card, y: Card): boolean {
  return y !== NO_CARD && suitOf(x) === suitOf(y) && rankOf(x) === rankOf(y) + 1;
}

/** Same suit +-1: either marriage. */
export function sameSuitEither(x: Card, y: Card): boolean {
  return sameSuitDown(x, y) || sameSuitUp(x, y);
}

/** Alternate colour -1: x is of the other colour and one lower. */
export function altColourDown(x: Card, y: Card): boolean {
  return y !== NO_CARD && isRed(x) !== isRed(y) && rankOf(x) === rankOf(y) - 1;
}

/** Length of the same-suit descending run at the top of pile p (each card one lower than the one beneath it); 0 when
 * empty. */
export function runLength(t: Table, p: number): number {
  const size = t.size(p);
  if (size === 0) return 0;
  let k = 1;
  while (k < size && sameSuitDown(t.below(p, k - 1), t.below(p, k))) k++;
  return k;
}
