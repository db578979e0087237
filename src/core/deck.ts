// Decks: a deck is the order of all 104 cards, first card dealt first. Parse/make pair for deck strings.

import { CARD_COUNT, cardOf, copyOf, faceOf, makeCard, parseCard } from './card.js';
import { InputError } from './errors.js';
import { shuffleInPlace, type Rng } from './random.js';

/** A deck: Uint8Array of the 104 cards, index 0 dealt first. */
export type Deck = Uint8Array;

/** The two packs in order: AS..KS, AH..KH, AD..KD, AC..KC, then the second pack the same. */
export function orderedDeck(out: Deck = new Uint8Array(CARD_COUNT)): Deck {
  for (let c = 0; c < CARD_COUNT; c++) out[c] = c;
  return out;
}

/** Fill `out` with a uniformly shuffled deck drawn from `rng`. */
export function shuffledDeck(rng: Rng, out: Deck = new Uint8Array(CARD_COUNT)): Deck {
  orderedDeck(out);
  shuffleInPlace(rng, out);
  return out;
}

/** The deck string of a deck: 104 space-separated codes such as "7H QS TD ...", first dealt first. */
export function makeDeck(deck: Deck): string {
  const codes: string[] = [];
  for (let i = 0; i < deck.length; i++) codes.push(makeCard(deck[i]!));
  return codes.join(' ');
}

/**
 * The deck string of a deck that also records which copy of each face is which (for games where that matters:
 * The Carpet's bases, Sympathie's packs, the shuffled re-deals, which are keyed by the deck): a second copy
 * (copy 1) dealt before the first is marked with a trailing '*'. Without marks it is makeDeck's string, and
 * parseDeck reads it back to the same deck.
 */
export function makeExactDeck(deck: Deck): string {
  const seen = new Uint8Array(52);
  const codes: string[] = [];
  for (let i = 0; i < deck.length; i++) {
    const c = deck[i]!;
    const face = faceOf(c);
    codes.push(makeCard(c) + (copyOf(c) === 1 && seen[face] === 0 ? '*' : ''));
    seen[face]!++;
  }
  return codes.join(' ');
}

/**
 * Parse a deck string (104 codes separated by spaces or commas; "10" or "T" for tens, any case). A code marked
 * with a trailing '*' is the second copy of its face (copy 1); an unmarked one is copy 0 unless copy 0 came
 * earlier, so without marks the first occurrence of a face is copy 0 and the second copy 1. Throws InputError
 * naming what is wrong.
 */
export function parseDeck(text: string): Deck {
  const codes = text.split(/[\s,]+/).filter((s) => s.length > 0);
  const taken = new Uint8Array(52); // bit k: copy k of the face is placed
  const deck = new Uint8Array(CARD_COUNT);
  for (let i = 0; i < codes.length; i++) {
    const marked = codes[i]!.endsWith('*');
    const face = parseCard(marked ? codes[i]!.slice(0, -1) : codes[i]!);
    if (face === undefined) throw new InputError(`deck string: unknown card code '${codes[i]}' at position ${i + 1}`);
    if (taken[face] === 3)
      throw new InputError(`deck string: ${makeCard(face)} appears more than twice (at position ${i + 1})`);
    const copy = marked || (taken[face]! & 1) !== 0 ? 1 : 0;
    if ((taken[face]! & (1 << copy)) !== 0)
      throw new InputError(`deck string: the second ${makeCard(face)} is marked twice (at position ${i + 1})`);
    if (i < CARD_COUNT) deck[i] = face + 52 * copy;
    taken[face]! |= 1 << copy;
  }
  const seen = taken.map((b) => (b & 1) + (b >> 1));
  if (codes.length !== CARD_COUNT) {
    const missing: string[] = [];
    for (let f = 0; f < 52; f++) for (let k = seen[f]!; k < 2; k++) missing.push(makeCard(f));
    const detail =
      missing.length > 0 ? `; missing ${missing.slice(0, 6).join(' ')}${missing.length > 6 ? ' ...' : ''}` : '';
    throw new InputError(`deck string has ${codes.length} cards, expected ${CARD_COUNT}${detail}`);
  }
  return deck;
}

/**
 * A deck whose first cards are the given codes in order and whose remaining cards follow in the ordered deck's
 * order: the way tests and examples write hand-made deals without listing all 104 cards.
 */
export function stackedDeck(prefix: string): Deck {
  const codes = prefix.split(/[\s,]+/).filter((s) => s.length > 0);
  const seen = new Uint8Array(52);
  const order: string[] = [];
  for (const code of codes) {
    const face = parseCard(code);
    if (face === undefined) throw new InputError(`deck prefix: unknown card code '${code}'`);
    seen[face]!++;
    order.push(code);
  }
  for (let copy = 0; copy < 2; copy++) {
    for (let f = 0; f < 52; f++) {
      if (seen[f]! <= copy) order.push(makeCard(cardOf((f % 13) + 1, Math.floor(f / 13), 0)));
    }
  }
  return parseDeck(order.join(' '));
}

/** A number naming a deck's order, which keys its restarts' generators (FNV-1a). */
export function deckHash(deck: Deck): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < deck.length; i++) h = Math.imul(h ^ deck[i]!, 0x01000193);
  return h >>> 0;
}
