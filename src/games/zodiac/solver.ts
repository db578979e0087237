// The Zodiac's solver-side declaration (Game.solving) and its dead-end rules, for the solver only: it knows every
// card; a player never calls these.
//
// The progress measure for the nested search, placedOrPlayed, needs no proof: it only orders that search.
//
// The dead-end rules read only the Zodiac piles and the foundations (unmarriable-cards, blocked-zodiac and
// suit-unwinnable through a cache named by table.version, which watches the ring, and the foundations' sizes:
// a version names the ring's contents, and in phase 1 those rules read nothing else; no-play-in-phase-2
// is worked out afresh). In phase 1 nothing ever leaves a Zodiac pile, and
// in phase 2 only its top card leaves, to a foundation (Z3): so the cards lying in a Zodiac pile now keep their
// order under each other for the rest of the deal, and a buried card is never a top again before phase 2.
// Every other card (stock, current card, talon, Equator) is "loose".
//
// The proofs below stand under the options Z8 and Z9 too. With turnedCard=talon every line is a line of the held
// card's with the same placements (a card used as soon as it is turned is the current card used, one used later
// the talon top; a turn or a re-deal lays the held card on the talon first), so a position that no line wins with
// the held card is lost without it. With failure=none a pass that places nothing brings back the position it
// began from (Z1), so a winning line without its passes of nothing still wins, under Z2; and no rule reads the
// progress variable. The placing plan's loss (solver-placing.ts) holds under both for the same reasons.
//
// With returns=free (Z11) a foundation top may come back in phase 2 onto a Zodiac top or into an empty Equator
// cell. The permanence above still holds (a Zodiac card still leaves only to a foundation; a card returned onto a
// pile only adds to what lies above), and unmarriable-cards reads phase 1, where no foundation holds a card. So
// unmarriable-cards and blocked-zodiac stand (see their proofs); no-play-in-phase-2 stands only with the
// foundations empty, and suit-unwinnable and the placing plan's loss are left out: a return and a play onto the
// suit's other foundation do what an exchange does, and those proofs read phase 2 without the exchange.

import { faceOf } from '../../core/card.js';
import type { Move } from '../../core/move.js';
import type { Decision, GameSolving, SolvingAid } from '../../core/solving.js';
import type { Table } from '../../core/table.js';
import type { UpDownFoundations } from '../../core/updown.js';
import { LAYOUT } from './layout.js';
import { isPlacing, zodiacFoundations } from './rules.js';
import { CELLS, PlacingPlanner } from './solver-placing.js';
import { playPlan } from './solver-placing-line.js';
import { safeMove } from './solver-safe-move.js';
import { SuitGames } from './solver-suit-search.js';
import type { ZodiacState } from './state.js';

const UP = LAYOUT.first.up;
const FOUNDATION_END = LAYOUT.end.down;
const EQUATOR = LAYOUT.first.equator;
const ZODIAC = LAYOUT.first.zodiac;
const ZODIAC_END = LAYOUT.end.zodiac;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;

/** Every card: placedOrPlayed's most in phase 1. */
const CARDS = 104;
/** placedOrPlayed's least in phase 2, above CARDS. */
const PHASE_2_SCORE = 128;

/**
 * The progress measure (SolvingAid.progress): in phase 1 the cards placed in the layout (32 as dealt, 104 once
 * every card is); in phase 2, 128 more than twice the cards on the foundations, above every score of phase 1. A
 * line that cannot place the whole stock (its every move a dead end, or Z2) still scores by how far phase 1 got,
 * where the foundations score every such line 0.
 */
export function placedOrPlayed(t: Table, played: number): number {
  if (isPlacing(t)) return CARDS - t.size(STOCK) - t.size(CURRENT) - t.size(TALON);
  return PHASE_2_SCORE + 2 * played;
}

/**
 * Names of the dead-end rules, in the order deadEnd() numbers them from 1; the last, placing-plan
 * (solver-placing.ts), is asked once at the root by decide(), not by deadEnd(): it costs a search of its own.
 */
export const DEAD_END_RULES: readonly string[] = [
  'unmarriable-cards',
  'blocked-zodiac',
  'no-play-in-phase-2',
  'suit-unwinnable',
  'placing-plan',
];

/** The dead-end rules with their cache and scratch. */
export class ZodiacDeadEnds {
  private deadVersion = -1;
  private deadPlayed = -1;
  private deadVerdict = 0;
  private readonly inRing = new Uint8Array(52); // copies of each face lying in the Zodiac
  private readonly isTop = new Uint8Array(52); // 1: some Zodiac pile's top is this face
  private readonly gotten = new Uint8Array(52); // blocked-zodiac: copies of each face off the Zodiac piles
  private readonly depth = new Uint8Array(24); // blocked-zodiac: cards still lying in each pile
  private readonly suits = new SuitGames(); // suit-unwinnable

  /** The rules for a state with these foundations, the exchange (Z6) and the returns (Z11) on or off. */
  constructor(
    private readonly foundations: UpDownFoundations,
    private readonly exchange: boolean,
    private readonly returns = false,
  ) {}

  /** 0, or 1 + the index in DEAD_END_RULES of a rule proving the position lost. */
  deadEnd(t: Table): number {
    // no-play-in-phase-2. Proof: in phase 2 the only moves are plays, Equator marriages (Z3) and exchanges
    // (Z6). A marriage only covers a card, so it never makes a play possible, and after it there are again only
    // marriages: a position of phase 2, not won, with no play and no exchange is lost. With returns (Z11) a
    // marriage empties a cell a return may fill, and a return lets the other copy of its card be played, so the
    // rule is asked only with every foundation empty: then there is nothing to return, now or after a marriage.
    if (!isPlacing(t) && (!this.returns || this.foundations.count(t) === 0)) {
      if (!this.anyPlay(t) && !this.foundations.complete(t)) return 3;
    }
    // The verdict is a function of the Zodiac piles (named by table.version) and the foundations, named by their
    // eight sizes (a count alone would not do: two plays of different suits from the Equator give equal counts,
    // and a wrong play can lose a suit).
    let played = 0;
    for (let f = UP; f < FOUNDATION_END; f++) played = played * 16 + t.size(f);
    if (t.version === this.deadVersion && played === this.deadPlayed) return this.deadVerdict;
    this.deadVersion = t.version;
    this.deadPlayed = played;
    this.deadVerdict = this.findDeadEnd(t);
    return this.deadVerdict;
  }

  /** Phase 2: whether some Equator card or Zodiac top fits a foundation, or an exchange is legal. */
  private anyPlay(t: Table): boolean {
    const f = this.foundations;
    for (let p = EQUATOR; p < ZODIAC_END; p++) if (t.size(p) > 0 && f.target(t, t.top(p)) >= 0) return true;
    if (this.exchange) for (let p = UP; p < FOUNDATION_END; p++) if (f.canExchange(t, p, f.partner(p))) return true;
    return false;
  }

  private findDeadEnd(t: Table): number {
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
    if (isPlacing(t) && this.unmarriable() > 8) return 1;
    if (this.zodiacBlocked(t)) return 2;
    if (!this.exchange && !this.returns)
      for (let suit = 0; suit < 4; suit++) if (!this.suits.winnable(t, suit)) return 4;
    return 0;
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
   * moves only between the two foundations, which changes nothing here; with returns, Z11, a card may leave a
   * foundation and be played again, and what follows reads only each card's first play from its pile). The
   * relaxation below plays a card once some copy of every rank below it, or of every rank above it, has been
   * played or lies loose (a loose card counted as playable at once), and takes a Zodiac card only from the top of
   * what is left of its pile. Its conditions only grow as cards are taken, so the order it takes them in does
   * not matter, and by induction along any winning line every card that line plays is taken by it: when the
   * line first plays a card from its pile, each card lying above it now has been played before, and each copy
   * on the foundations then is loose now or was played before from its pile (a card returned was played
   * first). So if it leaves a card in a pile, no line wins.
   */
  private zodiacBlocked(t: Table): boolean {
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
}

/** What the solver asks of The Zodiac: its dead-end rules, safe moves, progress measure and placing plan. */
export const zodiacSolving: GameSolving<ZodiacState> = {
  deadEndRules: DEAD_END_RULES,
  // The nested search's playout turns away from dead ends (solve/playout.ts): greedy's careless marriages in phase
  // 1 bury cards that suit-unwinnable then catches long before phase 2 shows it
  // (docs/decisions.md#zodiacs-nested-playout-shuns-dead).
  playoutShunsDeadEnds: true,
  aid: (state) => new ZodiacAid(state),
};

/** The solving aid of one state of The Zodiac. */
class ZodiacAid implements SolvingAid {
  private readonly table: Table;
  private readonly deadEnds: ZodiacDeadEnds;
  private readonly planner = new PlacingPlanner();

  constructor(private readonly state: ZodiacState) {
    this.table = state.table;
    this.deadEnds = new ZodiacDeadEnds(zodiacFoundations(state.exchange), state.exchange, state.returns);
  }

  deadEnd(): number {
    return this.deadEnds.deadEnd(this.table);
  }

  /** How far the position has come (placedOrPlayed). */
  progress(): number {
    return placedOrPlayed(this.table, this.state.foundationCount());
  }

  /**
   * Phase 1 decided by where the cards can end (solver-placing.ts), within about `most` sets of piles, each
   * counted as one step whatever its suit game costs: a loss placing-plan proves, or the plan played out
   * (solver-placing-line.ts); nothing in phase 2.
   */
  decide(most: number): Decision {
    const t = this.table;
    if (!isPlacing(t)) return { spent: 0, line: [], lostBy: 0 };
    const plan = this.planner.plan(t, most);
    const spent = this.planner.sets;
    // The plan's loss proof reads each suit's phase 2 without the exchange (Z6) and without returns (Z11).
    if (plan.lost && !this.state.exchange && !this.state.returns)
      return { spent, line: [], lostBy: DEAD_END_RULES.indexOf('placing-plan') + 1 };
    const line: Move[] = [];
    const won = plan.left <= CELLS && playPlan(this.state, plan, line);
    for (let i = 0; i < line.length; i++) this.state.undo();
    return { spent, line: won ? line : [], lostBy: 0 };
  }

  /** A move proved to keep every win within reach (proofs in solver-safe-move.ts); -1 when none. */
  safeMove(moves: Int32Array, n: number): Move {
    // Z11: none under returns (solver-safe-move.ts says why)
    return this.state.returns ? -1 : safeMove(this.table, this.state.exchange, moves, n);
  }
}
