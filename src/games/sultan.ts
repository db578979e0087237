// The Sultan (`sultan`): Lady Cadogan's game (C1914), as RULES.md section 3 reads it.
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import type { Deck } from '../core/deck.js';
import { type Game, type GameState, PileRole, soonerNeed } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { TurnedStock, redealShuffle } from '../core/stock.js';
import { Table } from '../core/table.js';

const RULES_CARD = `The Sultan (sultan)
Source: Cadogan, C1914 "The Sultan", text and plate (not in the seeds; RULES.md section 3).

Cards. Two packs. Take out the 8 kings and one ace of hearts, wherever they lie in the deck: they are the
bases. One king of hearts, the Sultan, sits in the centre and takes no cards. The other seven kings build up
by suit from the ace to the queen; the ace of hearts builds up from the two to the queen. The other 95 cards
are the stock.

Layout (plate). A square of 3 x 3:   K\u2663  A\u2665  K\u2663
                                     K\u2666  K\u2665* K\u2666   (* the Sultan)
                                     K\u2660  K\u2665  K\u2660
Which copy of a card lies where is cosmetic: the first king of hearts in the deck is the Sultan, the first ace
of hearts the base. The Divan: 8 single-card cells (U1), cells 1-4 in a column to the left of the square and
5-8 to the right (with 6 cells: 1-3 and 4-6), dealt from the stock 1 to 8.

Available. Every Divan card, the current card and the talon top. The only move is a play to a foundation
(U3); plays are optional and the player times them (U4).

Play. Deal the Divan; you may play from it at once, each emptied cell refilled from the stock (U6). Turn the
stock one card at a time: the card turned is the current card; turning the next lays it on the talon. A Divan
cell emptied by a play is refilled at once (U2).

Re-deals. When the stock is out, the current card is laid on the talon and the talon is taken up, shuffled and
dealt again as the stock (U5). Two re-deals at most: three deals in all.

Win. All 95 cards on the foundations (seven piles K, A..Q and one A..Q).

Rulings (RULES.md 3).
U1  The Divan has 8 cells; divanSize=6 gives 6 (PySolFC's "Sultan").
U2  Divan refill is compulsory and immediate: from the talon top; if the talon is empty, the current card if
    one is held, else the next stock card, turned straight into the cell. divanFill=manual: an empty cell
    stays empty until the player moves the talon top or the current card into it, when he likes.
U3  Nothing is built except on the foundations.
U4  Plays are optional. The timing of a Divan play decides which talon card enters the Divan.
U5  A re-deal shuffles the talon into a new stock; at most 2. redealShuffle=false: the talon is turned over
    as it lies, so the card laid on it first is turned first.
U6  Before any card has been turned (no talon yet), Divan vacancies are filled from the stock.
U7  (this program; the texts are silent) Once the stock is out, the last card turned stays the current card,
    available, until a re-deal lays it on the talon (in the last deal, to the end): a card is laid on the
    talon only to turn the next. A refill still takes the talon top first (U2).
U8  (this program) With divanFill=manual, U6 gives way to the option's rule: an emptied cell waits for the
    player even before the first turn and after a re-deal, since only the talon top or the current card may
    be moved into it.

Engine notes. Of two foundations of one suit that take the same card, a play goes to the first: they then
take the same cards between them, whichever it went to. With divanFill=manual a fill goes to the first empty
cell: the cells are interchangeable.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'divanSize',
    values: [8, 6],
    default: 8,
    ruling: 'U1',
    summary: 'cells in the Divan: 8 (Cadogan) or 6 (PySolFC)',
  },
  {
    name: 'divanFill',
    values: ['immediate', 'manual'],
    default: 'immediate',
    ruling: 'U2',
    summary: 'an emptied Divan cell is refilled at once (talon, else current card, else stock) or by the player from talon or current card',
  },
  {
    name: 'redealShuffle',
    values: [true, false],
    default: true,
    ruling: 'U5',
    summary: 'a re-deal shuffles the talon (true) or turns it over as it lies (false)',
  },
];

// Piles. The foundations in the plate's reading order, the Sultan left out: K\u2663 A\u2665 K\u2663 / K\u2666 K\u2666 / K\u2660 K\u2665 K\u2660.
const FOUNDATION_COUNT = 8;
const STOCK = 8;
const CURRENT = 9;
const TALON = 10;
const SULTAN = 11; // the Sultan: out of play (he takes no cards)
const DIVAN = 12; // Divan cell i (0-based) at DIVAN + i
const ACE = 1; // the foundation on the ace of hearts
const HEARTS = 1;
const REDEALS_ALLOWED = 2; // U5

// The foundations of each suit (S H D C), the first of each pair first; the king of hearts' foundation is 6.
const SUIT_FIRST = [5, ACE, 3, 0];
const SUIT_SECOND = [7, 6, 4, 2];
const FOUNDATION_NAMES = [
  'king of clubs 1',
  'ace of hearts',
  'king of clubs 2',
  'king of diamonds 1',
  'king of diamonds 2',
  'king of spades 1',
  'king of hearts',
  'king of spades 2',
];

// Variables.
const REDEALS = 0; // re-deals made so far (0..2); the deal under way is REDEALS + 1

/** Pile names and roles for a Divan of `size` cells (made once per size, so role lookups are cached). */
function pileTables(size: number): { names: readonly string[]; roles: Uint8Array } {
  const names = [...FOUNDATION_NAMES, 'stock', 'current card', 'talon', 'the Sultan'];
  for (let i = 0; i < size; i++) names.push(`divan ${i + 1}`);
  const roles = new Uint8Array(DIVAN + size);
  roles.fill(PileRole.Foundation, 0, FOUNDATION_COUNT);
  roles[STOCK] = PileRole.Stock;
  roles[CURRENT] = PileRole.Current;
  roles[TALON] = PileRole.Talon;
  roles[SULTAN] = PileRole.Out;
  roles.fill(PileRole.Layout, DIVAN);
  return { names, roles };
}

const PILE_TABLES: Readonly<Record<number, { names: readonly string[]; roles: Uint8Array }>> = { 6: pileTables(6), 8: pileTables(8) };

/** One position of The Sultan. */
class SultanState implements GameState {
  readonly table: Table;
  readonly cardsInPlay = 95;
  readonly pileNames: readonly string[];
  readonly pileRoles: Uint8Array;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly cells: number; // U1
  private readonly divanEnd: number;
  private readonly immediate: boolean; // U2
  private readonly shuffle: boolean; // U5
  private readonly deck = new Uint8Array(104); // the deck dealt, which keys the shuffled re-deals
  private readonly stockCards = new Uint8Array(104);
  // The Divan's plays (reveal flag clear), derived by scanDivan() and valid while table.version, which watches
  // the foundations and the Divan, equals `scanned`: a turn of the stock changes neither.
  private scanned = -1;
  private readonly divanPlays = new Int32Array(8);
  private divanPlayCount = 0;

  constructor(readonly options: Options) {
    this.cells = Number(options['divanSize']);
    const tables = PILE_TABLES[this.cells];
    if (!tables) throw new Error(`sultan: no Divan of ${this.cells} cells`);
    this.pileNames = tables.names;
    this.pileRoles = tables.roles;
    this.divanEnd = DIVAN + this.cells;
    this.table = new Table(this.divanEnd, 1);
    this.table.watch(0, FOUNDATION_COUNT);
    this.table.watch(DIVAN, this.divanEnd);
    this.immediate = options['divanFill'] !== 'manual';
    this.shuffle = options['redealShuffle'] !== false;
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    this.deck.set(deck);
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      const rank = rankOf(c);
      const s = suitOf(c);
      if (rank === 13) {
        // the first king of hearts is the Sultan; of two kings of a suit the first takes the first place
        if (s === HEARTS) t.put(t.size(SULTAN) === 0 ? SULTAN : SUIT_SECOND[HEARTS]!, c);
        else t.put(t.size(SUIT_FIRST[s]!) === 0 ? SUIT_FIRST[s]! : SUIT_SECOND[s]!, c);
      } else if (rank === 1 && s === HEARTS && t.size(ACE) === 0) t.put(ACE, c);
      else this.stockCards[n++] = c;
    }
    this.outside.load(t, this.stockCards.subarray(0, n));
    for (let p = DIVAN; p < this.divanEnd; p++) t.move(STOCK, p);
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    const len = t.len;
    let n = 0;
    // Plays: the current card, the talon top, then the Divan (U3). A Divan play reveals when its refill must
    // come from the stock (U2, U6).
    n = this.addPlay(out, n, CURRENT, 0);
    n = this.addPlay(out, n, TALON, 0);
    const flag = this.immediate && len[TALON] === 0 && len[CURRENT] === 0 && len[STOCK]! > 0 ? REVEALS : 0;
    if (t.version !== this.scanned) this.scanDivan();
    for (let i = 0; i < this.divanPlayCount; i++) out[n++] = this.divanPlays[i]! | flag;
    if (len[STOCK]! > 0) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, true);
    else if (t.vars[REDEALS]! < REDEALS_ALLOWED && len[TALON]! + len[CURRENT]! > 0) out[n++] = makeMove(MoveKind.Redeal, TALON, STOCK); // U5
    if (!this.immediate) {
      // U2 manual: the first empty cell takes the talon top or the current card. Listed after carrying play
      // on, since the cell may wait: a player with nothing better to do turns the next card.
      let e = DIVAN;
      while (e < this.divanEnd && len[e]! > 0) e++;
      if (e < this.divanEnd) {
        if (len[TALON]! > 0) out[n++] = makeMove(MoveKind.Fill, TALON, e);
        if (len[CURRENT]! > 0) out[n++] = makeMove(MoveKind.Fill, CURRENT, e);
      }
    }
    return n;
  }

  /** Derive the Divan's plays, cell by cell (see scanned). */
  private scanDivan(): void {
    let n = 0;
    for (let p = DIVAN; p < this.divanEnd; p++) n = this.addPlay(this.divanPlays, n, p, 0);
    this.divanPlayCount = n;
    this.scanned = this.table.version;
  }

  /** Add the play of pile p's top card, if it fits a foundation, with the given reveal flag. */
  private addPlay(out: Int32Array, n: number, p: number, flag: number): number {
    const len = this.table.len;
    if (len[p] === 0) return n;
    const c = this.table.top(p);
    const s = suitOf(c);
    const r = rankOf(c);
    const first = SUIT_FIRST[s]!;
    // a king's foundation of k cards takes rank k; the ace's, rank k + 1
    if (len[first]! + (first === ACE ? 1 : 0) === r) out[n++] = makeMove(MoveKind.Play, p, first) | flag;
    else if (len[SUIT_SECOND[s]!] === r) out[n++] = makeMove(MoveKind.Play, p, SUIT_SECOND[s]!) | flag;
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if (countOf(m) !== 1 || (m & ~(REVEALS | 0x1fffffff)) !== 0) return false;
    if (from >= t.pileCount || to >= t.pileCount) return false;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        // Available: a Divan card, the current card, the talon top; a play goes only to a foundation (U3).
        if (!(from === CURRENT || from === TALON || this.isCell(from)) || t.size(from) === 0) return false;
        if (to >= FOUNDATION_COUNT) return false;
        const c = t.top(from);
        if (!this.fits(c, to)) return false;
        // engine note: not when the other foundation of the suit comes first and takes the card too
        for (let f = 0; f < to; f++) if (this.fits(c, f)) return false;
        // U2, U6: a Divan card's cell is refilled from the stock when talon and current card are empty
        const fromStock = this.isCell(from) && this.immediate && t.size(TALON) === 0 && t.size(CURRENT) === 0 && t.size(STOCK) > 0;
        return flag === fromStock;
      }
      case MoveKind.Fill: {
        // U2 manual, U8: talon top or current card into the first empty cell
        if (this.immediate || flag || !this.isCell(to) || t.size(to) > 0) return false;
        for (let p = DIVAN; p < to; p++) if (t.size(p) === 0) return false;
        return (from === TALON || from === CURRENT) && t.size(from) > 0;
      }
      case MoveKind.Turn:
        return from === STOCK && to === CURRENT && t.size(STOCK) > 0 && flag;
      case MoveKind.Redeal: // U5
        return from === TALON && to === STOCK && !flag && t.size(STOCK) === 0 && t.vars[REDEALS]! < REDEALS_ALLOWED && t.size(TALON) + t.size(CURRENT) > 0;
      default:
        return false;
    }
  }

  /** Whether pile p is a Divan cell. */
  private isCell(p: number): boolean {
    return p >= DIVAN && p < this.divanEnd;
  }

  /** Whether card c is the next card of foundation f: its suit, one above its top (the king counting as 0). */
  private fits(c: Card, f: number): boolean {
    const t = this.table;
    const top = t.top(f);
    if (suitOf(c) !== suitOf(top)) return false;
    const below = rankOf(top) === 13 ? 0 : rankOf(top);
    return rankOf(c) === below + 1 && rankOf(c) <= 12;
  }

  apply(m: Move): void {
    const t = this.table;
    t.begin();
    const from = fromOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
        t.move(from, toOf(m));
        if (from >= DIVAN && this.immediate) {
          // U2, U6: the talon top, else the current card, else the next stock card
          const source = t.size(TALON) > 0 ? TALON : this.outside.stockTop(t);
          if (source >= 0) t.move(source, from);
        }
        break;
      case MoveKind.Fill:
        t.move(from, toOf(m));
        break;
      case MoveKind.Turn:
        this.outside.turn(t);
        break;
      case MoveKind.Redeal: {
        const k = t.vars[REDEALS]! + 1;
        t.set(REDEALS, k);
        this.outside.redeal(t, this.shuffle ? redealShuffle(this.deck, k, t.salt) : undefined); // U5
        break;
      }
      default:
        throw new Error(`sultan: cannot apply move ${m}`);
    }
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    return this.foundationCount() === this.cardsInPlay;
  }

  foundationCount(): number {
    const len = this.table.len;
    let n = 0;
    for (let f = 0; f < FOUNDATION_COUNT; f++) n += len[f]! - 1;
    return n;
  }

  need(c: Card): number {
    const len = this.table.len;
    const s = suitOf(c);
    const r = rankOf(c);
    const first = SUIT_FIRST[s]!;
    const gap1 = r - len[first]! - (first === ACE ? 1 : 0); // a king's foundation of k cards takes rank k
    const gap2 = r - len[SUIT_SECOND[s]!]!;
    return soonerNeed(gap1, gap2);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let p = DIVAN; p < this.divanEnd; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      depths[n] = 0;
      piles[n++] = p;
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p === TALON) return t.below(TALON, n);
    // U2: an emptied cell takes the talon top, so the card under it comes up
    if (p >= DIVAN && p < this.divanEnd && this.immediate) return t.below(TALON, 1);
    return NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    for (let p = DIVAN; p < this.divanEnd; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  coverAt(): number {
    return 0; // a Divan cell holds one card, always available
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const cells = Array.from({ length: this.cells }, (_, i) => DIVAN + i);
    for (const p of [CURRENT, TALON, ...cells]) for (let f = 0; f < FOUNDATION_COUNT; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (const p of [TALON, CURRENT]) for (const e of cells) moves.push(makeMove(MoveKind.Fill, p, e));
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT), makeMove(MoveKind.Redeal, TALON, STOCK));
    return moves;
  }

  picture(): string {
    return drawSultan(this.table, this.cells);
  }
}

// The picture: the Divan's two columns either side of the square; each foundation shows its base and top card.
const SQUARE: readonly (readonly number[])[] = [
  [0, ACE, 2],
  [3, SULTAN, 4],
  [5, 6, 7],
];

function drawSultan(t: Table, cells: number): string {
  const half = cells / 2;
  const cell = (i: number) => {
    const p = DIVAN + i;
    return `${String(i + 1).padStart(2)} ${t.size(p) > 0 ? showCard(t.top(p)) : '..'}`;
  };
  const place = (p: number) => {
    if (p === SULTAN) return `${showCard(t.at(SULTAN, 0))} Sultan`;
    return `${showCard(t.at(p, 0))} ${t.size(p) > 1 ? showCard(t.top(p)) : '--'}`;
  };
  const lines = ['Divan    the square (base, top card; the Sultan takes none)    Divan'];
  for (let row = 0; row < half; row++) {
    const square = row < 3 ? SQUARE[row]!.map((p) => place(p).padEnd(11)).join(' ') : ' '.repeat(35);
    lines.push(`${cell(row)}     ${square}   ${cell(half + row)}`.trimEnd());
  }
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}   deal ${t.vars[REDEALS]! + 1} of ${REDEALS_ALLOWED + 1}`);
  return lines.join('\n');
}

/** The Sultan: the game definition. */
export const sultan: Game = {
  id: 'sultan',
  title: 'The Sultan',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new SultanState(options),
};

/** Whether play can still carry on in a Sultan position: a stock card to turn, or a re-deal left (U5). */
export function canCarryOn(state: GameState): boolean {
  const t = state.table;
  if (t.size(STOCK) > 0) return true;
  return t.vars[REDEALS]! < REDEALS_ALLOWED && t.size(TALON) + t.size(CURRENT) > 0;
}
