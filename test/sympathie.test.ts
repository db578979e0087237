// Sympathie: one test (at least) per ruling Y1-Y5 of the game's rules card, and a whole game traced by hand.
//
// A deck here is A's pack (the first copy of each card) followed by B's pack (the second copy), each written
// packet by packet, bottom card first, then the grace.

import { describe, expect, it } from 'vitest';
import { makeCard } from '../src/core/card.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, REVEALS, fromOf, makeMove, reveals, toOf, type Move } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import { randomInt, seededRng } from '../src/core/random.js';
import { sympathie } from '../src/games/sympathie/index.js';
import { dealDeck } from '../src/sim/deals.js';
import { cards, dealt, legal, pile, top } from './helpers.js';

/** Packets 5-17, the same for both players: hearts, diamonds, clubs in pack order, three to a packet. */
const FILLER =
  'AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC';

/**
 * The hand-made deal. A: packets 1-4 spades in order (A1 = AS 2S 3S, top 3S), the filler, grace KS.
 * B: B1 = 6S 2S KS, B2 = 4S 5S 3S, B3 = 8S QS 9S, B4 = 7S TS JS, the filler, grace AS.
 */
const HAND_A = `AS 2S 3S  4S 5S 6S  7S 8S 9S  TS JS QS  ${FILLER}  KS`;
const HAND_B = `6S 2S KS  4S 5S 3S  8S QS 9S  7S TS JS  ${FILLER}  AS`;
const HAND = `${HAND_A} ${HAND_B}`;

/** The filler's three turns: B pairs its tops and shows its middles, A pairs the middles, B pairs the bottoms. */
const FILLER_PACKETS = FILLER.split(' ').reduce<string[][]>((out, c, i) => {
  if (i % 3 === 0) out.push([]);
  out[out.length - 1]!.push(c);
  return out;
}, []);

/**
 * The hand trace, default rules (dealOrder, resume). "B3: 9S* QS* 8S" means B turns packet 3: 9S pairs (*)
 * with A's face-up 9S, then QS pairs, then 8S does not (A's 8S was exposed this turn and stays face down, Y2).
 * Deal: A's tops face up: 3S 6S 9S QS, and the filler tops.
 *
 * B's turn:
 *   B1: KS (its twin is A's grace, face down)
 *   B2: 3S* 5S          A1 now shows 2S face down; A's 5S is face down under 6S
 *   B3: 9S* QS* 8S      A3 shows 8S face down, A4 JS face down
 *   B4: JS              A's JS face down (exposed this turn)
 *   B5-B17: top* middle (3H* 2H ... KC* QC)
 * A's turn (A2 shows 6S face up: skipped):
 *   A1: 2S              B's 2S is face down in B1
 *   A3: 8S* 7S          B3 is empty; B's 7S is face down at the bottom of B4
 *   A4: JS* TS          B4 shows TS face down (exposed this turn)
 *   A5-A17: middle* bottom (2H* AH ... QC* JC)
 * B's turn (B1 KS, B2 5S face up; B3 empty):
 *   B4: TS* 7S*         A4 and A3 now empty, B4 empty
 *   B5-B17: bottom* (AH* ... JC*)
 * A's turn: no face-down top; B's turn: none either. Turning stops with A1 2S [AS], A2 6S [4S 5S],
 *   B1 KS [6S 2S], B2 5S [4S], the graces face down: 46 pairs laid aside (3+13, 2+13, 2+13).
 * Ag: KS*              A's grace pairs B1's KS; B1 shows 2S face down
 * B's turn (resume, B first):
 *   B1: 2S* 6S*         A1 shows AS face down, A2 5S face down; B1 empty
 * A's turn:
 *   A1: AS              B's AS is his grace, still face down
 *   A2: 5S* 4S          B2 shows 4S face down
 * B's turn:
 *   B2: 4S*             A2 and B2 empty
 * A's turn: nothing; B's turn: nothing. Bg: AS* pairs A1's AS. All 104 cards paired: won, in 53 moves.
 */
const HAND_TRACE = [
  'B1: KS',
  'B2: 3S* 5S',
  'B3: 9S* QS* 8S',
  'B4: JS',
  ...FILLER_PACKETS.map(([, middle, top], i) => `B${i + 5}: ${top}* ${middle}`),
  'A1: 2S',
  'A3: 8S* 7S',
  'A4: JS* TS',
  ...FILLER_PACKETS.map(([bottom, middle], i) => `A${i + 5}: ${middle}* ${bottom}`),
  'B4: TS* 7S*',
  ...FILLER_PACKETS.map(([bottom], i) => `B${i + 5}: ${bottom}*`),
  'Ag: KS*',
  'B1: 2S* 6S*',
  'A1: AS',
  'A2: 5S* 4S',
  'B2: 4S*',
  'Bg: AS*',
];

/**
 * The same deal with graceFollowUp=oneTurn, traced by hand: the same 48 moves up to A's grace, then
 *   B's one turn:   B1: 2S* 6S*   (A1 shows AS face down, A2 5S face down)
 *   Bg: AS          A's AS is face down: B's grace stays face up as one of his tops
 *   A's one turn:   A1: AS*       (pairs B's face-up grace)
 *                   A2: 5S* 4S    (B2 shows 4S face down)
 * and the game ends (Y5): A2's 4S face up and B2's 4S face down remain, 102 cards paired: lost.
 */
const ONE_TURN_TRACE = [...HAND_TRACE.slice(0, 48), 'B1: 2S* 6S*', 'Bg: AS', 'A1: AS*', 'A2: 5S* 4S'];

/** "B3" for B's packet 3, "Ag" for A's grace, from a face-down pile's name. */
function packetOf(state: GameState, m: Move): string {
  const name = state.pileNames[fromOf(m)]!;
  const match = /^([AB]) (?:packet (\d+)|grace) face down$/.exec(name);
  if (!match) throw new Error(`not a face-down pile: ${name}`);
  return match[1]! + (match[2] ?? 'g');
}

/** Apply m and describe what it did as the hand traces do: "B3: 9S* QS* 8S". */
function applyTraced(state: GameState, m: Move): string {
  const who = packetOf(state, m);
  const pairs = pile(state, `${who[0]}'s pairs`);
  const before = state.table.size(pairs);
  state.apply(m);
  const turned: string[] = [];
  for (let i = before; i < state.table.size(pairs); i++) turned.push(makeCard(state.table.at(pairs, i)) + '*');
  if (state.table.size(toOf(m)) > 0) turned.push(makeCard(state.table.top(toOf(m))));
  return `${who}: ${turned.join(' ')}`;
}

/** Play a state to the end, always taking the first legal move; returns the trace. */
function playOut(state: GameState): string[] {
  const trace: string[] = [];
  for (let moves = legal(state); moves.length > 0; moves = legal(state)) trace.push(applyTraced(state, moves[0]!));
  return trace;
}

/** The cards still on the table, pile by pile (the pairs laid aside left out). */
function remaining(state: GameState): string {
  return state.pileNames
    .filter((name) => !name.endsWith('pairs'))
    .map((name) => `${name}:${cards(state, name).join(' ')}`)
    .join('|');
}

function hand(rules: Record<string, OptionValue> = {}): GameState {
  return dealt(sympathie, HAND, rules);
}

describe('Sympathie: the deal', () => {
  it('each player deals his own pack (copy 0 A, copy 1 B) in packets of 3, first card at the bottom, the 52nd his grace', () => {
    const state = hand();
    expect(cards(state, 'A packet 1 face down')).toEqual(['AS', '2S']);
    expect(cards(state, 'A packet 1')).toEqual(['3S']); // play 1: A's tops face up, turned while dealing
    expect(cards(state, 'A packet 17 face down')).toEqual(['JC', 'QC']);
    expect(cards(state, 'A grace face down')).toEqual(['KS']);
    expect(cards(state, 'B packet 1 face down')).toEqual(['6S', '2S', 'KS']);
    expect(cards(state, 'B packet 1')).toEqual([]);
    expect(cards(state, 'B grace face down')).toEqual(['AS']);
    const t = state.table;
    expect(t.top(pile(state, 'A packet 1'))).toBeLessThan(52); // A's cards are copy 0
    expect(t.top(pile(state, 'B grace face down'))).toBeGreaterThanOrEqual(52); // B's copy 1
    expect(state.foundationCount()).toBe(0);
    expect(state.cardsInPlay).toBe(104);
  });

  it('no pairing at the deal: B begins, every move turns a hidden card and carries the reveal flag', () => {
    const state = hand();
    const moves = legal(state);
    expect(moves).toEqual([
      makeMove(MoveKind.Turn, pile(state, 'B packet 1 face down'), pile(state, 'B packet 1'), 1, true),
    ]);
    expect(state.isLegal(moves[0]! & ~REVEALS)).toBe(false); // the flag is part of the move
    expect(state.picture()).toContain("B's turn");
  });
});

describe('Sympathie: the hand-traced game', () => {
  it('turns, matches and graces reproduce the hand trace move by move, and the game is won (Y4)', () => {
    const state = hand();
    const trace = playOut(state);
    expect(trace).toEqual(HAND_TRACE);
    expect(trace).toHaveLength(53);
    expect(state.foundationCount()).toBe(104);
    expect(state.isWon()).toBe(true);
  });

  it('turning stops when neither player has a face-down top, with the position worked out by hand', () => {
    const state = hand();
    for (let i = 0; i < 47; i++) state.apply(legal(state)[0]!);
    expect(state.foundationCount()).toBe(92); // 46 pairs
    expect(cards(state, 'A packet 1')).toEqual(['2S']);
    expect(cards(state, 'A packet 1 face down')).toEqual(['AS']);
    expect(cards(state, 'A packet 2')).toEqual(['6S']);
    expect(cards(state, 'A packet 2 face down')).toEqual(['4S', '5S']);
    expect(cards(state, 'B packet 1')).toEqual(['KS']);
    expect(cards(state, 'B packet 1 face down')).toEqual(['6S', '2S']);
    expect(cards(state, 'B packet 2')).toEqual(['5S']);
    expect(cards(state, 'B packet 2 face down')).toEqual(['4S']);
    // the only move left is A's grace
    expect(legal(state)).toEqual([
      makeMove(MoveKind.Turn, pile(state, 'A grace face down'), pile(state, 'A grace'), 1, true),
    ]);
    expect(state.picture()).toContain("A's grace next");
  });
});

describe('Sympathie: rulings', () => {
  it('Y1 dealOrder: the only move turns the first packet with a face-down top; a later one is not legal', () => {
    const state = hand();
    for (let i = 0; i < 17; i++) state.apply(legal(state)[0]!); // B's first turn
    // A's turn: A1 (2S face down), A3 and A4 show face-down tops; A2 (6S face up) is passed over
    const a1 = makeMove(MoveKind.Turn, pile(state, 'A packet 1 face down'), pile(state, 'A packet 1'), 1, true);
    const a3 = makeMove(MoveKind.Turn, pile(state, 'A packet 3 face down'), pile(state, 'A packet 3'), 1, true);
    const a2 = makeMove(MoveKind.Turn, pile(state, 'A packet 2 face down'), pile(state, 'A packet 2'), 1, true);
    expect(legal(state)).toEqual([a1]);
    expect(state.isLegal(a3)).toBe(false);
    expect(state.isLegal(a2)).toBe(false); // a face-up top is not turned again
  });

  it('Y1 best: the player picks any of his packets with a face-down top, and the order changes nothing', () => {
    const state = hand({ turnOrder: 'best' });
    const moves = legal(state);
    expect(moves.map((m) => packetOf(state, m))).toEqual(Array.from({ length: 17 }, (_, k) => `B${k + 1}`));
    // B's first turn backwards: B3 first still pairs 9S and QS and stops at 8S
    expect(applyTraced(state, moves[16]!)).toBe('B17: KC* QC');
    expect(applyTraced(state, legal(state)[2]!)).toBe('B3: 9S* QS* 8S');
    // play on always taking the last packet offered: the same end as in deal order
    const trace: string[] = [];
    for (let ms = legal(state); ms.length > 0; ms = legal(state)) trace.push(applyTraced(state, ms[ms.length - 1]!));
    expect(trace).not.toEqual(HAND_TRACE.slice(2));
    expect(state.isWon()).toBe(true);
  });

  it('Y1 best: on 150 shuffled deals a random order of packets ends exactly where deal order does', () => {
    const inOrder = sympathie.create(resolveOptions(sympathie.options, {}));
    const chosen = sympathie.create(resolveOptions(sympathie.options, { turnOrder: 'best' }));
    const rng = seededRng('sympathie:order');
    const buf = new Int32Array(64);
    let choices = 0;
    for (let d = 0; d < 150; d++) {
      const deck = dealDeck('order', 'sympathie', d);
      inOrder.deal(deck);
      chosen.deal(deck);
      while (inOrder.legalMoves(buf) > 0) inOrder.apply(buf[0]!);
      for (let n = chosen.legalMoves(buf); n > 0; n = chosen.legalMoves(buf)) {
        if (n > 1) choices++;
        chosen.apply(buf[randomInt(rng, n)]!);
      }
      expect(remaining(chosen)).toBe(remaining(inOrder));
      expect(chosen.foundationCount()).toBe(inOrder.foundationCount());
    }
    expect(choices).toBeGreaterThan(1000); // the orders really differed
  });

  it("Y2: a packet is turned on while it matches; the opponent's exposed card stays face down until his turn", () => {
    const state = hand();
    state.apply(legal(state)[0]!); // B1: KS
    state.apply(legal(state)[0]!); // B2: 3S* 5S
    expect(applyTraced(state, legal(state)[0]!)).toBe('B3: 9S* QS* 8S'); // two matches, then no match
    // A3's 8S is exposed face down, so B3's 8S, turned next, did not pair with it
    expect(cards(state, 'A packet 3')).toEqual([]);
    expect(cards(state, 'A packet 3 face down')).toEqual(['7S', '8S']);
    expect(top(state, 'B packet 3')).toBe('8S');
    expect(cards(state, 'B packet 3 face down')).toEqual([]);
    // B4's JS finds A4's JS face down too (exposed by B3's QS)
    expect(applyTraced(state, legal(state)[0]!)).toBe('B4: JS');
    // in A's turn A3's 8S is turned and pairs B3's 8S
    while (packetOf(state, legal(state)[0]!)[0] === 'B') state.apply(legal(state)[0]!);
    state.apply(legal(state)[0]!); // A1: 2S
    expect(applyTraced(state, legal(state)[0]!)).toBe('A3: 8S* 7S');
  });

  it('Y2: a packet turned on to its end stops at the empty packet', () => {
    const state = hand();
    const trace = playOut(state);
    expect(trace).toContain('B4: TS* 7S*');
    expect(trace).toContain('B2: 4S*');
    expect(cards(state, 'B packet 4')).toEqual([]);
  });

  it('Y3 resume: a grace that pairs exposes a face-down card, and turning resumes, B first, until nothing changes', () => {
    const state = hand();
    const trace = playOut(state);
    expect(trace.slice(47)).toEqual(['Ag: KS*', 'B1: 2S* 6S*', 'A1: AS', 'A2: 5S* 4S', 'B2: 4S*', 'Bg: AS*']);
    expect(state.isWon()).toBe(true);
  });

  it('Y3/Y5 oneTurn: after each grace only one turn of the opponent; the hand trace ends with two cards left', () => {
    const state = hand({ graceFollowUp: 'oneTurn' });
    expect(playOut(state)).toEqual(ONE_TURN_TRACE);
    expect(state.foundationCount()).toBe(102);
    expect(state.isWon()).toBe(false); // Y4: cards remain, so the game has failed
    expect(cards(state, 'A packet 2')).toEqual(['4S']);
    expect(cards(state, 'B packet 2 face down')).toEqual(['4S']);
    expect(legal(state)).toEqual([]);
    expect(state.picture()).toContain('game over');
  });

  it("Y3: an unmatched grace stays face up as one of its owner's tops, and the other grace pairs with it", () => {
    // both packs in pack order: A's grace KC finds B's KC still his face-down grace
    for (const rules of [{}, { graceFollowUp: 'oneTurn' }] as Array<Record<string, OptionValue>>) {
      const state = dealt(sympathie, '', rules);
      const trace = playOut(state);
      expect(trace.slice(-2)).toEqual(['Ag: KC', 'Bg: KC*']);
      expect(state.isWon()).toBe(true);
    }
  });

  it('Y4: won means all 104 cards paired; foundationCount counts the cards laid aside by both players', () => {
    const state = hand({ graceFollowUp: 'oneTurn' });
    for (let i = 0; i < 48; i++) state.apply(legal(state)[0]!);
    const a = state.table.size(pile(state, "A's pairs"));
    const b = state.table.size(pile(state, "B's pairs"));
    expect(a).toBe(47); // 46 pairs by turning, and the grace's
    expect(b).toBe(47);
    expect(state.foundationCount()).toBe(94);
    playOut(state);
    expect(state.foundationCount()).toBe(102);
    expect(state.isWon()).toBe(false);
  });

  it('Y5: a turn of a player without a face-down top changes nothing: turning passes on at once', () => {
    const state = hand();
    for (let i = 0; i < 33; i++) state.apply(legal(state)[0]!); // B's turn, then A's
    // B to turn: B1 and B2 show face-up tops, B3 is empty, so B4 is the first move
    expect(packetOf(state, legal(state)[0]!)).toBe('B4');
    for (let i = 0; i < 14; i++) state.apply(legal(state)[0]!); // B's third turn
    // neither player has a face-down top, so A's grace follows directly
    expect(packetOf(state, legal(state)[0]!)).toBe('Ag');
  });
});

/**
 * A second, plain reading of the rules card (arrays and whole turns, no table, no moves): the cards paired in
 * the end for player A's and B's packs (faces 0..51), each bottom card first.
 */
function referencePairs(packA: number[], packB: number[], oneTurn: boolean): number {
  const down = [packA, packB].map((pack) => [
    ...Array.from({ length: 17 }, (_, k) => pack.slice(3 * k, 3 * k + 3)),
    [pack[51]!],
  ]);
  const up: Array<Array<number | undefined>> = [Array<number | undefined>(18), Array<number | undefined>(18)];
  for (let k = 0; k < 17; k++) up[0]![k] = down[0]![k]!.pop();
  let paired = 0;
  const turnPacket = (p: number, k: number): void => {
    while (down[p]![k]!.length > 0) {
      const c = down[p]![k]!.pop()!;
      const q = up[1 - p]!.indexOf(c);
      if (q < 0) {
        up[p]![k] = c;
        return;
      }
      up[1 - p]![q] = undefined;
      paired += 2;
    }
  };
  const faceDown = (p: number) =>
    Array.from({ length: 17 }, (_, k) => k).filter((k) => down[p]![k]!.length > 0 && up[p]![k] === undefined);
  const turn = (p: number) => faceDown(p).forEach((k) => turnPacket(p, k));
  const alternate = (first: number) => {
    for (let p = first, quiet = 0; quiet < 2; p = 1 - p) {
      if (faceDown(p).length > 0) {
        turn(p);
        quiet = 0;
      } else quiet++;
    }
  };
  alternate(1);
  turnPacket(0, 17);
  if (oneTurn) turn(1);
  else alternate(1);
  turnPacket(1, 17);
  if (oneTurn) turn(0);
  else alternate(0);
  return paired;
}

describe('Sympathie: against a plain second reading of the rules', () => {
  it.each(['resume', 'oneTurn'])('graceFollowUp=%s: the same cards paired on 300 shuffled deals', (follow) => {
    const state = sympathie.create(resolveOptions(sympathie.options, { graceFollowUp: follow }));
    const buf = new Int32Array(64);
    const results = new Set<number>();
    for (let d = 0; d < 300; d++) {
      const deck = dealDeck('reference', 'sympathie', d);
      state.deal(deck);
      while (state.legalMoves(buf) > 0) state.apply(buf[0]!);
      const packA = Array.from(deck).filter((c) => c < 52);
      const packB = Array.from(deck)
        .filter((c) => c >= 52)
        .map((c) => c - 52);
      expect(state.foundationCount()).toBe(referencePairs(packA, packB, follow === 'oneTurn'));
      results.add(state.foundationCount());
    }
    expect(results.size).toBeGreaterThan(10); // the deals ended in many different places
    expect(results.has(104)).toBe(true);
  });
});

describe('Sympathie: the picture', () => {
  it("shows both players' packets side by side, the pairs laid aside and whose turn it is", () => {
    const state = hand();
    state.apply(legal(state)[0]!); // B1: KS
    state.apply(legal(state)[0]!); // B2: 3S* 5S
    const lines = state.picture().split('\n');
    expect(lines[0]).toMatch(/packet\s+A\s+B/);
    expect(lines[1]).toMatch(/^\s+1\s+\[2\]\s+K\u2660 \[2\]$/); // A1: its top face down, 2 cards; B1: KS up over 2
    expect(lines[2]).toMatch(/^\s+2\s+6\u2660 \[2\]\s+5\u2660 \[1\]$/);
    expect(lines[5]).toMatch(/^\s+5\s+3\u2665 \[2\]\s+\[3\]$/);
    expect(lines[18]).toMatch(/^grace\s+\[1\]\s+\[1\]$/);
    expect(state.picture()).toContain("laid aside in pairs: 2 of 104 cards (A 1, B 1, last 3\u2660)   [B's turn");
  });
});

describe('Sympathie: the move flag', () => {
  it('every generated move reveals, and every move of the move space is a turn', () => {
    const state = hand({ turnOrder: 'best' });
    for (const m of legal(state)) expect(reveals(m)).toBe(true);
    expect(state.moveSpace().every((m) => ((m >>> 16) & 0x1f) === MoveKind.Turn)).toBe(true);
    expect(state.moveSpace()).toHaveLength(36);
  });
});
