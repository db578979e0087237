// The Fish-Bone's moves: the deal, the plays, marriages, fills, turns and the re-deal, and the placements that
// follow them (rulings in index.ts; the spine in spine.ts, the tops' cache in tops.ts).

import { NO_CARD, faceOf, rankOf, type Card } from '../../core/card.js';
import { GameBase } from '../../core/base-state.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { packetCards } from '../../core/packets.js';
import { TurnedStock } from '../../core/stock.js';
import { LAYOUT, VARS } from './layout.js';
import { drawFishBone } from './picture.js';
import { Spine, isCourt, isKnave } from './spine.js';
import {
  canFill,
  canRedeal,
  firstVacancy,
  knaveFor,
  marriageTarget,
  stockSide,
  talonFills,
  turnReveals,
} from './rules.js';
import { Tops } from './tops.js';

const CURRENT = LAYOUT.first.current;
const DEAL = VARS.index.deal;
const GRID = LAYOUT.first.gridiron;
const GRID_END = LAYOUT.end.gridiron;
const GRID_PILES = LAYOUT.count.gridiron;
const KNAVE = LAYOUT.first.knave;
const KNAVES = LAYOUT.count.knave;
const STOCK = LAYOUT.first.stock;
const TALON = LAYOUT.first.talon;

/** One position of The Fish-Bone. */
export class FishBoneState extends GameBase {
  declare protected readonly foundations: Spine;
  private readonly outside = new TurnedStock(STOCK, CURRENT, TALON);
  private readonly tops = new Tops();

  constructor(options: Options) {
    super(options, LAYOUT, VARS, 104, new Spine()); // F12: every card counts
    this.table.watch(KNAVE, GRID_END); // the spine and the gridiron, for the tops' cache
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    for (let g = 0; g < GRID_PILES; g++) t.put(GRID + g, deck[g]!);
    this.outside.load(t, deck.subarray(GRID_PILES));
    t.set(DEAL, 1);
    this.settle(); // F4: knaves among the six go to the spine; their places wait for the player (F1)
    t.commit();
  }

  legalMoves(out: Int32Array): number {
    const t = this.table;
    const tops = this.tops;
    tops.update(t);
    let n = 0;
    // Plays: the current card, the talon top, then the gridiron tops, onto the knave piles.
    n = tops.addPlay(t, out, n, CURRENT);
    n = tops.addPlay(t, out, n, TALON);
    n = tops.addGridPlays(out, n);
    // Marriages: the current card, then the talon top, onto the gridiron tops, same suit +1.
    n = tops.addMarriages(t, out, n, CURRENT);
    n = tops.addMarriages(t, out, n, TALON);
    // Fills (F1, F8): the first vacancy takes the stock side or the talon top.
    // While one can be filled, no card is turned and no re-deal made.
    const v = firstVacancy(t);
    if (v >= 0 && canFill(t)) {
      // F8, rules.ts stockSide, written out here so that legalMoves stays too long for V8 to inline into the play
      // loop, where it would crowd out greedy's scoring (docs/decisions.md#fish-bones-f8-stockside-measured).
      if (t.size(CURRENT) > 0) out[n++] = makeMove(MoveKind.Fill, CURRENT, v);
      else if (t.size(STOCK) > 0) out[n++] = makeMove(MoveKind.Fill, STOCK, v, 1, true);
      if (talonFills(t)) out[n++] = makeMove(MoveKind.Fill, TALON, v);
      return n;
    }
    // Turn the next card (the held current card goes to the talon), or, the stock out, re-deal once (F5).
    if (this.outside.hasStockTop(t)) out[n++] = makeMove(MoveKind.Turn, STOCK, CURRENT, 1, turnReveals(t));
    else if (canRedeal(t)) out[n++] = makeMove(MoveKind.Redeal, TALON, STOCK);
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    const from = fromOf(m);
    const to = toOf(m);
    const flag = reveals(m);
    const outsideCard = from === CURRENT || from === TALON;
    const gridFrom = from >= GRID && from < GRID_END;
    switch (kindOf(m)) {
      case MoveKind.Play: {
        // A ten down to an ace, available, onto a knave pile of its suit one higher (Rule I).
        if (flag || !(outsideCard || gridFrom) || t.size(from) === 0) return false;
        if (to < KNAVE || to >= KNAVE + KNAVES || t.size(to) === 0) return false;
        return knaveFor(t, t.top(from)) === to; // engine note: the first of a pair
      }
      case MoveKind.Marry: {
        // Only from the current card or the talon, never gridiron to gridiron; never a king or queen (F2).
        if (flag || !outsideCard || t.size(from) === 0) return false;
        if (to < GRID || to >= GRID_END || t.size(to) === 0) return false;
        return marriageTarget(t.top(to)) === faceOf(t.top(from));
      }
      case MoveKind.Fill: {
        if (to !== firstVacancy(t)) return false; // F8: the first vacancy
        if (from === TALON) return !flag && talonFills(t); // F9
        return from === stockSide(t) && flag === (from === STOCK); // F8: the stock side
      }
      case MoveKind.Turn:
        // F1: a vacancy is filled first.
        if (from !== STOCK || to !== CURRENT || !this.outside.hasStockTop(t) || firstVacancy(t) >= 0) return false;
        return flag === turnReveals(t);
      case MoveKind.Redeal:
        return !flag && from === TALON && to === STOCK && canRedeal(t); // F5, F8
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
      case MoveKind.Fill:
        t.move(from, toOf(m));
        if (from === TALON)
          this.settleTalon(); // F9: a king or queen uncovered on the talon goes at once
        else if (from === STOCK) this.settleTurned(toOf(m)); // F7, F9: a card turned into a vacancy
        break;
      case MoveKind.Turn:
        this.outside.turn(t);
        this.settleTurned(CURRENT);
        break;
      case MoveKind.Redeal:
        this.outside.redeal(t); // F5: turned over, no shuffle
        t.set(DEAL, 2);
        break;
      default:
        throw new Error(`fish-bone: cannot apply move ${m}`);
    }
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    const t = this.table;
    let n = this.outside.visibleCards(t, cards, depths, piles); // the current card, then the talon
    for (let g = GRID; g < GRID_END; g++) n = packetCards(t, g, cards, depths, piles, n);
    return n;
  }

  uncovers(p: number, n: number): Card {
    const t = this.table;
    if (p === CURRENT || t.size(p) <= n) return NO_CARD; // an emptied gridiron pile is a vacancy
    if (p !== TALON) return t.below(p, n);
    return this.foundations.underCourts(t, TALON, n); // F3, F9: kings and queens uncovered go at once
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

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    const grid = Array.from({ length: GRID_PILES }, (_, i) => GRID + i);
    for (const p of [CURRENT, TALON, ...grid])
      for (let k = 0; k < KNAVES; k++) moves.push(makeMove(MoveKind.Play, p, KNAVE + k));
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
    for (let g = GRID; g < GRID_END; g++) if (isKnave(t.top(g))) t.move(g, this.foundations.nextKnavePile(t));
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
      t.move(p, this.foundations.nextKnavePile(t));
      this.settleCourts();
    } else if (r >= 12) {
      const slot = this.foundations.freeSlot(t, c);
      t.move(p, slot >= 0 ? slot : TALON);
    }
  }

  /** Kings and queens to their free slots, from the gridiron tops, then the talon top (F3, F10). */
  private settleCourts(): void {
    const t = this.table;
    const len = t.len;
    for (let g = GRID; g < GRID_END; g++) {
      if (len[g] === 0 || !isCourt(t.top(g))) continue;
      const slot = this.foundations.freeSlot(t, t.top(g));
      if (slot >= 0) t.move(g, slot);
    }
    this.settleTalon();
  }

  /** Kings and queens from the talon top to their free slots, one after another as they are uncovered (F9). */
  private settleTalon(): void {
    const t = this.table;
    for (let c = t.top(TALON); isCourt(c); c = t.top(TALON)) {
      const slot = this.foundations.freeSlot(t, c);
      if (slot < 0) return;
      t.move(TALON, slot);
    }
  }
}
