// The Zodiac (`zodiac`): Cadogan, C1874 (the same text in C1914). The rules card below is the game's header;
// code comments cite its ruling ids.

import { NO_CARD, faceOf, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import { sameSuitEither } from '../core/building.js';
import type { Deck } from '../core/deck.js';
import { PileRole, type Game, type GameState } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { TurnedStock } from '../core/stock.js';
import { packetCards } from '../core/packets.js';
import { Table } from '../core/table.js';
import { UpDownFoundations } from '../core/updown.js';

const RULES_CARD = `The Zodiac (zodiac)
Source: Cadogan, C1874 (seed 003 part f); C1914 "The Zodiac" has the same text.

Cards. Two packs, all 104 shuffled.

Layout. The Equator: a row of 8 single-card cells, dealt first, left to right. The Zodiac: a ring of 24 piles
around it, dealt next, clockwise from the top. The other 72 cards are the stock. The 8 foundations (an ace pile
A..K and a king pile K..A for each suit) stay empty until phase 2.

Phase 1: place every card. Marry onto the top of a Zodiac pile, same suit one higher or one lower (the direction
may change within a pile), the current card, the talon top or an Equator card; never a Zodiac card, and nothing
onto the Equator. Fill an empty Equator cell with the current card or the talon top, when you like. No play to
the foundations. Turn the stock one card at a time; an unused current card goes to the talon. When the stock is
out, the talon is turned over, without shuffling, as the new stock, as often as needed (Z1). Phase 1 fails by
Z2; it succeeds when stock and talon are both empty, every card lying in the Equator or the Zodiac.

Phase 2: the foundations. Play Zodiac tops and Equator cards to the foundations; the first ace (king) of a
suit played starts its ace (king) pile (Z5). Equator cards may still marry onto Zodiac tops (Z3).

Win. All 104 cards on the foundations.

Rulings (RULES.md 9).
Z1  Passes are not shuffled; the talon is simply turned over.
Z2  Failure: the game is lost if a whole pass through the stock ends with no card having entered the layout
    from the stock or talon and no Equator -> Zodiac move having been made during it.
Z3  In phase 2 Equator -> Zodiac marriages remain legal; Zodiac <-> Zodiac, Zodiac -> Equator and Equator ->
    Equator moves remain illegal, and nothing is refilled.
Z4  No A-K wrap in marriages.
Z5  The foundation bases come from the layout, in the order they become available and are played.
Z6  No foundation exchange (foundationExchange=off). With foundationExchange=free the top card of a foundation
    may move onto the other foundation of its suit whenever it fits there, one card per move.
Z7  (this program; the texts are silent) A pass ends when the player re-deals: until then, with the stock out,
    the current card, the talon top and the Equator may still be used, and such a use counts for the pass.
    The re-deal is refused after a pass that placed nothing (Z2): the game is then over unless a placement is
    still possible. An ace may end a king pile come down to the two, and a king an ace pile come up to the queen,
    even before the suit's other pile is started: the two copies being alike, this decides only which pile ends
    first.

Engine notes. A fill goes into the first empty Equator cell: the cells are interchangeable, so this removes only
duplicate moves.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'foundationExchange',
    values: ['off', 'free'],
    default: 'off',
    ruling: 'Z6',
    summary: "a foundation's top card may move onto the other foundation of its suit (free) or not (off)",
  },
];

// Piles. The ace pile of suit s is UP + s, its king pile DOWN + s.
const UP = 0;
const DOWN = 4;
const EQUATOR = 8; // cells 1..8, left to right
const ZODIAC = 16; // piles 1..24, clockwise from the top
const ZODIAC_END = ZODIAC + 24;
const STOCK = 40;
const CURRENT = 41;
const TALON = 42;
const PILE_COUNT = 43;

// Variables.
const PHASE = 0;
const PLACING = 0; // phase 1
const BUILDING = 1; // phase 2
const PROGRESS = 1; // 1 once a card has entered the layout, or an Equator card married, in this pass (Z2)
const PASS = 2; // the pass through the stock, from 1

const PILE_NAMES: readonly string[] = [
  ...['S', 'H', 'D', 'C'].map((s) => `ace pile ${s}`),
  ...['S', 'H', 'D', 'C'].map((s) => `king pile ${s}`),
  ...Array.from({ length: 8 }, (_, i) => `equator ${i + 1}`),
  ...Array.from({ length: 24 }, (_, i) => `zodiac ${i + 1}`),
  'stock',
  'current card',
  'talon',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, UP, EQUATOR);
PILE_ROLES.fill(PileRole.Layout, EQUATOR, ZODIAC_END);
PILE_ROLES[STOCK] = PileRole.Stock;
PILE_ROLES[CURRENT] = PileRole.Current;
PILE_ROLES[TALON] = PileRole.Talon;

function isEquator(p: number): boolean {
  return p >= EQUATOR && p < ZODIAC;
}

function isZodiac(p: number): boolean {
  return p >= ZODIAC && p < ZODIAC_END;
}

/** One position of The Zodiac. */
class ZodiacState implements GameState {
  readonly table = new Table(PILE_COUNT, 3);
  readonly cardsInPlay = 104;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly foundations: UpDownFoundations;
  private readonly exchange: boolean;
  // Derived from the Zodiac's tops, valid while table.version (which watches the ring) === scanned.
  private scanned = -1;
  private readonly takers = new Int32Array(53); // bit z: Zodiac pile z's top takes this face in marriage
  private readonly wants = new Uint8Array(8); // the rank each foundation takes next (phase 2 scratch)

  constructor(readonly options: Options) {
    this.exchange = options['foundationExchange'] === 'free';
    // Up piles A..K at UP + suit, down piles K..A at DOWN = UP + 4 + suit, no base cards (Z5, Z6).
    this.foundations = new UpDownFoundations(UP, 0, 1, 13, 13, 1, this.exchange ? 'free' : 'off');
    this.table.watch(ZODIAC, ZODIAC_END);
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    for (let i = 0; i < 8; i++) t.put(EQUATOR + i, deck[i]!);
    for (let i = 0; i < 24; i++) t.put(ZODIAC + i, deck[8 + i]!);
    this.outside.load(t, deck.subarray(32));
    t.set(PHASE, PLACING);
    t.set(PASS, 1);
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    let n = 0;
    if (t.vars[PHASE] === PLACING) {
      n = this.addMarriages(out, n, CURRENT);
      n = this.addMarriages(out, n, TALON);
      for (let e = EQUATOR; e < ZODIAC; e++) n = this.addMarriages(out, n, e);
      if (t.size(STOCK) > 0) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, true);
      else if (this.redealAllowed()) out[n++] = makeMove(MoveKind.Redeal, TALON, STOCK);
      const cell = this.firstEmptyCell();
      if (cell >= 0) {
        if (t.size(CURRENT) > 0) out[n++] = makeMove(MoveKind.Fill, CURRENT, cell);
        if (t.size(TALON) > 0) out[n++] = makeMove(MoveKind.Fill, TALON, cell);
      }
      return n;
    }
    // Phase 2: plays from the Equator and the Zodiac tops, Equator marriages (Z3), exchanges (Z6).
    const f = this.foundations;
    const wants = this.wants;
    for (let p = UP; p < EQUATOR; p++) wants[p] = f.wants(t, p);
    for (let p = EQUATOR; p < ZODIAC_END; p++) {
      const c = t.top(p);
      if (c === NO_CARD) continue;
      const s = suitOf(c);
      const r = rankOf(c);
      if (wants[UP + s] === r) out[n++] = makeMove(MoveKind.Play, p, UP + s);
      if (wants[DOWN + s] === r) out[n++] = makeMove(MoveKind.Play, p, DOWN + s);
    }
    for (let e = EQUATOR; e < ZODIAC; e++) n = this.addMarriages(out, n, e);
    if (this.exchange) {
      for (let p = UP; p < EQUATOR; p++) if (f.canExchange(t, p, f.partner(p))) out[n++] = makeMove(MoveKind.Exchange, p, f.partner(p));
    }
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if (countOf(m) !== 1 || (m & ~(REVEALS | 0x1fffffff)) !== 0 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    const placing = t.vars[PHASE] === PLACING;
    if (flag && kindOf(m) !== MoveKind.Turn) return false;
    switch (kindOf(m)) {
      case MoveKind.Marry: {
        // Onto a Zodiac top, same suit one either way (Z4), from the Equator, or in phase 1 from outside (Z3).
        const source = isEquator(from) || (placing && (from === CURRENT || from === TALON));
        if (!source || !isZodiac(to) || t.size(from) === 0 || t.size(to) === 0) return false;
        return sameSuitEither(t.top(from), t.top(to));
      }
      case MoveKind.Fill:
        return placing && (from === CURRENT || from === TALON) && t.size(from) > 0 && to === this.firstEmptyCell();
      case MoveKind.Turn:
        return placing && from === STOCK && to === CURRENT && t.size(STOCK) > 0 && flag;
      case MoveKind.Redeal:
        return placing && from === TALON && to === STOCK && this.redealAllowed(); // Z1, Z2
      case MoveKind.Play: {
        if (placing || !(isEquator(from) || isZodiac(from)) || to >= EQUATOR || t.size(from) === 0) return false;
        return this.foundations.fits(t, t.top(from), to); // Z5
      }
      case MoveKind.Exchange:
        return !placing && this.exchange && from < EQUATOR && this.foundations.canExchange(t, from, to);
      default:
        return false;
    }
  }

  apply(m: Move): void {
    const t = this.table;
    t.begin();
    const from = fromOf(m);
    switch (kindOf(m)) {
      case MoveKind.Marry:
      case MoveKind.Fill:
        t.move(from, toOf(m));
        if (t.vars[PHASE] === PLACING) t.set(PROGRESS, 1); // Z2: a card entered the layout, or an Equator card married
        break;
      case MoveKind.Turn:
        this.outside.turn(t);
        break;
      case MoveKind.Redeal:
        this.outside.redeal(t); // Z1: turned over as it lies
        t.set(PROGRESS, 0);
        t.set(PASS, t.vars[PASS]! + 1);
        break;
      case MoveKind.Play:
      case MoveKind.Exchange:
        t.move(from, toOf(m));
        break;
      default:
        throw new Error(`zodiac: cannot apply move ${m}`);
    }
    // Phase 1 ends when every card lies in the Equator or the Zodiac.
    if (t.vars[PHASE] === PLACING && t.size(STOCK) + t.size(CURRENT) + t.size(TALON) === 0) t.set(PHASE, BUILDING);
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

  need(c: Card): number {
    return this.foundations.need(this.table, c);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let p = EQUATOR; p < ZODIAC_END; p++) {
      n = packetCards(t, p, cards, depths, piles, n);
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    return (isZodiac(p) || p === TALON) && t.size(p) > n ? t.below(p, n) : NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    const placing = t.vars[PHASE] === PLACING;
    let n = 0;
    // Phase 1: the current card, the talon top and the Equator; phase 2: the Equator and the Zodiac tops.
    const last = placing ? ZODIAC : ZODIAC_END;
    if (placing) {
      for (let p = CURRENT; p <= TALON; p++) {
        if (t.size(p) === 0) continue;
        cards[n] = t.top(p);
        piles[n++] = p;
      }
    }
    for (let p = EQUATOR; p < last; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  coverAt(_p: number): number {
    return 0; // nothing is dealt onto a place in play; a card put there stays available until married on
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const sources = [CURRENT, TALON, ...Array.from({ length: 8 }, (_, i) => EQUATOR + i)];
    for (const p of sources) for (let z = ZODIAC; z < ZODIAC_END; z++) moves.push(makeMove(MoveKind.Marry, p, z));
    for (const p of [CURRENT, TALON]) for (let e = EQUATOR; e < ZODIAC; e++) moves.push(makeMove(MoveKind.Fill, p, e));
    for (let p = EQUATOR; p < ZODIAC_END; p++) for (let f = UP; f < EQUATOR; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (let f = UP; f < EQUATOR; f++) for (let g = UP; g < EQUATOR; g++) moves.push(makeMove(MoveKind.Exchange, f, g));
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT), makeMove(MoveKind.Redeal, TALON, STOCK));
    return moves;
  }

  picture(): string {
    return drawZodiac(this.table);
  }

  /** Add the marriages of pile p's top card onto the Zodiac tops (Z4). */
  private addMarriages(out: Int32Array, n: number, p: number): number {
    const t = this.table;
    const c = t.top(p);
    if (c === NO_CARD) return n;
    if (t.version !== this.scanned) this.scanRing();
    let mask = this.takers[faceOf(c)]!;
    while (mask !== 0) {
      const z = 31 - Math.clz32(mask & -mask);
      mask &= mask - 1;
      out[n++] = makeMove(MoveKind.Marry, p, ZODIAC + z);
    }
    return n;
  }

  /** Which Zodiac tops take which faces in marriage. */
  private scanRing(): void {
    const t = this.table;
    this.takers.fill(0);
    const takers = this.takers;
    for (let z = 0; z < 24; z++) {
      const c = t.top(ZODIAC + z);
      if (c === NO_CARD) continue;
      const f = faceOf(c);
      const r = f % 13; // rank - 1
      if (r > 0) takers[f - 1]! |= 1 << z; // Z4: nothing below the ace
      if (r < 12) takers[f + 1]! |= 1 << z; // nor above the king
    }
    this.scanned = t.version;
  }

  /** Z1, Z2, Z7: the talon may be turned over once the stock is out, after a pass that placed something. */
  private redealAllowed(): boolean {
    const t = this.table;
    return t.size(STOCK) === 0 && t.size(CURRENT) + t.size(TALON) > 0 && t.vars[PROGRESS] === 1;
  }

  private firstEmptyCell(): number {
    const t = this.table;
    for (let e = EQUATOR; e < ZODIAC; e++) if (t.size(e) === 0) return e;
    return -1;
  }
}

// The picture: the ring of 24 as a rectangle (8 across the top, 4 down the right, 8 back along the bottom, 4 up
// the left), with the ace piles, the Equator and the king piles inside it.
function drawZodiac(t: Table): string {
  const cell = (p: number) => {
    const size = t.size(p);
    return (size === 0 ? '..' : showCard(t.top(p)) + (size > 1 ? `+${size - 1}` : '')).padEnd(6);
  };
  const blank = ' '.repeat(6);
  const grid: string[][] = Array.from({ length: 6 }, () => Array<string>(10).fill(blank));
  for (let i = 0; i < 8; i++) grid[0]![1 + i] = cell(ZODIAC + i); // 1-8 along the top
  for (let i = 0; i < 4; i++) grid[1 + i]![9] = cell(ZODIAC + 8 + i); // 9-12 down the right
  for (let i = 0; i < 8; i++) grid[5]![8 - i] = cell(ZODIAC + 12 + i); // 13-20 back along the bottom
  for (let i = 0; i < 4; i++) grid[4 - i]![0] = cell(ZODIAC + 20 + i); // 21-24 up the left
  for (let s = 0; s < 4; s++) grid[1]![3 + s] = cell(UP + s);
  for (let e = 0; e < 8; e++) grid[2]![1 + e] = cell(EQUATOR + e);
  for (let s = 0; s < 4; s++) grid[3]![3 + s] = cell(DOWN + s);
  const lines = ['the Zodiac 1-24 clockwise from the top left; inside: ace piles, the Equator, king piles (top card, +cards beneath)'];
  lines.push(...grid.map((row) => row.join('').trimEnd()));
  const piles: string[] = [];
  for (let z = 0; z < 24; z++) {
    const size = t.size(ZODIAC + z);
    if (size > 1) piles.push(`${z + 1}: ${Array.from({ length: size }, (_, i) => showCard(t.at(ZODIAC + z, i))).join(' ')}`);
  }
  if (piles.length > 0) lines.push(`zodiac piles (bottom to top)  ${piles.join('   ')}`);
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  const phase = t.vars[PHASE] === PLACING ? `phase 1, pass ${t.vars[PASS]}${t.vars[PROGRESS] ? '' : ', nothing placed yet this pass'}` : 'phase 2';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}   [${phase}]`);
  return lines.join('\n');
}

/** The Zodiac: the game definition. */
export const zodiac: Game = {
  id: 'zodiac',
  title: 'The Zodiac',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new ZodiacState(options),
};

/** Whether the present pass through the stock has placed a card yet (Z2); for The Zodiac's greedy advice. */
export function placedThisPass(state: GameState): boolean {
  return state.table.vars[PROGRESS] === 1;
}
