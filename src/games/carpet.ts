// The Carpet (`carpet`): Lady Cadogan's C1914 "The Carpet" (Teppich), layout from the C1914 plate.
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, copyOf, faceOf, makeCard, rankOf, suitOf, type Card } from '../core/card.js';
import { sameSuitDown, sameSuitEither, sameSuitUp } from '../core/building.js';
import type { Deck } from '../core/deck.js';
import { type Game, type GameState, PileRole, soonerNeed } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { TurnedStock, redealShuffle } from '../core/stock.js';
import { Table } from '../core/table.js';

const RULES_CARD = `The Carpet (carpet)
Source: Cadogan, C1914 "The Carpet" (Teppich); the pattern from the C1914 plate (RULES.md 11).

Cards. Two packs. Take out one ace and one king of each suit as foundations (K7): for each suit an up pile
on the ace (A..K) and a down pile on the king (K..A); the other ace and king of the suit end the opposite
piles. The other 96 cards: 64 form the carpet, 32 the stock.

Layout: the carpet. 64 cards in 8 rows of 8, dealt row by row from the top, each row left to right; cell
(r,c), r = 1 the top row, c = 1 the left column. Basket weave: a vertical card (narrow ends up and down) where
r + c is even, a horizontal card (narrow ends left and right) where r + c is odd.

Available (rule II, K1). A carpet card is available when one of its narrow ends is free. carpetFree=adjacent
(default): an end is free when the cell it faces is empty or off the carpet. carpetFree=clearLane: when every
cell from the card to the edge, that way, is empty. Either way 16 cards are available after the deal. Removing
a card never frees the card lying across its own narrow end (rule III). The current card and the talon top
are available.

Moves, all optional. Play an available card to a foundation of its suit (suitable cards "need not be
played"). Place an available carpet card on the talon top, same suit one higher or one lower (rule IV, K3);
the talon must not be empty. Lay the current card on the talon. Nothing is ever put on the carpet (K2), and the
talon top goes only to a foundation (K4).

Procedure. After the deal, play from the carpet. Then turn the stock one card at a time: the current card is
played or laid on the talon (turning the next card lays it there). Before and after each card the player may
place carpet cards on the talon top and make plays. When the stock is out the talon may be shuffled and dealt
again, twice (K5): three deals.

Win. All 96 cards on the foundations (eight piles of 13).

Rulings (RULES.md 11).
K1 carpetFree: adjacent (default) or clearLane, as above.
K2 The carpet is never refilled.
K3 Talon runs: same suit +-1, and the direction may change from card to card (talonDirection=free, default).
   With talonDirection=fixed, the carpet cards placed on the talon since the last card came to it from the
   stock must all run in the direction set by the first of them (see K9).
K4 The talon top may go only to a foundation, or receive carpet cards.
K5 A re-deal shuffles the talon (with the current card, if held) into a new stock; there are 2 re-deals.
K6 No foundation exchange (foundationExchange=off, default). With foundationExchange=free the top card of
   one pile of a suit may move onto the other pile of that suit when it fits there, one card per move.
K7 The foundations are placed in advance: one up pile and one down pile for each suit.
K8 (this program; the texts are silent) An exchange never moves a foundation's base, the ace or king placed
   in advance: the pile would be left with no foundation to build on.
K9 (this program; the texts are silent) With talonDirection=fixed the run is the carpet cards lying on the
   talon above its topmost card from the stock. Turning the next card does not start a new run; laying the
   current card on the talon does. A card played off the run leaves the direction to the cards still there;
   once none is left, the next carpet card sets a new direction.

Engine notes. The foundation aces and kings are those of the first pack (in a deck string, the first of each
suit), wherever they lie in the deck; the copies are interchangeable. Turning the next card lays a held current card on the talon first, so the talon top can
still take carpet cards while the next card is seen; laying the current card on the talon on its own is a
separate move, needed when the stock is out. A re-deal does not turn a card: the next turn does.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'carpetFree',
    values: ['adjacent', 'clearLane'],
    default: 'adjacent',
    ruling: 'K1',
    summary: 'a narrow end is free when the cell it faces is empty, or only when the whole lane to the edge is',
  },
  {
    name: 'talonDirection',
    values: ['free', 'fixed'],
    default: 'free',
    ruling: 'K3',
    summary: 'carpet cards on the talon may change direction card by card, or must keep the direction of the run',
  },
  {
    name: 'foundationExchange',
    values: ['off', 'free'],
    default: 'off',
    ruling: 'K6',
    summary: "a foundation's top card may move onto the other pile of its suit when it fits there",
  },
];

// Piles. Up pile of suit s at UP + s, down pile at DOWN + s; carpet cell (r,c) at CARPET + (r-1)*8 + (c-1).
const UP = 0;
const DOWN = 4;
const CARPET = 8;
const SIDE = 8;
const CELLS = SIDE * SIDE;
const STOCK = CARPET + CELLS;
const CURRENT = STOCK + 1;
const TALON = STOCK + 2;
const PILE_COUNT = TALON + 1;
const REDEALS = 2; // K5
const DEALS = REDEALS + 1;

// Variables. ROWS + i: the occupied cells of row i+1, bit c-1 for column c (kept with every carpet move).
const ROWS = 0;
const DEAL = SIDE; // re-deals made so far, 0..2
const RUN = SIDE + 1; // carpet cards on the talon above its topmost card from the stock (K9)
const VAR_COUNT = SIDE + 2;
const NO_PLACE = 255;

// Per card: its face (0..51); per face: its suit and rank. The solver's hooks read these in their loops.
const FACE = Uint8Array.from({ length: 256 }, (_, c) => c % 52);
const SUIT = Uint8Array.from({ length: 52 }, (_, f) => Math.floor(f / 13));
const RANK = Uint8Array.from({ length: 52 }, (_, f) => (f % 13) + 1);

/** The vertical cells of row index i (row i+1): where r + c is even. */
const VERTICAL = Array.from({ length: SIDE }, (_, i) => (i % 2 === 0 ? 0x55 : 0xaa));

const SUITS = 'SHDC';
const PILE_NAMES: readonly string[] = [
  ...Array.from({ length: 4 }, (_, s) => `up ${SUITS[s]}`),
  ...Array.from({ length: 4 }, (_, s) => `down ${SUITS[s]}`),
  ...Array.from({ length: CELLS }, (_, k) => `carpet (${Math.floor(k / SIDE) + 1},${(k % SIDE) + 1})`),
  'stock',
  'current card',
  'talon',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, UP, CARPET);
PILE_ROLES.fill(PileRole.Layout, CARPET, STOCK);
PILE_ROLES[STOCK] = PileRole.Stock;
PILE_ROLES[CURRENT] = PileRole.Current;
PILE_ROLES[TALON] = PileRole.Talon;

/**
 * K1 on whole rows: from the occupied cells of each row (rows[first + i], bit c-1 for column c), write the
 * available cells of each row into out[0..8). Bit arithmetic, no walk along the lanes.
 */
function freeRows(rows: ArrayLike<number>, first: number, clearLane: boolean, out: Uint8Array): void {
  if (!clearLane) {
    for (let i = 0; i < SIDE; i++) {
      const x = rows[first + i]!;
      const up = i > 0 ? rows[first + i - 1]! : 0; // off the carpet counts as empty
      const down = i < SIDE - 1 ? rows[first + i + 1]! : 0;
      const v = VERTICAL[i]!;
      const vertical = v & ~(up & down); // an end faces an empty cell above or below
      const horizontal = ~v & ~((x << 1) & (x >> 1)); // ... or to the left or right
      out[i] = x & (vertical | horizontal) & 0xff;
    }
    return;
  }
  let below = 0;
  for (let i = SIDE - 1; i >= 0; i--) {
    out[i] = below; // the cells occupied somewhere below, column by column
    below |= rows[first + i]!;
  }
  let above = 0;
  for (let i = 0; i < SIDE; i++) {
    const x = rows[first + i]!;
    const v = VERTICAL[i]!;
    const vertical = v & ~(above & out[i]!); // the whole lane up, or the whole lane down, is empty
    const leftTaken = x === 0 ? 0 : ~((x & -x) * 2 - 1) & 0xff; // columns with an occupied cell to their left
    const rightTaken = x === 0 ? 0 : (1 << (31 - Math.clz32(x))) - 1; // ... to their right
    out[i] = x & (vertical | (~v & ~(leftTaken & rightTaken))) & 0xff;
    above |= x;
  }
}

/** One position of The Carpet. */
class CarpetState implements GameState {
  readonly table = new Table(PILE_COUNT, VAR_COUNT);
  readonly cardsInPlay = 96;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly clearLane: boolean;
  private readonly fixed: boolean;
  private readonly exchange: boolean;
  private readonly deck = new Uint8Array(104); // the dealt deck, which keys the shuffled re-deals (K5)
  private readonly rest = new Uint8Array(96);
  private readonly cellFace = new Uint8Array(CELLS); // the face dealt to each cell, there until it leaves (K2)
  // The available carpet cells (K1), valid while table.version (which watches the carpet) === scanned; a scan
  // updates them by the difference from the last one.
  private scanned = -1;
  private readonly free = new Uint8Array(SIDE); // available cells of each row, as in the ROWS variables
  private readonly freeNext = new Uint8Array(SIDE);
  private readonly faceCells = new Uint8Array(2 * 52); // by face: the (at most two) available cells, in order
  // How many carpet cards lie in front of each carpet card, valid while table.version === depthsScanned.
  private depthsScanned = -1;
  private readonly depths = new Uint8Array(CELLS);
  private readonly queue = new Uint8Array(CELLS);
  // Scratch for uncovers().
  private readonly rowsAfter = new Uint8Array(SIDE);
  private readonly freeAfter = new Uint8Array(SIDE);

  constructor(readonly options: Options) {
    this.table.watch(CARPET, STOCK);
    this.clearLane = options['carpetFree'] === 'clearLane';
    this.fixed = options['talonDirection'] === 'fixed';
    this.exchange = options['foundationExchange'] === 'free';
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
      // K7: the ace and king of each suit from the first pack are the foundations, wherever they lie, so that
      // the stock is always the deck's last cards
      if (copyOf(c) === 0 && rank === 1) t.put(UP + s, c);
      else if (copyOf(c) === 0 && rank === 13) t.put(DOWN + s, c);
      else this.rest[n++] = c;
    }
    for (let k = 0; k < CELLS; k++) {
      t.put(CARPET + k, this.rest[k]!);
      this.cellFace[k] = faceOf(this.rest[k]!);
    }
    for (let i = 0; i < SIDE; i++) t.vars[ROWS + i] = 0xff;
    this.free.fill(0); // nothing listed yet: the first scan lists every available cell
    this.faceCells.fill(NO_PLACE);
    this.scanned = -1;
    this.outside.load(t, this.rest.subarray(CELLS));
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    if (t.version !== this.scanned) this.scan();
    const len = t.len;
    let n = 0;
    // Plays: the current card, the talon top, then the available carpet cards each foundation takes, up piles
    // then down piles.
    n = this.addPlays(out, n, CURRENT);
    n = this.addPlays(out, n, TALON);
    for (let s = 0; s < 4; s++) {
      const r = len[UP + s]! + 1; // an up pile of k cards ends in rank k
      if (r <= 13) n = this.addFromCarpet(out, n, s * 13 + r - 1, MoveKind.Play, UP + s);
    }
    for (let s = 0; s < 4; s++) {
      const r = 13 - len[DOWN + s]!; // a down pile of k cards ends in rank 14 - k
      if (r >= 1) n = this.addFromCarpet(out, n, s * 13 + r - 1, MoveKind.Play, DOWN + s);
    }
    // Carpet cards onto the talon top (rule IV, K3): one lower, then one higher; then the current card.
    const top = t.top(TALON);
    if (top !== NO_CARD) {
      const step = this.runStep();
      const face = faceOf(top);
      const r = rankOf(top);
      if (r > 1 && step <= 0) n = this.addFromCarpet(out, n, face - 1, MoveKind.Talon, TALON);
      if (r < 13 && step >= 0) n = this.addFromCarpet(out, n, face + 1, MoveKind.Talon, TALON);
    }
    if (len[CURRENT]! > 0) out[n++] = makeMove(MoveKind.Talon, CURRENT, TALON);
    // Exchanges (K6, K8).
    if (this.exchange) {
      for (let f = UP; f < CARPET; f++) {
        const g = f < DOWN ? f + 4 : f - 4;
        if (len[f]! > 1 && this.fits(t.top(f), g)) out[n++] = makeMove(MoveKind.Exchange, f, g);
      }
    }
    // Carry on: turn the next card, or re-deal when the stock is out (K5).
    if (len[STOCK]! > 0) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, true);
    else if (this.redealAllowed()) out[n++] = makeMove(MoveKind.Redeal, TALON, STOCK);
    return n;
  }

  /**
   * K1: the available carpet cells, from the rows' occupied cells by bit arithmetic; the cells that became or
   * ceased to be available since the last scan (a move, or an undo) are entered or struck out by face.
   */
  private scan(): void {
    const t = this.table;
    const free = this.free;
    const next = this.freeNext;
    freeRows(t.vars, ROWS, this.clearLane, next);
    for (let i = 0; i < SIDE; i++) {
      let gone = free[i]! & ~next[i]!;
      while (gone !== 0) {
        this.strikeOut(i * SIDE + 31 - Math.clz32(gone & -gone));
        gone &= gone - 1;
      }
      let came = next[i]! & ~free[i]!;
      while (came !== 0) {
        this.enter(i * SIDE + 31 - Math.clz32(came & -came));
        came &= came - 1;
      }
      free[i] = next[i]!;
    }
    this.scanned = t.version;
  }

  /** List available cell k under its face, the two cells of a face in cell order. */
  private enter(k: number): void {
    const i = 2 * this.cellFace[k]!;
    const p = CARPET + k;
    const a = this.faceCells[i]!;
    if (a === NO_PLACE) this.faceCells[i] = p;
    else if (p < a) {
      this.faceCells[i] = p;
      this.faceCells[i + 1] = a;
    } else this.faceCells[i + 1] = p;
  }

  /** Strike cell k from the available cells of its face. */
  private strikeOut(k: number): void {
    const i = 2 * this.cellFace[k]!;
    const p = CARPET + k;
    if (this.faceCells[i] === p) this.faceCells[i] = this.faceCells[i + 1]!;
    else if (this.faceCells[i + 1] !== p) return;
    this.faceCells[i + 1] = NO_PLACE;
  }

  /** Add a move of the given kind to pile `to` from each available carpet cell holding the face (scan current). */
  private addFromCarpet(out: Int32Array, n: number, face: number, kind: number, to: number): number {
    const a = this.faceCells[2 * face]!;
    if (a === NO_PLACE) return n;
    out[n++] = makeMove(kind, a, to);
    const b = this.faceCells[2 * face + 1]!;
    if (b !== NO_PLACE) out[n++] = makeMove(kind, b, to);
    return n;
  }

  /** Add the plays of pile p's top card: to its suit's up pile, then to its down pile. */
  private addPlays(out: Int32Array, n: number, p: number): number {
    const c = this.table.top(p);
    if (c === NO_CARD) return n;
    const len = this.table.len;
    const s = suitOf(c);
    const r = rankOf(c);
    if (len[UP + s]! + 1 === r) out[n++] = makeMove(MoveKind.Play, p, UP + s); // an up pile of k cards ends in k
    if (13 - len[DOWN + s]! === r) out[n++] = makeMove(MoveKind.Play, p, DOWN + s); // a down pile, in 14 - k
    return n;
  }

  /** Whether card c fits foundation f now. */
  private fits(c: Card, f: number): boolean {
    const top = this.table.top(f);
    return f < DOWN ? sameSuitUp(c, top) : sameSuitDown(c, top);
  }

  /** K3, K9: the rank step a carpet card laid on the talon must make; 0 when any step of one will do. */
  private runStep(): number {
    const t = this.table;
    if (!this.fixed || t.vars[RUN]! === 0) return 0;
    return rankOf(t.top(TALON)) - rankOf(t.below(TALON, 1));
  }

  /** K5: the stock is out, a re-deal remains and there are cards to re-deal. */
  private redealAllowed(): boolean {
    const t = this.table;
    return t.size(STOCK) === 0 && t.vars[DEAL]! < REDEALS && t.size(TALON) + t.size(CURRENT) > 0;
  }

  /** K1 read straight from the rules, walking from the card to its narrow ends: for isLegal. */
  private endFree(p: number): boolean {
    const t = this.table;
    const k = p - CARPET;
    const r = Math.floor(k / SIDE) + 1;
    const c = (k % SIDE) + 1;
    const vertical = (r + c) % 2 === 0;
    const dr = vertical ? 1 : 0;
    const dc = vertical ? 0 : 1;
    for (let sign = -1; sign <= 1; sign += 2) {
      let rr = r + sign * dr;
      let cc = c + sign * dc;
      let clear = true;
      while (rr >= 1 && rr <= SIDE && cc >= 1 && cc <= SIDE) {
        if (t.size(CARPET + (rr - 1) * SIDE + cc - 1) > 0) {
          clear = false;
          break;
        }
        if (!this.clearLane) break; // adjacent: only the cell the end faces
        rr += sign * dr;
        cc += sign * dc;
      }
      if (clear) return true;
    }
    return false;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if (countOf(m) !== 1 || (m & ~(REVEALS | 0x1fffffff)) !== 0 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    const carpet = from >= CARPET && from < STOCK;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        if (flag || to >= CARPET || t.size(from) === 0) return false;
        if (!(from === CURRENT || from === TALON || (carpet && this.endFree(from)))) return false;
        const c = t.top(from);
        return to < DOWN ? sameSuitUp(c, t.top(to)) : sameSuitDown(c, t.top(to));
      }
      case MoveKind.Talon: {
        if (flag || to !== TALON || t.size(from) === 0) return false;
        if (from === CURRENT) return true;
        if (!carpet || t.size(TALON) === 0 || !this.endFree(from)) return false; // rule IV: the talon is formed
        const c = t.top(from);
        const top = t.top(TALON);
        if (!sameSuitEither(c, top)) return false; // K3
        if (!this.fixed || t.vars[RUN] === 0) return true;
        // K3 fixed, K9: the same way as the card at the top of the run was laid on the card beneath it
        return rankOf(c) - rankOf(top) === rankOf(top) - rankOf(t.below(TALON, 1));
      }
      case MoveKind.Exchange: {
        if (!this.exchange || flag || from >= CARPET) return false;
        if (to !== (from < DOWN ? from + 4 : from - 4)) return false;
        if (t.size(from) < 2) return false; // K8: never the base
        const c = t.top(from);
        return to < DOWN ? sameSuitUp(c, t.top(to)) : sameSuitDown(c, t.top(to));
      }
      case MoveKind.Turn:
        return from === STOCK && to === CURRENT && flag && t.size(STOCK) > 0;
      case MoveKind.Redeal:
        return from === TALON && to === STOCK && !flag && t.size(STOCK) === 0 && t.vars[DEAL]! < REDEALS && t.size(TALON) + t.size(CURRENT) > 0;
      default:
        return false;
    }
  }

  apply(m: Move): void {
    const t = this.table;
    t.begin();
    const from = fromOf(m);
    const to = toOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
        t.move(from, to);
        if (from >= CARPET && from < STOCK) this.emptyCell(from);
        else if (from === TALON && t.vars[RUN]! > 0) t.set(RUN, t.vars[RUN]! - 1);
        break;
      case MoveKind.Talon:
        t.move(from, TALON);
        if (from === CURRENT) {
          t.set(RUN, 0); // K9: a card from the stock ends the run
        } else {
          this.emptyCell(from);
          t.set(RUN, t.vars[RUN]! + 1);
        }
        break;
      case MoveKind.Exchange:
        t.move(from, to);
        break;
      case MoveKind.Turn:
        if (t.size(CURRENT) > 0) t.set(RUN, 0); // K9: the held card goes to the talon first
        this.outside.turn(t);
        break;
      case MoveKind.Redeal: {
        const k = t.vars[DEAL]! + 1;
        this.outside.redeal(t, redealShuffle(this.deck, k, t.salt)); // K5: shuffled
        t.set(DEAL, k);
        t.set(RUN, 0);
        break;
      }
      default:
        throw new Error(`carpet: cannot apply move ${m}`);
    }
  }

  /** Mark carpet cell p empty in its row's variable (K2: it stays empty). */
  private emptyCell(p: number): void {
    const k = p - CARPET;
    const v = ROWS + Math.floor(k / SIDE);
    this.table.set(v, this.table.vars[v]! & ~(1 << (k % SIDE)));
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    const t = this.table;
    for (let f = UP; f < CARPET; f++) if (t.size(f) !== 13) return false;
    return true;
  }

  foundationCount(): number {
    const t = this.table;
    let n = 0;
    for (let f = UP; f < CARPET; f++) n += t.size(f) - 1;
    return n;
  }

  need(c: Card): number {
    const len = this.table.len;
    const s = suitOf(c);
    const r = rankOf(c);
    const up = r - len[UP + s]! - 1; // an up pile of k cards ends in rank k
    const down = 13 - len[DOWN + s]! - r; // a down pile of k cards ends in rank 14 - k
    return soonerNeed(up, down);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    if (t.version !== this.depthsScanned) this.scanDepths();
    for (let k = 0; k < CELLS; k++) {
      if (t.size(CARPET + k) === 0) continue;
      cards[n] = t.top(CARPET + k);
      depths[n] = this.depths[k]!;
      piles[n++] = CARPET + k;
    }
    return n;
  }

  /**
   * How many carpet cards lie in front of each carpet card. adjacent: exactly the fewest cards to take away
   * before it is available (a chain of cards each lying across the narrow end of the next). clearLane: the
   * occupied cells of its emptier lane, a lower bound (cards across the lane may need more taken first).
   */
  private scanDepths(): void {
    const t = this.table;
    if (t.version !== this.scanned) this.scan();
    const depths = this.depths;
    const rows = t.vars;
    if (this.clearLane) {
      for (let k = 0; k < CELLS; k++) {
        const i = Math.floor(k / SIDE);
        const b = k % SIDE;
        if ((rows[ROWS + i]! & (1 << b)) === 0) continue;
        let before = 0;
        let after = 0;
        if (VERTICAL[i]! & (1 << b)) {
          for (let j = 0; j < SIDE; j++) {
            if (j === i || (rows[ROWS + j]! & (1 << b)) === 0) continue;
            if (j < i) before++;
            else after++;
          }
        } else {
          const x = rows[ROWS + i]!;
          before = popcount(x & ((1 << b) - 1));
          after = popcount(x >> (b + 1));
        }
        depths[k] = Math.min(before, after);
      }
    } else {
      // Breadth first from the available cards: a card whose end faces a card of depth d has depth <= d + 1.
      depths.fill(255);
      const queue = this.queue;
      let head = 0;
      let tail = 0;
      for (let i = 0; i < SIDE; i++) {
        for (let m = this.free[i]!; m !== 0; m &= m - 1) {
          const k = i * SIDE + 31 - Math.clz32(m & -m);
          depths[k] = 0;
          queue[tail++] = k;
        }
      }
      while (head < tail) {
        const k = queue[head++]!;
        const i = Math.floor(k / SIDE);
        const b = k % SIDE;
        const d = depths[k]! + 1;
        // A vertical card lies across the ends of the horizontal cards beside it, and the other way round.
        const vertical = (VERTICAL[i]! & (1 << b)) !== 0;
        for (let sign = -1; sign <= 1; sign += 2) {
          const ii = vertical ? i : i + sign;
          const bb = vertical ? b + sign : b;
          if (ii < 0 || ii >= SIDE || bb < 0 || bb >= SIDE) continue;
          const j = ii * SIDE + bb;
          if (depths[j] !== 255 || t.size(CARPET + j) === 0) continue;
          depths[j] = d;
          queue[tail++] = j;
        }
      }
    }
    this.depthsScanned = t.version;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p === TALON) return t.below(TALON, n);
    if (p < CARPET || p >= STOCK || t.size(p) === 0) return NO_CARD;
    // K1: the carpet cards released by emptying cell p (rule III: never the card across its own end); of
    // several, the one needed soonest.
    if (t.version !== this.scanned) this.scan();
    const k = p - CARPET;
    const i = Math.floor(k / SIDE);
    const b = k % SIDE;
    if (!this.clearLane) {
      // adjacent: only a card with an end facing p can be released, one beside a vertical card or one above or
      // below a horizontal card, and it is when it is not available already
      const vertical = (VERTICAL[i]! & (1 << b)) !== 0;
      const c1 = vertical ? this.released(i, b - 1) : this.released(i - 1, b);
      const c2 = vertical ? this.released(i, b + 1) : this.released(i + 1, b);
      if (c1 === NO_CARD || c2 === NO_CARD) return c1 === NO_CARD ? c2 : c1;
      return this.need(c2) < this.need(c1) ? c2 : c1;
    }
    for (let r = 0; r < SIDE; r++) this.rowsAfter[r] = t.vars[ROWS + r]!;
    this.rowsAfter[i]! &= ~(1 << b);
    freeRows(this.rowsAfter, 0, true, this.freeAfter);
    let best: Card = NO_CARD;
    let bestNeed = 256;
    for (let r = 0; r < SIDE; r++) {
      let m = this.freeAfter[r]! & ~this.free[r]!;
      while (m !== 0) {
        const c = t.top(CARPET + r * SIDE + (31 - Math.clz32(m & -m)));
        m &= m - 1;
        const need = this.need(c);
        if (need < bestNeed) {
          best = c;
          bestNeed = need;
        }
      }
    }
    return best;
  }

  /** The card in row index i, column index b if it holds one that is not available now (scan current). */
  private released(i: number, b: number): Card {
    if (i < 0 || i >= SIDE || b < 0 || b >= SIDE) return NO_CARD;
    const bit = 1 << b;
    if ((this.table.vars[ROWS + i]! & bit) === 0 || (this.free[i]! & bit) !== 0) return NO_CARD;
    return this.table.top(CARPET + i * SIDE + b);
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) > 0) {
        cards[n] = t.top(p);
        piles[n++] = p;
      }
    }
    if (t.version !== this.scanned) this.scan();
    for (let i = 0; i < SIDE; i++) {
      for (let m = this.free[i]!; m !== 0; m &= m - 1) {
        const p = CARPET + i * SIDE + 31 - Math.clz32(m & -m);
        cards[n] = t.top(p);
        piles[n++] = p;
      }
    }
    return n;
  }

  coverAt(): number {
    return 0; // K2: nothing is ever put on the carpet
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const cells = Array.from({ length: CELLS }, (_, k) => CARPET + k);
    for (const p of [CURRENT, TALON, ...cells]) for (let f = UP; f < CARPET; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (const p of [CURRENT, ...cells]) moves.push(makeMove(MoveKind.Talon, p, TALON));
    for (let f = UP; f < CARPET; f++) moves.push(makeMove(MoveKind.Exchange, f, f < DOWN ? f + 4 : f - 4));
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT), makeMove(MoveKind.Redeal, TALON, STOCK));
    return moves;
  }

  picture(): string {
    const t = this.table;
    if (t.version !== this.scanned) this.scan();
    const lines = ['the carpet: |xx| vertical, -xx- horizontal, * available, .... empty'];
    lines.push('     ' + Array.from({ length: SIDE }, (_, c) => `  ${c + 1}   `).join('').trimEnd());
    for (let i = 0; i < SIDE; i++) {
      let row = ` ${i + 1}   `;
      for (let b = 0; b < SIDE; b++) {
        const p = CARPET + i * SIDE + b;
        if (t.size(p) === 0) row += '....  ';
        else {
          const edge = VERTICAL[i]! & (1 << b) ? '|' : '-';
          row += edge + makeCard(t.top(p)) + edge + (this.free[i]! & (1 << b) ? '* ' : '  ');
        }
      }
      lines.push(row.trimEnd());
    }
    const pile = (f: number) => `${SUITS[f % 4]} ${t.size(f) > 0 ? makeCard(t.top(f)) : '--'}`;
    lines.push(`up piles    ${[0, 1, 2, 3].map((s) => pile(UP + s)).join('   ')}`);
    lines.push(`down piles  ${[0, 1, 2, 3].map((s) => pile(DOWN + s)).join('   ')}`);
    const current = t.size(CURRENT) ? makeCard(t.top(CURRENT)) : 'none';
    const talon = t.size(TALON) ? `${makeCard(t.top(TALON))} (${t.size(TALON)} card${t.size(TALON) === 1 ? '' : 's'})` : 'empty';
    lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}   deal ${t.vars[DEAL]! + 1} of ${DEALS}`);
    return lines.join('\n');
  }

  // ---- For the solver only (solve/solver.ts), which knows every card. ----

  /** The dead-end rule of deadEnd(), by name. */
  readonly deadEndRules: readonly string[] = ['buried-in-talon'];
  private readonly beneath = new Uint8Array(52); // per face: copies lying beneath the talon card looked at

  /**
   * 0, or 1 when, in the last deal, a talon card can never be played ('buried-in-talon'): for each pile of its
   * suit that could still take it, every copy left of some card that pile needs first lies beneath it in the
   * talon.
   *
   * Proof. In the last deal no re-deal is left (K5), and a talon card leaves the talon only for a foundation
   * (K4; with foundationExchange=off, K6, a card never leaves a foundation, and the rule is not used with it on).
   * Only the talon top leaves, so a talon card X (suit s, rank r) is played before every card beneath it. X can
   * go on the up pile of s (ending at rank u) only if r > u and, before X, a copy of each rank u+1..r-1 of s is
   * played there; on the down pile (ending at rank d) only if r < d and a copy of each rank r+1..d-1 is played
   * there first. The copies of rank q of s not yet on a foundation number 2 - [u >= q] - [d <= q]; when all of
   * them lie beneath X, none can be played before X. So when neither pile can take X, X is never played and the
   * position cannot be won.
   */
  deadEnd(): number {
    const t = this.table;
    if (this.exchange || t.vars[DEAL] !== REDEALS) return 0;
    const n = t.len[TALON]!;
    if (n < 2) return 0;
    const cards = t.cards;
    const at = TALON * t.cap;
    const beneath = this.beneath;
    beneath.fill(0);
    for (let i = 0; i < n; i++) {
      const f = FACE[cards[at + i]!]!;
      if (i > 0 && this.buried(f)) return 1;
      beneath[f]!++;
    }
    return 0;
  }

  /** deadEnd's test for a talon card of face f, with `beneath` counting the cards below it. */
  private buried(f: number): boolean {
    const len = this.table.len;
    const s = SUIT[f]!;
    const r = RANK[f]!;
    const u = len[UP + s]!; // an up pile of k cards ends in rank k
    const d = 14 - len[DOWN + s]!; // a down pile of k cards ends in rank 14 - k
    const base = s * 13 - 1; // + q: the face of rank q of suit s
    let up = r > u;
    for (let q = u + 1; up && q < r; q++) if (this.beneath[base + q]! >= 2 - (d <= q ? 1 : 0)) up = false;
    if (up) return false;
    let down = r < d;
    for (let q = r + 1; down && q < d; q++) if (this.beneath[base + q]! >= 2 - (u >= q ? 1 : 0)) down = false;
    return !down;
  }

  /**
   * A play that keeps every win within reach, or -1: in the last deal, with talonDirection=free and
   * foundationExchange=off, a card X (suit s, rank r) played to a pile of s when its twin is already on the other
   * pile of s and no card of s one above or below X lies in the carpet.
   *
   * Proof. Take a winning line L from here and let L' be L with X played now and X's own moves left out (laid on
   * the talon, played). No re-deal is left (K5), so no shuffle depends on the talon's make-up. X's twin is on the
   * other pile, so in L X goes on this pile, and nothing goes there before it (only a card of rank r fits).
   * Nothing is ever put on X: the carpet receives nothing (K2), and only carpet cards of s one above or below go
   * on the talon top (rule IV, K3), of which none is left. With X out of the talon, the talon top in L' is the one
   * in L whenever that is not X, and a carpet card available in L is available in L' (an emptied cell only frees
   * ends, K1). The current card and the stock are the same (a held X goes nowhere in L' when the next is turned).
   * So every move of L but X's stays legal in L', and after L plays X the two positions agree but for the talon
   * run's counter, which the free direction (K3) never reads. So playing X loses no win.
   */
  safeMove(moves: Int32Array, n: number): Move {
    const t = this.table;
    if (this.exchange || this.fixed || t.vars[DEAL] !== REDEALS) return -1;
    const len = t.len;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      if (kindOf(m) !== MoveKind.Play) continue;
      const f = FACE[t.top(fromOf(m))]!;
      const s = SUIT[f]!;
      const r = RANK[f]!;
      const up = toOf(m) < DOWN;
      // the twin on the other pile: the down pile holds ranks 14 - k..13, the up pile 1..k
      if (up ? 14 - len[DOWN + s]! > r : len[UP + s]! < r) continue;
      if ((r > 1 && this.inCarpet(f - 1)) || (r < 13 && this.inCarpet(f + 1))) continue;
      return m;
    }
    return -1;
  }

  /** Whether a card of face f lies in the carpet (each cell holds the face dealt to it until it empties, K2). */
  private inCarpet(f: number): boolean {
    const rows = this.table.vars;
    for (let k = 0; k < CELLS; k++) {
      if (this.cellFace[k] === f && (rows[ROWS + (k >> 3)]! & (1 << (k & 7))) !== 0) return true;
    }
    return false;
  }
}

/** Whether a Carpet position is in its last deal: no re-deal is left (K5). */
export function inLastDeal(state: GameState): boolean {
  return state.table.vars[DEAL]! === REDEALS;
}

function popcount(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

/** The Carpet: the game definition. */
export const carpet: Game = {
  id: 'carpet',
  title: 'The Carpet',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new CarpetState(options),
};
