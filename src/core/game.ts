// The game contract: what every game module provides, and all that players, the runner and the tests may use.
//
// A Game is a rules card plus a factory. Its State is one mutable position with preallocated buffers:
// deal() lays out a deck; legalMoves() fills a caller's buffer with the legal moves in a fixed order (no moves:
// the game is over); apply() and undo() are exact and allocate nothing. Compulsory actions (refills, a forced
// turn of the stock) happen inside apply(), so every position a player sees is a real decision or the end.

import { showCard, type Card } from './card.js';
import type { Deck } from './deck.js';
import { MOVE_KIND_NAMES, MoveKind, countOf, fromOf, kindOf, reveals, toOf, type Move } from './move.js';
import type { OptionSpec, Options } from './options.js';
import type { PysolHook } from './pysol-deal.js';
import type { GameSolving } from './solving.js';
import type { Table } from './table.js';

/** What a pile is for. */
export const PileRole = {
  /** A foundation: cards leave the game here. */
  Foundation: 1,
  /** A place in the layout (star, carpet, rivers, packets). */
  Layout: 2,
  /** The face-down stock: its order is hidden. */
  Stock: 3,
  /** The card just turned from the stock and not yet placed. */
  Current: 4,
  /** The talon (waste-heap): face up, top card available. */
  Talon: 5,
  /** Cards out of play: dead cards and decorative ones. */
  Out: 6,
} as const;

const rolePiles = new WeakMap<Uint8Array, number[][]>();

/** The piles whose role is `role`, in pile order; worked out once per table of roles. */
export function pilesWithRole(roles: Uint8Array, role: number): readonly number[] {
  let byRole = rolePiles.get(roles);
  if (!byRole) {
    const piles: number[][] = [];
    roles.forEach((r, p) => (piles[r] ??= []).push(p));
    rolePiles.set(roles, (byRole = piles));
  }
  return byRole[role] ?? [];
}

/** One mutable position of a game. */
export interface GameState {
  /** The piles and variables; players read only piles whose role is not Stock. */
  readonly table: Table;
  /** The resolved rule options this state plays by. */
  readonly options: Options;
  /** Cards that can reach the foundations after the deal (bases placed at the deal excluded). */
  readonly cardsInPlay: number;
  /** Name of each pile, such as "outer 3" or "talon". */
  readonly pileNames: readonly string[];
  /** Role of each pile (a PileRole value). */
  readonly pileRoles: Uint8Array;
  /** False when the foundations are not each a suit sequence (Sympathie's pairs); absent: they are. */
  readonly foundationsInSequence?: boolean;
  /** Name of each table variable, such as "phase" or "loan 3" (core/position.ts writes them). */
  readonly variableNames?: readonly string[];
  /** Reset and lay out a 104-card deck, first card dealt first. */
  deal(deck: Deck): void;
  /**
   * After a deal, every pile and variable was set on the table directly (a position read from text,
   * core/position-load.ts): work out afresh what the game keeps beside the table. Absent: it keeps nothing.
   */
  relaid?(): void;
  /** Why the piles as they lie could not have come about by play (a position read from text), or undefined: a doubt,
   * not a refusal. Absent: none. */
  layoutDoubt?(): string | undefined;
  /** Write the legal moves into out in the game's fixed order and return how many; 0 means the game is over. */
  legalMoves(out: Int32Array): number;
  /** Independent check, from the rules, that one move is legal now (reveal flag included). */
  isLegal(move: Move): boolean;
  /** Make a legal move, with any compulsory actions that follow it. */
  apply(move: Move): void;
  /** Take back the last applied move exactly. */
  undo(): void;
  /** True exactly when every card in play is on the foundations. */
  isWon(): boolean;
  /** Cards played to the foundations so far (0..cardsInPlay). */
  foundationCount(): number;
  /** Cards that must reach the foundations before c can be played (0: it fits now; 255: it never can). */
  need(c: Card): number;
  /**
   * The face-up cards not on foundations, each with the pile it lies in and how many cards lie in front of it,
   * or will once the compulsory actions under way are done (a held current card laid on the talon); 0: it is
   * available now. Writes into the given buffers and returns how many cards it wrote.
   */
  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number;
  /** The card that becomes available when the top n cards of pile p are taken away; NO_CARD if none does. */
  uncovers(p: number, n: number): Card;
  /** The cards available now, with the piles they lie in; returns how many it wrote. */
  availableCards(cards: Uint8Array, piles: Uint8Array): number;
  /**
   * How many cards will lie in front of a card put on layout pile p now, once the compulsory actions under way
   * are done (0: it will be available).
   */
  coverAt(p: number): number;
  /** Every move this game can ever generate (reveal flag clear), for the conformance suite. */
  moveSpace(): readonly Move[];
  /** A text picture of the position in the book's layout. */
  picture(): string;
  /**
   * For games whose unseen cards may not lie in just any hidden pile (Sympathie: each player's face-down cards
   * come from his own pack): the group of each pile and of each card; a sample (core/sample.ts) lays a group's
   * unseen cards only in that group's hidden piles. Absent: every unseen card may lie in any hidden pile.
   */
  readonly unseenGroups?: { readonly ofPile: Uint8Array; readonly ofCard: Uint8Array };
}

/**
 * A game's own priorities for greedy, from its book's advice: the score of move m on the advice scale (the named
 * points of core/advice.ts; NOT_NOW = not worth making now), or undefined to leave the move to greedy's generic
 * rules (players/greedy.ts). It reads only what a player sees.
 */
export type Advice = (state: GameState, m: Move) => number | undefined;

/** What a game declares about itself for the shared test suites (test/conformance.test.ts, test/leaks.test.ts). */
export interface GameFacts {
  /** A deck string (first card dealt first) that `winner` wins under the default rules, so that isWon is seen true. */
  readonly winnable: string;
  /** The player that wins it (default naive). */
  readonly winner?: string;
  /**
   * Option sets under which the two copies of a card are told apart by play (a re-deal's shuffle keyed by the
   * deck, a copy's place): an exported deck string must mark copies there and replay the same moves.
   */
  readonly copySensitive?: ReadonlyArray<Readonly<Record<string, string | number | boolean>>>;
}

/** A game: rules card, options and a state factory. */
export interface Game {
  /** Stable id used on the command line, such as "shah". */
  readonly id: string;
  /** Title as the books give it. */
  readonly title: string;
  /** The rules card with its rulings, printed by `patience rules <id>`. */
  readonly rulesCard: string;
  /** The named rule options with their defaults. */
  readonly options: readonly OptionSpec[];
  /** One line `patience list` prints under the game, such as "every player plays it alike"; absent: nothing. */
  readonly notes?: string;
  /** A new state for a resolved option set, its buffers allocated once. */
  create(options: Options): GameState;
  /** The game's own priorities for greedy; absent: greedy's generic rules alone. */
  readonly advice?: Advice;
  /** Facts for the shared test suites. */
  readonly facts?: GameFacts;
  /** What the game tells the solver beside its rules (games/<id>/solver.ts); absent: the search alone. */
  readonly solving?: GameSolving<GameState>;
  /**
   * Where each ruling id of the rules card is coded: `'<file>.ts <name>'`, the one function (or constant) that
   * codes it, in the game's folder or `core/`. Every id on the card has an entry; `test/house.test.ts` checks both.
   */
  readonly codedAt: Readonly<Record<string, string>>;
  /** The game in PySolFC: how its game numbers deal ours (`--pysol`), or why they cannot; absent: PySolFC has no such
   * game. */
  readonly pysol?: PysolMapping;
}

/** A game's counterpart in PySolFC (pysollib/games/), read from its source. */
export interface PysolMapping {
  /** PySolFC's name and game id, such as "Sultan (330), Sultan + (331)". */
  readonly names: string;
  /** Its _shuffleHook on the talon (core/pysol-deal.ts), when its game numbers deal ours. */
  readonly hook?: PysolHook;
  /** When they do not: one line naming the difference, why `--pysol` is refused. */
  readonly refused?: string;
  /** The rule assignment that makes ours PySolFC's game ("reading=pysol"): `--pysol` implies it unless its option is
   * given. */
  readonly reading?: string;
  /** A move in PySolFC's words (its piles: talon, waste, reserves, foundations), read before it is applied. */
  readonly describeMove?: (state: GameState, m: Move) => string;
  /** With describeMove: the line that says so, naming which of PySolFC's piles are which of ours. */
  readonly wordsNote?: string;
}

/** One line saying what a move does, read before it is applied: "play 5H from outer 3 to foundation 2". */
export function describeMove(state: GameState, m: Move): string {
  const kind = MOVE_KIND_NAMES[kindOf(m)] ?? '?';
  const from = fromOf(m);
  const to = toOf(m);
  const names = state.pileNames;
  const t = state.table;
  switch (kindOf(m)) {
    case MoveKind.Play:
    case MoveKind.Marry:
    case MoveKind.Grace:
    case MoveKind.Talon:
    case MoveKind.Exchange: {
      const n = countOf(m);
      const card = showCard(t.below(from, n - 1));
      const what = n > 1 ? `${n} cards from ${card}` : card;
      return `${kind} ${what} from ${names[from]} to ${names[to]}`;
    }
    case MoveKind.Fill: {
      // Only a card taken from the stock itself is unseen; a fill from a pile in sight may reveal one further on.
      const unseen = reveals(m) && state.pileRoles[from] === PileRole.Stock;
      const source = unseen ? `${names[from]} (unseen)` : `${showCard(t.top(from))} from ${names[from]}`;
      return `fill ${names[to]} with ${source}`;
    }
    default:
      return kind;
  }
}
