// Cards: the vocabulary every game and player speaks.
//
// Two packs make 104 cards. A card is the integer copy*52 + suit*13 + (rank-1), so 0..103; the two copies of a
// face are interchangeable under every rule (RULES.md 1.2) except where a game says otherwise. Ranks run A = 1 to
// K = 13 with no wrap-around. Suits are S H D C; hearts and diamonds are red.

/** A card, 0..103 (copy*52 + suit*13 + rank-1); NO_CARD marks an empty place. */
export type Card = number;

/** A suit: 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
export type Suit = number;

/** Cards in two packs. */
export const CARD_COUNT = 104;

/** The value used for "no card" in typed arrays. */
export const NO_CARD = 255;

/** Rank letters in rank order, index = rank-1 (T = ten). */
export const RANK_CODES = 'A23456789TJQK';

/** Suit letters in suit order. */
export const SUIT_CODES = 'SHDC';

/** Suit symbols in suit order, for pictures. */
export const SUIT_SYMBOLS = '\u2660\u2665\u2666\u2663';

// Lookup tables: branch-free on the hot path.
const RANK = new Uint8Array(256);
const SUIT = new Uint8Array(256);
const FACE = new Uint8Array(256);
for (let c = 0; c < CARD_COUNT; c++) {
  RANK[c] = (c % 13) + 1;
  SUIT[c] = Math.floor(c / 13) % 4;
  FACE[c] = c % 52;
}
FACE[NO_CARD] = 52; // an index past the faces, so per-face tables can be read for an empty place

/** Rank of a card, 1 (ace) .. 13 (king); 0 for NO_CARD. */
export function rankOf(c: Card): number {
  return RANK[c]!;
}

/** Suit of a card, 0..3. */
export function suitOf(c: Card): Suit {
  return SUIT[c]!;
}

/** Which of the two packs the card comes from, 0 or 1. */
export function copyOf(c: Card): number {
  return c >= 52 ? 1 : 0;
}

/** The face of a card (rank and suit, ignoring the copy), 0..51; 52 for NO_CARD. */
export function faceOf(c: Card): number {
  return FACE[c]!;
}

/** True for hearts and diamonds. */
export function isRed(c: Card): boolean {
  const s = SUIT[c]!;
  return s === 1 || s === 2;
}

/** The card of the given rank (1..13), suit (0..3) and copy (0 or 1). */
export function cardOf(rank: number, suit: Suit, copy = 0): Card {
  return copy * 52 + suit * 13 + rank - 1;
}

/** Two-letter code of a card, such as "AS", "TH", "QC". */
export function makeCard(c: Card): string {
  return RANK_CODES[RANK[c]! - 1]! + SUIT_CODES[SUIT[c]!]!;
}

/** Card code with a suit symbol, such as "A\u2660", for pictures. */
export function showCard(c: Card): string {
  return c === NO_CARD ? '--' : RANK_CODES[RANK[c]! - 1]! + SUIT_SYMBOLS[SUIT[c]!]!;
}

/** The face (copy 0) named by a code such as "AS", "10H", "th"; undefined when it names no card. */
export function parseCard(code: string): Card | undefined {
  const m = /^(10|[A2-9TJQK])([SHDC])$/i.exec(code.trim());
  if (!m) return undefined;
  const r = m[1]!.toUpperCase();
  const rank = r === '10' ? 10 : RANK_CODES.indexOf(r) + 1;
  return cardOf(rank, SUIT_CODES.indexOf(m[2]!.toUpperCase()));
}
