// Reproducible deals: deal i of seed s for a game comes from its own generator, keyed by seed, game and i, so a
// result never depends on worker count, batch size or order.

import { shuffledDeck, type Deck } from '../core/deck.js';
import { seededRng, type Rng } from '../core/random.js';

/** The deck of deal `index` of `seed` for game `gameId`. */
export function dealDeck(seed: string, gameId: string, index: number, out?: Deck): Deck {
  return shuffledDeck(seededRng(`${seed}:${gameId}:${index}`), out);
}

/** The generator a player uses for its own random choices in that deal (separate from the deck's). */
export function playerRng(seed: string, gameId: string, index: number): Rng {
  return seededRng(`${seed}:${gameId}:${index}:play`);
}
