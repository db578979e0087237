// The Hemispheres (`hemispheres`): Lady Cadogan's "Les Hémisphères" (C1874; the same text in C1914).
// The rules card below is the game's header; code comments cite its ruling ids.

import { NO_CARD, faceOf, isRed, rankOf, showCard, suitOf, type Card } from '../core/card.js';
import { sameSuitDown, sameSuitUp } from '../core/building.js';
import type { Deck } from '../core/deck.js';
import { cardsOnFoundations, foundationsFull, type Game, type GameState, PileRole, soonerNeed } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { PacketTops, takesDown, takesUp } from '../core/packets.js';
import { refillInOrder } from '../core/refill.js';
import { TurnedStock } from '../core/stock.js';
import { Table } from '../core/table.js';

const RULES_CARD = `The Hemispheres (hemispheres)
Source: Cadogan, C1874 "Les Hemispheres" (seed 003 part a), the same text as C1914 "The Hemispheres", whose
plate gives the layout.

Cards. Two packs. The four red aces and the four black kings are the foundations, set out in a cross at the
centre: hearts and diamonds build up by suit to the king, spades and clubs down by suit to the ace. A king of
hearts (west), a king of diamonds (east), an ace of clubs (north) and an ace of spades (south) are laid crosswise
at the ends of the cross as barriers. The other 92 cards are the stock.

Layout. A ring of 12 places, R1-R12, dealt clockwise from the king of hearts, three between each pair of
barriers. The four Races: European R1-R3 (north-west), Asiatic R4-R6 (north-east), Australian R7-R9
(south-east), African R10-R12 (south-west). The barriers of hearts and diamonds are the equator: R1-R6 are the
North, where the red cards belong; R7-R12 the South, where the black cards belong.

Available. The top card of a place, if its colour is that of its hemisphere (H3); the current card; the talon
top; a barrier, to be played only, when it fits (H8).

Moves, all optional. Play an available card to a foundation. Marry one card (H1): a red card on the red card
of its suit one higher, a black card on the black card of its suit one lower; a place's top card only onto a
place of the same Race, the current card or talon top onto any place (H2); never onto a wrong-colour card (H3).
Exchange (H4). Endgame transfer (H5).

Play. Deal R1-R12 and make free moves. Then each turn of the stock: the current card, if still held, goes to
the talon; every empty place is filled from the stock, compulsorily, in order R1 to R12 (H6, H7); the next
stock card is turned as the current card; free moves. When the stock is out the talon top stays in use; empty
places stay empty except by H5. No re-deal (H9).

Win. All 104 cards on the foundations: 96 in play (the 92 of the stock and the 4 barriers).

Rulings (RULES.md 4).
H1  Marriage is by suit, not by colour: red cards same suit -1, black cards same suit +1, one card at a time.
H2  A Race is the three places between two adjacent barriers. A place's top card marries only within its
    Race; the current card and the talon top may marry into any Race.
H3  Available means a top card of the right colour for its hemisphere. A wrong-colour card (dead) cannot be
    played, built on or moved, except by H4 or H5.
H4  Exchange: swap a wrong-colour card in the North with a wrong-colour card in the South, in any Races, at
    any time. Such cards always lie alone in their places (a deal or refill put them there).
H5  Endgame transfer, once the stock and the talon are both empty: a wrong-colour card may move to an empty
    place of its own hemisphere. endTransfer=emptyOnly (default); endTransfer=emptyOrMarry also lets it marry
    (as H1) onto a proper pile top of its own hemisphere, in any Race.
H6  Refills are compulsory, come from the stock only, and follow deal order R1 to R12.
H7  While dealing, a card turned while a place is empty goes into the earliest empty place; otherwise it is
    the current card: play it, marry it, or it goes to the talon. The talon top can be used at any time.
H8  Barriers are played only as the last cards of their piles, which amounts to playing them whenever they
    fit.
H9  No re-deal.
H10 (this program; the texts are silent) Which of the two kings of hearts (and so on) is the barrier does not
    matter; the engine takes the copy lying later in the deck, so the stock keeps the deck's order otherwise.
H11 (this program) "The talon exhausted" (H5) includes the current card: a card turned last and not used goes
    to the talon first, and H5 opens only when the stock, the current card and the talon are all empty.

Engine notes. Of two foundations of one suit showing the same top, a play goes to the first: they are
interchangeable, so this removes only duplicate moves. An exchange is written from the North place to the South
place (a grace move); an H5 transfer to an empty place is a grace move, an H5 marriage a marriage.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'endTransfer',
    values: ['emptyOnly', 'emptyOrMarry'],
    default: 'emptyOnly',
    ruling: 'H5',
    summary: 'at the end a wrong-colour card may move to an empty place of its hemisphere, or also marry there',
  },
];

// Piles. Foundation 2s and 2s+1 hold suit s (S H D C): hearts and diamonds up from the ace, spades and clubs
// down from the king.
const FOUNDATION = 0;
const RACE = 8; // R1..R12 at RACE + 0..11, dealt clockwise from the king of hearts
const BARRIER = 20; // west (K hearts), north (A clubs), east (K diamonds), south (A spades)
const STOCK = 24;
const CURRENT = 25;
const TALON = 26;
const PILE_COUNT = 27;
const PLACES = 12;
const NORTH = 0x03f; // R1-R6
const SOUTH = 0xfc0; // R7-R12
const RACE_NAMES = ['European', 'Asiatic', 'Australian', 'African'];
const RACES: readonly number[] = Array.from({ length: PLACES }, (_, i) => RACE + i);
/** The barrier faces (copy 0) by barrier pile: K hearts, A clubs, K diamonds, A spades. */
const BARRIER_FACES = [13 + 12, 39, 26 + 12, 0];
/** The barrier pile (from BARRIER) of each suit S H D C. */
const BARRIER_OF_SUIT = [3, 0, 2, 1];

const PILE_NAMES: readonly string[] = [
  'spades 1', 'spades 2', 'hearts 1', 'hearts 2', 'diamonds 1', 'diamonds 2', 'clubs 1', 'clubs 2',
  ...Array.from({ length: PLACES }, (_, i) => `R${i + 1}`),
  'west barrier', 'north barrier', 'east barrier', 'south barrier',
  'stock',
  'current card',
  'talon',
];

const PILE_ROLES = new Uint8Array(PILE_COUNT);
PILE_ROLES.fill(PileRole.Foundation, FOUNDATION, RACE);
PILE_ROLES.fill(PileRole.Layout, RACE, STOCK); // the places and the barriers (played only, H8)
PILE_ROLES[STOCK] = PileRole.Stock;
PILE_ROLES[CURRENT] = PileRole.Current;
PILE_ROLES[TALON] = PileRole.Talon;

/** The Race (0 European .. 3 African) of pile p, or -1 when p is not a place. */
export function raceOfPile(p: number): number {
  return p >= RACE && p < BARRIER ? Math.floor((p - RACE) / 3) : -1;
}

/** Whether place i (0..11) lies in the North. */
function inNorth(i: number): boolean {
  return i < 6;
}

/** The places of the Race of place i, as a bit mask. */
function raceOf(i: number): number {
  return 7 << (3 * Math.floor(i / 3));
}

/** H3: whether card c lying in place i is of its hemisphere's colour. */
function belongs(c: Card, i: number): boolean {
  return isRed(c) === inNorth(i);
}

/** H1: whether card c marries onto card y (red same suit -1, black same suit +1). */
function marries(c: Card, y: Card): boolean {
  return isRed(c) ? sameSuitDown(c, y) : sameSuitUp(c, y);
}

// H1, H3 as tables by place and card: the face a top takes (-1: none, a dead top takes nothing), and the Race's
// places, so that the hot path looks them up instead of working them out.
const TAKES = new Int8Array(PLACES * 256).fill(-1);
for (let i = 0; i < PLACES; i++) {
  for (let c = 0; c < 104; c++) if (belongs(c, i)) TAKES[i * 256 + c] = isRed(c) ? takesDown(c) : takesUp(c);
}
const RACE_MASK = Array.from({ length: PLACES }, (_, i) => raceOf(i));

/** One position of The Hemispheres. */
class HemispheresState implements GameState {
  readonly table = new Table(PILE_COUNT, 0);
  readonly cardsInPlay = 96;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly marryOnTop: boolean;
  private readonly stockCards = new Uint8Array(92);
  private readonly barrierAt = new Int16Array(4); // deck index of each barrier card
  // H1, H3: the faces each place's top takes; a wrong-colour top takes none. Cached under table.version.
  private readonly tops = new PacketTops(RACE, PLACES, (top, i) => TAKES[i * 256 + top]!);
  private scanned = -1;
  private dead = 0; // bit i: place i holds a wrong-colour card (always alone, H4)
  private live = 0; // bit i: place i's top is available
  private readonly wants = new Uint8Array(8); // rank each foundation takes next (0 or 14: none)

  constructor(readonly options: Options) {
    this.table.watch(RACE, BARRIER);
    this.marryOnTop = options['endTransfer'] === 'emptyOrMarry';
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    // H10: each barrier is the copy of its face lying later in the deck.
    this.barrierAt.fill(-1);
    for (let i = deck.length - 1; i >= 0; i--) {
      const b = BARRIER_FACES.indexOf(faceOf(deck[i]!));
      if (b >= 0 && this.barrierAt[b] === -1) this.barrierAt[b] = i;
    }
    let n = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      const rank = rankOf(c);
      const f = 2 * suitOf(c);
      if ((isRed(c) && rank === 1) || (!isRed(c) && rank === 13)) t.put(t.size(f) === 0 ? f : f + 1, c);
      else if (this.barrierAt.indexOf(i) >= 0) t.put(BARRIER + this.barrierAt.indexOf(i), c);
      else this.stockCards[n++] = c;
    }
    for (let i = n - 1; i >= PLACES; i--) t.put(STOCK, this.stockCards[i]!);
    for (let i = 0; i < PLACES; i++) t.put(RACE + i, this.stockCards[i]!);
    t.commit();
  }

  // Solver hooks (issue 13). The solver knows every card; a player never calls these.
  //
  // Safe moves: none. A play can take a card that the other copy of the card beneath it needs as its marriage
  // target (two packs), or fill the foundation of a suit that the other copy waiting on the talon needed; a
  // barrier played on the first of two foundations at a queen takes the place the other king, on the talon
  // and covering what the other foundation needs, could have had; an exchange or a marriage uses up a place.
  // So no move is proved to keep every win within reach.

  /** Names of the dead-end rules, in the order deadEnd() numbers them from 1. */
  readonly deadEndRules: readonly string[] = ['buried-in-talon'];

  private readonly missing = new Uint8Array(52); // copies of each face not free (see deadEnd)
  private readonly inTalon = new Uint8Array(52); // copies of each face in the talon, below the card looked at

  /**
   * 0, or 1 + the index in deadEndRules of a rule proving the position lost (solver only).
   *
   * buried-in-talon. Every card must reach the foundations, and a talon card leaves only from the top (H7), by
   * a play or a marriage; nothing is ever put under it. A red card of rank r plays only once a copy of rank
   * r-1 of its suit is on a foundation (the ace bases are there from the deal), a black card of rank r only
   * once a copy of r+1 is (the king bases are there); so, on a foundation or not, some copy of every rank
   * between the base and r must have been played first. A red card marries only onto a live top in the North
   * of its suit and rank one higher, a black card onto one in the South one lower (H1, H3); such a target must
   * not lie on a foundation now (cards never leave them), nor in the talon below the card (it could not get
   * out first), nor be a barrier (played only, H8), nor be a wrong-colour card that can never be exchanged
   * (below): it then lies in the places, the stock, the current card or the talon above.
   * A wrong-colour card leaves its place only by an exchange (H4) or, once the talon is empty, by H5. An
   * exchange needs a wrong-colour card of the other colour in the other hemisphere, and one gets there only
   * from the stock (a deal or a refill); so a wrong-colour card with no such card in the other hemisphere
   * and none of that colour in the stock stays until the talon is empty: it is not free.
   * The relaxation: every card not in the talon, and not such a stuck card, is free (playable as soon as its
   * rank is reached); the talon is taken from the top, a card going when some copy of every rank from the
   * base to it is free or taken, or when a copy of its marriage target is allowed as above. What it takes
   * only grows, so one pass from the top decides it; by induction along any winning line, the line takes each
   * talon card only after the relaxation can. So if the relaxation stops at a talon card, no line wins.
   */
  deadEnd(): number {
    const t = this.table;
    const size = t.size(TALON);
    if (size === 0) return 0;
    if (t.version !== this.scanned) this.scan();
    // Wrong-colour cards that no exchange can reach before the talon is empty.
    const stuck = this.stuck;
    let stuckCount = 0;
    const dead = this.dead;
    if (dead !== 0) {
      let redInStock = false;
      let blackInStock = false;
      const sb = STOCK * t.cap;
      for (let i = t.size(STOCK) - 1; i >= 0 && !(redInStock && blackInStock); i--) {
        if (isRed(t.cards[sb + i]!)) redInStock = true;
        else blackInStock = true;
      }
      // A red card in the South needs a black card in the North: dead there now, or to come from the stock.
      const redStuck = (dead & NORTH) === 0 && !blackInStock;
      const blackStuck = (dead & SOUTH) === 0 && !redInStock;
      if (redStuck || blackStuck) {
        for (let i = 0; i < PLACES; i++) {
          if ((dead & (1 << i)) === 0) continue;
          const c = t.top(RACE + i);
          if (isRed(c) ? redStuck : blackStuck) stuck[stuckCount++] = faceOf(c);
        }
      }
    }
    // The verdict depends on the talon and the stuck cards only: the foundations enter only through a marriage
    // target lying on one, and a target of a card of rank r on a foundation means that foundation holds every
    // rank from its base up to r (red) or down to r (black), so the card can be played once uncovered anyway.
    // So the last verdict stands while those are the same.
    const base = TALON * t.cap;
    if (this.sameAsLast(size, base, stuckCount)) return this.lastVerdict;
    this.lastVerdict = this.buriedInTalon(size, base, stuckCount);
    return this.lastVerdict;
  }

  private readonly stuck = new Uint8Array(PLACES); // faces of the stuck wrong-colour cards
  private readonly lastTalon = new Uint8Array(104); // the talon and stuck cards the last verdict was found for
  private readonly lastStuck = new Uint8Array(PLACES);
  private lastTalonSize = -1;
  private lastStuckCount = -1;
  private lastVerdict = 0;

  /** buried-in-talon: whether the talon and the stuck cards are those of the last verdict; if not, remember them. */
  private sameAsLast(size: number, base: number, stuckCount: number): boolean {
    const cards = this.table.cards;
    let same = size === this.lastTalonSize && stuckCount === this.lastStuckCount;
    for (let i = 0; same && i < stuckCount; i++) same = this.stuck[i] === this.lastStuck[i];
    for (let i = size - 1; same && i >= 0; i--) same = faceOf(cards[base + i]!) === this.lastTalon[i];
    if (same) return true;
    this.lastTalonSize = size;
    this.lastStuckCount = stuckCount;
    this.lastStuck.set(this.stuck.subarray(0, stuckCount));
    for (let i = 0; i < size; i++) this.lastTalon[i] = faceOf(cards[base + i]!);
    return false;
  }

  /** buried-in-talon (proof at deadEnd): 1 when the relaxation stops at a talon card, else 0. */
  private buriedInTalon(size: number, base: number, stuckCount: number): number {
    const t = this.table;
    const missing = this.missing;
    const inTalon = this.inTalon;
    missing.fill(0);
    inTalon.fill(0);
    for (let i = 0; i < size; i++) inTalon[faceOf(t.cards[base + i]!)]!++;
    for (let i = 0; i < stuckCount; i++) missing[this.stuck[i]!]!++;
    for (let f = 0; f < 52; f++) missing[f]! += inTalon[f]!;
    // reach[s]: red suits, the highest rank r with some copy of each rank 2..r free or taken (1: the ace bases);
    // black suits, the lowest rank r with some copy of each rank r..12 free or taken (13: the king bases).
    const reach = this.reach;
    for (let s = 0; s < 4; s++) reach[s] = this.extend(s, s === 1 || s === 2 ? 1 : 13);
    for (let i = size - 1; i >= 0; i--) {
      const f = faceOf(t.cards[base + i]!);
      const s = Math.floor(f / 13);
      const r = f % 13 + 1;
      inTalon[f]!--;
      const red = s === 1 || s === 2;
      if (!(red ? reach[s]! >= r - 1 : reach[s]! <= r + 1) && !this.target(f)) return 1;
      if (missing[f]!-- === 2 && (red ? reach[s] === r - 1 : reach[s] === r + 1)) reach[s] = this.extend(s, r);
    }
    return 0;
  }

  private readonly reach = new Uint8Array(4);

  /** buried-in-talon: the reach of suit s (see deadEnd) going on from rank r, which is reached. */
  private extend(s: number, r: number): number {
    const missing = this.missing;
    if (s === 1 || s === 2) {
      while (r < 13 && missing[s * 13 + r]! < 2) r++; // rank r+1 lies at face s*13 + r
      return r;
    }
    while (r > 1 && missing[s * 13 + r - 2]! < 2) r--; // rank r-1 lies at face s*13 + r - 2
    return r;
  }

  /** buried-in-talon: some copy of face f's marriage target may yet be a live top while f is in the talon. */
  private target(f: number): boolean {
    const s = Math.floor(f / 13);
    const r = f % 13 + 1;
    const red = s === 1 || s === 2;
    const g = red ? f + 1 : f - 1;
    if (red ? r === 13 : r === 1) return false; // a red king and a black ace marry onto nothing
    const gr = red ? r + 1 : r - 1;
    const t = this.table;
    let out = this.missing[g]!; // copies in the talon below f, and wrong-colour copies stuck where they lie
    // Copies on the foundations: red rank k lies on a foundation of size >= k, black rank k on one of size >= 14-k.
    const need = red ? gr : 14 - gr;
    if (t.size(FOUNDATION + 2 * s) >= need) out++;
    if (t.size(FOUNDATION + 2 * s + 1) >= need) out++;
    // The barrier copy of a red king or black ace, while it waits in its barrier pile (played only, H8).
    if (red ? gr === 13 : gr === 1) out += t.size(BARRIER + BARRIER_OF_SUIT[s]!);
    return out < 2;
  }

  /** Derive from the places: which tops take what, which places are dead, which live. */
  private scan(): void {
    const t = this.table;
    this.tops.update(t);
    let dead = 0;
    let live = 0;
    for (let i = 0; i < PLACES; i++) {
      if (t.size(RACE + i) === 0) continue;
      if (belongs(t.top(RACE + i), i)) live |= 1 << i;
      else dead |= 1 << i;
    }
    this.dead = dead;
    this.live = live;
    this.scanned = t.version;
  }

  /** The ranks the foundations take next: hearts and diamonds up from the ace, spades and clubs down from the king. */
  private updateWants(): void {
    const len = this.table.len;
    for (let f = 0; f < 8; f++) {
      const size = len[FOUNDATION + f]!;
      const s = f >> 1;
      this.wants[f] = s === 1 || s === 2 ? size + 1 : 13 - size;
    }
  }

  /** The foundation that takes card c now, the first of an interchangeable pair; -1 if none (wants current). */
  private takingFoundation(c: Card): number {
    const f = 2 * suitOf(c);
    const r = rankOf(c);
    if (this.wants[f] === r) return FOUNDATION + f;
    return this.wants[f + 1] === r ? FOUNDATION + f + 1 : -1;
  }

  private addPlay(out: Int32Array, n: number, p: number): number {
    const t = this.table;
    if (t.size(p) === 0) return n;
    const f = this.takingFoundation(t.top(p));
    if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f);
    return n;
  }

  /** H5: the stock, the current card and the talon are all out (H11). */
  private endgame(): boolean {
    const t = this.table;
    return t.size(STOCK) === 0 && t.size(CURRENT) === 0 && t.size(TALON) === 0;
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    if (t.version !== this.scanned) this.scan();
    this.updateWants();
    const tops = this.tops;
    const live = this.live;
    const dead = this.dead;
    let n = 0;
    // Plays: the current card, the talon top, each live place (H3), each barrier that fits (H8).
    n = this.addPlay(out, n, CURRENT);
    n = this.addPlay(out, n, TALON);
    for (let i = 0; i < PLACES; i++) if (live & (1 << i)) n = this.addPlay(out, n, RACE + i);
    for (let b = 0; b < 4; b++) n = this.addPlay(out, n, BARRIER + b);
    // Marriages (H1, H2): from outside onto any live top; from a live top onto another in its Race.
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) > 0) n = tops.addMoves(out, n, tops.onto(t.top(p)), makeMove(MoveKind.Marry, p, 0));
    }
    for (let i = 0; i < PLACES; i++) {
      if ((live & (1 << i)) === 0) continue;
      const mask = tops.onto(t.top(RACE + i)) & RACE_MASK[i]! & ~(1 << i);
      if (mask !== 0) n = tops.addMoves(out, n, mask, makeMove(MoveKind.Marry, RACE + i, 0));
    }
    // Exchanges (H4): a dead card in the North with a dead card in the South.
    const deadSouth = dead & SOUTH;
    if (deadSouth !== 0) {
      for (let i = 0; i < 6; i++) {
        if (dead & (1 << i)) n = tops.addMoves(out, n, deadSouth, makeMove(MoveKind.Grace, RACE + i, 0));
      }
    }
    // Endgame transfers (H5): a dead card to an empty place of its own hemisphere, or (emptyOrMarry) onto a top.
    if (dead !== 0 && this.endgame()) {
      const empty = ~tops.filled & (NORTH | SOUTH);
      for (let i = 0; i < PLACES; i++) {
        if ((dead & (1 << i)) === 0) continue;
        const home = inNorth(i) ? SOUTH : NORTH;
        if (empty & home) n = tops.addMoves(out, n, empty & home, makeMove(MoveKind.Grace, RACE + i, 0));
        if (this.marryOnTop) {
          const mask = tops.onto(t.top(RACE + i)) & home;
          if (mask !== 0) n = tops.addMoves(out, n, mask, makeMove(MoveKind.Marry, RACE + i, 0));
        }
      }
    }
    // Turn the stock (H6, H7): refills, then the next current card; or lay the last current card on the talon.
    if (t.size(STOCK) > 0 || t.size(CURRENT) > 0) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, t.size(STOCK) > 0);
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    if ((m & ~(REVEALS | 0x1fffffff)) !== 0 || countOf(m) !== 1 || from >= PILE_COUNT || to >= PILE_COUNT) return false;
    const flag = (m & REVEALS) !== 0;
    const kind = kindOf(m);
    if (kind === MoveKind.Turn) {
      return from === STOCK && to === CURRENT && t.size(STOCK) + t.size(CURRENT) > 0 && flag === t.size(STOCK) > 0;
    }
    if (flag || t.size(from) === 0) return false;
    const c = t.top(from);
    const place = from >= RACE && from < BARRIER;
    const fromLive = place && belongs(c, from - RACE);
    switch (kind) {
      case MoveKind.Play: {
        // Available: current card, talon top, a live place's top (H3), a barrier (H8).
        if (!(from === CURRENT || from === TALON || fromLive || (from >= BARRIER && from < STOCK))) return false;
        if (to >= RACE || (to >> 1) !== suitOf(c)) return false;
        const fits = (f: number) => {
          const top = t.top(f);
          return isRed(c) ? sameSuitUp(c, top) : sameSuitDown(c, top);
        };
        if (!fits(to)) return false;
        return (to & 1) === 0 || !fits(to - 1); // the first of an interchangeable pair
      }
      case MoveKind.Marry: {
        if (to < RACE || to >= BARRIER || to === from || t.size(to) === 0) return false;
        const y = t.top(to);
        if (!belongs(y, to - RACE)) return false; // H3: nothing is built on a dead card
        if (from === CURRENT || from === TALON) return marries(c, y); // H2
        if (!place) return false;
        if (fromLive) {
          // H2: within the Race
          if (Math.floor((from - RACE) / 3) !== Math.floor((to - RACE) / 3)) return false;
          return marries(c, y);
        }
        // H5 with emptyOrMarry: a dead card onto a top of its own hemisphere, at the end only
        if (!this.marryOnTop || !this.endgame()) return false;
        return inNorth(to - RACE) === isRed(c) && marries(c, y);
      }
      case MoveKind.Grace: {
        if (!place || fromLive || to < RACE || to >= BARRIER) return false;
        if (t.size(to) > 0) {
          // H4: a dead card in the North with a dead card in the South, written North to South
          return inNorth(from - RACE) && !inNorth(to - RACE) && !belongs(t.top(to), to - RACE);
        }
        // H5: to an empty place of its own hemisphere, at the end
        return this.endgame() && inNorth(to - RACE) === isRed(c);
      }
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
      case MoveKind.Marry:
        t.move(from, to);
        break;
      case MoveKind.Grace:
        if (t.size(to) > 0) {
          // H4: swap the two cards
          t.moveUnder(from, to);
          t.move(to, from);
        } else t.move(from, to); // H5
        break;
      case MoveKind.Turn:
        if (t.size(CURRENT) > 0) t.move(CURRENT, TALON); // H7: an unused current card goes to the talon
        refillInOrder(t, RACES, STOCK); // H6
        if (t.size(STOCK) > 0) t.move(STOCK, CURRENT);
        break;
      default:
        throw new Error(`hemispheres: cannot apply move ${m}`);
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
    const len = this.table.len;
    const f = 2 * suitOf(c);
    const r = rankOf(c);
    // A foundation of k cards takes rank k+1 next going up, rank 13-k going down.
    const up = isRed(c);
    const gap1 = up ? r - len[FOUNDATION + f]! - 1 : 13 - len[FOUNDATION + f]! - r;
    const gap2 = up ? r - len[FOUNDATION + f + 1]! - 1 : 13 - len[FOUNDATION + f + 1]! - r;
    return soonerNeed(gap1, gap2);
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let i = 0; i < PLACES; i++) {
      const p = RACE + i;
      const size = t.size(p);
      // A wrong-colour card is blocked though nothing covers it (H3): counted as one card deep.
      const extra = size > 0 && !belongs(t.top(p), i) ? 1 : 0;
      for (let k = 0; k < size; k++) {
        cards[n] = t.below(p, k);
        depths[n] = k + extra;
        piles[n++] = p;
      }
    }
    for (let b = 0; b < 4; b++) {
      if (t.size(BARRIER + b) === 0) continue;
      cards[n] = t.top(BARRIER + b);
      depths[n] = 0; // played whenever it fits (H8)
      piles[n++] = BARRIER + b;
    }
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    // Under a place's top lie only cards of its colour (H4: a dead card lies alone); an emptied place is
    // refilled from the unseen stock, or stays empty (H6).
    if (p === CURRENT || p >= BARRIER && p < STOCK) return NO_CARD;
    return t.size(p) > n ? t.below(p, n) : NO_CARD;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    this.updateWants();
    let n = 0;
    for (let p = CURRENT; p <= TALON; p++) {
      if (t.size(p) === 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    for (let i = 0; i < PLACES; i++) {
      const p = RACE + i;
      if (t.size(p) === 0 || !belongs(t.top(p), i)) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    for (let b = 0; b < 4; b++) {
      const p = BARRIER + b;
      if (t.size(p) === 0 || this.takingFoundation(t.top(p)) < 0) continue;
      cards[n] = t.top(p);
      piles[n++] = p;
    }
    return n;
  }

  coverAt(_p: number): number {
    return 0; // a card married or moved onto a place is its top
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const barriers = [0, 1, 2, 3].map((b) => BARRIER + b);
    for (const p of [CURRENT, TALON, ...RACES, ...barriers]) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (const p of [CURRENT, TALON, ...RACES]) for (const q of RACES) moves.push(makeMove(MoveKind.Marry, p, q));
    for (const p of RACES) for (const q of RACES) moves.push(makeMove(MoveKind.Grace, p, q));
    moves.push(makeMove(MoveKind.Turn, STOCK, CURRENT));
    return moves;
  }

  picture(): string {
    return drawHemispheres(this.table);
  }
}

// The picture: the ring of places round the cross of foundations, as in the plate. Ring cells hold
// [column, row]; the barriers sit at the ends of the cross, the equator runs from the king of hearts (west) to
// the king of diamonds (east).
const PLACE_AT: ReadonlyArray<readonly [number, number]> = [
  [4, 4], [10, 2], [20, 1], // European R1-R3
  [44, 1], [54, 2], [60, 4], // Asiatic R4-R6
  [60, 7], [54, 9], [44, 10], // Australian R7-R9
  [20, 10], [10, 9], [4, 7], // African R10-R12
];
const BARRIER_AT: ReadonlyArray<readonly [number, number]> = [[0, 5], [33, 0], [66, 5], [33, 11]];

function drawHemispheres(t: Table): string {
  const grid = Array.from({ length: 12 }, () => Array<string>(76).fill(' '));
  const write = (x: number, y: number, text: string) => {
    for (let i = 0; i < text.length; i++) grid[y]![x + i] = text[i]!;
  };
  const cell = (p: number, i: number) => {
    const size = t.size(p);
    if (size === 0) return '..';
    const top = showCard(t.top(p));
    if (!belongs(t.top(p), i)) return `(${top})`; // a wrong-colour card, dead (H3)
    return size > 1 ? `${top}+${size - 1}` : top;
  };
  for (let i = 0; i < PLACES; i++) write(PLACE_AT[i]![0], PLACE_AT[i]![1], `R${i + 1} ${cell(RACE + i, i)}`);
  for (let b = 0; b < 4; b++) {
    const [x, y] = BARRIER_AT[b]!;
    write(x, y, t.size(BARRIER + b) ? `[${showCard(t.top(BARRIER + b))}]` : '[  ]');
  }
  write(5, 5, '- '.repeat(9) + 'equator' + ' -'.repeat(9));
  // The cross: red foundations in the northern arm, black in the southern.
  const f = (k: number) => showCard(t.top(FOUNDATION + k));
  write(30, 2, `${f(2)} ${f(3)}`); // hearts up
  write(30, 4, `${f(4)} ${f(5)}`); // diamonds up
  write(30, 7, `${f(0)} ${f(1)}`); // spades down
  write(30, 9, `${f(6)} ${f(7)}`); // clubs down
  const lines = ['North: red cards; South: black cards. (x) a wrong-colour card; +n cards beneath; foundations in the'];
  lines.push('cross: hearts and diamonds up (north arm), spades and clubs down (south arm); barriers in brackets.');
  lines.push(...grid.map((row) => row.join('').trimEnd()));
  lines.push(`Races: ${RACE_NAMES.map((r, k) => `${r} R${3 * k + 1}-R${3 * k + 3}`).join(', ')}`);
  const piles: string[] = [];
  for (let i = 0; i < PLACES; i++) {
    const size = t.size(RACE + i);
    if (size > 1) piles.push(`R${i + 1}: ${Array.from({ length: size }, (_, k) => showCard(t.at(RACE + i, k))).join(' ')}`);
  }
  if (piles.length > 0) lines.push(`piles (bottom to top)  ${piles.join('   ')}`);
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}`);
  return lines.join('\n');
}

/** The Hemispheres: the game definition. */
export const hemispheres: Game = {
  id: 'hemispheres',
  title: 'The Hemispheres',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  create: (options) => new HemispheresState(options),
};
