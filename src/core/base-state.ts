// The base of every game's state: the plumbing the contract (core/game.ts) asks of each and that is the same in
// all, so that a game's state holds only its rules.
//
// A game's state extends GameBase and writes:
//   deal(deck)                 lay out a deck (table.clear(), puts and moves, table.commit())
//   legalMoves(out)            the legal moves in the game's fixed order
//   legalMove(m)               the independent check of a well-formed move (isLegal has checked its packing and piles)
//   play(m)                    make a legal move and its compulsory actions (apply has opened the undo record)
//   visibleCards, uncovers, availableCards, moveSpace, picture    as the contract says
// and may override coverAt() where a card put on a pile is later covered by the rules (a refill dealing onto it),
// and need(), foundationCount() and isWon() where they are not the foundations' own (a base laid
// out elsewhere, cards out of play). GameBase gives: table, the layout's names and roles, isLegal (packing,
// piles in range, at most `maxCount` cards, then legalMove), apply (table.begin(), then play), undo, coverAt 0,
// and isWon, foundationCount and need from the foundations part.

import type { Card } from './card.js';
import type { Deck } from './deck.js';
import type { Foundations } from './foundations.js';
import type { GameState } from './game.js';
import type { Layout, Variables } from './layout.js';
import { REVEALS, countOf, fromOf, type Move } from './move.js';
import type { Options } from './options.js';
import { Table } from './table.js';

/** Bits a packed move may have: REVEALS and the 29 of kind, piles and count (core/move.ts). */
const MOVE_BITS = REVEALS | 0x1fffffff;

/** The shared plumbing of a game's state; see the file comment for what a game writes. */
export abstract class GameBase implements GameState {
  readonly table: Table;
  readonly pileNames: readonly string[];
  readonly pileRoles: Uint8Array;
  readonly variableNames: readonly string[];
  private readonly pileCount: number;
  private readonly maxCount: number;

  /**
   * A state of `layout` with table `variables` (declared, or a count whose slots are then named "variable 1", ...),
   * `cardsInPlay` cards to play, and foundations read by
   * isWon, foundationCount and need; `shape.maxCount` (default 1) is the most cards one move may carry,
   * `shape.cap` (default 104) the most cards a pile may hold.
   */
  constructor(
    readonly options: Options,
    layout: Layout,
    variables: Variables | number,
    readonly cardsInPlay: number,
    protected readonly foundations: Foundations,
    shape: { readonly maxCount?: number; readonly cap?: number } = {},
  ) {
    const names =
      typeof variables === 'number'
        ? Array.from({ length: variables }, (_, i) => `variable ${i + 1}`)
        : variables.names;
    this.table = new Table(layout.pileCount, names.length, shape.cap);
    this.variableNames = names;
    this.maxCount = shape.maxCount ?? 1;
    this.pileNames = layout.names;
    this.pileRoles = layout.roles;
    this.pileCount = layout.pileCount;
  }

  abstract deal(deck: Deck): void;
  abstract legalMoves(out: Int32Array): number;
  /** The rules' check of move m, already known to be packed right with both piles in range. */
  protected abstract legalMove(m: Move): boolean;
  /** Make legal move m with its compulsory actions; the undo record is open. */
  protected abstract play(m: Move): void;
  abstract visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number;
  abstract uncovers(p: number, n: number): Card;
  abstract availableCards(cards: Uint8Array, piles: Uint8Array): number;
  abstract moveSpace(): readonly Move[];
  abstract picture(): string;

  isLegal(m: Move): boolean {
    const n = countOf(m);
    if ((m & ~MOVE_BITS) !== 0 || n < 1 || n > this.maxCount) return false;
    if (fromOf(m) >= this.pileCount || ((m >>> 8) & 0xff) >= this.pileCount) return false;
    return this.legalMove(m);
  }

  /** The contract's coverAt: 0, a card put on a pile stays its top (The Shah and The Congress deal onto theirs). */
  coverAt(_p: number): number {
    return 0;
  }

  apply(m: Move): void {
    this.table.begin();
    this.play(m);
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    return this.foundations.complete(this.table);
  }

  foundationCount(): number {
    return this.foundations.count(this.table);
  }

  get foundationsInSequence(): boolean {
    return this.foundations.inSequence !== false;
  }

  need(c: Card): number {
    return this.foundations.need(this.table, c);
  }
}
