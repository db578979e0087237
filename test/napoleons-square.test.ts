// One test per ruling of Napoleon's Square (RULES.md 6, and N7-N8 of the game's rules card), each on a hand-made
// deck. A packet is four consecutive cards of the deck, written bottom first, so its last card is its top.

import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../src/core/deck.js';
import { MoveKind, kindOf, makeMove, reveals } from '../src/core/move.js';
import type { GameState } from '../src/core/game.js';
import type { OptionValue } from '../src/core/options.js';
import { resolveOptions } from '../src/core/options.js';
import { napoleonsSquare } from '../src/games/napoleons-square/index.js';
import { parseDeck } from '../src/core/deck.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';
import { cards, dealt, findMove, legal, make, pile, top, aidOf, NAPOLEON_SQUARE } from './helpers.js';

const { Play, Marry, Fill, Turn } = MoveKind;

const BASE = NAPOLEON_SQUARE;

/** The deck prefix for the base square with some packets (numbered from 1) replaced, then `next`. */
function prefix(packets: Record<number, string> = {}, next = ''): string {
  return `${BASE.map((p, i) => packets[i + 1] ?? p).join(' ')} ${next}`;
}

function square(packets: Record<number, string> = {}, next = '', rules: Record<string, OptionValue> = {}): GameState {
  return dealt(napoleonsSquare, prefix(packets, next), rules);
}

function has(state: GameState, kind: number, from?: string, to?: string, count = 1): boolean {
  return findMove(state, kind, from, to, count) !== undefined;
}

function legalByRules(state: GameState, kind: number, from: string, to: string, count = 1): boolean {
  return state.isLegal(makeMove(kind, pile(state, from), pile(state, to), count));
}

/** The packets' cards, bottom first, as deck strings. */
function packets(state: GameState): string[] {
  return Array.from({ length: 12 }, (_, i) => cards(state, `packet ${i + 1}`).join(' '));
}

describe("Napoleon's Square: the deal", () => {
  it('deals twelve packets of four, the fourth card on top, and leaves 56 cards in the stock', () => {
    const state = square();
    expect(packets(state)).toEqual(BASE);
    expect(top(state, 'packet 1')).toBe('9S');
    expect(state.table.size(pile(state, 'stock'))).toBe(56);
    expect(state.cardsInPlay).toBe(104);
  });

  it('N6: layout=singles deals a square of twelve single cards and leaves 92 in the stock; all else unchanged', () => {
    const state = dealt(napoleonsSquare, '9S 9H AD 9C QS QH QD QC 6S 6H 6D 6C 8S JD 5H', { layout: 'singles' });
    expect(packets(state)).toEqual('9S 9H AD 9C QS QH QD QC 6S 6H 6D 6C'.split(' '));
    expect(state.table.size(pile(state, 'stock'))).toBe(92);
    make(state, Play, 'packet 3'); // AD: packet 3 empty
    make(state, Turn); // current card 8S
    expect(has(state, Marry, 'current card', 'packet 1')).toBe(true); // descending marriage onto a square card
    expect(has(state, Fill, 'current card', 'packet 3')).toBe(true); // vacancies filled in the usual manner
    make(state, Turn); // 8S to the talon
    expect(has(state, Marry, 'talon', 'packet 1')).toBe(true);
  });
});

describe("Napoleon's Square: foundations and the talon", () => {
  it('N4: no ace is placed in advance; each is played, when available, to an empty foundation of its suit', () => {
    const state = square({ 1: '4S 5H AS AH' }, '2H 2S');
    for (let f = 0; f < 8; f++) expect(state.table.size(f)).toBe(0);
    make(state, Play, 'packet 1'); // AH
    expect(top(state, 'hearts 1')).toBe('AH');
    make(state, Turn); // current card 2H onto the ace of hearts
    expect(has(state, Play, 'current card', 'hearts 1')).toBe(true);
    make(state, Turn); // 2H to the talon, current card 2S: no ace of spades out yet
    expect(has(state, Play, 'current card')).toBe(false);
    make(state, Play, 'packet 1'); // AS
    expect(has(state, Play, 'current card', 'spades 1')).toBe(true);
  });

  it('N3: the talon top may be played, married, or used to fill a vacancy; a current card not used goes to the talon', () => {
    const state = square({ 1: 'AH AH AS AS' }, '8H 2H 5S');
    make(state, Turn); // current card 8H
    make(state, Turn); // 8H to the talon, current card 2H
    expect(cards(state, 'talon')).toEqual(['8H']);
    expect(has(state, Marry, 'talon', 'packet 2')).toBe(true); // 8H on 9H
    make(state, Turn); // 2H to the talon, current 5S
    expect(has(state, Play, 'talon')).toBe(false); // 2H, but no ace of hearts out yet
    make(state, Play, 'packet 1'); // AS
    make(state, Play, 'packet 1'); // AS
    make(state, Play, 'packet 1'); // AH
    expect(has(state, Play, 'talon', 'hearts 1')).toBe(true);
    make(state, Play, 'packet 1'); // AH: packet 1 empty
    expect(has(state, Fill, 'talon', 'packet 1')).toBe(true);
    make(state, Play, 'talon');
    expect(top(state, 'talon')).toBe('8H');
    make(state, Fill, 'talon', 'packet 1');
    expect(cards(state, 'packet 1')).toEqual(['8H']);
  });

  it('no re-deal: when the stock and the current card are out, nothing takes the talon up again', () => {
    const state = square();
    while (has(state, Turn)) make(state, Turn);
    expect(state.table.size(pile(state, 'talon'))).toBe(56);
    expect(
      legal(state)
        .map(kindOf)
        .filter((k) => k === Turn || k === MoveKind.Redeal),
    ).toEqual([]);
  });
});

describe("Napoleon's Square: marriages and vacancies", () => {
  it('N1: one card marries onto a packet top of its suit one higher, from a packet, the current card or the talon', () => {
    const state = square({ 1: '4S 5H 9S 8S' }, '5C');
    expect(has(state, Marry, 'packet 1', 'packet 9')).toBe(false); // 8S on 6S: not one higher
    expect(has(state, Marry, 'packet 4', 'packet 12')).toBe(false); // 9C on 6C
    make(state, Turn); // current card 5C on 6C
    expect(has(state, Marry, 'current card', 'packet 12')).toBe(true);
    expect(has(state, Marry, 'current card', 'packet 10')).toBe(false); // 5C on 6H: another suit
    make(state, Marry, 'current card', 'packet 12');
    expect(cards(state, 'packet 12')).toEqual(['JC', '4H', '5D', '6C', '5C']);
  });

  it('N1 groupMoves: by default a run moves card by card; with groupMoves=true a same-suit run moves as a unit', () => {
    for (const groupMoves of [false, true]) {
      // packet 1 ends in the run 9S 8S; packet 5 shows TS, packet 9 shows 9S
      const state = square({ 1: '4S 5H 9S 8S', 5: '3S 8H TD TS', 9: '2S JH 2D 9S' }, '', { groupMoves });
      expect(has(state, Marry, 'packet 1', 'packet 9')).toBe(true); // 8S alone onto 9S
      expect(has(state, Marry, 'packet 1', 'packet 5', 2)).toBe(groupMoves); // 9S 8S onto TS
      expect(legalByRules(state, Marry, 'packet 1', 'packet 5', 2)).toBe(groupMoves);
      expect(legalByRules(state, Marry, 'packet 1', 'packet 5', 3)).toBe(false); // 5H 9S 8S is no run
      if (groupMoves) {
        make(state, Marry, 'packet 1', 'packet 5', 2);
        expect(cards(state, 'packet 5')).toEqual(['3S', '8H', 'TD', 'TS', '9S', '8S']);
        expect(top(state, 'packet 1')).toBe('5H');
      }
    }
  });

  it('N2: an empty place may be filled with one card, the current card or the talon top, when the player likes', () => {
    const state = square({ 1: 'AS AS AH AH' }, '7C 5S');
    for (let i = 0; i < 4; i++) make(state, Play, 'packet 1');
    expect(state.table.size(pile(state, 'packet 1'))).toBe(0);
    expect(legal(state).filter((m) => kindOf(m) === Fill)).toEqual([]); // no card outside yet
    expect(legalByRules(state, Fill, 'packet 12', 'packet 1')).toBe(false); // never a square card
    expect(legalByRules(state, Marry, 'packet 12', 'packet 1')).toBe(false);
    make(state, Turn); // current card 7C
    expect(has(state, Fill, 'current card', 'packet 1')).toBe(true);
    const turn = findMove(state, Turn)!;
    expect(reveals(turn)).toBe(true); // the fill may be put off
    state.apply(turn); // 7C to the talon, current card 5S
    expect(state.table.size(pile(state, 'packet 1'))).toBe(0); // nothing filled it
    expect(has(state, Fill, 'current card', 'packet 1')).toBe(true);
    make(state, Fill, 'talon', 'packet 1');
    expect(cards(state, 'packet 1')).toEqual(['7C']);
    expect(has(state, Fill, 'current card', 'packet 1')).toBe(false); // one card only
    expect(has(state, Marry, 'packet 12', 'packet 1')).toBe(true); // an ordinary packet: 6C onto 7C
  });
});

describe("Napoleon's Square: the kings note (N5)", () => {
  // Both kings of hearts above a lower heart: packet 1 (over 5H, not directly: N7) and packet 2 (over 4H).
  const BLOCKED = { 1: '5H 7D KH 9S', 2: '4H 5D KH 9H' };

  it('N5 default is slipUnder (the note says the remedy "must" be applied): a blocked square is remedied unasked', () => {
    const state = square(BLOCKED);
    expect(state.options['kingsRemedy']).toBe('slipUnder');
    expect(packets(state).slice(0, 2)).toEqual(['KH 5H 7D 9S', BLOCKED[2]]);
  });

  it('N5 none (for comparison only): the square is left as dealt', () => {
    const state = square(BLOCKED, '', { kingsRemedy: 'none' });
    expect(packets(state).slice(0, 2)).toEqual([BLOCKED[1], BLOCKED[2]]);
  });

  it('N5 slipUnder, N7: the king in the lower-numbered packet goes to its bottom, the other stays', () => {
    const state = square(BLOCKED, '', { kingsRemedy: 'slipUnder' });
    expect(packets(state).slice(0, 2)).toEqual(['KH 5H 7D 9S', BLOCKED[2]]);
    expect(packets(state).slice(2)).toEqual(BASE.slice(2));
    // only one king blocking: nothing is done
    const once = square({ 1: '5H 7D KH 9S', 2: 'KH 4H 5D 9H' }, '', { kingsRemedy: 'slipUnder' });
    expect(packets(once).slice(0, 2)).toEqual(['5H 7D KH 9S', 'KH 4H 5D 9H']);
  });

  it('N5 slipUnder, N8: of two kings in one packet the upper goes under; every suit that triggers is remedied', () => {
    const state = square({ 2: '4H 5D 7C KH', 3: '4D KD KD 9D', 4: '2H 5S KH 9C' }, '', { kingsRemedy: 'slipUnder' });
    expect(packets(state)[2]).toBe('KD 4D KD 9D'); // the upper king of diamonds went under
    expect(packets(state)[1]).toBe('KH 4H 5D 7C'); // and the hearts, packet 2 before packet 4
    expect(packets(state)[3]).toBe('2H 5S KH 9C');
  });

  it('N5 redeal, N8: a blocked square is re-dealt from all 104 cards, again until no suit is blocked', () => {
    const blocked = square(BLOCKED, '', { kingsRemedy: 'redeal' });
    expect(packets(blocked).slice(0, 2)).not.toEqual([BLOCKED[1], BLOCKED[2]]);
    expect(blocked.table.cardCounts().every((n) => n === 1)).toBe(true);
    // the same deal re-deals the same way (keyed by the deck)
    const again = square(BLOCKED, '', { kingsRemedy: 'redeal' });
    expect(packets(again)).toEqual(packets(blocked));
    // the re-dealt square itself passes the note: no suit has both kings above lower cards of it
    const check = napoleonsSquare.create(resolveOptions(napoleonsSquare.options, { kingsRemedy: 'slipUnder' }));
    check.deal(stackedDeck(packets(blocked).join(' ')));
    expect(packets(check)).toEqual(packets(blocked));
    // an unblocked square is dealt as it lies
    expect(packets(square({}, '', { kingsRemedy: 'redeal' }))).toEqual(BASE);
  });
});

describe("Napoleon's Square: the solver's prunings", () => {
  // Both kings of spades above both fives of spades (N5's case, with each king over the same rank).
  const KINGS = { 1: '5S 9H 2D KS', 2: '5S 9D 2C KS', 4: '4C 8C 7H 9C' };
  const buffer = new Int32Array(4096);

  it('stranded-card, N5 none: a king leaves the square only for a foundation, which needs a five of spades first, and both lie under the kings: lost at the deal', () => {
    const state = square(KINGS, '', { kingsRemedy: 'none' }); // slipUnder, the default, would move a king
    expect(napoleonsSquare.solving!.deadEndRules).toEqual(['stranded-card']);
    expect(aidOf(napoleonsSquare, state).deadEnd!()).toBe(1);
    const solver = new Solver(state, {
      budget: 10_000,
      order: greedyOrder(napoleonsSquare),
      solving: napoleonsSquare.solving,
    });
    expect(solver.solve(stackedDeck(prefix(KINGS))).outcome).toBe(Outcome.Unsolvable);
    expect(solver.pruned[1]).toBeGreaterThan(0);
  });

  it('stranded-card near misses: N5 slipUnder puts the king of packet 1 under its five; or one five of spades lies in the stock', () => {
    expect(aidOf(napoleonsSquare, square(KINGS, '', { kingsRemedy: 'slipUnder' })).deadEnd!()).toBe(0);
    expect(aidOf(napoleonsSquare, square({ ...KINGS, 2: '9D 2C 8C KS', 4: '4C 6C 7H 9C' })).deadEnd!()).toBe(0);
  });

  it('stranded-card: a card whose twin is on a foundation must go on the other, which needs the second copy of every lower rank', () => {
    // packet 1: 2S over 9H, the second 3S and the second AS; the first ace, two and three go to spades 1
    const state = square({ 1: 'AS 3S 9H 2S', 3: '4D 5C 3S AS', 5: '6H 8H TD QS', 9: '6S JH 2D 2S' });
    make(state, Play, 'packet 3'); // AS
    make(state, Play, 'packet 9'); // 2S
    expect(aidOf(napoleonsSquare, state).deadEnd!()).toBe(0); // the 2S of packet 1 may yet marry onto the 3S on top of packet 3
    make(state, Play, 'packet 3'); // 3S: now the 2S can only be played, onto spades 2, which needs the AS under it
    expect(cards(state, 'spades 1')).toEqual(['AS', '2S', '3S']);
    expect(aidOf(napoleonsSquare, state).deadEnd!()).toBe(1);
  });

  it('safe move: an ace is always played at once; a two only once the other foundation of its suit holds an ace', () => {
    const state = square({ 1: '4S 5H 7D AS', 2: '4H 5D 7C 2S', 3: '4D 5C 7S AS' });
    let n = state.legalMoves(buffer);
    expect(aidOf(napoleonsSquare, state).safeMove!(buffer, n)).toBe(
      makeMove(Play, pile(state, 'packet 1'), pile(state, 'spades 1')),
    );
    make(state, Play, 'packet 1');
    make(state, Play, 'packet 3'); // the second ace, onto spades 2
    n = state.legalMoves(buffer);
    expect(aidOf(napoleonsSquare, state).safeMove!(buffer, n)).toBe(
      makeMove(Play, pile(state, 'packet 2'), pile(state, 'spades 1')),
    );
    // with one foundation of spades still empty, the two is not played alone: a marriage or the other ace may
    // want the order otherwise
    const early = square({ 1: '4S 5H 7D AS', 2: '4H 5D 7C 2S' });
    make(early, Play, 'packet 1');
    n = early.legalMoves(buffer);
    expect(legal(early)).toContain(makeMove(Play, pile(early, 'packet 2'), pile(early, 'spades 1')));
    expect(aidOf(napoleonsSquare, early).safeMove!(buffer, n)).toBe(-1);
  });

  it('a deck (found by search, written out) that greedy loses and the solver wins, by a line the game itself checks', () => {
    const deck = parseDeck(
      'TH 7C 8S 6C TS JH 9S 3S 4C 3D 6D KC JC 5C 7H 3H 8H 9D 4H JS QS TD AD QD 9C 4D AH AS TS 3H 5H 5C 4S 2H 4S 3C ' +
        '5D KH 4C 2S 6H QC 7D TH 6D QS AC 8D 6S 2C AH AS 2S KD TD JD 7H 7S KD 5S 8D KH 2D QH 7C 3S KS KC 3D 8H AC ' +
        'AD 9H 8C 4D QD 9S 5S 7D 9C 5H QH 6C JC JS 5D 8C 2C JH 8S 4H JD 6S 2H 3C QC 9D 9H KS TC 2D TC 6H 7S',
    );
    const options = resolveOptions(napoleonsSquare.options, {});
    const greedy = greedyPlayer.create(napoleonsSquare, DEFAULT_SETTINGS);
    const played = playDeal(
      napoleonsSquare.create(options),
      greedy,
      deck,
      () => playerRng('issue13', 'napoleons-square', 24),
      buffer,
    );
    expect(played.won).toBe(false);
    const verdict = new Solver(napoleonsSquare.create(options), {
      budget: 100_000,
      order: greedyOrder(napoleonsSquare),
      solving: napoleonsSquare.solving,
    }).solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(napoleonsSquare.create(options), deck, verdict.line)).toBe('');
  });

  for (const remedy of ['none', 'slipUnder']) {
    it(`stranded-card never fires on a winning line (kingsRemedy=${remedy}; deal 124 of seed 2026 once caught it)`, () => {
      const options = resolveOptions(napoleonsSquare.options, { kingsRemedy: remedy });
      const plain = napoleonsSquare.create(options);
      const solver = new Solver(plain, { budget: 20_000, order: greedyOrder(napoleonsSquare) }); // without the game's solving: no rule of its own
      const probe = napoleonsSquare.create(options);
      let walked = 0;
      for (const [seed, i] of [
        ['2026', 124],
        ['issue13', 24],
        ['issue13', 0],
        ['issue13', 1],
      ] as const) {
        const deck = dealDeck(seed, 'napoleons-square', i);
        const verdict = solver.solve(deck);
        if (verdict.outcome !== Outcome.Solved) continue;
        probe.deal(deck);
        for (const m of [...verdict.line, -1]) {
          expect(aidOf(napoleonsSquare, probe).deadEnd!(), `${seed} deal ${i}, move ${walked}`).toBe(0);
          if (m !== -1) probe.apply(m);
        }
        walked++;
      }
      expect(walked).toBeGreaterThan(0);
    });
  }
});
