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
const STRIDE = 104; // room per stack in the dead-end relaxation's scratch (solver hooks)

// What the dead-end relaxation ends with (relaxedPlays).
const ALL_PLAYED = 0;
const STUCK = 1;
const STUCK_BEFORE_GRACE = 2;
const VERDICT_SLOTS = 4096; // relaxation verdicts kept by table version (a power of two)
const POSITION_SLOTS = 1 << 16; // deadEnd()'s verdicts kept by position (a power of two)

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
  // The solver's hooks (issue 13). The solver knows every card, the stock's order included; a player never calls
  // these. legalMoves, apply and undo do not read anything below.
  //
  // Dead ends: a relaxation in which only plays remain. A card may be played as soon as one copy of each lower
  // rank of its suit has reached a foundation (a real play needs that and more: the foundation it goes on holds
  // one copy of every lower rank), and a card waits only for the cards that must be PLAYED before it can be: the
  // cards lying over it in the same pile or ray that have no way out but a play ("held" cards). Everything else
  // (the stock, the current card, the talon in Cadogan's reading, outer cards with a possible marriage) is taken
  // to be free whenever it is wanted. A relaxation that cannot play every card proves that no line wins: every
  // real winning line is also a line of the relaxation (proof at relaxedPlays). Played to a fixed point it is
  // exact for the relaxed game, because a play there never takes anything away (no second-copy condition).

  /** Names of the dead-end rules, deadEnd() returning 1 + the index; the proofs are at relaxedPlays. */
  readonly deadEndRules: readonly string[] = ['middle-over-inner', 'held-before-grace', 'talon-beyond-graces'];

  // Scratch for the relaxation, allocated once: 9 stacks (the 8 rays, outer pile top first then middle then
  // inner, and the talon top first), STRIDE cards each.
  private readonly freeCopies = new Uint8Array(NO_FACE + 2); // per face: copies free (or played) so far
  private readonly outerTops = new Uint8Array(NO_FACE + 2); // per face: copies that may yet lie on an outer top
  private readonly baseCopies = new Uint8Array(NO_FACE + 2); // per face: copies on no foundation
  private readonly positionVerdicts = new Int32Array(POSITION_SLOTS * 3).fill(-1); // version, outside, verdict
  private checkedOutside = -1; // deadEnd()'s gate: stock, current card and talon sizes where it last looked
  private copiesCounted = false; // outerTops and baseCopies are those of the position deadEnd() is looking at
  private readonly talonBelow = new Uint8Array(NO_FACE + 2); // per face: copies lower in the talon (scan)
  private readonly stackCard = new Uint8Array(9 * STRIDE);
  private readonly stackHeld = new Uint8Array(9 * STRIDE); // 1: the card leaves its place only by a play
  private readonly stackLen = new Uint8Array(9);
  private readonly stackAt = new Uint8Array(9); // the first card of each stack not yet played
  private readonly stackInner = new Uint8Array(9); // index of a ray's inner card in its stack; 255 for none
  private readonly reach = new Uint8Array(4); // per suit: every rank up to this has a copy free or played
  private readonly talonFlags = new Uint8Array(STRIDE); // per talon card, bottom first: 1 when held
  private readonly verdictA = new Int32Array(VERDICT_SLOTS * 2).fill(-1); // cached(): version, verdict pairs
  private readonly verdictB = new Int32Array(VERDICT_SLOTS * 2).fill(-1);

  /** 0, or 1 + the index in deadEndRules of a rule proving that no line wins from here. */
  deadEnd(): number {
    const t = this.table;
    const len = t.len;
    const phase = t.vars[PHASE]!;
    if (phase < FREE) {
      this.checkedOutside = -1; // a deal starts: the gate below starts afresh, so verdicts never hang on history
      return 0; // the deal's pauses: the star is not complete (S10, S11)
    }
    // Cost: a verdict costs about as much as the rest of the search does per position, so it is asked where it
    // pays (measured on the bench deals: where the rules fired, and what they cost). With the talon free
    // (Cadogan's reading) they fire almost only once the stock is out, so only there. With stockOnly, in the
    // free moves, at every fourth step of the stock (a held talon card or a locked ray stays so for many steps)
    // and once it is out, only where the stock, the current card or the talon has changed since the last
    // position asked (the first position of each such step the search enters, and after each move of a talon
    // card; the star's own plays and marriages seldom make a dead end the position before them was not), and
    // always at a refill or turn. Asking less often only prunes less: every verdict given is proved.
    if (this.refillSource !== STOCK_ONLY) {
      if (len[STOCK]! + len[CURRENT]! > 0) return 0;
    } else if (phase === FREE) {
      // while the stock lasts, every fourth step: a dead end of the star or the talon lasts over steps
      if ((len[STOCK]! & 3) !== 0) return 0;
      const outside = len[STOCK]! | len[CURRENT]! << 8 | len[TALON]! << 16;
      if (outside === this.checkedOutside) return 0;
      this.checkedOutside = outside;
    }
    // The verdict reads the star and the foundations, which table.version names, and with stockOnly also the
    // talon, which the stock's and current card's sizes then name: positions of one version differ only by turns
    // of the stock (every other move changes the star or the foundations). Kept per position, a verdict serves
    // the same position again in the search's later passes.
    const v = t.version;
    const outside = this.refillSource === STOCK_ONLY ? len[STOCK]! | len[CURRENT]! << 8 : 0;
    const slot = (Math.imul(v, 0x9e3779b1) ^ outside) & (POSITION_SLOTS - 1);
    const cache = this.positionVerdicts;
    if (cache[slot * 3] === v && cache[slot * 3 + 1] === outside) return cache[slot * 3 + 2]!;
    const verdict = this.deadEndNow();
    cache[slot * 3] = v;
    cache[slot * 3 + 1] = outside;
    cache[slot * 3 + 2] = verdict;
    return verdict;
  }

  /** deadEnd()'s verdict worked out afresh. */
  private deadEndNow(): number {
    const t = this.table;
    const len = t.len;
    if (this.everyFaceFree()) return 0;
    this.copiesCounted = false;
    let lanes = 0;
    for (let r = 0; r < RAYS; r++) if (len[INNER + r] === 0) lanes++;
    // With stockOnly the talon may hold cards; when none of it does, the talon is free as in the other readings.
    const talonHeld = this.talonHeld();
    if (lanes === 0) {
      const verdict = talonHeld ? this.relaxedPlays(true, true) : this.cached(this.verdictA, true);
      if (verdict === ALL_PLAYED) return 0;
      if (verdict === STUCK_BEFORE_GRACE) return 2; // held-before-grace
    }
    if (talonHeld && len[STOCK]! + len[CURRENT]! === 0) {
      // talon-beyond-graces, asked once the stock is out (before, each stock card is one more grace, and it
      // seldom holds); it holds more than middle-over-inner, so when it plays every card so does that
      return this.relaxedPlays(false, true, lanes) === ALL_PLAYED ? 0 : 3;
    }
    return this.cached(this.verdictB, false) === ALL_PLAYED ? 0 : 1; // middle-over-inner
  }

  /**
   * A play proved safe, or -1. Only in the last stage: stock, current card and talon all empty. Then a card X of
   * suit s and rank r that fits a foundation while both foundations of s hold r-1 cards or more (so every card of
   * s below r is on them) is played at once. Proof: take any line L from here; let L' play X first, then make L's
   * moves, leaving out those that move X. Nothing can be married onto X (no card of s r-1 is left), so no move of
   * L uses X as a target; with no card left to refill from or to turn, no move of L' triggers a refill, a turn
   * or a grace fill that L would not (S13, S17: a vacancy with no source stays empty; End is never legal), so
   * every other pile is the same in L' as in L except for X's absence, which only empties places: each of L's
   * plays, marriages and graces has its card available and its target or lane there in L' too (S5, S12). On the
   * foundations of s, L' holds X as well as L's cards until L plays X; a card of rank q fits when fewer copies of
   * q than of q-1 lie on them, which X's extra copy of r keeps true for q = r+1 and cannot break for q = r, as
   * both copies of r-1 are there (up to which of the two foundations takes a card, which changes no rule). So
   * L' is legal and ends won whenever L does.
   *
   * No other move is proved safe, and none is offered: with a stock top or a talon left, taking a card off a place
   * makes a vacancy that a compulsory refill (S7, S13) fills with another card, and a card left lying (even one
   * that fits) may be wanted as the talon top a grace fills from (S12), as the card a refill takes, or as a
   * marriage target for the other copy of the card below it (two packs): any of these changes what lies where.
   */
  safeMove(moves: Int32Array, n: number): Move {
    const t = this.table;
    const len = t.len;
    if (len[STOCK]! + len[CURRENT]! + len[TALON]! !== 0 || t.vars[PHASE] !== FREE) return -1;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      if (kindOf(m) !== MoveKind.Play) continue;
      const c = t.top(fromOf(m));
      const s = suitOf(c);
      if (Math.min(len[FOUNDATION + s]!, len[FOUNDATION + s + 4]!) >= rankOf(c) - 1) return m;
    }
    return -1;
  }

  /**
   * A quick sufficient test that the relaxation plays every card, whatever its mode: every face not yet on a
   * foundation has a copy among the cards every mode frees at once (the stock, the current card, the talon top,
   * the whole talon unless stockOnly, and the outermost card of each ray, the first of its stack). Then each
   * suit is within reach up to the queen from the start, so every held card is played in turn.
   */
  private everyFaceFree(): boolean {
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const held = this.talonBelow; // scratch, zero between uses: copies not freed at once, per face
    for (let r = 0; r < RAYS; r++) {
      // a ray's cards other than its outermost: the outer pile's lower cards, then middle and inner behind them
      const outer = len[OUTER + r]!;
      for (let i = (OUTER + r) * cap, end = i + outer - 1; i < end; i++) held[faceOf(cards[i]!)]!++;
      if (len[MIDDLE + r]! > 0 && outer > 0) held[faceOf(cards[(MIDDLE + r) * cap]!)]!++;
      if (len[INNER + r]! > 0 && outer + len[MIDDLE + r]! > 0) held[faceOf(cards[(INNER + r) * cap]!)]!++;
    }
    const talon = TALON * cap;
    const talonHeld = this.refillSource === STOCK_ONLY ? len[TALON]! - 1 : 0;
    for (let i = talon; i < talon + talonHeld; i++) held[faceOf(cards[i]!)]!++;
    let free = true;
    for (let s = 0; s < 4 && free; s++) {
      const h1 = len[FOUNDATION + s]!;
      const h2 = len[FOUNDATION + s + 4]!;
      for (let r = Math.max(h1, h2) + 1; r <= 12; r++) {
        // copies of rank r on no foundation, less those not freed at once
        if (2 - (h1 >= r ? 1 : 0) - (h2 >= r ? 1 : 0) - held[s * 13 + r - 1]! <= 0) {
          free = false;
          break;
        }
      }
    }
    held.fill(0);
    return free;
  }

  /**
   * relaxedPlays(beforeGrace) with the talon free, kept per table.version in `cache`: that relaxation reads only
   * the star and the foundations (the free cards and the possible outer tops are the rest), which the version
   * names (Table.version: a fresh number for each new content of the watched piles, the old one back on undo).
   */
  private cached(cache: Int32Array, beforeGrace: boolean): number {
    const v = this.table.version;
    const slot = (v & (VERDICT_SLOTS - 1)) * 2;
    if (cache[slot] !== v) {
      cache[slot] = v;
      cache[slot + 1] = this.relaxedPlays(beforeGrace, false);
    }
    return cache[slot + 1]!;
  }

  /**
   * Count into outerTops, per face, the copies that may yet lie on an outer top: those neither on a foundation
   * nor in a middle or inner place; and into baseCopies the copies on no foundation.
   */
  private countCopies(): void {
    const len = this.table.len;
    const cards = this.table.cards;
    const cap = this.table.cap;
    const tops = this.outerTops;
    for (let s = 0; s < 4; s++) {
      const h1 = len[FOUNDATION + s]!;
      const h2 = len[FOUNDATION + s + 4]!;
      // face s*13 + r - 1 is rank r; a foundation of k cards holds ranks 1..k
      for (let r = 2; r <= 12; r++) tops[s * 13 + r - 1] = 2 - (h1 >= r ? 1 : 0) - (h2 >= r ? 1 : 0);
    }
    this.baseCopies.set(tops);
    for (let p = INNER; p < OUTER; p++) if (len[p]! > 0) tops[faceOf(cards[p * cap]!)]!--;
    this.copiesCounted = true;
  }

  /** With stockOnly: whether some talon card is held (see relaxedPlays), the flags put in talonFlags. */
  private talonHeld(): boolean {
    if (this.refillSource !== STOCK_ONLY) return false;
    const t = this.table;
    const n = t.len[TALON]!;
    if (n === 0) return false;
    if (!this.copiesCounted) this.countCopies();
    const tops = this.outerTops;
    const below = this.talonBelow;
    const cards = t.cards;
    const talon = TALON * t.cap;
    let any = false;
    for (let i = 0; i < n; i++) {
      const f = faceOf(cards[talon + i]!);
      const held = tops[f + 1]! - below[f + 1]! === 0;
      this.talonFlags[i] = held ? 1 : 0;
      if (held) any = true;
      below[f]!++;
    }
    for (let i = 0; i < n; i++) below[faceOf(cards[talon + i]!)] = 0;
    return any;
  }

  /**
   * Play the relaxation (see deadEndRules) to its fixed point: ALL_PLAYED, STUCK_BEFORE_GRACE when some card
   * stays unplayed and no card now in an inner place was played, STUCK otherwise. beforeGrace: outer cards
   * may hold (and the first play of an inner card ends it, STUCK); talonHeld: the talon's cards may hold (flags
   * from talonHeld()); tokens >= 0: talon-beyond-graces, with that many graces to begin with.
   *
   * Held cards, and why each must be played before the cards under it can be (take any real line W from here):
   * - A middle card, over the inner card of its ray (middle-over-inner, always). An inner card is played only
   *   when the middle place of its ray is empty (S5), and a middle card leaves only by a play (S3: it is never a
   *   marriage source, and a grace moves only an outer top, S12).
   * - With beforeGrace, until W's first grace (held-before-grace):
   *   - an outer card U (suit s, rank u), over the cards under it in its pile and the middle and inner cards of
   *     its ray (S5), when no copy of s u+1 could ever lie on another outer top: every copy is on a foundation
   *     (it stays there), in a middle or inner place (it only leaves by a play, S3), or is the card U lies on (it
   *     cannot move before U does; an outer pile is a same-suit descending run, so that is the only copy under
   *     U). Then U cannot be married (S1, S2), and without a grace it leaves only by a play. Not with
   *     groupMoves, where U could be carried by a run from a card under it (S4).
   *   - with refillSource=stockOnly (Hoffmann), a talon card A over the talon cards under it, when no copy of
   *     s a+1 could ever lie on an outer top, the copies under A in the talon counted out too (they cannot leave
   *     before A). Vacancies never take a talon card there (S9), and without a grace (S12 fills from the talon)
   *     A leaves only by a play (S16: only the top leaves).
   * Why only until the first grace: a grace needs an open lane, a ray with all three places empty (S12). When no
   * inner place is empty now, each inner card lying there now must be played (its only way out, S3) before any
   * lane opens, so before W's first grace. Hence if W wins, every play W makes before its first grace is a play
   * of the beforeGrace relaxation in the same order, so the fixed point plays every card (W never graces) or some
   * card now in an inner place (W graces). STUCK_BEFORE_GRACE thus proves no W wins; after STUCK the caller
   * tries again without beforeGrace, whose middle cards hold at all times, so every play of W is a relaxed play.
   * talon-beyond-graces (tokens >= 0; stockOnly, the talon holding cards): the outer cards are free, the middle
   * cards hold as above, and the talon's held cards (as above, the marriage argument holding at all times) leave
   * only by a play or by a grace, which takes the talon's top card to a middle place and the next to the outer
   * place (S12): at most two of the cards now in the talon, the topmost left of them (S16). The relaxation lets
   * each grace it spends take the two topmost left, both then free, and spends one only when nothing else moves,
   * so it has taken off at least the cards W has. How many graces W can make by a time: each fills an empty inner
   * place, and an inner place is emptied only by a play of its card (S3). The cards that can lie in an inner
   * place are those there now (each played once), refills (with stockOnly, cards now in the stock or the current
   * card, S9), and grace donors; a donor lies under the middle card its grace laid, and is played only after it
   * (S5), which is a card now in the talon or now in the stock, each stock card serving at most once as either.
   * So W's graces number at most: open lanes now + stock and current cards + cards now in inner places played +
   * cards now in the talon played. The relaxation counts these with its own plays (a card off the talon counts
   * once its rank is within reach), which include every play of W, so it has graces for every grace of W.
   * The relaxed foundation condition holds for every real play (the foundation a card of rank r goes on holds a
   * copy of every rank below r). The stock and the current card are free: an over-approximation.
   */
  private relaxedPlays(beforeGrace: boolean, talonHeld: boolean, tokens = -1): number {
    const t = this.table;
    const len = t.len;
    const cards = t.cards;
    const cap = t.cap;
    const free = this.freeCopies;
    const tops = this.outerTops;
    const card = this.stackCard;
    const held = this.stackHeld;
    const size = this.stackLen;
    const at = this.stackAt;
    const inner = this.stackInner;
    const outerHeld = beforeGrace && !this.groupMoves;
    // freeCopies: the copies on no foundation; each card put in a stack below is taken out, and counted back
    // when the relaxation frees it. What is left is free from the start: the stock, the current card, and the
    // talon unless it holds cards.
    if (!this.copiesCounted) this.countCopies();
    free.set(this.baseCopies);
    // The rays: outer pile top first, then the middle card, then the inner card.
    for (let r = 0; r < RAYS; r++) {
      const base = r * STRIDE;
      let k = 0;
      const p = OUTER + r;
      const bottom = p * cap;
      for (let i = bottom + len[p]! - 1; i >= bottom; i--) {
        const f = faceOf(cards[i]!);
        free[f]!--;
        card[base + k] = cards[i]!;
        // the copy of s u+1 under U, if U was married onto it, cannot be U's way out
        const under = i > bottom && faceOf(cards[i - 1]!) === f + 1 ? 1 : 0;
        held[base + k++] = outerHeld && tops[f + 1]! - under === 0 ? 1 : 0;
      }
      if (len[MIDDLE + r]! > 0) {
        card[base + k] = cards[(MIDDLE + r) * cap]!;
        free[faceOf(card[base + k]!)]!--;
        held[base + k++] = 1;
      }
      inner[r] = 255;
      if (len[INNER + r]! > 0) {
        inner[r] = k;
        card[base + k] = cards[(INNER + r) * cap]!;
        free[faceOf(card[base + k]!)]!--;
        held[base + k++] = 1;
      }
      size[r] = k;
    }
    // The talon, top first, when it holds cards (flags from talonHeld()); otherwise its cards are free.
    size[8] = 0;
    if (talonHeld) {
      const n = len[TALON]!;
      const talon = TALON * cap;
      const base = 8 * STRIDE;
      for (let i = 0; i < n; i++) {
        const c = cards[talon + i]!;
        free[faceOf(c)]!--;
        card[base + n - 1 - i] = c;
        held[base + n - 1 - i] = this.talonFlags[i]!;
      }
      size[8] = n;
    }
    inner[8] = 255;
    const reach = this.reach;
    for (let s = 0; s < 4; s++) {
      let h = Math.max(len[FOUNDATION + s]!, len[FOUNDATION + s + 4]!); // a foundation of k cards ends in rank k
      while (h < 12 && free[s * 13 + h]! > 0) h++; // face s*13 + h is rank h + 1
      reach[s] = h;
    }
    for (let k = 0; k < 9; k++) {
      at[k] = 0;
      this.freeDown(k);
    }
    // Play to the fixed point: a stack's first held card is played once its rank is within reach.
    let innerPlayed = false;
    let innerPlays = 0;
    let spent = 0; // talon-beyond-graces: graces spent on the talon (tokens < 0: that mode is off)
    for (;;) {
      for (let changed = true; changed; ) {
        changed = false;
        for (let k = 0; k < 9; k++) {
          for (;;) {
            if (at[k] === size[k]) break;
            const c = card[k * STRIDE + at[k]!]!;
            if (rankOf(c) > reach[suitOf(c)]! + 1) break;
            if (at[k] === inner[k]) {
              // a grace may come after this play; the caller's other pass (without beforeGrace) decides
              if (beforeGrace) return STUCK;
              innerPlayed = true;
              innerPlays++;
            }
            at[k]++;
            this.freeDown(k);
            changed = true;
          }
        }
      }
      // Stuck. With graces left, spend one on the talon: its top two cards go to a middle and an outer place,
      // both taken as free.
      if (tokens < 0 || at[8] === size[8]) break;
      let played = 0; // talon cards off the talon whose rank is within reach: played, or playable
      for (let i = 8 * STRIDE, end = i + at[8]!; i < end; i++) if (rankOf(card[i]!) <= reach[suitOf(card[i]!)]! + 1) played++;
      if (tokens + innerPlays + played - spent <= 0) break;
      spent++;
      at[8]++; // the first held card, counted free already
      if (at[8] < size[8]) {
        this.countFree(card[8 * STRIDE + at[8]!]!);
        at[8]++;
      }
      this.freeDown(8);
    }
    for (let k = 0; k < 9; k++) if (at[k] !== size[k]) return innerPlayed ? STUCK : STUCK_BEFORE_GRACE;
    return ALL_PLAYED;
  }

  /** Count card c free in the relaxation, and extend its suit's reach. */
  private countFree(c: Card): void {
    const free = this.freeCopies;
    const reach = this.reach;
    free[faceOf(c)]!++;
    const s = suitOf(c);
    let h = reach[s]!;
    if (rankOf(c) === h + 1) {
      while (h < 12 && free[s * 13 + h]! > 0) h++;
      reach[s] = h;
    }
  }

  /** Free stack k's cards from its first unplayed one down to and including the next held one, reach kept up. */
  private freeDown(k: number): void {
    const at = this.stackAt;
    const end = this.stackLen[k]!;
    const base = k * STRIDE;
    while (at[k]! < end) {
      const i = base + at[k]!;
      this.countFree(this.stackCard[i]!);
      if (this.stackHeld[i] === 1) return;
      at[k]++;
    }
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
