// The Constitution's moves: the deal, plays from the Privy Council, builds one row up, the compulsory fills and
// the turn of the stock (rulings in index.ts). The rulings they share are in rules.ts, the build cache in
// builds.ts, the solver's rules in solver.ts and solver-safe-move.ts, the picture in picture.ts.

import { NO_CARD, rankOf, suitOf, type Card } from '../../core/card.js';
import { altColourDown, sameSuitUp } from '../../core/building.js';
import { GameBase } from '../../core/base-state.js';
import type { Deck } from '../../core/deck.js';
import { lowestBit } from '../../core/bits.js';
import { TwinUpFoundations } from '../../core/foundations.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { packetCards } from '../../core/packets.js';
import { BuildTakers } from './builds.js';
import { LAYOUT, Phase, VARS, isLayout, rowOf, rowStart } from './layout.js';
import { drawConstitution } from './picture.js';
import { canTurn, emptyingReveals, foundationFor, rowAbove, vacate } from './rules.js';

// The pile numbers as this module's own constants (docs/DEVELOPING.md, "Constants on the hot paths").
const FOUNDATION = LAYOUT.first.foundation;
const PEOPLE = LAYOUT.first.people; // row 1; rows 2 (Commons) and 3 (Lords) follow, WIDTH piles each
const WIDTH = LAYOUT.count.people; // piles in a row
const PRIVY = LAYOUT.first.privy; // row 4, the Privy Council: the only row that plays
const LAYOUT_END = LAYOUT.end.privy;
const STOCK = LAYOUT.first.stock;
const TALON = LAYOUT.first.talon;
const OUT = LAYOUT.first.out;
const PHASE = VARS.index.phase;
const VACANCY = VARS.index.vacancy;
const JACK = 11;

/** One position of The Constitution. */
export class ConstitutionState extends GameBase {
  private readonly dealt = new Uint8Array(80);
  private readonly builds = new BuildTakers(); // the hot cache of the builds (builds.ts)

  constructor(options: Options) {
    // Eight foundations, two per suit, each an ace laid at the deal built up to the knave (11 cards).
    super(options, LAYOUT, VARS, 80, new TwinUpFoundations(FOUNDATION, 1, JACK));
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
    for (let i = 0; i < LAYOUT_END - PEOPLE; i++) t.put(PEOPLE + i, this.dealt[i]!);
    for (let i = n - 1; i >= LAYOUT_END - PEOPLE; i--) t.put(STOCK, this.dealt[i]!);
    t.set(PHASE, Phase.Free);
    t.commit();
  }

  /** The moves now: a pending fill alone (C2), else plays and builds, all optional (C4), and the turn (C6). */
  legalMoves(out: Int32Array): number {
    const t = this.table;
    const len = t.len;
    let n = 0;
    if (t.vars[PHASE] === Phase.Fill) {
      // C2: any top card of the row directly below fills the vacancy.
      const v = t.vars[VACANCY]!;
      const below = rowStart(rowOf(v) - 1);
      for (let p = below; p < below + WIDTH; p++) {
        if (len[p] !== 0) out[n++] = makeMove(MoveKind.Fill, p, v, 1, emptyingReveals(len, p));
      }
      return n;
    }
    // Plays: only from the Privy Council.
    for (let p = PRIVY; p < LAYOUT_END; p++) {
      if (len[p] === 0) continue;
      const f = foundationFor(t, t.top(p));
      if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f, 1, emptyingReveals(len, p));
    }
    // Builds: from row k onto row k+1 (C3), alternate colour one lower.
    const builds = this.builds;
    builds.update(t);
    for (let row = 0, first = PEOPLE; first < PRIVY; row++, first += WIDTH) {
      const above = rowAbove(first);
      for (let p = first; p < first + WIDTH; p++) {
        if (len[p] === 0) continue;
        let mask = builds.onto(row, t.top(p));
        if (mask === 0) continue;
        const flag = emptyingReveals(len, p);
        while (mask !== 0) {
          const i = lowestBit(mask);
          mask &= mask - 1;
          out[n++] = makeMove(MoveKind.Marry, p, above + i, 1, flag);
        }
      }
    }
    if (canTurn(len)) out[n++] = makeMove(MoveKind.Turn, STOCK, TALON, 1, true); // C5, C6
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const len = t.len;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    const free = t.vars[PHASE] === Phase.Free;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        // Only a Privy Council top plays, onto a foundation of its suit one lower.
        if (!free || from < PRIVY || from >= LAYOUT_END || to >= PEOPLE || t.size(from) === 0) return false;
        const c = t.top(from);
        if (!sameSuitUp(c, t.top(to))) return false;
        if (to >= 4 && sameSuitUp(c, t.top(to - 4))) return false; // the first of two equal foundations
        return flag === emptyingReveals(len, from);
      }
      case MoveKind.Marry: {
        // A build goes exactly one row up, alternate colour one lower (Rules II, IV).
        if (!free || !isLayout(from) || !isLayout(to) || rowOf(to) !== rowOf(from) + 1) return false;
        if (t.size(from) === 0 || t.size(to) === 0) return false;
        if (!altColourDown(t.top(from), t.top(to))) return false;
        return flag === emptyingReveals(len, from);
      }
      case MoveKind.Fill: {
        // C2: the pending vacancy takes a top card of the row directly below.
        if (free || to !== t.vars[VACANCY] || !isLayout(from) || rowOf(from) !== rowOf(to) - 1) return false;
        if (t.size(from) === 0) return false;
        return flag === emptyingReveals(len, from);
      }
      case MoveKind.Turn:
        return free && from === STOCK && to === TALON && t.size(STOCK) > 0 && flag;
      default:
        return false;
    }
  }

  protected play(m: Move): void {
    const t = this.table;
    const from = fromOf(m);
    switch (kindOf(m)) {
      case MoveKind.Play:
      case MoveKind.Marry:
        t.move(from, toOf(m));
        vacate(t, from);
        break;
      case MoveKind.Fill:
        t.move(from, toOf(m));
        t.set(PHASE, Phase.Free);
        vacate(t, from);
        break;
      case MoveKind.Turn:
        t.move(STOCK, TALON); // C6
        break;
      default:
        throw new Error(`constitution: cannot apply move ${m}`);
    }
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

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (let p = PRIVY; p < LAYOUT_END; p++) for (let f = 0; f < 8; f++) moves.push(makeMove(MoveKind.Play, p, f));
    for (let p = PEOPLE; p < PRIVY; p++) {
      const above = rowAbove(p);
      for (let q = above; q < above + WIDTH; q++) {
        moves.push(makeMove(MoveKind.Marry, p, q), makeMove(MoveKind.Fill, p, q));
      }
    }
    moves.push(makeMove(MoveKind.Turn, STOCK, TALON));
    return moves;
  }

  picture(): string {
    return drawConstitution(this.table);
  }
}
