// PySolFC's words for the moves every game it deals shares: a turn of its talon and the re-deal of its waste
// (each game's pysol.ts names its own piles).

/** A turn of the stock in PySolFC's words; `first`: the one PySolFC's deal makes itself. */
export function pysolTurn(first: boolean): string {
  return first ? "the first card to the waste (PySolFC's deal turns it)" : 'click the talon: its top card to the waste';
}

/** A re-deal in PySolFC's words: the waste turned over onto the empty talon. */
export const PYSOL_REDEAL = 'click the empty talon: the waste turned over onto it (the next round)';
