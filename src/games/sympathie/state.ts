// Sympathie's moves: the deal, the turns of both players and the graces, and the pairing that follows each
// turned card (rulings in index.ts; the piles in layout.ts, the pairs laid aside in pairs.ts).

import { copyOf, showCard, type Card } from '../../core/card.js';
import { GameBase } from '../../core/base-state.js';
import type { Deck } from '../../core/deck.js';
import { MoveKind, fromOf, kindOf, makeMove, reveals, toOf, type Move } from '../../core/move.js';
import type { Options } from '../../core/options.js';
import { LAYOUT, UNSEEN_GROUPS, VARS } from './layout.js';
import { PairsLaidAside } from './pairs.js';
import { downOf as downOfRule, faceDownTop as faceDownTopRule, turnPacket, upOf as upOfRule } from './rules.js';

const SLOTS = LAYOUT.count.aDown; // a player's packets, his grace the last
const PACKETS = SLOTS - 1;
const GRACE = PACKETS; // the grace is packet index 17 of each player
const PAIRS = LAYOUT.first.pairs; // PAIRS + P: the cards player P has laid aside
const PHASE = VARS.index.phase;
// Imported functions as consts of this module (docs/DEVELOPING.md, "Constants on the hot paths").
const downOf = downOfRule;
const upOf = upOfRule;
const faceDownTop = faceDownTopRule;
const TURN = VARS.index.turn;
const A = 0;
const B = 1;
const PLAYER_NAMES = ['A', 'B'];

// Phases (variable `phase`), in the order they come.
const TURNING = 0; // alternate turning before the graces
const GRACE_A = 1; // A's grace is due
const AFTER_A = 2; // turning after A's grace, B first
const GRACE_B = 3; // B's grace is due
const AFTER_B = 4; // turning after B's grace, A first
const OVER = 5;
const PHASE_NAMES = [
  'turning, before the graces',
  "A's grace next",
  "turning after A's grace",
  "B's grace next",
  "turning after B's grace",
  'game over',
];

/** One position of Sympathie: both players' packets, graces and pairs. */
export class SympathieState extends GameBase {
  readonly unseenGroups = UNSEEN_GROUPS;
  private readonly best: boolean;
  private readonly oneTurn: boolean;
  private readonly packs = [new Uint8Array(52), new Uint8Array(52)];

  constructor(options: Options) {
    super(options, LAYOUT, VARS, 104, new PairsLaidAside(), { cap: 52 });
    this.best = options['turnOrder'] === 'best';
    this.oneTurn = options['graceFollowUp'] === 'oneTurn';
  }

  deal(deck: Deck): void {
    const t = this.table;
    t.clear();
    // Each player's pack: his copy of each card, in deck order.
    let na = 0;
    let nb = 0;
    for (let i = 0; i < deck.length; i++) {
      const c = deck[i]!;
      if (copyOf(c) === A) this.packs[A]![na++] = c;
      else this.packs[B]![nb++] = c;
    }
    for (let p = A; p <= B; p++) {
      const pack = this.packs[p]!;
      for (let i = 0; i < 51; i++) {
        // Three cards to a packet, the first at the bottom. Play 1: A turns up the top of each of his packets,
        // no pairing yet (done while dealing, as the text allows).
        const k = Math.floor(i / 3);
        t.put(p === A && i % 3 === 2 ? upOf(A) + k : downOf(p) + k, pack[i]!);
      }
      t.put(downOf(p) + GRACE, pack[51]!);
    }
    t.vars[PHASE] = TURNING;
    t.vars[TURN] = B;
    t.commit();
  }

  /** The moves now: the next packet in deal order, or with turnOrder=best any packet with a face-down top (Y1). */
  legalMoves(out: Int32Array): number {
    const t = this.table;
    const phase = t.vars[PHASE]!;
    if (phase === OVER) return 0;
    if (phase === GRACE_A || phase === GRACE_B) {
      const p = phase === GRACE_A ? A : B;
      out[0] = makeMove(MoveKind.Turn, downOf(p) + GRACE, upOf(p) + GRACE, 1, true);
      return 1;
    }
    // Turning: the packets of the player on turn whose top is face down, in deal order (Y1); only the first
    // of them unless the player chooses the order.
    const p = t.vars[TURN]!;
    const len = t.len;
    let n = 0;
    for (let k = 0; k < PACKETS; k++) {
      if (!faceDownTop(len, p, k)) continue;
      out[n++] = makeMove(MoveKind.Turn, downOf(p) + k, upOf(p) + k, 1, true);
      if (!this.best) break;
    }
    return n;
  }

  protected legalMove(m: Move): boolean {
    const t = this.table;
    if (kindOf(m) !== MoveKind.Turn || !reveals(m)) return false;
    const from = fromOf(m);
    const to = toOf(m);
    if (from >= PAIRS) return false;
    const p = from < downOf(B) ? A : B;
    const k = from - downOf(p);
    if (k >= SLOTS || to !== upOf(p) + k) return false; // from a face-down part onto its own packet's top
    if (!faceDownTop(t.len, p, k)) return false;
    const phase = t.vars[PHASE]!;
    if (k === GRACE) return phase === (p === A ? GRACE_A : GRACE_B); // Y3: each grace at its time
    if (phase === GRACE_A || phase === GRACE_B || phase === OVER || t.vars[TURN] !== p) return false;
    if (this.best) return true;
    // Y1: in deal order, so no earlier packet of his may still show a face-down top.
    for (let j = 0; j < k; j++) if (faceDownTop(t.len, p, j)) return false;
    return true;
  }

  protected play(m: Move): void {
    const t = this.table;
    const down = fromOf(m);
    const up = toOf(m);
    const p = down < downOf(B) ? A : B;
    turnPacket(t, p, down, up); // Y2, Y3
    if (down - downOf(p) === GRACE) {
      // Y3: after A's grace turns alternate again, B first; after B's, A first.
      t.set(PHASE, p === A ? AFTER_A : AFTER_B);
      t.set(TURN, 1 - p);
    }
    this.settle();
  }

  /**
   * Carry play on to the next position with a move: pass the turn while the player on turn has no face-down
   * top, and when turning has stopped, go on to the next grace or the end (play 4-5, Y3, Y5).
   */
  private settle(): void {
    const t = this.table;
    for (;;) {
      const phase = t.vars[PHASE]!;
      if (phase === GRACE_A || phase === GRACE_B || phase === OVER) return;
      const p = t.vars[TURN]!;
      if (this.hasFaceDownTop(p)) return;
      // A turn changes nothing for a player without a face-down top; under oneTurn the single turn after a
      // grace is then over (Y5).
      if (!(this.oneTurn && phase !== TURNING) && this.hasFaceDownTop(1 - p)) {
        t.set(TURN, 1 - p);
        return;
      }
      t.set(PHASE, phase + 1);
    }
  }

  /** Whether player p has a packet whose top is face down (his grace apart). */
  private hasFaceDownTop(p: number): boolean {
    const len = this.table.len;
    for (let k = 0; k < PACKETS; k++) if (faceDownTop(len, p, k)) return true;
    return false;
  }

  visibleCards(cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    return this.faceUpTops(cards, piles, depths);
  }

  uncovers(_p: number, _n: number): Card {
    // Under a face-up top lie only face-down cards: nothing becomes available without being turned.
    return 255;
  }

  availableCards(cards: Uint8Array, piles: Uint8Array): number {
    return this.faceUpTops(cards, piles);
  }

  /** The face-up tops of both players (each available to be paired, nothing in front of it). */
  private faceUpTops(cards: Uint8Array, piles: Uint8Array, depths?: Uint8Array): number {
    const t = this.table;
    let n = 0;
    for (let p = A; p <= B; p++) {
      for (let k = 0; k < SLOTS; k++) {
        const q = upOf(p) + k;
        if (t.size(q) === 0) continue;
        cards[n] = t.top(q);
        if (depths) depths[n] = 0;
        piles[n++] = q;
      }
    }
    return n;
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (let p = A; p <= B; p++)
      for (let k = 0; k < SLOTS; k++) moves.push(makeMove(MoveKind.Turn, downOf(p) + k, upOf(p) + k));
    return moves;
  }

  picture(): string {
    const t = this.table;
    const cell = (p: number, k: number): string => {
      const down = t.size(downOf(p) + k);
      const up = t.size(upOf(p) + k) > 0 ? showCard(t.top(upOf(p) + k)) : '';
      if (up === '' && down === 0) return '--';
      return [up, down > 0 ? `[${down}]` : ''].filter((s) => s !== '').join(' ');
    };
    const lines = ['packet  A           B'];
    for (let k = 0; k < SLOTS; k++) {
      const label = k === GRACE ? 'grace' : String(k + 1).padStart(3);
      lines.push(`${label.padEnd(8)}${cell(A, k).padEnd(12)}${cell(B, k)}`);
    }
    const phase = t.vars[PHASE]!;
    const turning = phase === TURNING || phase === AFTER_A || phase === AFTER_B;
    const whose = turning ? `${PLAYER_NAMES[t.vars[TURN]!]}'s turn, ` : '';
    const a = t.size(PAIRS + A);
    const last = a > 0 ? `, last ${showCard(t.top(PAIRS + A))}` : '';
    lines.push(
      `laid aside in pairs: ${a + t.size(PAIRS + B)} of 104 cards (A ${a}, B ${t.size(PAIRS + B)}${last})   [${whose}${PHASE_NAMES[phase]}]`,
    );
    lines.push('a card: the face-up top; [n]: n cards face down (beneath it, or the top itself face down); --: empty');
    return lines.join('\n');
  }
}
