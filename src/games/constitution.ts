// The Constitution (`constitution`): Cadogan's "The British Constitution" (C1874), "The Constitution" (C1914).
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, faceOf, isRed, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import { altColourDown, sameSuitUp } from '../core/building.js';
import type { Deck } from '../core/deck.js';
import { cardsOnFoundations, foundationsFull, type Game, type GameState, PileRole, twinUpNeed } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { packetCards } from '../core/packets.js';
import { Table } from '../core/table.js';

const RULES_CARD = `The Constitution (constitution)
Sources: Cadogan, C1874 "The British Constitution" (seed 003 part e); C1914 "The Constitution" (the same rules).

Cards. Two packs. Take out the kings, queens and aces. The 8 kings (Bishops and Judges), one queen (the
Sovereign) and the other 7 queens take no part. The 8 aces are the foundations, the "Government", built up by
suit to the knave (10 cards each). The other 80 cards (2 to J, twice) are dealt.

Layout. Four rows of eight piles, dealt from the lowest row up, each row left to right: row 1 the People, row 2
the House of Commons, row 3 the House of Lords, row 4 (the top) the Privy Council. The other 48 cards are the
stock.

Available. The top card of each pile.

Moves, all optional (C4). Play a Privy Council top to a foundation: only the Privy Council feeds the
foundations. Build the top of a pile in row k (k = 1, 2, 3) onto the top of a pile in row k+1, alternate colour,
one lower, one card at a time; piles grow without limit; never within a row, never downwards, never skipping a
row. Turn the next stock card onto the talon (C6).

Vacancies (C1, C2). A pile that becomes empty is filled at once: in rows 2-4 with a top card of the row directly
below, the player choosing which; that may empty a pile there, filled the same way (a cascade). A People pile
is filled with the talon top, or the next stock card when the talon is empty; no choice. If the row below holds
no card the vacancy waits.

Win. All 80 cards on the foundations.

Rulings (RULES.md 8).
C1  A vacancy exists only when a pile is completely empty.
C2  Filling is compulsory and immediate: rows 2-4 from any top of the row directly below (the player's choice,
    and it may cascade); the People from the talon top, else the next stock card, with no choice; a vacancy
    whose row below holds no card waits.
C3  Talon and stock cards never build onto piles; they enter the layout only by filling People vacancies.
C4  All plays and builds are optional, apart from the compulsory fills.
C5  No re-deal.
C6  Each turned card becomes the talon top at once, so a People vacancy made afterwards takes it; the player
    may turn the next card whenever no fill is pending ("defer making a vacancy till a card turns up").
C7  (this program; the texts are silent) When only one pile of the row below holds cards, the fill has no
    choice and is made at once as part of the move that made the vacancy. A waiting vacancy (C2) is never
    filled later: a row with no card stays so, since every row is only ever fed from the row below it and the
    People from the talon and stock, which must then be empty too.

Engine notes. Of two foundations of one suit showing the same top, a play goes to the first: they are
interchangeable, so this removes only duplicate moves. The Sovereign is shown as Q\u2666 (C1914); in C1874 it
was Q\u2663. It is decorative either way.`;

const OPTIONS: readonly OptionSpec[] = [];

// Piles. Foundation f holds suit f % 4 (which ace sits where is cosmetic).
const FOUNDATION = 0;
const WIDTH = 8; // piles in a row
const ROWS = 4;
const PEOPLE = 8; // row 1 (dealt first), piles PEOPLE..PEOPLE+7; then rows 2 (Commons) and 3 (Lords)
const PRIVY = 32; // row 4, the Privy Council: the only row that plays
const LAYOUT_END = PRIVY + WIDTH;
const STOCK = 40;
const TALON = 41;
const OUT = 42; // kings and queens
const PILE_COUNT = 43;
const JACK = 11;

// Variables.
const PHASE = 0;
const VACANCY = 1; // the vacancy the player must fill now (phase FILL)
const FREE = 0; // plays, builds, turning the stock
const FILL = 1; // a vacancy in rows 2-4 waits for the player's choice of a top card from the row below (C2)

// Per card: its face (0..51); per face: its suit, rank and colour. The solver's hooks read these in their loops.
const FACE = Uint8Array.from({ length: 256 }, (_, c) => c % 52);
const SUIT = Uint8Array.from({ length: 52 }, (_, f) => Math.floor(f / 13));
const RANK = Uint8Array.from({ length: 52 }, (_, f) => (f % 13) + 1);
const RED = Uint8Array.from({ length: 52 }, (_, f) => (Math.floor(f / 13) === 1 || Math.floor(f / 13) === 2 ? 1 : 0));

const ROW_NAMES = ['people', 'commons', 'lords', 'privy council'];
const ROW_TITLES = ['People', 'House of Commons', 'House of Lords', 'Privy Council'];

const PILE_NAMES: readonly string[] = [
  ...Array.from({ length: 8 }, (_, i) => `foundation ${i + 1}`),
  ...ROW_NAMES.flatMap((row) => Array.from({ length: WIDTH }, (_, i) => `${row} ${i + 1}`)),
  'stock',
  'talon',
  'kings and queens',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, FOUNDATION, PEOPLE);
PILE_ROLES.fill(PileRole.Layout, PEOPLE, LAYOUT_END);
PILE_ROLES[STOCK] = PileRole.Stock;
PILE_ROLES[TALON] = PileRole.Talon;
PILE_ROLES[OUT] = PileRole.Out;

/** Row of a layout pile, 1 (People) .. 4 (Privy Council). */
function rowOf(p: number): number {
  return ((p - PEOPLE) >> 3) + 1;
}

/** First pile of a row 1..4. */
function rowStart(row: number): number {
  return PEOPLE + (row - 1) * WIDTH;
}

function isLayout(p: number): boolean {
  return p >= PEOPLE && p < LAYOUT_END;
}

/** One position of The Constitution. */
class ConstitutionState implements GameState {
  readonly table = new Table(PILE_COUNT, 2);
  readonly cardsInPlay = 80;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly dealt = new Uint8Array(80);
  // Derived from the rows' tops, valid while table.version (which watches the rows) === scanned.
  private scanned = -1;
  private readonly takers = new Uint8Array(3 * 53); // (row-2)*53 + face: bit i, pile i of that row takes the face

  constructor(readonly options: Options) {
    this.table.watch(PEOPLE, LAYOUT_END);
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      const rank = rankOf(c);
      if (rank === 1) t.put(t.size(suitOf(c)) === 0 ? suitOf(c) : suitOf(c) + 4, c);
      else if (rank > JACK) t.put(OUT, c);
      else this.dealt[n++] = c;
    }
    // Rows from the lowest up, each left to right; the rest is the stock, the first of it turned first.
    for (let i = 0; i < ROWS * WIDTH; i++) t.put(PEOPLE + i, this.dealt[i]!);
    for (let i = n - 1; i >= ROWS * WIDTH; i--) t.put(STOCK, this.dealt[i]!);
    t.set(PHASE, FREE);
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    const len = t.len;
    let n = 0;
    if (t.vars[PHASE] === FILL) {
      // C2: any top card of the row directly below fills the vacancy.
      const v = t.vars[VACANCY]!;
      const below = rowStart(rowOf(v) - 1);
      for (let p = below; p < below + WIDTH; p++) {
        if (len[p] !== 0) out[n++] = makeMove(MoveKind.Fill, p, v, 1, len[p] === 1 && this.cascadeReveals(p));
      }
      return n;
    }
    // Plays: only from the Privy Council.
    for (let p = PRIVY; p < LAYOUT_END; p++) {
      if (len[p] === 0) continue;
      const f = this.foundationFor(t.top(p));
      if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f, 1, len[p] === 1 && this.cascadeReveals(p));
    }
    // Builds: from row k onto row k+1, alternate colour one lower.
    if (t.version !== this.scanned) this.scanRows();
    for (let p = PEOPLE; p < PRIVY; p++) {
      if (len[p] === 0) continue;
      const row = rowOf(p);
      let mask = this.takers[(row - 1) * 53 + faceOf(t.top(p))]!;
      if (mask === 0) continue;
      const above = rowStart(row + 1);
      const flag = len[p] === 1 && this.cascadeReveals(p);
      while (mask !== 0) {
        const i = 31 - Math.clz32(mask & -mask);
        mask &= mask - 1;
        out[n++] = makeMove(MoveKind.Marry, p, above + i, 1, flag);
      }
    }
    if (len[STOCK] !== 0) out[n++] = makeMove(MoveKind.Turn, STOCK, TALON, 1, true); // C6
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if (countOf(m) !== 1 || (m & ~(REVEALS | 0x1fffffff)) !== 0 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    const free = t.vars[PHASE] === FREE;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        // Only a Privy Council top plays, onto a foundation of its suit one lower.
        if (!free || from < PRIVY || from >= LAYOUT_END || to >= PEOPLE || t.size(from) === 0) return false;
        const c = t.top(from);
        if (!sameSuitUp(c, t.top(to))) return false;
        if (to >= 4 && sameSuitUp(c, t.top(to - 4))) return false; // the first of two equal foundations
        return flag === this.emptyingReveals(from);
      }
      case MoveKind.Marry: {
        // A build goes exactly one row up, alternate colour one lower (Rules II, IV).
        if (!free || !isLayout(from) || !isLayout(to) || rowOf(to) !== rowOf(from) + 1) return false;
        if (t.size(from) === 0 || t.size(to) === 0) return false;
        if (!altColourDown(t.top(from), t.top(to))) return false;
        return flag === this.emptyingReveals(from);
      }
      case MoveKind.Fill: {
        // C2: the pending vacancy takes a top card of the row directly below.
        if (free || to !== t.vars[VACANCY] || !isLayout(from) || rowOf(from) !== rowOf(to) - 1) return false;
        if (t.size(from) === 0) return false;
        return flag === this.emptyingReveals(from);
      }
      case MoveKind.Turn:
        return free && from === STOCK && to === TALON && t.size(STOCK) > 0 && flag;
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
        if (t.size(from) === 0) this.vacate(from);
        break;
      case MoveKind.Fill:
        t.move(from, toOf(m));
        t.set(PHASE, FREE);
        if (t.size(from) === 0) this.vacate(from);
        break;
      case MoveKind.Turn:
        t.move(STOCK, TALON); // C6
        break;
      default:
        throw new Error(`constitution: cannot apply move ${m}`);
    }
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    return foundationsFull(this.table, FOUNDATION, JACK);
  }

  foundationCount(): number {
    return cardsOnFoundations(this.table, FOUNDATION, 1);
  }

  need(c: Card): number {
    return twinUpNeed(this.table.len, FOUNDATION, c);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = PEOPLE; p < LAYOUT_END; p++) {
      n = packetCards(t, p, cards, depths, piles, n);
    }
    n = packetCards(t, TALON, cards, depths, piles, n);
    return n;
  }

  uncovers(p: number, n: number): Card {
    // An emptied pile is filled from the row below (C2): that card was available already, or is the player's
    // choice, or comes from the talon or stock; none is released.
    const t = this.table;
    return isLayout(p) && t.size(p) > n ? t.below(p, n) : NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = PEOPLE; p < LAYOUT_END; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  coverAt(_p: number): number {
    return 0; // nothing is dealt onto a layout pile; a card put there stays its top until something is built on it
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (let p = PRIVY; p < LAYOUT_END; p++) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (let p = PEOPLE; p < PRIVY; p++) {
      const above = rowStart(rowOf(p) + 1);
      for (let q = above; q < above + WIDTH; q++) {
        moves.push(makeMove(MoveKind.Marry, p, q), makeMove(MoveKind.Fill, p, q));
      }
    }
    moves.push(makeMove(MoveKind.Turn, STOCK, TALON));
    return moves;
  }

  picture(): string {
    const t = this.table;
    const lines = ['Government (foundations):  ' + Array.from({ length: 8 }, (_, f) => showCard(t.top(FOUNDATION + f))).join('  ') + '      Sovereign Q\u2666'];
    for (let row = ROWS; row >= 1; row--) {
      const start = rowStart(row);
      const cells: string[] = [];
      for (let p = start; p < start + WIDTH; p++) {
        const size = t.size(p);
        cells.push((size === 0 ? '..' : showCard(t.top(p)) + (size > 1 ? `+${size - 1}` : '')).padEnd(6));
      }
      lines.push(`${row} ${ROW_TITLES[row - 1]!.padEnd(17)} ${cells.join('').trimEnd()}`);
    }
    const piles: string[] = [];
    for (let p = PEOPLE; p < LAYOUT_END; p++) {
      const size = t.size(p);
      if (size > 1) piles.push(`${PILE_NAMES[p]}: ${Array.from({ length: size }, (_, i) => showCard(t.at(p, i))).join(' ')}`);
    }
    if (piles.length > 0) lines.push(`piles (bottom to top)  ${piles.join('   ')}`);
    const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
    const phase = t.vars[PHASE] === FILL ? `fill ${PILE_NAMES[t.vars[VACANCY]!]} from the row below` : 'free moves';
    lines.push(`talon ${talon}   stock ${t.size(STOCK)}   [${phase}]`);
    return lines.join('\n');
  }

  // ---- For the solver only (solve/solver.ts), which knows every card. ----

  /** The dead-end rule of deadEnd(), by name. */
  readonly deadEndRules: readonly string[] = ['cannot-climb'];
  private readonly spot = new Int16Array(104); // per card: stack << 8 | index; -1 in the stock; -2 elsewhere
  private readonly origin = new Uint8Array(104); // per card: the row it lies in now (0: the talon or the stock)
  private readonly level = new Uint8Array(104); // per card: the highest row it reaches in the relaxation (5: played)
  private readonly present = new Uint8Array(ROWS * WIDTH + 1); // per stack (the 32 piles, then the talon): cards not yet freed
  private readonly floating: number[] = []; // cards freed from their stacks, or in the stock, not yet played
  private readonly reached = new Uint8Array(52); // per face: copies played, at this position or in the relaxation
  private readonly chain = new Uint8Array(8); // per suit s: the highest rank r with a copy of each of 1..r reached;
  // at 4 + s: with both copies of each
  private readonly vacant = new Uint8Array(ROWS + 1); // per row 1..4: a pile there is empty or freed to the bottom

  /**
   * 0, or 1 when some card can never climb to the Privy Council and be played ('cannot-climb'); looked at only
   * once the stock is out (below).
   *
   * The relaxation. Every card has a level: the row it lies in (0: the talon or the stock). A card leaves its
   * pile (or the talon) only from the top, so each pile and the talon is a stack freed from the top down; the
   * stock's cards count as free at level 0. A card at level j (the top still to free of a pile of row j, or a
   * freed card, which the relaxation never covers again) climbs to level j + 1 when
   *   (a) j = 4: it is played: for every rank below its own a copy of its suit has been played (`chain`), both
   *       copies when its twin is on a foundation now;
   *   (b) 1 <= j <= 3, a build (Rule IV): a card Y of the other colour one higher can be a top of row j + 1:
   *       Y is not on a foundation now, and either Y lies in row j + 1 at the top still to free of its pile, or
   *       Y came from row j + 1 or below (or the talon or stock) and has reached level j + 1 or more;
   *   (c) a fill (C2): some pile of row j + 1 is freed to the bottom in the relaxation, or is the vacancy
   *       waiting for the player's fill now (the talon and stock: row 1 only). A pile empty now stays empty
   *       (C7: its vacancy was filled at once or waits for good; nothing is built onto an empty pile).
   * The position is declared lost when some card is never played.
   *
   * Proof that a winnable position is never declared lost. Take a winning line; by induction over its moves,
   * each card that leaves its place, climbs to row j + 1, or is played, has done so in the relaxation. A card
   * moves only from the top of its pile or of the talon, so every card that lay above it here has left, and by
   * induction was freed. It moves up exactly one row (Rules II, IV; C2, C3) or, from the Privy Council, to a
   * foundation: played, its foundation holds a copy of each lower rank, each played earlier: (a) (if its twin was
   * on a foundation here, that one already held every lower rank, so it goes on the other: both copies); built onto Y,
   * a top of row j + 1: Y was not on a foundation here (cards never leave one), never moves down, and either
   * never moved (so it lay in row j + 1 with every card above it gone: the top still to free) or climbed into
   * row j + 1 earlier, which by induction the relaxation did too: (b); filling a vacancy of row j + 1: every card
   * that lay in that pile here has left, and it was not empty here, save the one waiting now (C7): (c). Climbing only opens more ways, so the order of the relaxation does
   * not matter, and the compulsory fills (C2, C7) only restrict the real game further. So in a winnable
   * position every card is played in the relaxation, and the rule does not fire.
   */
  deadEnd(): number {
    const t = this.table;
    const len = t.len;
    // Only once the stock is out: while cards remain in it they count as free, and the relaxation almost never
    // closes (bench seed, 10 deals at 200,000 positions: of the calls with cards in the stock, a few per cent
    // fired, and running it there cost the search several times its speed without changing a verdict).
    if (len[STOCK] !== 0) return 0;
    const cards = t.cards;
    const cap = t.cap;
    const { spot, origin, level, present, floating, reached, vacant } = this;
    spot.fill(-2);
    vacant.fill(0);
    floating.length = 0;
    for (let k = 0; k <= ROWS * WIDTH; k++) {
      const p = k < ROWS * WIDTH ? PEOPLE + k : TALON;
      const row = k < ROWS * WIDTH ? (k >> 3) + 1 : 0;
      const n = len[p]!;
      present[k] = n;
      for (let i = 0, at = p * cap; i < n; i++, at++) {
        const c = cards[at]!;
        spot[c] = (k << 8) | i;
        origin[c] = row;
        level[c] = row;
      }
    }
    // C2, C7: a pile empty now stays empty, save the vacancy waiting for the player's fill.
    if (t.vars[PHASE] === FILL) vacant[rowOf(t.vars[VACANCY]!)] = 1;
    for (let i = 0, at = STOCK * cap; i < len[STOCK]!; i++, at++) {
      const c = cards[at]!;
      spot[c] = -1;
      origin[c] = 0;
      level[c] = 0;
      floating.push(c);
    }
    // Played faces: a foundation of k cards holds ranks 1..k.
    let played = 0;
    for (let s = 0; s < 4; s++) {
      const a = len[FOUNDATION + s]!;
      const b = len[FOUNDATION + s + 4]!;
      played += a + b - 2;
      for (let r = 1; r <= JACK; r++) reached[s * 13 + r - 1] = (a >= r ? 1 : 0) + (b >= r ? 1 : 0);
    }
    for (let s = 0; s < 8; s++) this.chain[s] = this.chainFrom(s, 1); // the aces are placed at the deal
    for (let changed = true; changed && played < 80; ) {
      changed = false;
      for (let k = 0; k <= ROWS * WIDTH; k++) {
        const row = k < ROWS * WIDTH ? (k >> 3) + 1 : 0;
        const at = (k < ROWS * WIDTH ? PEOPLE + k : TALON) * cap;
        while (present[k]! > 0) {
          const c = cards[at + present[k]! - 1]!;
          if (!this.climbs(c, row)) break;
          changed = true;
          if (--present[k] === 0 && row > 0) vacant[row] = 1;
          if (row === ROWS) played += this.play(c);
          else {
            level[c] = row + 1;
            floating.push(c);
          }
        }
      }
      for (let i = floating.length - 1; i >= 0; i--) {
        const c = floating[i]!;
        while (level[c]! <= ROWS && this.climbs(c, level[c]!)) {
          changed = true;
          if (level[c] === ROWS) played += this.play(c);
          level[c]!++;
        }
        if (level[c]! > ROWS) floating[i] = floating[floating.length - 1]!, floating.pop();
      }
    }
    return played < 80 ? 1 : 0;
  }

  /** deadEnd: play card c in the relaxation; returns 1. */
  private play(c: Card): number {
    const f = FACE[c]!;
    this.reached[f]!++;
    this.level[c] = ROWS + 1;
    const s = SUIT[f]!;
    const r = RANK[f]!;
    if (r === this.chain[s]! + 1) this.chain[s] = this.chainFrom(s, r - 1);
    if (r === this.chain[s + 4]! + 1) this.chain[s + 4] = this.chainFrom(s + 4, r - 1);
    return 1;
  }

  /** The highest rank r >= from of suit s with a copy of each rank 1..r reached (given 1..from are). */
  private chainFrom(s: number, from: number): number {
    let r = from;
    const copies = s < 4 ? 1 : 2;
    const base = (s & 3) * 13;
    while (r < JACK && this.reached[base + r]! >= copies) r++;
    return r;
  }

  /** deadEnd's test: whether card c, at level j (a top still to free, or freed), climbs to level j + 1. */
  private climbs(c: Card, j: number): boolean {
    const f = FACE[c]!;
    if (j === ROWS) {
      const s = SUIT[f]!;
      const r = RANK[f]!;
      const len = this.table.len;
      const twin = len[FOUNDATION + s]! >= r || len[FOUNDATION + s + 4]! >= r; // its twin is on a foundation
      return this.chain[twin ? s + 4 : s]! >= r - 1; // (a)
    }
    if (this.vacant[j + 1]) return true; // (c)
    const r = RANK[f]!;
    if (j === 0 || r >= JACK) return false; // the talon and stock never build (C3); nothing takes a knave
    const red = RED[f]!;
    for (let s = 0; s < 4; s++) {
      if (RED[s * 13]! === red) continue; // (b): the other colour, one higher
      for (let y = s * 13 + r; y < 104; y += 52) {
        const w = this.spot[y]!;
        if (w === -2) continue; // on a foundation
        if (w >= 0 && (w & 0xff) < this.present[w >> 8]!) {
          if ((w & 0xff) === this.present[w >> 8]! - 1 && this.origin[y] === j + 1) return true; // a top to free
        } else if (this.origin[y]! <= j + 1 && this.level[y]! >= j + 1) return true; // freed, or in the stock
      }
    }
    return false;
  }

  /**
   * A play that keeps every win within reach, or -1: a Privy Council card X (suit s, rank r) lying on another
   * card, played while the other foundation of suit s is at r - 1 or more and the four foundations of the other
   * colour are each at r - 1 or more.
   *
   * Proof. Every card that could be built onto X (the other colour, one lower) is on a foundation, and both
   * copies of rank r - 1 of suit s are too. Take a winning line L from here and let L' be L with X played now
   * and its play in L left out. X lies in the Privy Council, so in L it leaves only by that play (Rule I), and
   * the card beneath it cannot move before then; X's pile does not fall vacant when X goes, so no compulsory
   * fill (C2) follows in L' that L lacks. Every move of L before X's play stays legal in L': nothing is built
   * onto X, and every other top is the same. The foundations of suit s are as in Napoleon's Square's safe play:
   * if the other is past r it holds X's twin and nothing goes on this one before X; if both are at r - 1, L'
   * plays the twin on whichever L leaves at r - 1. From X's play in L on, L and L' are in the same position.
   */
  safeMove(moves: Int32Array, n: number): Move {
    const len = this.table.len;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      if (kindOf(m) !== MoveKind.Play || len[fromOf(m)]! < 2) continue;
      const f = toOf(m);
      const r = len[f]! + 1; // X's rank: a foundation of k cards ends in rank k
      const other = f < FOUNDATION + 4 ? f + 4 : f - 4;
      if (len[other]! < r - 1) continue;
      const red = isRed(this.table.top(fromOf(m)));
      const a = red ? 0 : 1; // the suits of the other colour: spades and clubs, or hearts and diamonds
      const b = red ? 3 : 2;
      if (len[a]! >= r - 1 && len[a + 4]! >= r - 1 && len[b]! >= r - 1 && len[b + 4]! >= r - 1) return m;
    }
    return -1;
  }

  /** The foundation card c fits now, the first of an interchangeable pair; -1 if none. */
  private foundationFor(c: Card): number {
    const t = this.table;
    const s = suitOf(c);
    if (sameSuitUp(c, t.top(FOUNDATION + s))) return FOUNDATION + s;
    return sameSuitUp(c, t.top(FOUNDATION + s + 4)) ? FOUNDATION + s + 4 : -1;
  }

  /** Which tops of rows 2-4 take which faces in a build: the two faces of the other colour one lower. */
  private scanRows(): void {
    const t = this.table;
    this.takers.fill(0);
    for (let q = rowStart(2); q < LAYOUT_END; q++) {
      const c = t.top(q);
      if (c === NO_CARD || rankOf(c) < 3) continue; // a two takes only an ace, never in the layout
      const base = (rowOf(q) - 2) * 53 + rankOf(c) - 2;
      const bit = 1 << ((q - PEOPLE) % WIDTH);
      const [s1, s2] = isRed(c) ? [0, 3] : [1, 2];
      this.takers[base + s1 * 13]! |= bit;
      this.takers[base + s2 * 13]! |= bit;
    }
    this.scanned = t.version;
  }

  /** Whether taking the top card off layout pile p would turn up an unseen stock card (C2, C7). */
  private emptyingReveals(p: number): boolean {
    return this.table.size(p) === 1 && this.cascadeReveals(p);
  }

  /**
   * Whether the compulsory fills that follow pile v falling vacant turn up an unseen stock card before the
   * player next chooses: single sources below are taken at once (C7) down to the People, which take the talon
   * top, else the next stock card (C2).
   */
  private cascadeReveals(v: number): boolean {
    const t = this.table;
    const len = t.len;
    for (let row = rowOf(v); ; row--) {
      if (row === 1) return len[TALON] === 0 && len[STOCK] !== 0;
      const below = rowStart(row - 1);
      let source = -1;
      for (let p = below; p < below + WIDTH; p++) {
        if (len[p] === 0) continue;
        if (source >= 0) return false; // the player chooses
        source = p;
      }
      if (source < 0 || len[source]! > 1) return false; // the vacancy waits, or the cascade stops here
    }
  }

  /** C2, C7: fill vacancy v and the vacancies its fills make, stopping where the player must choose. */
  private vacate(v: number): void {
    const t = this.table;
    const len = t.len;
    for (;;) {
      const row = rowOf(v);
      if (row === 1) {
        // The People: the talon top, else the next stock card; with neither the vacancy waits.
        if (len[TALON] !== 0) t.move(TALON, v);
        else if (len[STOCK] !== 0) t.move(STOCK, v);
        return;
      }
      const below = rowStart(row - 1);
      let source = -1;
      for (let p = below; p < below + WIDTH; p++) {
        if (len[p] === 0) continue;
        if (source >= 0) {
          t.set(PHASE, FILL);
          t.set(VACANCY, v);
          return;
        }
        source = p;
      }
      if (source < 0) return; // C2: the row below is empty; the vacancy waits (C7: for good)
      t.move(source, v);
      if (len[source] !== 0) return;
      v = source;
    }
  }
}

/** The Constitution: the game definition. */
export const constitution: Game = {
  id: 'constitution',
  title: 'The Constitution',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new ConstitutionState(options),
};
