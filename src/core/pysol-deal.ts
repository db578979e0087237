// PySolFC's deal of a game number as our deck (pysollib/game/__init__.py): Game.createCards builds the cards
// pack by pack, each in the suits clubs, spades, hearts, diamonds, each suit ace to king; Game.shuffle swaps card
// n with card randint(0, n) for n from the last down to 1; the game's _shuffleHook then moves cards to the top of
// the talon. The talon's last card is its top, dealt first: reversed, it is our deck, first dealt first.

import { CARD_COUNT, cardOf, copyOf, rankOf, suitOf, type Card } from './card.js';
import type { Deck } from './deck.js';
import { pysolGenerator, type PysolNumber } from './pysol-random.js';

/** A game's _shuffleHook: the talon, bottom card first, to the talon dealt from. */
export type PysolHook = (talon: Card[]) => Card[];

/** Our suit of each of PySolFC's suits (0 clubs, 1 spades, 2 hearts, 3 diamonds). */
const OUR_SUIT = [3, 0, 1, 2];
/** PySolFC's suit of each of ours, the order its hooks sort by. */
export const PYSOL_SUIT = [1, 2, 3, 0];

/** Game.createCards for two packs: pack, suit (clubs, spades, hearts, diamonds), rank; pack 0 is our copy 0. */
export function pysolCards(): Card[] {
  const cards: Card[] = [];
  for (let pack = 0; pack < 2; pack++)
    for (const suit of OUR_SUIT) for (let rank = 1; rank <= 13; rank++) cards.push(cardOf(rank, suit, pack));
  return cards;
}

/** Game.shuffle before the hook: the talon, bottom card first. */
export function pysolShuffle(p: PysolNumber): Card[] {
  const cards = pysolCards();
  const randint = pysolGenerator(p);
  for (let n = cards.length - 1; n > 0; n--) {
    const j = randint(n);
    const c = cards[n]!;
    cards[n] = cards[j]!;
    cards[j] = c;
  }
  return cards;
}

/**
 * Game._shuffleHookMoveToTop: the cards `select` picks go to the top of the talon, ordered so that the one with
 * the smallest `order` is dealt first, and of equal order the one nearer the top first.
 */
export function moveToTop(talon: Card[], select: (c: Card) => boolean, order: (c: Card) => number): Card[] {
  const rest: Card[] = [];
  const picked: Array<{ card: Card; order: number; at: number }> = [];
  talon.forEach((card, at) => (select(card) ? picked.push({ card, order: order(card), at }) : rest.push(card)));
  picked.sort((a, b) => b.order - a.order || a.at - b.at);
  return [...rest, ...picked.map((x) => x.card)];
}

/** PySolFC's deal of game number p as our deck: the shuffle, the game's hook, then reversed. */
export function pysolDeck(p: PysolNumber, hook: PysolHook = (t) => t, out: Deck = new Uint8Array(CARD_COUNT)): Deck {
  const talon = hook(pysolShuffle(p));
  for (let i = 0; i < talon.length; i++) out[i] = talon[talon.length - 1 - i]!;
  return out;
}

/** What a hook reads of a card: its rank (1..13), PySolFC's suit (0 clubs .. 3 diamonds) and pack (0, 1). */
export function pysolFace(c: Card): { readonly rank: number; readonly suit: number; readonly pack: number } {
  return { rank: rankOf(c), suit: PYSOL_SUIT[suitOf(c)]!, pack: copyOf(c) };
}
