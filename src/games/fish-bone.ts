// The Fish-Bone (`fish-bone`): Lady Cadogan's C1914 text (RULES.md section 12).
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, faceOf, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import { sameSuitDown, sameSuitUp } from '../core/building.js';
import type { Deck } from '../core/deck.js';
import { PileRole, type Game, type GameState } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { TurnedStock } from '../core/stock.js';
import { packetCards } from '../core/packets.js';
import { Table } from '../core/table.js';

const RULES_CARD = `The Fish-Bone (fish-bone)
Source: Cadogan, C1914 "The Fish-Bone" (seed 004, second game). Not C1914's "The Herring-Bone".

Cards. Two packs, all 104 shuffled. Deal six cards, one to each pile of the gridiron (left of the plate); the
other 98 are the stock, turned one card at a time.

Spine. The eight knaves are the foundations: each is set, the moment it is available, in a column in the order
they come (F4, F7), and builds down by suit from the knave to the ace. Beside each knave lie one king slot and
one queen slot for its suit. A king or queen goes into a free slot of its suit as soon as a knave of that suit
is placed (F2, F3); until then one turned up is laid on the talon (Rule II).

Available. The top of each gridiron pile, the current card, the talon top.

Moves. Play (optional): a ten down to an ace, available, onto a knave pile of its suit one higher. Marry
(optional): the current card or the talon top onto a gridiron top of its suit one lower (ascending); never one
gridiron card onto another, never a king or queen. Fill: a gridiron vacancy takes the current card (or, none
being held, the next stock card) or the talon top, as the player chooses; it must be filled before the next
card is turned (F1). Turn: the current card, if held, goes to the talon and the next stock card is turned.
Re-deal: once, when the stock is out, the talon is turned over as it lies to make a new stock (F5).

Win. All 104 cards in the spine: eight knaves run down to the ace, each with its king and queen.

Rulings (RULES.md 12).
F1  Gridiron vacancies are compulsory, filled before the next card is turned; the player chooses the current
    card, the next stock card or the talon top.
F2  Kings and queens go only into a free slot beside a placed knave of their suit, from the current card, the
    talon top or a gridiron top; they are never married onto the gridiron.
F3  Kings and queens are placed automatically whenever possible ("never omit").
F4  A knave in the gridiron goes to the spine at once, and its place is refilled.
F5  The one re-deal turns the talon over without shuffling.
F6  The gridiron is six independent piles; where a pile lies does not matter.
F7  A knave from the stock, or anywhere else, is placed at once; it never goes to the talon or the gridiron.
F8  (this program; the text is silent) The stock side of a refill is the current card while it is held,
    otherwise the next stock card, turned straight into the vacancy. A vacancy may wait while the player makes
    other moves, but no card is turned, and the re-deal is not made, while a vacancy can be filled. Which of
    several vacancies is filled first does not matter (F6): the program fills the first.
F9  (this program) A king or queen that cannot be placed waits: on the talon, where only the top card is
    available, so one lying under the talon top waits until it is uncovered and then goes at once; in the
    gridiron, where one dealt at the start stays alone in its pile, taking no marriage, until its knave comes.
    A king or queen never fills a vacancy: one turned into a vacancy from the stock with no slot free goes to
    the talon (Rule II) and the vacancy stays open.
F10 (this program) The automatic placements are made in this order, until none is left: knaves (gridiron
    piles 1-6, then the current card), then kings and queens (gridiron 1-6, the talon top again and again,
    then the current card, which goes to the talon if no slot is free). A king or queen takes the free slot
    of the first-placed knave of its suit that has one. So when a gridiron king and the talon top compete for
    one slot, the gridiron card takes it.
F11 (this program) A card that cannot be used stays where it is: an unused current card goes to the talon at
    the next turn; nothing is put out of play. After the re-deal's stock is out, the talon top can still be
    played, married or used to fill a vacancy; the game ends when no move is left.
F12 (this program) The score counts every card in the spine: knaves, kings and queens in their slots, and the
    tens to aces on the knaves, so 104 at a win. Knaves (and kings and queens) placed from the first six
    cards dealt count too.

Engine notes. Of two knave piles of one suit showing the same top, a play goes to the first: they are
interchangeable, so this removes only duplicate moves. After the re-deal the new stock is the old talon in a
known order; the program still treats it as unseen (a turn is flagged as revealing).`;

/** The Fish-Bone has no named options (RULES.md 12). */
const OPTIONS: readonly OptionSpec[] = [];

// Piles. The spine: knave pile k is the (k+1)-th knave placed, with its king slot KING + k and queen slot QUEEN + k.
const KNAVE = 0;
const KING = 8;
const QUEEN = 16;
const GRID = 24; // the gridiron, piles GRID..GRID+5
const STOCK = 30;
const CURRENT = 31;
const TALON = 32;
const PILE_COUNT = 33;
const KNAVES = 8;
const GRID_PILES = 6;
const GRID_END = GRID + GRID_PILES;
const NO_PILE = 255;

// Variables.
const DEALS = 0; // 1 in the first deal, 2 after the re-deal

const PILE_NAMES: readonly string[] = [
  ...Array.from({ length: KNAVES }, (_, i) => `knave ${i + 1}`),
  ...Array.from({ length: KNAVES }, (_, i) => `king ${i + 1}`),
  ...Array.from({ length: KNAVES }, (_, i) => `queen ${i + 1}`),
  ...Array.from({ length: GRID_PILES }, (_, i) => `gridiron ${i + 1}`),
  'stock',
  'current card',
  'talon',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, KNAVE, GRID);
PILE_ROLES.fill(PileRole.Layout, GRID, GRID_END);
PILE_ROLES[STOCK] = PileRole.Stock;
PILE_ROLES[CURRENT] = PileRole.Current;
PILE_ROLES[TALON] = PileRole.Talon;

/** True for a king or a queen. */
function isCourt(c: Card): boolean {
  return c !== NO_CARD && rankOf(c) >= 12;
}

/** True for a knave. */
function isKnave(c: Card): boolean {
  return c !== NO_CARD && rankOf(c) === 11;
}

/** One position of The Fish-Bone. */
class FishBoneState implements GameState {
  readonly table = new Table(PILE_COUNT, 1);
  readonly cardsInPlay = 104; // F12
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly slotsLeft = new Uint8Array(8); // scratch for uncovers(): free slots by suit, kings then queens
  // Derived from the spine and the gridiron by scan(), valid while table.version (which watches them) === scanned.
  private scanned = -1;
  private readonly playTo = new Uint8Array(53); // by face (52: no card): the first knave pile taking it, or NO_PILE
  private readonly takers = new Uint8Array(53); // by face: bit g is set when gridiron pile g's top marries it
  private readonly gridPlays = new Int32Array(GRID_PILES); // the plays from the gridiron tops
  private gridPlayCount = 0;
  private readonly setFaces = new Uint8Array(KNAVES + GRID_PILES); // the entries of playTo and takers now set
  private setCount = 0;

  constructor(readonly options: Options) {
    this.table.watch(KNAVE, GRID_END);
    this.playTo.fill(NO_PILE);
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    for (let g = 0; g < GRID_PILES; g++) t.put(GRID + g, deck[g]!);
    this.outside.load(t, deck.subarray(GRID_PILES));
    t.set(DEALS, 1);
    this.settle(); // F4: knaves among the six go to the spine; their places wait for the player (F1)
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    if (t.version !== this.scanned) this.scan();
    let n = 0;
    // Plays: the current card, the talon top, then the gridiron tops, onto the knave piles.
    n = this.addPlay(out, n, CURRENT);
    n = this.addPlay(out, n, TALON);
    for (let i = 0; i < this.gridPlayCount; i++) out[n++] = this.gridPlays[i]!;
    // Marriages: the current card, then the talon top, onto the gridiron tops, same suit +1.
    n = this.addMarriages(out, n, CURRENT);
    n = this.addMarriages(out, n, TALON);
    // Fills (F1, F8): the first vacancy takes the stock side or the talon top.
    // While one can be filled, no card is turned and no re-deal made.
    const v = this.firstVacancy();
    if (v >= 0 && this.canFill()) {
      if (t.size(CURRENT) > 0) out[n++] = makeMove(MoveKind.Fill, CURRENT, v);
      else if (t.size(STOCK) > 0) out[n++] = makeMove(MoveKind.Fill, STOCK, v, 1, true);
      if (this.talonFills()) out[n++] = makeMove(MoveKind.Fill, TALON, v);
      return n;
    }
    // Turn the next card (the held current card goes to the talon), or, the stock out, re-deal once (F5).
    if (this.outside.hasStockTop(t)) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, t.size(STOCK) > 0);
    else if (this.canRedeal()) out[n++] = makeMove(MoveKind.Redeal, TALON, STOCK);
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if (countOf(m) !== 1 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    if ((m & ~(REVEALS | 0x1fffffff)) !== 0) return false;
    const outsideCard = from === CURRENT || from === TALON;
    const gridFrom = from >= GRID && from < GRID_END;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        // A ten down to an ace, available, onto a knave pile of its suit one higher (Rule I).
        if (flag || !(outsideCard || gridFrom) || t.size(from) === 0) return false;
        if (to < KNAVE || to >= KNAVE + KNAVES || t.size(to) === 0) return false;
        const c = t.top(from);
        if (!sameSuitDown(c, t.top(to))) return false;
        for (let k = KNAVE; k < to; k++) if (sameSuitDown(c, t.top(k))) return false; // engine note: the first of a pair
        return true;
      }
      case MoveKind.Marry: {
        // Only from the current card or the talon, never gridiron to gridiron; never a king or queen (F2).
        if (flag || !outsideCard || t.size(from) === 0) return false;
        if (to < GRID || to >= GRID_END || t.size(to) === 0) return false;
        const c = t.top(from);
        return rankOf(c) <= 10 && sameSuitUp(c, t.top(to));
      }
      case MoveKind.Fill: {
        if (to < GRID || to >= GRID_END || t.size(to) !== 0) return false;
        for (let g = GRID; g < to; g++) if (t.size(g) === 0) return false; // F8: the first vacancy
        if (from === CURRENT) return !flag && t.size(CURRENT) > 0;
        if (from === STOCK) return flag && t.size(CURRENT) === 0 && t.size(STOCK) > 0;
        if (from === TALON) return !flag && t.size(TALON) > 0 && !isCourt(t.top(TALON)); // F9
        return false;
      }
      case MoveKind.Turn: {
        if (from !== STOCK || to !== CURRENT) return false;
        if (t.size(CURRENT) === 0 && t.size(STOCK) === 0) return false;
        for (let g = GRID; g < GRID_END; g++) if (t.size(g) === 0) return false; // F1: a vacancy is filled first
        return flag === t.size(STOCK) > 0;
      }
      case MoveKind.Redeal: {
        // F5: once, with the stock and current card out, and no vacancy the talon could fill (F8).
        if (flag || from !== TALON || to !== STOCK || t.vars[DEALS] !== 1) return false;
        if (t.size(STOCK) > 0 || t.size(CURRENT) > 0 || t.size(TALON) === 0) return false;
        let vacancy = false;
        for (let g = GRID; g < GRID_END; g++) if (t.size(g) === 0) vacancy = true;
        return !vacancy || isCourt(t.top(TALON));
      }
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
      case MoveKind.Fill:
        t.move(from, toOf(m));
        if (from === TALON) this.settleTalon(); // F9: a king or queen uncovered on the talon goes at once
        else if (from === STOCK) this.settleTurned(toOf(m)); // F7, F9: a card turned into a vacancy
        break;
      case MoveKind.Turn:
        this.outside.turn(t);
        this.settleTurned(CURRENT);
        break;
      case MoveKind.Redeal:
        this.outside.redeal(t); // F5: turned over, no shuffle
        t.set(DEALS, 2);
        break;
      default:
        throw new Error(`fish-bone: cannot apply move ${m}`);
    }
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    return this.foundationCount() === 104;
  }

  foundationCount(): number {
    // F12: every card in the spine, knaves, kings and queens included.
    const len = this.table.len;
    let n = 0;
    for (let p = KNAVE; p < GRID; p++) n += len[p]!;
    return n;
  }

  need(c: Card): number {
    const t = this.table;
    const r = rankOf(c);
    if (r === 11) return 0; // F7: placed at once
    const s = suitOf(c);
    let placed = 0;
    let free = false;
    let best = 255;
    for (let k = KNAVE; k < KNAVE + KNAVES && t.size(k) > 0; k++) {
      if (suitOf(t.at(k, 0)) !== s) continue;
      placed++;
      if (r >= 12) {
        if (t.size((r === 13 ? KING : QUEEN) + k) === 0) free = true;
      } else {
        const gap = rankOf(t.top(k)) - 1 - r;
        if (gap >= 0 && gap < best) best = gap;
      }
    }
    if (r >= 12) return free ? 0 : 1; // F2: a free slot, or a knave of its suit to come
    if (placed < 2 && 11 - r < best) best = 11 - r; // a knave still to come, then the knave down to r+1
    return best;
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let g = GRID; g < GRID_END; g++) {
      n = packetCards(t, g, cards, depths, piles, n);
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p === CURRENT || t.size(p) <= n) return NO_CARD; // an emptied gridiron pile is a vacancy
    if (p !== TALON) return t.below(p, n);
    // F3, F9: kings and queens uncovered on the talon go at once to free slots; the card under them is the one.
    const left = this.slotsLeft;
    left.fill(0);
    for (let k = KNAVE; k < KNAVE + KNAVES && t.size(k) > 0; k++) {
      const s = suitOf(t.at(k, 0));
      if (t.size(KING + k) === 0) left[s]!++;
      if (t.size(QUEEN + k) === 0) left[4 + s]!++;
    }
    let c = t.below(TALON, n);
    for (let i = n; isCourt(c); c = t.below(TALON, ++i)) {
      const slot = (rankOf(c) === 13 ? 0 : 4) + suitOf(c);
      if (left[slot] === 0) break;
      left[slot]!--;
    }
    return c;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = GRID; p <= TALON; p++) {
      if (p === STOCK || t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  coverAt(_p: number): number {
    return 0; // a card put on a gridiron pile is its top
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const grid = Array.from({ length: GRID_PILES }, (_, i) => GRID + i);
    for (const p of [CURRENT, TALON, ...grid]) for (let k = 0; k < KNAVES; k++) moves.push(makeMove(MoveKind.Play, p, KNAVE + k));
    for (const p of [CURRENT, TALON]) for (const g of grid) moves.push(makeMove(MoveKind.Marry, p, g));
    for (const p of [CURRENT, STOCK, TALON]) for (const g of grid) moves.push(makeMove(MoveKind.Fill, p, g));
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT), makeMove(MoveKind.Redeal, TALON, STOCK));
    return moves;
  }

  picture(): string {
    return drawFishBone(this.table);
  }

  /**
   * The compulsory placements after the deal (F2-F4, F7, F10): knaves in the gridiron to the spine, then kings
   * and queens whose knave is placed to their slots.
   */
  private settle(): void {
    const t = this.table;
    for (let g = GRID; g < GRID_END; g++) if (isKnave(t.top(g))) t.move(g, this.nextKnavePile());
    this.settleCourts();
  }

  /**
   * The compulsory placements after a card is turned from the stock into pile p (the current card, or a
   * vacancy): a knave goes to the spine, and may release kings and queens (F7, F10); a king or queen goes to
   * its slot, or with none free to the talon (Rule II, F9). Nothing else can have changed.
   */
  private settleTurned(p: number): void {
    const t = this.table;
    const c = t.top(p);
    const r = rankOf(c);
    if (r === 11) {
      t.move(p, this.nextKnavePile());
      this.settleCourts();
    } else if (r >= 12) {
      const slot = this.freeSlot(c);
      t.move(p, slot >= 0 ? slot : TALON);
    }
  }

  /** Kings and queens to their free slots, from the gridiron tops, then the talon top (F3, F10). */
  private settleCourts(): void {
    const t = this.table;
    const len = t.len;
    for (let g = GRID; g < GRID_END; g++) {
      if (len[g] === 0 || !isCourt(t.top(g))) continue;
      const slot = this.freeSlot(t.top(g));
      if (slot >= 0) t.move(g, slot);
    }
    this.settleTalon();
  }

  /** Kings and queens from the talon top to their free slots, one after another as they are uncovered (F9). */
  private settleTalon(): void {
    const t = this.table;
    for (let c = t.top(TALON); isCourt(c); c = t.top(TALON)) {
      const slot = this.freeSlot(c);
      if (slot < 0) return;
      t.move(TALON, slot);
    }
  }

  /** The knave pile the next knave goes to: the first empty one (placement order, F4). */
  private nextKnavePile(): number {
    const len = this.table.len;
    let k = KNAVE;
    while (len[k]! > 0) k++;
    return k;
  }

  /** The free slot for king or queen c beside the first-placed knave of its suit that has one; -1 if none (F2, F10). */
  private freeSlot(c: Card): number {
    const t = this.table;
    const s = suitOf(c);
    const base = rankOf(c) === 13 ? KING : QUEEN;
    for (let k = KNAVE; k < KNAVE + KNAVES && t.len[k]! > 0; k++) {
      if (suitOf(t.at(k, 0)) === s && t.len[base + k] === 0) return base + k;
    }
    return -1;
  }

  /** Derive from the spine and the gridiron: which knave pile takes each face, which gridiron tops marry it. */
  private scan(): void {
    // Hot path: reads the table's arrays directly.
    const t = this.table;
    const len = t.len;
    const cap = t.cap;
    const playTo = this.playTo;
    const takers = this.takers;
    const set = this.setFaces;
    for (let i = 0; i < this.setCount; i++) {
      playTo[set[i]!] = NO_PILE;
      takers[set[i]!] = 0;
    }
    let sets = 0;
    for (let k = KNAVE; k < KNAVE + KNAVES && len[k]! > 0; k++) {
      const top = t.cards[k * cap + len[k]! - 1]!;
      const face = faceOf(top) - 1; // the same suit one lower
      if (rankOf(top) > 1 && playTo[face] === NO_PILE) {
        playTo[face] = k; // engine note: the first of a pair
        set[sets++] = face;
      }
    }
    let n = 0;
    for (let g = 0; g < GRID_PILES; g++) {
      const p = GRID + g;
      if (len[p] === 0) continue;
      const top = t.cards[p * cap + len[p]! - 1]!;
      if (rankOf(top) <= 9) {
        takers[faceOf(top) + 1]! |= 1 << g; // F2: a ten at most is married, never a king or queen
        set[sets++] = faceOf(top) + 1;
      }
      const k = playTo[faceOf(top)]!;
      if (k !== NO_PILE) this.gridPlays[n++] = makeMove(MoveKind.Play, p, k);
    }
    this.setCount = sets;
    this.gridPlayCount = n;
    this.scanned = t.version;
  }

  /** Add the play of pile p's top card onto the first knave pile it fits (Rule I, engine note; scan current). */
  private addPlay(out: Int32Array, n: number, p: number): number {
    const k = this.playTo[faceOf(this.table.top(p))]!;
    if (k !== NO_PILE) out[n++] = makeMove(MoveKind.Play, p, k);
    return n;
  }

  /** Add the marriages of pile p's top card (current card or talon top) onto the gridiron tops (F2; scan current). */
  private addMarriages(out: Int32Array, n: number, p: number): number {
    let mask = this.takers[faceOf(this.table.top(p))]!;
    while (mask !== 0) {
      const g = 31 - Math.clz32(mask & -mask);
      mask &= mask - 1;
      out[n++] = makeMove(MoveKind.Marry, p, GRID + g);
    }
    return n;
  }

  /** The first empty gridiron pile, or -1. */
  private firstVacancy(): number {
    const len = this.table.len;
    for (let g = GRID; g < GRID_END; g++) if (len[g] === 0) return g;
    return -1;
  }

  /** Whether the talon top may fill a vacancy: a king or queen never does (F9). */
  private talonFills(): boolean {
    const t = this.table;
    return t.size(TALON) > 0 && !isCourt(t.top(TALON));
  }

  /** Whether some source can fill a vacancy (F1, F8). */
  private canFill(): boolean {
    return this.outside.hasStockTop(this.table) || this.talonFills();
  }

  /** F5: the one re-deal, once the stock and current card are out and no vacancy can be filled. */
  private canRedeal(): boolean {
    const t = this.table;
    return t.vars[DEALS] === 1 && t.size(STOCK) === 0 && t.size(CURRENT) === 0 && t.size(TALON) > 0;
  }
}

/**
 * The picture: the gridiron (2 columns x 3 rows) on the left, the spine in the middle (each knave pile's top
 * with its size, its king to the left and its queen to the right), the talon and stock on the right.
 */
function drawFishBone(t: Table): string {
  const cell = (p: number) => (t.size(p) === 0 ? '..' : showCard(t.top(p)));
  const pileCell = (p: number) => (t.size(p) === 0 ? '..' : `${showCard(t.top(p))}/${t.size(p)}`).padEnd(6);
  const lines = ['gridiron (top/cards)   spine, knaves in the order placed: king \\ knave pile (top/cards) / queen'];
  const right = [
    `talon ${t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty'}`,
    `current card ${t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none'}`,
    `stock ${t.size(STOCK)}`,
    `deal ${t.vars[DEALS]} of 2`,
  ];
  for (let row = 0; row < KNAVES; row++) {
    const grid = row < 3 ? ` ${pileCell(GRID + row)}  ${pileCell(GRID + 3 + row)}` : '';
    const k = KNAVE + row;
    const spine = t.size(k) === 0 ? '' : `${cell(KING + row)} \\ ${pileCell(k)} / ${cell(QUEEN + row)}`;
    lines.push(`${grid.padEnd(23)}${spine.padEnd(22)}${right[row] ?? ''}`.trimEnd());
  }
  return lines.join('\n');
}

/** The Fish-Bone: the game definition. */
export const fishBone: Game = {
  id: 'fish-bone',
  title: 'The Fish-Bone',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new FishBoneState(options),
};
