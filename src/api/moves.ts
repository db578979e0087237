// Moves as a user reads them: a packed move decoded into its parts, and the line `patience replay` prints for it.

import { MOVE_KIND_NAMES, countOf, fromOf, kindOf, reveals, toOf, type Move } from '../core/move.js';

/** A move's parts: its kind (MoveKind value and name), the piles it takes from and puts on, how many cards, and whether
 * it turns up an unseen card. */
export interface DecodedMove {
  readonly kind: number;
  readonly kindName: string;
  readonly from: number;
  readonly to: number;
  readonly count: number;
  readonly reveals: boolean;
}

/** The parts of a packed move. */
export function decodeMove(m: Move): DecodedMove {
  const kind = kindOf(m);
  return {
    kind,
    kindName: MOVE_KIND_NAMES[kind] ?? '?',
    from: fromOf(m),
    to: toOf(m),
    count: countOf(m),
    reveals: reveals(m),
  };
}
