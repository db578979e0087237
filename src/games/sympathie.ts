// Sympathie (`sympathie`): Cadogan's two-player pairing game, C1874 (seed 003 part g), played by one simulated
// "player" who makes the moves of both players. The rules card below is the game's header; code comments cite
// its ruling ids.

import { copyOf, showCard, type Card } from '../core/card.js';
import type { Deck } from '../core/deck.js';
import { PileRole, type Game, type GameState } from '../core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, makeMove, toOf, type Move } from '../core/move.js';
import type { OptionSpec, Options } from '../core/options.js';
import { Table } from '../core/table.js';

const RULES_CARD = `Sympathie (sympathie)
Source: Cadogan, C1874 (seed 003 part g). A game for two players, A (first) and B (second).

Cards. Each player has his own full pack, shuffled separately: A the deck's first copy of each card (copy 0),
B the second (copy 1), each pack in the order its cards come in the deck. Each deals 17 face-down packets of 3,
A1-A17 and B1-B17, the three cards of a packet together, the first dealt at the bottom; the 52nd card is his
grace, kept face down.

Play.
1. A turns up the top card of each of his packets; no pairing yet (done while dealing, as the text allows).
2. B's turn. B goes through his packets in order (Y1). For each packet with a face-down top: turn that card;
   if it is identical, in rank and suit, to a face-up top of A, both are laid aside and the next card of the
   same packet is turned, and so on (Y2); stop at a card that does not match, or at an empty packet. An A
   packet whose top was taken shows a face-down card, which stays face down until A's turn (Y2).
3. A's turn: the same, A's face-down tops against B's face-up tops.
4. Turns alternate until a turn by each player changes nothing.
5. Graces (Y3). A turns his grace as an 18th packet of one card: matching a face-up top of B, both are laid
   aside; else it stays face up as one of A's tops. Turns alternate again, B first, until nothing changes.
   Then B turns his grace the same way, turns alternate again, A first, until nothing changes. The end.

Win (Y4). All 104 cards paired ("Sympathie" established). For the analyzer: won = all 104 cards laid aside;
the foundations are the two piles of cards laid aside in pairs, one per player, and foundationCount counts the
cards on both (0..104, always even), so cardsInPlay is 104.

Decisions. None under the default rules: each step has one move, turning the next card (or grace) due.

Rulings (RULES.md 10).
Y1  turnOrder: dealOrder (default: packets are turned in deal order, 1 to 17) or best (the player chooses
    which of his packets with a face-down top to turn next, within each turn).
Y2  After a match, keep turning the same packet while it keeps matching. The opponent's newly exposed card
    stays face down until the opponent's turn.
Y3  graceFollowUp: resume (default: after each grace the alternate turning resumes until nothing changes,
    so a grace that pairs exposes a face-down card that is then turned as usual) or oneTurn (each grace is
    followed by exactly one more turn of the opponent, then the game goes on to the next grace or ends).
Y4  Success means no cards remain; the text's "cards ... unturned" is read as "cards remaining".
Y5  (this program; Y3's oneTurn spelt out) With graceFollowUp=oneTurn the end runs: A's grace, one turn of
    B, B's grace, one turn of A, end. A turn of a player with no face-down top changes nothing.

Engine notes. A turn changes nothing exactly when the player has no packet with a face-down top, so turning
stops when neither player has one. The order of packets within a turn cannot change the outcome: a card
turned by B pairs exactly when its twin was a face-up top of A as the turn began (A's tops only leave during
B's turn by pairing with their own twins, and A's newly exposed cards stay face down, Y2), and the same for A.
So turnOrder=best gives the same result as dealOrder on every deal, and every player - random, greedy,
lookahead - reaches the same end. Face-down cards lie in piles of role Stock (hidden); every move turns one
and carries the reveal flag.`;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'turnOrder',
    values: ['dealOrder', 'best'],
    default: 'dealOrder',
    ruling: 'Y1',
    summary: 'packets turned in deal order, or in the order the player chooses within each turn',
  },
  {
    name: 'graceFollowUp',
    values: ['resume', 'oneTurn'],
    default: 'resume',
    ruling: 'Y3',
    summary: 'after each grace turning resumes until nothing changes, or only one more turn of the opponent',
  },
];

// Piles. Player P (0 = A, 1 = B) has 18 packets (the 17 packets and, as the 18th, the grace), each split in
// its face-down part DOWN(P)+k (hidden) and its face-up top UP(P)+k (at most one card), and a pile of cards
// laid aside. A packet's top is face down when its face-down part holds cards and its face-up part none.
const PACKETS = 17;
const GRACE = 17; // the grace is packet index 17 of each player
const SLOTS = 18;
const PLAYER_PILES = 2 * SLOTS;
const A = 0;
const B = 1;
const PAIRS = 2 * PLAYER_PILES; // PAIRS + P: the cards player P has laid aside
const PILE_COUNT = PAIRS + 2;
const PLAYER_NAMES = ['A', 'B'];

/** First face-down pile of player p. */
function downOf(p: number): number {
  return p * PLAYER_PILES;
}

/** First face-up pile of player p. */
function upOf(p: number): number {
  return p * PLAYER_PILES + SLOTS;
}

// Variables.
const PHASE = 0;
const TURN = 1; // whose turn it is while turning: A or B
// Phases, in the order they come.
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

const PILE_NAMES: readonly string[] = (() => {
  const names: string[] = [];
  for (const who of PLAYER_NAMES) {
    for (const part of [' face down', '']) {
      for (let k = 0; k < SLOTS; k++) names.push(k === GRACE ? `${who} grace${part}` : `${who} packet ${k + 1}${part}`);
    }
  }
  names.push("A's pairs", "B's pairs");
  return names;
})();

const PILE_ROLES = new Uint8Array(PILE_COUNT);
for (const p of [A, B]) {
  PILE_ROLES.fill(PileRole.Stock, downOf(p), downOf(p) + SLOTS); // face-down cards are hidden (RULES.md 14.4)
  PILE_ROLES.fill(PileRole.Layout, upOf(p), upOf(p) + SLOTS);
}
PILE_ROLES[PAIRS + A] = PileRole.Foundation;
PILE_ROLES[PAIRS + B] = PileRole.Foundation;

/** Sampling the unseen cards (core/sample.ts): a player's face-down cards are his own pack's (group = player). */
const UNSEEN_GROUPS = {
  ofPile: Uint8Array.from({ length: PILE_COUNT }, (_, q) => (q < PLAYER_PILES ? A : B)),
  ofCard: Uint8Array.from({ length: 104 }, (_, c) => copyOf(c)),
};

/** The other copy of a card: the same rank and suit in the other player's pack. */
function twinOf(c: Card): Card {
  return c >= 52 ? c - 52 : c + 52;
}

/** One position of Sympathie: both players' packets, graces and pairs. */
class SympathieState implements GameState {
  readonly table = new Table(PILE_COUNT, 2, 52);
  readonly cardsInPlay = 104;
  readonly pileNames = PILE_NAMES;
  readonly pileRoles = PILE_ROLES;
  readonly unseenGroups = UNSEEN_GROUPS;
  private readonly best: boolean;
  private readonly oneTurn: boolean;
  private readonly packs = [new Uint8Array(52), new Uint8Array(52)];

  constructor(readonly options: Options) {
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
    for (const p of [A, B]) {
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
      if (len[downOf(p) + k] === 0 || len[upOf(p) + k] !== 0) continue;
      out[n++] = makeMove(MoveKind.Turn, downOf(p) + k, upOf(p) + k, 1, true);
      if (!this.best) break;
    }
    return n;
  }

  isLegal(m: Move): boolean {
    const t = this.table;
    if (kindOf(m) !== MoveKind.Turn || countOf(m) !== 1 || (m & REVEALS) === 0) return false;
    if ((m & ~(REVEALS | 0x1fffffff)) !== 0) return false;
    const from = fromOf(m);
    const to = toOf(m);
    if (from >= PAIRS) return false;
    const p = from < PLAYER_PILES ? A : B;
    const k = from - downOf(p);
    if (k >= SLOTS || to !== upOf(p) + k) return false; // from a face-down part onto its own packet's top
    if (t.size(from) === 0 || t.size(to) !== 0) return false; // the top is face down
    const phase = t.vars[PHASE]!;
    if (k === GRACE) return phase === (p === A ? GRACE_A : GRACE_B); // Y3: each grace at its time
    if (phase === GRACE_A || phase === GRACE_B || phase === OVER || t.vars[TURN] !== p) return false;
    if (this.best) return true;
    // Y1: in deal order, so no earlier packet of his may still show a face-down top.
    for (let j = 0; j < k; j++) if (t.size(downOf(p) + j) > 0 && t.size(upOf(p) + j) === 0) return false;
    return true;
  }

  apply(m: Move): void {
    const t = this.table;
    t.begin();
    const down = fromOf(m);
    const up = toOf(m);
    const p = down < PLAYER_PILES ? A : B;
    const other = upOf(1 - p);
    // Turn the top; while it pairs with a face-up top of the other player, lay both aside and turn the next
    // card of the same packet (Y2). The other player's packet now shows a face-down card until his turn.
    // A grace is turned the same way, as a packet of one card (Y3).
    for (;;) {
      const c = t.move(down, up);
      const twin = twinOf(c);
      let q = -1;
      for (let k = 0; k < SLOTS; k++) {
        if (t.top(other + k) === twin) {
          q = other + k;
          break;
        }
      }
      if (q < 0) break;
      t.move(up, PAIRS + p);
      t.move(q, PAIRS + 1 - p);
      if (t.size(down) === 0) break;
    }
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
    for (let k = 0; k < PACKETS; k++) if (len[downOf(p) + k] !== 0 && len[upOf(p) + k] === 0) return true;
    return false;
  }

  undo(): void {
    this.table.undo();
  }

  isWon(): boolean {
    // Y4: every card paired and laid aside.
    return this.table.size(PAIRS + A) + this.table.size(PAIRS + B) === 104;
  }

  foundationCount(): number {
    return this.table.size(PAIRS + A) + this.table.size(PAIRS + B);
  }

  need(_c: Card): number {
    // Pairing keeps no order: a card is laid aside as soon as its twin is turned, whatever else is paired.
    return 0;
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
    for (const p of [A, B]) {
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

  coverAt(_p: number): number {
    return 0;
  }

  moveSpace(): readonly Move[] {
    const moves: Move[] = [];
    for (const p of [A, B]) for (let k = 0; k < SLOTS; k++) moves.push(makeMove(MoveKind.Turn, downOf(p) + k, upOf(p) + k));
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
    lines.push(`laid aside in pairs: ${a + t.size(PAIRS + B)} of 104 cards (A ${a}, B ${t.size(PAIRS + B)}${last})   [${whose}${PHASE_NAMES[phase]}]`);
    lines.push('a card: the face-up top; [n]: n cards face down (beneath it, or the top itself face down); --: empty');
    return lines.join('\n');
  }
}

/** Sympathie: the game definition. */
export const sympathie: Game = {
  id: 'sympathie',
  title: 'Sympathie',
  rulesCard: RULES_CARD,
  options: OPTIONS,
  notes: 'no decisions under turnOrder=dealOrder, and the order cannot change the outcome under best: every player plays it alike',
  create: (options) => new SympathieState(options),
};
