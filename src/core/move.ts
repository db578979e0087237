// Moves: a move is one packed integer naming what kind of move it is, which pile it takes from, which pile it
// puts on, how many cards, and whether it turns up a card nobody has seen yet.
//
//   bits 0-7 from pile | 8-15 to pile | 16-20 kind | 21-28 count | 29 reveals

/** A packed move. */
export type Move = number;

/** The kinds of move every game draws from; players reason about moves through these. */
export const MoveKind = {
  /** Play: put a card on a foundation (the only meaning of "play", C1914's glossary). */
  Play: 1,
  /** Marry or build: put a card (or a run) on a layout pile. */
  Marry: 2,
  /** Fill a vacancy: the player chooses which source fills the given layout place. */
  Fill: 3,
  /** A game's grace or privilege: a special move the rules allow once conditions are met. */
  Grace: 4,
  /** Lay a card on the talon by choice. */
  Talon: 5,
  /** End the free moves of this step (the compulsory refills follow). */
  End: 6,
  /** Turn the next stock card (the current card, if still held, goes to the talon first). */
  Turn: 7,
  /** Deal on: lay out the next part of the deal. */
  Deal: 8,
  /** Re-deal the talon or the gathered layout. */
  Redeal: 9,
  /** Foundation exchange: a foundation's top card onto the other same-suit foundation. */
  Exchange: 10,
} as const;

/** Names of the move kinds, for pictures and logs. */
export const MOVE_KIND_NAMES: readonly string[] = [
  '?',
  'play',
  'marry',
  'fill',
  'grace',
  'talon',
  'end',
  'turn',
  'deal',
  'redeal',
  'exchange',
];

/** Set on a move that turns up a card from the unseen stock: a player cannot know its outcome in advance. */
export const REVEALS = 1 << 29;

/** Pack a move. `count` is the number of cards moved (1 unless a group move). */
export function makeMove(kind: number, from: number, to: number, count = 1, reveals = false): Move {
  return (reveals ? REVEALS : 0) | (count << 21) | (kind << 16) | (to << 8) | from;
}

/** Kind of a move (a MoveKind value). */
export function kindOf(m: Move): number {
  return (m >>> 16) & 0x1f;
}

/** Pile the move takes from. */
export function fromOf(m: Move): number {
  return m & 0xff;
}

/** Pile the move puts on. */
export function toOf(m: Move): number {
  return (m >>> 8) & 0xff;
}

/** Number of cards the move carries. */
export function countOf(m: Move): number {
  return (m >>> 21) & 0xff;
}

/** True when the move turns up an unseen card. */
export function reveals(m: Move): boolean {
  return (m & REVEALS) !== 0;
}

/**
 * True for the moves a player may always decline, leaving the game where it stands: play, marry, grace, lay on
 * the talon, exchange. The others carry play on or make a compulsory choice; a player cannot stop instead.
 */
export function isOptional(m: Move): boolean {
  const k = kindOf(m);
  return (
    k === MoveKind.Play ||
    k === MoveKind.Marry ||
    k === MoveKind.Grace ||
    k === MoveKind.Talon ||
    k === MoveKind.Exchange
  );
}

/** True for the moves that carry play onward without changing the layout by choice: end, turn, deal, redeal. */
export function isProceed(m: Move): boolean {
  const k = kindOf(m);
  return k === MoveKind.End || k === MoveKind.Turn || k === MoveKind.Deal || k === MoveKind.Redeal;
}
