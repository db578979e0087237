// The Congress (`congress`): Lady Cadogan's C1914 text, RULES.md section 13.
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, faceOf, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import { sameSuitDown, sameSuitUp } from '../core/building.js';
import type { Deck } from '../core/deck.js';
import { cardsOnFoundations, foundationsFull, type Game, type GameState, PileRole, twinUpNeed } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { Table } from '../core/table.js';

const RULES_CARD = `The Congress (congress)
Source: Cadogan, C1914 "The Congress" (RULES.md 13).

Cards. Two packs. Take out the 8 aces: they are the foundations, built up by suit to the king. The other 96
cards are the stock; its order is hidden.

Layout. Four helps (help places 1-4, left to right, one card each) are dealt first; they are piles and only
the top card of each is available (rule IV). Then the rivers: rows of 8 cards dealt left to right, row 1 at
the top, each row partly covering the one above, so that the rivers form 8 columns. In each column only the
lowest card is available; taking it away releases the card above it (rule V). Cell (i, j) is row i, column
j; a hole is an empty cell within the rows dealt so far.

Deal. Deal helps 1-4 and river row 1, then pause. While the stock lasts: deal the next row (all of it at
once: nothing is played from a row until it is complete), then pause. A row has 8 cards, or fewer when the
stock runs out (G6).

A pause repeats, as long as the player likes: (1) free moves; (2) the refill phase, compulsory, from the
stock: every river hole, uppermost row first and left to right within a row, then every empty help place in
order 1-4 (G1, G3, G7). The next row may be dealt only when no hole is open, so a pause ends with a refill
phase that leaves no holes, or when the stock runs out.

Moves, all optional. Play an available river card or a help top to a foundation. Marry (G2, same suit -1,
single cards) an available river card onto a help top, or one help top onto another. Nothing is ever put on a
river card.

Endgame (the stock exhausted). River holes are no longer filled (G4). A new help may be started at any time
with an available river card in an empty help place, up to 8 helps in all; an emptied help is restarted the
same way (G5). A help card never moves into an empty help place. There is no talon and no re-deal.

Win. All 96 cards on the foundations (eight piles A..K).

Rulings (RULES.md 13).
G1  River refill timing: riverRefill=endOfPause (default): holes are filled in the refill phase, after the
    free moves, so a card released by taking away the lowest card of its column may be played before the
    column is covered again. riverRefill=immediate: each hole is filled from the stock the moment it appears.
G2  Marriages: river -> help and help -> help only, same suit -1, single cards; never river -> river and
    never help -> river.
G3  During the deal, help vacancies are refilled compulsorily from the stock.
G4  After the stock is exhausted, river holes are not filled.
G5  Extra helps: from available river cards, at any time after the stock is exhausted, up to 8 in all; an
    emptied help is restarted the same way. Optional.
G6  Rows have 8 cards until the stock runs out; the last row may be partial.
G7  Refill order within a refill phase: river holes first (uppermost row first, left to right), then empty
    help places 1 -> 4. If the stock runs out part-way, the remaining (lower) holes stay empty.
G8  (this program; the texts are silent) With riverRefill=immediate a help place emptied during the deal is
    also refilled at once from the stock: the reading fills every vacancy the moment it appears ("immediately
    refilling the vacancies thus caused from the pack"), so there is no refill phase left to wait for.

Engine notes. A river column is one pile, row 1 at the bottom and its lowest card on top. A hole can only lie
below every card of its column: only the lowest card ever leaves a column, nothing is put on a river card, and
refills go uppermost row first, so a column's holes are always its rows below its last card (cells
len+1..rows of the rows dealt). No column or help exceeds 12 cards (at most 12 rows are dealt; a help runs at
most K down to 2 on its first card). Of two foundations of one suit showing the same top, a play goes to the
first; a new help goes to the first empty help place. Both are interchangeable, so this only removes duplicate
moves. A new help (G5) is a grace move: optional, like plays and marriages.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'riverRefill',
    values: ['endOfPause', 'immediate'],
    default: 'endOfPause',
    ruling: 'G1',
    summary: 'river holes filled in the refill phase at the end of each round of a pause, or the moment they appear',
  },
];

// Piles. Foundation f holds suit f % 4 (the first ace of a suit at f, the second at f + 4).
const FOUNDATION = 0;
const HELP = 8; // help place k (1..8) at HELP + k - 1
const RIVER = 16; // river column j (1..8) at RIVER + j - 1: row 1 at the bottom, the lowest card on top
const STOCK = 24;
const PILE_COUNT = 25;
const COLUMNS = 8;
const DEAL_HELPS = 4; // help places during the deal (G3)
const MAX_HELPS = 8; // help places once the stock is exhausted (G5)

// Variables.
const ROWS = 0; // river rows dealt so far
const LAST = 1; // cards in the last row dealt: 8, or fewer for a partial last row (G6)

const PILE_NAMES: readonly string[] = [
  ...Array.from({ length: 8 }, (_, i) => `foundation ${i + 1}`),
  ...Array.from({ length: MAX_HELPS }, (_, i) => `help ${i + 1}`),
  ...Array.from({ length: COLUMNS }, (_, i) => `river ${i + 1}`),
  'stock',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, FOUNDATION, HELP);
PILE_ROLES.fill(PileRole.Layout, HELP, STOCK);
PILE_ROLES[STOCK] = PileRole.Stock;

/** One position of The Congress. The deal is on while the stock holds cards; after that, the endgame. */
class CongressState implements GameState {
  readonly table = new Table(PILE_COUNT, 2);
  readonly cardsInPlay = 96;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly immediate: boolean;
  private readonly stockCards = new Uint8Array(96);
  private readonly wants = new Uint8Array(8); // rank each foundation takes next (14 when complete)
  private readonly takers = new Uint8Array(53); // bit k: help place k's top takes this face (same suit -1)

  constructor(readonly options: Options) {
    this.immediate = options['riverRefill'] === 'immediate';
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      if (rankOf(c) === 1) t.put(t.size(suitOf(c)) === 0 ? suitOf(c) : suitOf(c) + 4, c);
      else this.stockCards[n++] = c;
    }
    for (let i = n - 1; i >= 0; i--) t.put(STOCK, this.stockCards[i]!); // the first card dealt on top
    for (let k = 0; k < DEAL_HELPS; k++) t.move(STOCK, HELP + k); // helps first
    this.dealRow(); // then river row 1, and a pause
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    // Hot path: reads the table's arrays directly.
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const dealing = len[STOCK]! > 0;
    let n = 0;
    for (let f = 0; f < 8; f++) this.wants[f] = len[FOUNDATION + f]! + 1; // a foundation of k cards ends in rank k
    // Plays: each help top (rule IV), then the lowest card of each river column (rule V).
    for (let p = HELP; p < STOCK; p++) {
      const size = len[p]!;
      if (size === 0) continue;
      const f = this.takingFoundation(cards[p * cap + size - 1]!);
      if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f, 1, this.refillsAtOnce(p, dealing));
    }
    // Marriages (G2): onto a help top, same suit -1, from a river column's lowest card, then another help top.
    const takers = this.takers;
    let helps = 0;
    for (let k = 0; k < MAX_HELPS; k++) {
      const size = len[HELP + k]!;
      if (size === 0) continue;
      helps |= 1 << k;
      takers[faceOf(cards[(HELP + k) * cap + size - 1]!) - 1]! |= 1 << k; // help cards are never aces
    }
    if (helps !== 0) {
      for (let p = RIVER; p < STOCK; p++) n = this.addMarriages(out, n, p, -1, dealing);
      for (let k = 0; k < MAX_HELPS; k++) if (helps & (1 << k)) n = this.addMarriages(out, n, HELP + k, ~(1 << k), dealing);
      for (let k = 0; k < MAX_HELPS; k++) {
        const size = len[HELP + k]!;
        if (size > 0) takers[faceOf(cards[(HELP + k) * cap + size - 1]!) - 1] = 0;
      }
    }
    if (!dealing) {
      // G5: a new help from any available river card, in the first empty help place.
      const place = this.firstEmptyHelp(MAX_HELPS);
      if (place >= 0) for (let p = RIVER; p < STOCK; p++) if (len[p]! > 0) out[n++] = makeMove(MoveKind.Grace, p, place);
      return n;
    }
    // End of the free moves while a hole is open (the refill phase follows, G7); else deal the next row.
    if (this.holeOpen()) out[n++] = makeMove(MoveKind.End, STOCK, RIVER, 1, true);
    else out[n++] = makeMove(MoveKind.Deal, STOCK, RIVER, 1, true);
    return n;
  }

  /** Add the marriages of pile p's top card onto the help tops in `mask` that take it (takers current). */
  private addMarriages(out: Int32Array, n: number, p: number, mask: number, dealing: boolean): number {
    const c = this.table.top(p);
    if (c === NO_CARD) return n;
    let m = this.takers[faceOf(c)]! & mask;
    if (m === 0) return n;
    const flag = this.refillsAtOnce(p, dealing) ? REVEALS : 0;
    while (m !== 0) {
      const k = 31 - Math.clz32(m & -m);
      m &= m - 1;
      out[n++] = makeMove(MoveKind.Marry, p, HELP + k) | flag;
    }
    return n;
  }

  /** The foundation that takes card c now, the first of an interchangeable pair; -1 if none (wants current). */
  private takingFoundation(c: Card): number {
    const s = suitOf(c);
    const r = rankOf(c);
    if (this.wants[s] === r) return FOUNDATION + s;
    return this.wants[s + 4] === r ? FOUNDATION + s + 4 : -1;
  }

  /**
   * G1 immediate, G8: whether taking the top card of layout pile p now leaves a vacancy filled at once from the
   * unseen stock: a river card always, a help card when it is the help's last.
   */
  private refillsAtOnce(p: number, dealing: boolean): boolean {
    if (!this.immediate || !dealing) return false;
    return p >= RIVER || this.table.size(p) === 1;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if ((m & ~(REVEALS | 0x1fffffff)) !== 0 || countOf(m) !== 1 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    const dealing = t.size(STOCK) > 0;
    const layout = from >= HELP && from < STOCK; // a help or a river column
    switch (kindOf(m)) {
      case MoveKind.Play: {
        // Rules IV, V: only a help top or a column's lowest card is available, and it is the pile's top.
        if (!layout || t.size(from) === 0 || to >= HELP) return false;
        const c = t.top(from);
        if (!sameSuitUp(c, t.top(to))) return false;
        if (to >= 4 && sameSuitUp(c, t.top(to - 4))) return false; // the first of two equal foundations
        return flag === this.refillsAtOnce(from, dealing);
      }
      case MoveKind.Marry: {
        // G2: onto a help top only, from a column's lowest card or another help top.
        if (!layout || t.size(from) === 0 || to < HELP || to >= RIVER || to === from || t.size(to) === 0) return false;
        if (!sameSuitDown(t.top(from), t.top(to))) return false;
        return flag === this.refillsAtOnce(from, dealing);
      }
      case MoveKind.Grace: {
        // G5: after the stock is out, an available river card into an empty help place (the first one).
        if (dealing || flag || from < RIVER || from >= STOCK || t.size(from) === 0) return false;
        return to >= HELP && to < RIVER && to === this.firstEmptyHelp(MAX_HELPS);
      }
      case MoveKind.End:
        // G7: the refill phase, while the stock lasts and a river hole or help vacancy is open.
        return dealing && from === STOCK && to === RIVER && flag && this.holeOpen();
      case MoveKind.Deal:
        // The next row, once no hole is open (G3, G7).
        return dealing && from === STOCK && to === RIVER && flag && !this.holeOpen();
      default:
        return false;
    }
  }

  apply(m: Move): void {
    const t = this.table;
    t.begin();
    const from = fromOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
      case MoveKind.Marry:
        t.move(from, toOf(m));
        // G1 immediate, G8: the vacancy is filled from the stock at once
        if (this.immediate && t.size(STOCK) > 0 && (from >= RIVER || t.size(from) === 0)) t.move(STOCK, from);
        break;
      case MoveKind.Grace:
        t.move(from, toOf(m));
        break;
      case MoveKind.End:
        this.refill();
        break;
      case MoveKind.Deal:
        this.dealRow();
        break;
      default:
        throw new Error(`congress: cannot apply move ${m}`);
    }
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    return foundationsFull(this.table, FOUNDATION, 13);
  }

  foundationCount(): number {
    return cardsOnFoundations(this.table, FOUNDATION, 1);
  }

  need(c: Card): number {
    return twinUpNeed(this.table.len, FOUNDATION, c);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    // Every river card and every help card is face up; its depth is the cards below it in its column, or above
    // it in its help.
    const t = this.table;
    let n = 0;
    for (let p = HELP; p < STOCK; p++) {
      const size = t.size(p);
      for (let k = 0; k < size; k++) {
        cards[n] = t.below(p, k);
        depths[n] = k;
        piles[n++] = p;
      }
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p < HELP || p >= STOCK) return NO_CARD;
    // G1 immediate, G8: while the stock lasts the vacancy is filled at once, so nothing is released.
    if (this.refillsAtOnce(p, t.size(STOCK) > 0)) return NO_CARD;
    return t.below(p, n); // rule V: the card above in the column; rule IV: the next card of the help
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = HELP; p < STOCK; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  coverAt(p: number): number {
    // A card put in a river column now lies at row len+1; the refill phase fills the holes below it.
    const t = this.table;
    if (p < RIVER || p >= STOCK || t.size(STOCK) === 0) return 0;
    return Math.max(0, t.vars[ROWS]! - t.size(p) - 1);
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (let p = HELP; p < STOCK; p++) {
      for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, FOUNDATION + f));
      for (let k = 0; k < MAX_HELPS; k++) if (p !== HELP + k) moves.push(makeMove(MoveKind.Marry, p, HELP + k));
    }
    for (let p = RIVER; p < STOCK; p++) for (let k = 0; k < MAX_HELPS; k++) moves.push(makeMove(MoveKind.Grace, p, HELP + k));
    moves.push(makeMove(MoveKind.End, STOCK, RIVER), makeMove(MoveKind.Deal, STOCK, RIVER));
    return moves;
  }

  picture(): string {
    const t = this.table;
    return drawCongress(t, t.size(STOCK) > 0 && this.holeOpen());
  }

  /** G6: deal the next river row left to right, 8 cards or what the stock has left. */
  private dealRow(): void {
    const t = this.table;
    let dealt = 0;
    for (let j = 0; j < COLUMNS && t.size(STOCK) > 0; j++, dealt++) t.move(STOCK, RIVER + j);
    t.set(ROWS, t.vars[ROWS]! + 1);
    t.set(LAST, dealt);
  }

  /**
   * G7 (with G1, G3): the refill phase. River holes uppermost row first, left to right within a row, then the
   * empty help places 1-4, each from the stock; when the stock runs out, the holes left stay empty (G4).
   */
  private refill(): void {
    const t = this.table;
    const len = t.len;
    const rows = t.vars[ROWS]!;
    let top = rows;
    for (let j = 0; j < COLUMNS; j++) top = Math.min(top, len[RIVER + j]!);
    // A column's holes are its rows below its last card, so row i's hole in column j is there exactly when the
    // column holds i - 1 cards once the rows above are refilled.
    for (let i = top + 1; i <= rows; i++) {
      for (let j = 0; j < COLUMNS; j++) {
        if (len[RIVER + j] !== i - 1) continue;
        if (len[STOCK] === 0) return;
        t.move(STOCK, RIVER + j);
      }
    }
    for (let k = 0; k < DEAL_HELPS; k++) {
      if (len[HELP + k] !== 0) continue;
      if (len[STOCK] === 0) return;
      t.move(STOCK, HELP + k);
    }
  }

  /** Whether a river hole or an empty help place 1-4 waits for the refill phase (only asked while dealing). */
  private holeOpen(): boolean {
    const len = this.table.len;
    const rows = this.table.vars[ROWS]!;
    for (let j = 0; j < COLUMNS; j++) if (len[RIVER + j]! < rows) return true;
    for (let k = 0; k < DEAL_HELPS; k++) if (len[HELP + k] === 0) return true;
    return false;
  }

  /** The first empty help place among the first `places`, as a pile; -1 if none. */
  private firstEmptyHelp(places: number): number {
    const len = this.table.len;
    for (let k = 0; k < places; k++) if (len[HELP + k] === 0) return HELP + k;
    return -1;
  }
}

// The picture: the rivers row by row (8 columns, holes as .., the available lowest card of each column marked
// with *), the helps below them (top card / size), then the foundations, the stock and the phase.
const CELL = 6;

function cell(text: string): string {
  return text.padEnd(CELL);
}

function drawCongress(t: Table, holes: boolean): string {
  const rows = t.vars[ROWS]!;
  const last = t.vars[LAST]!;
  const stock = t.size(STOCK);
  const lines: string[] = ['rivers, row 1 at the top (* = the available lowest card of its column, .. = a hole)'];
  lines.push('        ' + Array.from({ length: COLUMNS }, (_, j) => cell(` ${j + 1}`)).join('').trimEnd());
  for (let i = 1; i <= rows; i++) {
    let line = `row ${String(i).padStart(2)}  `;
    for (let j = 0; j < COLUMNS; j++) {
      const p = RIVER + j;
      const size = t.size(p);
      if (i === rows && j >= last) line += cell(''); // G6: never dealt in a partial last row
      else if (i <= size) line += cell((i === size ? '*' : ' ') + showCard(t.at(p, i - 1)));
      else line += cell(' ..');
    }
    lines.push(line.trimEnd());
  }
  const helpPlaces = stock > 0 ? DEAL_HELPS : MAX_HELPS;
  let helps = 'helps   ';
  for (let k = 0; k < MAX_HELPS; k++) {
    const size = t.size(HELP + k);
    const text = k >= helpPlaces ? 'xx' : size === 0 ? '--' : `${showCard(t.top(HELP + k))}/${size}`;
    helps += `${k + 1}:${text.padEnd(6)} `;
  }
  lines.push(helps.trimEnd() + (stock > 0 ? '   (top/size; xx: places 5-8 open once the stock is out)' : '   (top/size)'));
  const foundations = Array.from({ length: 8 }, (_, f) => showCard(t.top(FOUNDATION + f)));
  lines.push(`foundations  ${foundations.slice(0, 4).join(' ')}  ${foundations.slice(4).join(' ')}`);
  const phase =
    stock === 0
      ? 'endgame: the stock is out'
      : holes
        ? `pause after row ${rows}: free moves, then the refill phase`
        : `pause after row ${rows}: no holes; free moves or deal row ${rows + 1}`;
  lines.push(`stock ${stock}   [${phase}]`);
  return lines.join('\n');
}

/** The Congress: the game definition. */
export const congress: Game = {
  id: 'congress',
  title: 'The Congress',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new CongressState(options),
};
