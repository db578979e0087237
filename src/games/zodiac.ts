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
/** suit-unwinnable: positions of one suit's game searched before the search gives up (not proved lost). */
const SUIT_STATES = 2000;
/** suit-unwinnable: verdicts kept per suit. */
const SUIT_MEMO = 8;

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

  // Solver hooks (issue 13). The solver knows every card; a player never calls these.
  //
  // The dead-end rules read only the Zodiac piles and the foundations (unmarriable-cards, blocked-zodiac and
  // suit-unwinnable through a cache named by table.version, which watches the ring, and the foundations' sizes:
  // a version names the ring's contents, and in phase 1 those rules read nothing else; no-play-in-phase-2
  // is worked out afresh). In phase 1 nothing ever leaves a Zodiac pile, and
  // in phase 2 only its top card leaves, to a foundation (Z3): so the cards lying in a Zodiac pile now keep their
  // order under each other for the rest of the deal, and a buried card is never a top again before phase 2.
  // Every other card (stock, current card, talon, Equator) is "loose".
  //
  // Safe moves, phase 2 only (proofs at safeMove).
  //
  // None in phase 1: a marriage uses up a top that another card may need, and which cards are left for the
  // Equator's 8 cells depends on every placement; a fill uses a cell.

  /** Names of the dead-end rules, in the order deadEnd() numbers them from 1. */
  readonly deadEndRules: readonly string[] = ['unmarriable-cards', 'blocked-zodiac', 'no-play-in-phase-2', 'suit-unwinnable'];

  /** 0, or 1 + the index in deadEndRules of a rule proving the position lost (solver only). */
  deadEnd(): number {
    const t = this.table;
    // no-play-in-phase-2. Proof: in phase 2 the only moves are plays, Equator marriages (Z3) and exchanges
    // (Z6). A marriage only covers a card, so it never makes a play possible, and after it there are again only
    // marriages: a position of phase 2, not won, with no play and no exchange is lost.
    if (t.vars[PHASE] === BUILDING && !this.anyPlay() && !this.isWon()) return 3;
    // The verdict is a function of the Zodiac piles (named by table.version) and the foundations, named by their
    // eight sizes (a count alone would not do: two plays of different suits from the Equator give equal counts,
    // and a wrong play can lose a suit).
    let played = 0;
    for (let f = UP; f < EQUATOR; f++) played = played * 16 + t.size(f);
    if (t.version === this.deadVersion && played === this.deadPlayed) return this.deadVerdict;
    this.deadVersion = t.version;
    this.deadPlayed = played;
    this.deadVerdict = this.findDeadEnd();
    return this.deadVerdict;
  }

  /**
   * A move proved to keep every win within reach, made alone by the solver; -1 when none (solver only).
   *
   * Lemma (phase 2). If a line wins from a position of phase 2, the same line without its Equator -> Zodiac
   * marriages wins too: each card it would marry stays in its Equator cell instead, where it is available
   * (Z3), every other card lies where it did or under fewer cards, and the foundations are the same; so each
   * play of the line is legal in the shortened line, a married card being played from its cell.
   *
   * only-play: in phase 2, when exactly one play or exchange is legal, it is safe. Proof: by the lemma some
   * winning line has no marriage; its first move is a play or exchange legal now (a marriage changes neither
   * the foundations nor uncovers a card), so it is this one.
   *
   * lone-copy: in phase 2, without the exchange (Z6 default), playing card x to a foundation F that takes it is
   * safe when the other copy x' of its face is on a foundation or lies in an Equator cell. Proof: take a
   * winning line L without marriages (lemma). F takes a card of x's rank next, and only x or x' can be it.
   * If L plays x to F, making that play first changes nothing L needs: F takes no other card before it,
   * the other foundations are untouched, and x's going only uncovers the card under it. If x' is on a
   * foundation, that is the only case. Otherwise x' lies in a cell and L plays x' to F and x to the other
   * foundation G, in either order; the new line plays x to F now, skips L's play of x' to F, and plays x' to
   * G where L played x to G: x' lies in its cell all along, covering nothing and available (Z3), F takes
   * nothing else meanwhile, and from then on the positions agree but for which copy lies where, which no
   * rule tells apart (RULES.md 1.2).
   */
  safeMove(moves: Int32Array, n: number): Move {
    const t = this.table;
    if (t.vars[PHASE] !== BUILDING) return -1;
    let plays = 0;
    let only: Move = -1;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const kind = kindOf(m);
      if (kind !== MoveKind.Play && kind !== MoveKind.Exchange) continue;
      plays++;
      only = m;
      if (kind === MoveKind.Play && !this.exchange && this.otherCopyLoose(fromOf(m))) return m;
    }
    return plays === 1 ? only : -1;
  }

  /** lone-copy: the other copy of the top card of pile p is on a foundation or in an Equator cell other than p. */
  private otherCopyLoose(p: number): boolean {
    const t = this.table;
    const c = t.top(p);
    const f = faceOf(c);
    const s = suitOf(c);
    const r = rankOf(c);
    // c itself lies in p, so a copy of its face on a foundation is the other one.
    if (t.size(UP + s) >= r || t.size(DOWN + s) >= 14 - r) return true;
    for (let e = EQUATOR; e < ZODIAC; e++) if (e !== p && t.size(e) > 0 && faceOf(t.top(e)) === f) return true;
    return false;
  }

  /** Phase 2: whether some Equator card or Zodiac top fits a foundation, or an exchange is legal. */
  private anyPlay(): boolean {
    const t = this.table;
    const f = this.foundations;
    for (let p = EQUATOR; p < ZODIAC_END; p++) if (t.size(p) > 0 && f.target(t, t.top(p)) >= 0) return true;
    if (this.exchange) for (let p = UP; p < EQUATOR; p++) if (f.canExchange(t, p, f.partner(p))) return true;
    return false;
  }

  private deadVersion = -1;
  private deadPlayed = -1;
  private deadVerdict = 0;
  private readonly inRing = new Uint8Array(52); // copies of each face lying in the Zodiac
  private readonly isTop = new Uint8Array(52); // 1: some Zodiac pile's top is this face
  private readonly gotten = new Uint8Array(52); // blocked-zodiac: copies of each face off the Zodiac piles
  private readonly depth = new Uint8Array(24); // blocked-zodiac: cards still lying in each pile

  private findDeadEnd(): number {
    const t = this.table;
    const inRing = this.inRing;
    const isTop = this.isTop;
    inRing.fill(0);
    isTop.fill(0);
    const cards = t.cards;
    const cap = t.cap;
    for (let z = ZODIAC; z < ZODIAC_END; z++) {
      const n = t.len[z]!;
      const base = z * cap;
      for (let i = 0; i < n; i++) inRing[faceOf(cards[base + i]!)]!++;
      if (n > 0) isTop[faceOf(cards[base + n - 1]!)] = 1;
    }
    if (t.vars[PHASE] === PLACING && this.unmarriable() > 8) return 1;
    if (this.zodiacBlocked()) return 2;
    if (!this.exchange) for (let suit = 0; suit < 4; suit++) if (!this.suitWinnable(suit)) return 4;
    return 0;
  }

  // suit-unwinnable: each suit's foundations played exactly, with the loose cards free.
  //
  // Proof. Every Zodiac pile holds cards of one suit: its dealt card's, since a marriage is by suit (Z4) and
  // nothing else enters the ring. So the cards of suit s lie in the piles headed by a card of s, in the
  // foundations of s, and loose; and nothing but them goes on the foundations of s, which nothing else
  // reads (no exchange, Z6: the rule is off when the exchange is on). Take any winning line and keep only its
  // plays of suit s: they play off the piles of s as they lie now, with cards added on top later, and the
  // loose cards wherever they end up. Drop the added cards from the piles and make every loose card free to
  // play at any time: the same plays stay legal, each pile card having above it only cards played before it.
  // So if the suit's game below (its piles now, its loose cards free, its two foundations, plays only) has no
  // win, no line wins. The search below is exhaustive over that game (a position's remaining cards are fixed
  // by the foundations and the piles' depths), and when it runs past SUIT_STATES it answers "winnable".

  private readonly suitCards = new Uint8Array(104); // ranks of the piles of one suit, pile after pile, bottom first
  private readonly suitStart = new Uint8Array(25); // start of each pile in suitCards
  private readonly suitDepth = new Uint8Array(24); // cards left in each pile during the search
  private readonly suitLoose = new Int8Array(15); // free copies of each rank, during the search
  private readonly suitInPiles = new Int8Array(15); // copies of each rank left in the piles, during the search
  private suitPiles = 0;
  private suitLeft = 0; // cards left in the piles during the search
  private readonly suitFailed = new Set<number>();
  private suitStates = 0;
  private readonly suitScratch = new Uint8Array(160); // the key of a suit's game: 2 + 2 per pile + its cards
  private readonly suitMemo = Array.from({ length: 4 }, () =>
    Array.from({ length: SUIT_MEMO }, () => ({ key: new Uint8Array(160), len: -1, winnable: true })),
  );
  private readonly suitNext = new Uint8Array(4); // the memo entry of each suit to be replaced next

  /** suit-unwinnable: whether suit s's game (see above) can be won; cached while its piles and foundations stay. */
  private suitWinnable(s: number): boolean {
    const t = this.table;
    // The suit's piles and foundations, written as a key: the foundations, then each pile's number, size, ranks.
    const key = this.suitScratch;
    let k = 0;
    const u0 = t.size(UP + s) + 1; // the rank the ace pile takes next (14: complete)
    const d0 = 13 - t.size(DOWN + s); // the rank the king pile takes next (0: complete)
    key[k++] = u0;
    key[k++] = d0;
    let piles = 0;
    let n = 0;
    for (let z = 0; z < 24; z++) {
      const size = t.size(ZODIAC + z);
      if (size === 0 || suitOf(t.at(ZODIAC + z, 0)) !== s) continue;
      key[k++] = z;
      key[k++] = size;
      this.suitStart[piles] = n;
      const base = (ZODIAC + z) * t.cap;
      for (let i = 0; i < size; i++) {
        const r = rankOf(t.cards[base + i]!);
        key[k++] = r;
        this.suitCards[n++] = r;
      }
      this.suitDepth[piles] = size;
      piles++;
    }
    // A few verdicts per suit are kept, so that going back up the search finds them again.
    const ways = this.suitMemo[s]!;
    for (const memo of ways) {
      if (memo.len !== k) continue;
      let i = 0;
      while (i < k && memo.key[i] === key[i]) i++;
      if (i === k) return memo.winnable;
    }
    const memo = ways[this.suitNext[s]!]!;
    this.suitNext[s] = (this.suitNext[s]! + 1) % ways.length;
    memo.key.set(key.subarray(0, k));
    memo.len = k;
    this.suitStart[piles] = n;
    this.suitPiles = piles;
    // Loose copies: two of each rank, less those in the piles and on the foundations.
    const loose = this.suitLoose;
    for (let r = 1; r <= 13; r++) loose[r] = 2 - (r < u0 ? 1 : 0) - (r > d0 ? 1 : 0);
    this.suitInPiles.fill(0);
    for (let i = 0; i < n; i++) {
      loose[this.suitCards[i]!]!--;
      this.suitInPiles[this.suitCards[i]!]!++;
    }
    this.suitFailed.clear();
    this.suitStates = 0;
    this.suitLeft = n;
    memo.winnable = this.suitSearch(u0, d0);
    return memo.winnable;
  }

  /** suit-unwinnable's search: whether suit pile p still holds cards and the top one is of rank r. */
  private suitTopIs(p: number, r: number): boolean {
    const depth = this.suitDepth[p]!;
    return depth !== 0 && this.suitCards[this.suitStart[p]! + depth - 1] === r;
  }

  /** suit-unwinnable's search: play the rank-r top of suit pile p, search on with foundations wanting nu and nd, take it back. */
  private searchPlayingTop(p: number, r: number, nu: number, nd: number): boolean {
    const inPiles = this.suitInPiles;
    this.suitDepth[p]!--;
    inPiles[r]!--;
    this.suitLeft--;
    const won = this.suitSearch(nu, nd);
    this.suitLeft++;
    inPiles[r]!++;
    this.suitDepth[p]!++;
    return won;
  }

  /** suit-unwinnable: depth-first search of the suit's game from foundations wanting u (ace pile) and d (king pile). */
  private suitSearch(u: number, d: number): boolean {
    // With the piles played off, the free cards left are exactly one copy of each rank either foundation
    // still needs: the suit is won.
    if (this.suitLeft === 0) return true;
    // Only positions that failed are remembered, so until one has, there is nothing to look up.
    if (this.suitFailed.size > 0 && this.suitFailed.has(this.suitKey(u, d))) return false;
    if (++this.suitStates > SUIT_STATES) return true; // too big to settle here: not proved lost
    const loose = this.suitLoose;
    const inPiles = this.suitInPiles;
    // A card whose other copy lies in no pile is played at once, without trying the rest (lone-copy, proved
    // at safeMove: the other copy covers nothing, or is already played).
    for (let side = 0; side < 2; side++) {
      const r = side === 0 ? u : d;
      if (r < 1 || r > 13) continue;
      const nu = side === 0 ? u + 1 : u;
      const nd = side === 0 ? d : d - 1;
      if (loose[r]! > 0 && inPiles[r] === 0) {
        loose[r]!--;
        const won = this.suitSearch(nu, nd);
        loose[r]!++;
        return won;
      }
      if (inPiles[r] === 1) {
        for (let p = 0; p < this.suitPiles; p++) if (this.suitTopIs(p, r)) return this.searchPlayingTop(p, r, nu, nd);
      }
    }
    for (let side = 0; side < 2; side++) {
      const r = side === 0 ? u : d;
      if (r < 1 || r > 13) continue;
      const nu = side === 0 ? u + 1 : u;
      const nd = side === 0 ? d : d - 1;
      if (loose[r]! > 0) {
        loose[r]!--;
        const won = this.suitSearch(nu, nd);
        loose[r]!++;
        if (won) return true;
      }
      for (let p = 0; p < this.suitPiles; p++) if (this.suitTopIs(p, r) && this.searchPlayingTop(p, r, nu, nd)) return true;
    }
    this.suitFailed.add(this.suitKey(u, d));
    return false;
  }

  /** suit-unwinnable: a number naming the search's position (foundations and the piles' depths). */
  private suitKey(u: number, d: number): number {
    let key = u * 14 + d;
    for (let p = 0; p < this.suitPiles; p++) key = key * (this.suitStart[p + 1]! - this.suitStart[p]! + 1) + this.suitDepth[p]!;
    return key;
  }


  /**
   * unmarriable-cards: how many loose cards (Equator, stock, current card, talon) can never marry onto the
   * Zodiac in phase 1.
   *
   * Proof. A loose card x of face (s, r) marries only onto a Zodiac top of face (s, r-1) or (s, r+1) (Z4). A
   * card is a Zodiac top at some later time only if it is a top now (tops change only by being covered) or if
   * it was married there, itself a loose card now. So, by induction on time, every card ever married is
   * linked to a top of now by a chain of faces one rank apart, each step a loose card: within suit s, take the
   * run [a, b] of consecutive ranks around r of which some copy is loose; a chain from r never leaves the run,
   * and ends next to a top, so a top lies in [a-1, b+1], not at r itself when the run is r alone. A loose card
   * with no such top never marries: it must fill an Equator cell, or stay in it, and never leave (Equator
   * cards leave only by marrying). Phase 1 succeeds only with every card placed, so more than 8 such cards
   * cannot all be placed: the deal is lost (phase 2 never starts).
   */
  private unmarriable(): number {
    const inRing = this.inRing;
    const isTop = this.isTop;
    let count = 0;
    for (let s = 0; s < 4; s++) {
      const base = s * 13;
      let r = 0; // rank index 0..12
      while (r < 13) {
        if (inRing[base + r] === 2) {
          r++;
          continue;
        }
        let b = r; // the run of ranks r..b with a loose copy
        let loose = 2 - inRing[base + r]!;
        while (b + 1 < 13 && inRing[base + b + 1]! < 2) loose += 2 - inRing[base + ++b]!;
        let anchored = false;
        for (let k = Math.max(0, r - 1); k <= Math.min(12, b + 1) && !anchored; k++) {
          if (isTop[base + k] && (b > r || k !== r)) anchored = true;
        }
        if (!anchored) count += loose;
        r = b + 1;
      }
    }
    return count;
  }

  /**
   * blocked-zodiac: whether, even with every loose card free, the Zodiac piles cannot all be played off.
   *
   * Proof. Every card must reach the foundations. A card lying in a Zodiac pile now can reach them only after
   * every card above it in that pile has (the order above is permanent, see above; cards put on later only
   * add to what lies above). A card of face (s, r) goes on the ace pile of s only once a copy of each rank
   * 1..r-1 of s is there, and on the king pile only once a copy of each rank r+1..13 is there, so only once
   * some copy of each of those ranks has been played (Z6: no exchange by default; with the exchange a card
   * moves only between the two foundations, which changes nothing here). The relaxation below plays a card
   * once some copy of every rank below it, or of every rank above it, has been played or lies loose (a loose
   * card counted as playable at once), and takes a Zodiac card only from the top of what is left of its
   * pile. Its conditions only grow as cards are taken, so the order it takes them in does not matter, and by
   * induction along any winning line every card that line plays is taken by it. So if it leaves a card in a
   * pile, no line wins.
   */
  private zodiacBlocked(): boolean {
    const t = this.table;
    const gotten = this.gotten;
    const depth = this.depth;
    let left = 0;
    for (let f = 0; f < 52; f++) gotten[f] = 2 - this.inRing[f]!;
    for (let z = 0; z < 24; z++) left += depth[z] = t.size(ZODIAC + z);
    if (left === 0) return false;
    let progress = true;
    while (progress) {
      progress = false;
      for (let z = 0; z < 24; z++) {
        let d = depth[z]!;
        const base = (ZODIAC + z) * t.cap;
        while (d > 0) {
          const f = faceOf(t.cards[base + d - 1]!);
          if (!this.playable(f)) break;
          gotten[f]!++;
          d--;
          left--;
          progress = true;
        }
        depth[z] = d;
      }
    }
    return left > 0;
  }

  /** blocked-zodiac: some copy of every rank below face f, or of every rank above it, is gotten. */
  private playable(f: number): boolean {
    const gotten = this.gotten;
    const base = f - (f % 13);
    let k = base;
    while (k < f && gotten[k]! > 0) k++;
    if (k === f) return true;
    k = base + 12;
    while (k > f && gotten[k]! > 0) k--;
    return k === f;
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
