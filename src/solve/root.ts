// The root of a deal's search (solver.ts): the position every stage (stage.ts) searches from, and how to lay it out.

import type { Deck } from '../core/deck.js';
import type { GameState } from '../core/game.js';

/** The root of one deal's search, as every stage is given it; the solver sets it afresh for each deal. */
export class Root {
  /** The deal searched; undefined: the position the state stood in when the search began. */
  deck: Deck | undefined;
  /** The root's key: what a stage that draws at random draws by, so a deal's verdict is the same on any worker. */
  key = 0;
  /** Moves a stage left made past the root; layOut() takes them back when the search is from here. */
  depth = 0;

  constructor(
    /** The state searched, every card in it known. */
    readonly state: GameState,
  ) {}

  /** Lay the root out in the state: the deck's deal, or back to the position the search began in. */
  layOut(): void {
    if (this.deck !== undefined) this.state.deal(this.deck);
    else for (; this.depth > 0; this.depth--) this.state.undo();
  }
}
