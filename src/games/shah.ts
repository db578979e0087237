// The Shah (`shah`): Lady Cadogan's reading by default, Professor Hoffmann's with edition=hoffmann.
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, faceOf, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import { runLength, sameSuitDown, sameSuitUp } from '../core/building.js';
import type { Deck } from '../core/deck.js';
import { cardsOnFoundations, foundationsFull, type Game, type GameState, PileRole, twinUpNeed } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { TurnedStock } from '../core/stock.js';
import { Table } from '../core/table.js';

const RULES_CARD = `The Shah (shah)
Sources: Cadogan, C1914 "The Shah" (default); Hoffmann, H1892 No. 46 (edition=hoffmann).

Cards. Two packs. Take out the 8 aces and the 8 kings. Seven kings are dead; the eighth, the Shah, sits in
the centre and never takes a card (S15). The 8 aces ring the Shah as foundations, one at the root of each ray,
built up by suit to the queen. The other 88 cards are the stock.

Layout. A star of 8 rays, numbered 1-8 clockwise from the top. Each ray has an inner place (circle 1, by the
ace), a middle place (circle 2) and an outer place (circle 3). Inner and middle places hold one card; an outer
place holds a pile, the outer card and the cards married onto it. Refill order: inner 1..8, middle 1..8,
outer 1..8 (S8).

Deal. Deal circle 1 and pause: you may play cards of circle 1 to the foundations, each space filled at once
from the stock with a card that is itself available. The same for circle 2, which now blocks circle 1 (S10,
S11). Then deal circle 3; the main phase begins with no current card.

Available (main phase). The top of each outer pile; a middle card while its outer place is completely empty
(S5); an inner card while its middle and outer places are empty; the current card; the talon top.

Moves, all optional. Play an available card to a foundation. Marry (same suit, one lower) one card onto the
top of another outer pile, from an outer top, the current card or the talon top (S1, S2). Middle and inner
cards, even released, are only played (S3). The grace (S12).

Each step. (1) Free moves. (2) Refill every vacancy, compulsorily, in refill order, from the source the
refillSource option allows (S6, S7, S9, S13); "stock top" is the current card if still held, else the next
stock card turned straight into the place. (3) The current card, if still held, goes to the talon. (4) Turn
the next stock card and go to (1). When the stock is out, repeat (1)-(2) with the talon top as the only outside
card until nothing changes (S14). No re-deal.

Grace (S12). When all three places of a ray are empty, you may move the top card of any outer pile into that
ray's inner place; its middle then outer place are filled at once from the talon top, or from the stock top
when the talon is empty. A donor pile left empty is refilled as usual.

Win. All 88 cards on the foundations (eight piles A..Q).

Rulings (RULES.md 2.2).
S1  Marriage: same suit -1, one card at a time, onto the top of an outer pile.
S2  Marriage sources: another outer top, the current card, the talon top; never a middle or inner card.
S3  Nothing is married onto a middle or inner card, even a released one.
S4  No group moves (groupMoves=false). With groupMoves=true a same-suit descending run at the top of an
    outer pile may move as a unit onto another outer top.
S5  An outer place blocks its middle card until it is completely empty, whatever the pile's size.
S6  An empty outer place releases its middle card for play only, takes no marriage, and is refilled before
    the next stock card is turned.
S7  Refills come at the end of the player's moves in each step and are compulsory; making a vacancy is
    optional, so the player times it.
S8  Refill order: inner circle, middle, outer; within a circle rays 1 to 8.
S9  refillSource: choice (default: for each vacancy the player takes the talon top or the stock top),
    talonFirst (talon top while there is one, else stock top), stockOnly (Hoffmann: the stock top only).
S10 During the deal, spaces are filled at once from the stock; no marriages until the star is complete.
S11 During the deal only the circle just dealt is available; plays are optional.
S12 The grace, as above.
S13 A vacancy is never left empty while a permitted source has a card.
S14 After the stock is out the talon top can still be played, married or used as a refill.
S15 The Shah's suit does not matter; it is shown as K\u2665.
S16 One talon pile; only its top card is available.
S17 (this program; the texts are silent) A grace taken when talon and stock are both empty leaves the ray's
    middle and outer places empty (nothing can fill them, S13); the moved card then lies in an open inner
    place and may be played when it fits.

Edition hoffmann. Sets refillSource=stockOnly ("vacancies must always be supplied from the pack"): once the
stock is out vacancies stay empty, releasing the cards behind them. The grace still fills from the talon top,
then the stock (RULES.md 2.1). An explicit refillSource overrides the preset.

Engine notes. Of two foundations of one suit showing the same top, a play goes to the first: they are
interchangeable, so this removes only duplicate moves.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'edition',
    values: ['cadogan', 'hoffmann'],
    default: 'cadogan',
    ruling: '2.1',
    summary: "whose text: Cadogan's C1914 or Hoffmann's H1892 (hoffmann implies refillSource=stockOnly)",
    implies: { hoffmann: { refillSource: 'stockOnly' } },
  },
  {
    name: 'refillSource',
    values: ['choice', 'talonFirst', 'stockOnly'],
    default: 'choice',
    ruling: 'S9',
    summary: 'where vacancies are refilled from: player picks talon or stock, talon first, or stock only',
  },
  {
    name: 'groupMoves',
    values: [false, true],
    default: false,
    ruling: 'S4',
    summary: 'a same-suit descending run may move as a unit onto another outer top',
  },
];

// Piles. Foundation f holds suit f % 4 (the aces are set out S H D C S H D C; which ace sits where is cosmetic).
const FOUNDATION = 0;
const INNER = 8; // circle 1, ray r at INNER + r
const MIDDLE = 16; // circle 2
const OUTER = 24; // circle 3 (piles)
const STOCK = 32;
const CURRENT = 33;
const TALON = 34;
const OUT = 35; // the seven dead kings and the Shah
const PILE_COUNT = 36;
const RAYS = 8;
const PLACES_END = OUTER + RAYS; // places INNER..PLACES_END-1, in refill order (S8)
const NO_PLACE = 255;
const NO_FACE = 52; // faceOf(NO_CARD): no face

// Phases (variable PHASE).
const PHASE = 0;
const PAUSE_1 = 0; // deal pause after circle 1
const PAUSE_2 = 1; // deal pause after circle 2
const FREE = 2; // main phase: free moves
const REFILL = 3; // main phase: the player picks the source for the first vacancy (refillSource=choice)
const TURN = 4; // main phase: refills done; the stock turns next

// refillSource values (S9): 0 choice, 1 talonFirst (sourceFor's general case), 2 stockOnly.
const CHOICE = 0;
const STOCK_ONLY = 2;

// What fills a vacancy (sourceFor).
const FROM_TALON = 0;
const FROM_STOCK_TOP = 1;
const PLAYER_CHOOSES = 2;
const NO_SOURCE = 3;

const PILE_NAMES: readonly string[] = [
  ...Array.from({ length: 8 }, (_, i) => `foundation ${i + 1}`),
  ...Array.from({ length: 8 }, (_, i) => `inner ${i + 1}`),
  ...Array.from({ length: 8 }, (_, i) => `middle ${i + 1}`),
  ...Array.from({ length: 8 }, (_, i) => `outer ${i + 1}`),
  'stock',
  'current card',
  'talon',
  'dead kings',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, FOUNDATION, INNER);
PILE_ROLES.fill(PileRole.Layout, INNER, PLACES_END);
PILE_ROLES[STOCK] = PileRole.Stock;
PILE_ROLES[CURRENT] = PileRole.Current;
PILE_ROLES[TALON] = PileRole.Talon;
PILE_ROLES[OUT] = PileRole.Out;

/** One position of The Shah. */
class ShahState implements GameState {
  readonly table = new Table(PILE_COUNT, 1);
  readonly cardsInPlay = 88;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly refillSource: number;
  private readonly groupMoves: boolean;
  private readonly stockCards = new Uint8Array(88);
  // Derived from the star and the foundations by rescan(), valid while table.version (which watches both) ===
  // scanned.
  private scanned = -1;
  private readonly takers = new Uint8Array(NO_FACE + 1); // bit r: outer pile r's top takes this face
  private readonly takes = new Int8Array(NO_FACE + 1).fill(-1); // the foundation that takes each face, or -1
  private readonly wants = new Uint8Array(8).fill(NO_FACE); // the face each foundation wants; NO_FACE when full
  private readonly available = new Uint8Array(RAYS); // each ray's available place, or NO_PLACE for a lane
  private readonly availableCard = new Uint8Array(RAYS); // the card there
  private readonly marriages = new Int32Array(256); // the marriages from one outer top onto another
  private marriageCount = 0;
  private outers = 0; // bit r: outer pile r holds cards
  private lanes = 0; // bit r: ray r is an open lane
  private vacancies = 0; // bit p - INNER: place p is empty (bits in refill order, S8)
  private readonly rayPlays = new Int32Array(RAYS); // the plays from the rays' available places
  private rayPlayCount = 0;

  constructor(readonly options: Options) {
    this.table.watch(INNER, PLACES_END); // Table.touched bits 0-23
    this.table.watch(FOUNDATION, INNER); // bits 24-31
    this.refillSource = ['choice', 'talonFirst', 'stockOnly'].indexOf(String(options['refillSource']));
    this.groupMoves = options['groupMoves'] === true;
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      const rank = rankOf(c);
      if (rank === 1) t.put(t.size(suitOf(c)) === 0 ? suitOf(c) : suitOf(c) + 4, c);
      else if (rank === 13) t.put(OUT, c);
      else this.stockCards[n++] = c;
    }
    this.outside.load(t, this.stockCards);
    this.dealCircle(INNER); // S10: circle 1, then a pause
    t.set(PHASE, PAUSE_1);
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    // The free moves, most decisions of a deal, have a method of their own, whose helpers the JIT then inlines
    // (5% fewer instructions per greedy deal, counted with callgrind).
    return this.table.vars[PHASE] === FREE ? this.freeMoves(out) : this.stepMoves(out);
  }

  /** The moves at the deal's pauses (S10, S11), at a refill's choice of source (S9) and at the turn. */
  private stepMoves(out: Int32Array): number {
    const t = this.table;
    const phase = t.vars[PHASE]!;
    let n = 0;
    if (phase === PAUSE_1 || phase === PAUSE_2) {
      // S11: only the circle just dealt is available; a space is filled at once from the stock (S10).
      const circle = phase === PAUSE_1 ? INNER : MIDDLE;
      const fill = t.size(STOCK) > 0;
      for (let r = 0; r < RAYS; r++) {
        const p = circle + r;
        if (t.size(p) === 0) continue;
        const f = this.foundationFor(t.top(p));
        if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f, 1, fill);
      }
      out[n++] = makeMove(MoveKind.Deal, STOCK, phase === PAUSE_1 ? MIDDLE : OUTER, 1, t.size(STOCK) > 0);
      return n;
    }
    if (phase === REFILL) {
      if (t.version !== this.scanned) this.rescan();
      const v = this.firstVacancy();
      out[n++] = makeMove(MoveKind.Fill, TALON, v, 1, this.fillReveals(TALON, v));
      const top = this.outside.stockTop(t);
      out[n++] = makeMove(MoveKind.Fill, top, v, 1, this.fillReveals(top, v));
      return n;
    }
    // TURN
    out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, t.size(STOCK) > 0);
    return n;
  }

  /** The free moves of the main phase, in the contract's fixed order. */
  private freeMoves(out: Int32Array): number {
    const t = this.table;
    let n = 0;
    // What the star and the foundations allow is kept from one call to the next (rescan).
    if (t.version !== this.scanned) this.rescan();
    // Plays: the current card, the talon top, then each ray's available place (S5).
    n = this.addPlay(out, n, CURRENT);
    n = this.addPlay(out, n, TALON);
    for (let i = 0; i < this.rayPlayCount; i++) out[n++] = this.rayPlays[i]!;
    // Marriages (S1, S2): the current card, the talon top, then outer tops, onto another outer top.
    n = this.addOutsideMarriages(out, n, CURRENT);
    n = this.addOutsideMarriages(out, n, TALON);
    for (let i = 0; i < this.marriageCount; i++) out[n++] = this.marriages[i]!;
    // The grace (S12): an outer top into the inner place of an open lane.
    const lanes = this.lanes;
    const outers = this.outers;
    if (lanes !== 0 && outers !== 0) {
      const flag = this.graceReveals() ? REVEALS : 0;
      for (let e = 0; e < RAYS; e++) {
        if ((lanes & (1 << e)) === 0) continue;
        for (let r = 0; r < RAYS; r++) if (outers & (1 << r)) out[n++] = makeMove(MoveKind.Grace, OUTER + r, INNER + e) | flag;
      }
    }
    // End of the free moves. Places fill from the inside out (S8, S12), so a ray has a vacancy exactly when
    // its outer place is empty.
    const vacancy = outers !== 0xff;
    if (this.endAllowed(vacancy)) out[n++] = makeMove(MoveKind.End, TALON, STOCK, 1, this.endReveals(vacancy));
    return n;
  }

  /** Bring what is derived from the star and the foundations up to date with what changed (Table.touched). */
  private rescan(): void {
    const t = this.table;
    const touched = t.touched;
    t.touched = 0;
    const rays = (touched | (touched >>> 8) | (touched >>> 16)) & 0xff; // bit k: place INNER + k
    if (rays !== 0) this.scanStar(rays);
    const founded = touched >>> 24; // bits 24-31: the foundations
    if (founded !== 0) this.scanFoundations(founded);
    if (rays !== 0 || founded !== 0) this.scanPlays();
    this.scanned = t.version;
  }

  /**
   * Derive from the star again, for the given rays: each ray's available place (S5), the open lanes, the
   * vacancies, who takes what; then the marriages.
   */
  private scanStar(rays: number): void {
    // Hot path: reads the table's arrays directly.
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const takers = this.takers;
    const available = this.available;
    const availableCard = this.availableCard;
    let outers = this.outers;
    let lanes = this.lanes;
    let vacancies = this.vacancies;
    for (let rest = rays; rest !== 0; rest &= rest - 1) {
      const r = lowestBit(rest);
      const bit = 1 << r;
      if (outers & bit) takers[faceOf(availableCard[r]!) - 1]! &= ~bit; // outer cards are never aces
      outers &= ~bit;
      lanes &= ~bit;
      vacancies &= ~(0x10101 << r);
      let p = OUTER + r;
      if (len[p] === 0) p = MIDDLE + r;
      if (len[p] === 0) p = INNER + r;
      if (len[p] === 0) {
        lanes |= bit;
        vacancies |= 0x10101 << r;
        available[r] = NO_PLACE;
        continue;
      }
      // Places fill from the inside out (S8, S12): the places beyond the available one are the ray's vacancies.
      if (p < MIDDLE) vacancies |= 0x10100 << r;
      else if (p < OUTER) vacancies |= 0x10000 << r;
      const c = cards[p * cap + len[p]! - 1]!;
      available[r] = p;
      availableCard[r] = c;
      if (p >= OUTER) {
        outers |= bit;
        takers[faceOf(c) - 1]! |= bit;
      }
    }
    let n = 0;
    if (this.groupMoves) {
      for (let r = 0; r < RAYS; r++) if (outers & (1 << r)) n = this.addRunMarriages(this.marriages, n, OUTER + r);
    } else {
      // Single cards (S4): each outer top onto the other outer tops that take its face.
      const marriages = this.marriages;
      for (let r = 0; r < RAYS; r++) {
        if ((outers & (1 << r)) === 0) continue;
        let mask = takers[faceOf(availableCard[r]!)]! & ~(1 << r);
        while (mask !== 0) {
          const q = lowestBit(mask);
          mask &= mask - 1;
          marriages[n++] = makeMove(MoveKind.Marry, OUTER + r, OUTER + q);
        }
      }
    }
    this.marriageCount = n;
    this.outers = outers;
    this.lanes = lanes;
    this.vacancies = vacancies;
  }

  /** Derive from the star scan and the foundations: the rays' plays. */
  private scanPlays(): void {
    const available = this.available;
    const availableCard = this.availableCard;
    const rayPlays = this.rayPlays;
    let n = 0;
    for (let r = 0; r < RAYS; r++) {
      const p = available[r]!;
      if (p === NO_PLACE) continue;
      const f = this.takingFoundation(availableCard[r]!);
      if (f >= 0) rayPlays[n++] = makeMove(MoveKind.Play, p, f);
    }
    this.rayPlayCount = n;
  }

  /** Add the marriages of the current card or the talon top, p, onto the outer tops that take it (S1, S2). */
  private addOutsideMarriages(out: Int32Array, n: number, p: number): number {
    for (let mask = this.takers[faceOf(this.table.top(p))]!; mask !== 0; mask &= mask - 1) {
      out[n++] = makeMove(MoveKind.Marry, p, OUTER + lowestBit(mask));
    }
    return n;
  }

  /** Add the marriages of each same-suit run at the top of outer pile p (S1; S4 with groupMoves), shortest first. */
  private addRunMarriages(out: Int32Array, n: number, p: number): number {
    const t = this.table;
    const others = ~(1 << (p - OUTER));
    const run = runLength(t, p);
    for (let k = 1; k <= run; k++) {
      for (let mask = this.takers[faceOf(t.below(p, k - 1))]! & others; mask !== 0; mask &= mask - 1) {
        out[n++] = makeMove(MoveKind.Marry, p, OUTER + lowestBit(mask), k);
      }
    }
    return n;
  }

  /**
   * Derive again which foundation takes which face, for the suits of the given foundations (bit f: foundation
   * f): of an interchangeable pair, the first (engine note).
   */
  private scanFoundations(changed: number): void {
    const len = this.table.len;
    const takes = this.takes;
    const wants = this.wants;
    for (let suits = (changed | (changed >>> 4)) & 0xf; suits !== 0; suits &= suits - 1) {
      const s = lowestBit(suits);
      takes[wants[s + 4]!] = -1;
      takes[wants[s]!] = -1;
      for (let f = FOUNDATION + s + 4; f >= FOUNDATION; f -= 4) {
        // a foundation of k cards ends in rank k and wants rank k + 1, face s * 13 + k; a full one, none
        const k = len[f]!;
        wants[f] = k < 12 ? s * 13 + k : NO_FACE;
        takes[wants[f]!] = f;
      }
      takes[NO_FACE] = -1;
    }
  }

  /** Add the play of pile p's top card, if it fits a foundation. */
  private addPlay(out: Int32Array, n: number, p: number): number {
    const f = this.takingFoundation(this.table.top(p));
    if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f);
    return n;
  }

  /** The foundation that takes card c (or NO_CARD) now, the first of an interchangeable pair; -1 if none. */
  private takingFoundation(c: Card): number {
    return this.takes[faceOf(c)]!;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const phase = t.vars[PHASE]!;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = (m & REVEALS) !== 0;
    if (countOf(m) !== 1 && kindOf(m) !== MoveKind.Marry) return false;
    if ((m & ~(REVEALS | 0x1fffffff)) !== 0 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    const pause = phase === PAUSE_1 || phase === PAUSE_2;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        if (pause) {
          const circle = phase === PAUSE_1 ? INNER : MIDDLE;
          if (from < circle || from >= circle + RAYS) return false; // S11
          if (flag !== t.size(STOCK) > 0) return false;
        } else {
          if (phase !== FREE || flag) return false;
          if (!this.isAvailable(from)) return false;
        }
        if (to >= INNER || t.size(from) === 0) return false;
        const c = t.top(from);
        if (!sameSuitUp(c, t.top(to))) return false;
        // the first of two interchangeable foundations (engine note)
        return to < 4 || !sameSuitUp(c, t.top(to - 4));
      }
      case MoveKind.Marry: {
        if (phase !== FREE || flag) return false;
        if (to < OUTER || to >= PLACES_END || to === from || t.size(to) === 0) return false; // S1, S3
        const k = countOf(m);
        if (from === CURRENT || from === TALON) {
          if (k !== 1 || t.size(from) === 0) return false;
        } else {
          if (from < OUTER || from >= PLACES_END) return false; // S2
          if (k < 1 || k > t.size(from)) return false;
          if (k > 1 && !this.groupMoves) return false; // S4
          for (let i = 1; i < k; i++) if (!sameSuitDown(t.below(from, i - 1), t.below(from, i))) return false;
        }
        return sameSuitDown(t.below(from, k - 1), t.top(to));
      }
      case MoveKind.Grace: {
        if (phase !== FREE) return false;
        if (from < OUTER || from >= PLACES_END || t.size(from) === 0) return false;
        if (to < INNER || to >= MIDDLE) return false;
        const e = to - INNER;
        if (t.size(INNER + e) > 0 || t.size(MIDDLE + e) > 0 || t.size(OUTER + e) > 0) return false;
        return flag === this.graceReveals();
      }
      case MoveKind.End: {
        if (phase !== FREE || from !== TALON || to !== STOCK) return false;
        const vacancy = this.firstVacancy() >= 0;
        return this.endAllowed(vacancy) && flag === this.endReveals(vacancy);
      }
      case MoveKind.Fill: {
        if (phase !== REFILL || to !== this.firstVacancy()) return false;
        const allowed = from === TALON || (from === CURRENT && t.size(CURRENT) > 0) || (from === STOCK && t.size(CURRENT) === 0);
        return allowed && t.size(from) > 0 && flag === this.fillReveals(from, to);
      }
      case MoveKind.Turn:
        return phase === TURN && from === STOCK && to === CURRENT && flag === t.size(STOCK) > 0;
      case MoveKind.Deal:
        return pause && from === STOCK && to === (phase === PAUSE_1 ? MIDDLE : OUTER) && flag === t.size(STOCK) > 0;
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
        // S10: during the deal a space is filled at once from the stock
        if (t.vars[PHASE]! < FREE && t.size(STOCK) > 0) t.move(STOCK, from);
        break;
      case MoveKind.Marry: {
        const k = countOf(m);
        if (k === 1) t.move(from, to);
        else t.moveRun(from, to, k);
        break;
      }
      case MoveKind.Grace: {
        t.move(from, to);
        const e = to - INNER;
        // S12: middle then outer, at once, from the talon top, else the stock top
        for (let p = MIDDLE + e; p <= OUTER + e; p += RAYS) {
          const source = t.size(TALON) > 0 ? TALON : this.outside.stockTop(t);
          if (source >= 0) t.move(source, p); // S17: nothing to fill from leaves the place empty
        }
        break;
      }
      case MoveKind.End: {
        // With nothing to refill, the step ends at once: the stock turns without a separate turn move.
        const vacancies = this.vacancyMask();
        if (vacancies === 0) this.outside.turn(t); // End is legal here only while a stock top remains
        else if (!this.refill(vacancies) && t.vars[PHASE] === TURN) {
          this.outside.turn(t);
          t.set(PHASE, FREE);
        }
        break;
      }
      case MoveKind.Fill: {
        const rest = this.vacancyMask() & ~(1 << (to - INNER)); // worked out before the move changes the star
        t.move(from, to);
        this.refill(rest);
        break;
      }
      case MoveKind.Turn:
        this.outside.turn(t);
        t.set(PHASE, FREE);
        break;
      case MoveKind.Deal:
        if (t.vars[PHASE] === PAUSE_1) {
          this.dealCircle(MIDDLE);
          t.set(PHASE, PAUSE_2);
        } else {
          this.dealCircle(OUTER);
          t.set(PHASE, FREE);
        }
        break;
      default:
        throw new Error(`shah: cannot apply move ${m}`);
    }
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    return foundationsFull(this.table, FOUNDATION, 12);
  }

  foundationCount(): number {
    return cardsOnFoundations(this.table, FOUNDATION, 1);
  }

  need(c: Card): number {
    return twinUpNeed(this.table.len, FOUNDATION, c);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let r = 0; r < RAYS; r++) {
      const outer = t.size(OUTER + r);
      for (let k = 0; k < outer; k++) {
        cards[n] = t.below(OUTER + r, k);
        depths[n] = k;
        piles[n++] = OUTER + r;
      }
      const middle = t.size(MIDDLE + r);
      if (middle > 0) {
        cards[n] = t.top(MIDDLE + r);
        depths[n] = outer;
        piles[n++] = MIDDLE + r;
      }
      if (t.size(INNER + r) > 0) {
        cards[n] = t.top(INNER + r);
        depths[n] = outer + middle;
        piles[n++] = INNER + r;
      }
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (t.size(p) > n) return p === CURRENT ? NO_CARD : t.below(p, n);
    if (p < MIDDLE || p >= PLACES_END || t.vars[PHASE]! < FREE) return NO_CARD; // S11: the deal's circles
    // S5: an emptied outer place releases the middle card, or the inner card behind an empty middle place
    const r = (p - INNER) % RAYS;
    if (p >= OUTER && t.size(MIDDLE + r) > 0) return t.top(MIDDLE + r);
    return t.top(INNER + r);
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    const phase = t.vars[PHASE]!;
    let n = 0;
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) > 0) {
        cards[n] = t.top(p);
        piles[n++] = p;
      }
    }
    for (let r = 0; r < RAYS; r++) {
      // S11 during the deal: the circle just dealt; S5 after it: the outermost card of each ray
      let p = phase === PAUSE_1 ? INNER + r : phase === PAUSE_2 ? MIDDLE + r : OUTER + r;
      if (phase >= FREE) {
        if (t.size(p) === 0) p = MIDDLE + r;
        if (t.size(p) === 0) p = INNER + r;
      }
      if (t.size(p) > 0) {
        cards[n] = t.top(p);
        piles[n++] = p;
      }
    }
    return n;
  }

  coverAt(p: number): number {
    // A refill fills a ray from the inside out (S8), so the middle and outer places of an open ray follow.
    if (p >= INNER && p < MIDDLE) return 2;
    return p >= MIDDLE && p < OUTER ? 1 : 0;
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const places = Array.from({ length: 24 }, (_, i) => INNER + i);
    const outers = places.slice(16);
    for (const p of [CURRENT, TALON, ...places]) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (const p of [CURRENT, TALON, ...outers]) {
      for (const q of outers) for (let k = 1; k <= 11; k++) moves.push(makeMove(MoveKind.Marry, p, q, k));
    }
    for (const p of outers) for (let e = 0; e < RAYS; e++) moves.push(makeMove(MoveKind.Grace, p, INNER + e));
    for (const p of [TALON, CURRENT, STOCK]) for (const v of places) moves.push(makeMove(MoveKind.Fill, p, v));
    moves.push(makeMove(MoveKind.End, TALON, STOCK), makeMove(MoveKind.Turn, STOCK, CURRENT));
    moves.push(makeMove(MoveKind.Deal, STOCK, MIDDLE), makeMove(MoveKind.Deal, STOCK, OUTER));
    return moves;
  }

  picture(): string {
    return drawStar(this.table, this.table.vars[PHASE]!);
  }

  /** Deal one card from the stock to each place of a circle, rays 1 to 8. */
  private dealCircle(circle: number): void {
    const t = this.table;
    for (let r = 0; r < RAYS && t.size(STOCK) > 0; r++) t.move(STOCK, circle + r);
  }

  /** The foundation card c fits now, the first of an interchangeable pair; -1 if none. */
  private foundationFor(c: Card): number {
    const t = this.table;
    const s = suitOf(c);
    if (sameSuitUp(c, t.top(s))) return s;
    return sameSuitUp(c, t.top(s + 4)) ? s + 4 : -1;
  }

  /** Whether pile p offers a card in the main phase (S5, S14, S16). */
  private isAvailable(p: number): boolean {
    const t = this.table;
    if (p === CURRENT || p === TALON) return t.size(p) > 0;
    if (p < INNER || p >= PLACES_END || t.size(p) === 0) return false;
    const r = (p - INNER) % RAYS;
    if (p >= OUTER) return true;
    if (t.size(OUTER + r) > 0) return false;
    return p >= MIDDLE || t.size(MIDDLE + r) === 0;
  }

  /** The empty places, bit p - INNER for place p (refill order, S8): from the scan while it is current. */
  private vacancyMask(): number {
    const t = this.table;
    if (t.version === this.scanned) return this.vacancies;
    const len = t.len;
    let mask = 0;
    for (let i = 0; i < PLACES_END - INNER; i++) if (len[INNER + i] === 0) mask |= 1 << i;
    return mask;
  }

  /** The first empty place in refill order, or -1. */
  private firstVacancy(): number {
    const mask = this.vacancyMask();
    return mask === 0 ? -1 : INNER + lowestBit(mask);
  }

  /** Ending the free moves is allowed while it leads on: a stock top remains, or a vacancy can be refilled. */
  private endAllowed(vacancy: boolean): boolean {
    const t = this.table;
    if (this.outside.hasStockTop(t)) return true;
    return vacancy && this.refillSource !== STOCK_ONLY && t.size(TALON) > 0;
  }

  /** S9, S13: which source fills a vacancy, given whether the talon and the stock top hold a card. */
  private sourceFor(talon: boolean, stockTop: boolean): number {
    if (this.refillSource === STOCK_ONLY) return stockTop ? FROM_STOCK_TOP : NO_SOURCE;
    if (this.refillSource === CHOICE && talon && stockTop) return PLAYER_CHOOSES;
    return talon ? FROM_TALON : stockTop ? FROM_STOCK_TOP : NO_SOURCE;
  }

  /**
   * S6-S8, S13: refill the given vacancies (a vacancyMask) in refill order, compulsorily, from the source
   * sourceFor() names; stop where the player must choose. Returns whether it moved a card.
   */
  private refill(vacancies: number): boolean {
    const t = this.table;
    let moved = false;
    for (let rest = vacancies; rest !== 0; rest &= rest - 1) {
      const p = INNER + lowestBit(rest);
      const source = this.sourceFor(t.size(TALON) > 0, this.outside.hasStockTop(t));
      if (source === PLAYER_CHOOSES) {
        t.set(PHASE, REFILL);
        return moved;
      }
      if (source !== NO_SOURCE) {
        t.move(source === FROM_TALON ? TALON : this.outside.stockTop(t), p);
        moved = true;
      }
    }
    t.set(PHASE, this.outside.hasStockTop(t) ? TURN : FREE);
    return moved;
  }

  /**
   * Whether ending the free moves turns up an unseen card: by an automatic refill when there is a vacancy,
   * else by turning the next stock card.
   */
  private endReveals(vacancy: boolean): boolean {
    const t = this.table;
    if (!vacancy) return t.size(STOCK) > 0;
    return this.refillReveals(t.size(TALON), t.size(CURRENT), t.size(STOCK), this.vacancyMask());
  }

  /** Whether filling vacancy v from pile `from` reveals a card, itself or by the automatic refills after it. */
  private fillReveals(from: number, v: number): boolean {
    const t = this.table;
    if (from === STOCK) return true;
    const talon = t.size(TALON) - (from === TALON ? 1 : 0);
    const held = from === CURRENT ? 0 : t.size(CURRENT);
    return this.refillReveals(talon, held, t.size(STOCK), this.vacancyMask() & (-2 << (v - INNER)));
  }

  /**
   * Whether refilling the given vacancies (a vacancyMask), with `talon` talon cards, `held` current cards and
   * `stock` stock cards, would turn an unseen stock card before the player next has a choice (refill() counted).
   */
  private refillReveals(talon: number, held: number, stock: number, vacancies: number): boolean {
    for (let rest = vacancies; rest !== 0; rest &= rest - 1) {
      const source = this.sourceFor(talon > 0, held + stock > 0);
      if (source === PLAYER_CHOOSES) return false;
      if (source === FROM_TALON) talon--;
      else if (held > 0) held--;
      else if (stock > 0) return true;
    }
    return false;
  }

  /** Whether the two grace refills (S12) would reach an unseen stock card. */
  private graceReveals(): boolean {
    const t = this.table;
    const known = t.size(TALON) + t.size(CURRENT);
    return known < 2 && t.size(STOCK) > 0;
  }
}

/** The index of the lowest set bit of a non-zero mask. */
function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

// The picture: the star drawn on a character grid, ray 1 up, rays clockwise, each place a 5-column cell.
const RAY_DX = [0, 1, 1, 1, 0, -1, -1, -1];
const RAY_DY = [-1, -1, 0, 1, 1, 1, 0, -1];

function drawStar(t: Table, phase: number): string {
  const width = 64;
  const height = 17;
  const grid = Array.from({ length: height }, () => Array<string>(width).fill(' '));
  const cx = 29; // the Shah; the outer places lie 28 columns and 8 rows away
  const cy = 8;
  const write = (x: number, y: number, text: string) => {
    for (let i = 0; i < text.length; i++) grid[y]![x + i] = text[i]!;
  };
  write(cx, cy, 'K\u2665');
  for (let r = 0; r < RAYS; r++) {
    const cells = [
      showCard(t.top(FOUNDATION + r)),
      t.size(INNER + r) ? showCard(t.top(INNER + r)) : '..',
      t.size(MIDDLE + r) ? showCard(t.top(MIDDLE + r)) : '..',
      t.size(OUTER + r) ? showCard(t.top(OUTER + r)) + (t.size(OUTER + r) > 1 ? `+${t.size(OUTER + r) - 1}` : '') : '..',
    ];
    for (let k = 0; k < 4; k++) write(cx + RAY_DX[r]! * (k + 1) * 7, cy + RAY_DY[r]! * (k + 1) * 2, cells[k]!);
  }
  const lines = ['rays 1-8 clockwise from the top; outwards: foundation, inner, middle, outer (top card, +cards beneath)'];
  lines.push(...grid.map((row) => row.join('').trimEnd()));
  const piles: string[] = [];
  for (let r = 0; r < RAYS; r++) {
    const size = t.size(OUTER + r);
    if (size > 1) piles.push(`${r + 1}: ${Array.from({ length: size }, (_, i) => showCard(t.at(OUTER + r, i))).join(' ')}`);
  }
  if (piles.length > 0) lines.push(`outer piles (bottom to top)  ${piles.join('   ')}`);
  const phaseName = ['deal pause after circle 1', 'deal pause after circle 2', 'free moves', 'choose a refill source', 'turn next'][phase];
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}   [${phaseName}]`);
  return lines.join('\n');
}

/** The Shah: the game definition. */
export const shah: Game = {
  id: 'shah',
  title: 'The Shah',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new ShahState(options),
};
