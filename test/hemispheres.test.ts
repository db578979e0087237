// One test per ruling of The Hemispheres (RULES.md 4, and H10-H11 of the game's rules card), each on a hand-made
// deck: the first twelve stock cards are R1-R12 (R1-R6 the North, R7-R12 the South), then the stock goes on.
// Red aces and black kings in a prefix go to the foundations; the later copy of KH, KD, AC, AS is the barrier.

import { describe, expect, it } from 'vitest';
import { kindOf, MoveKind, makeMove, reveals } from '../src/core/move.js';
import type { GameState } from '../src/core/game.js';
import { makeCard } from '../src/core/card.js';
import { hemispheres } from '../src/games/hemispheres/index.js';
import { cards, dealt, findMove, legal, make, pile, top, aidOf } from './helpers.js';
import { resolveOptions } from '../src/core/options.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';

const { Play, Marry, Grace, Turn } = MoveKind;

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

/** Whether the move, built by pile names, passes the independent legality check. */
function legalByRules(state: GameState, kind: number, from: string, to: string): boolean {
  return state.isLegal(makeMove(kind, pile(state, from), pile(state, to)));
}

/** Any legal move taking a card from this pile. */
function movesFrom(state: GameState, from: string): number[] {
  return legal(state).filter((m) => (m & 0xff) === pile(state, from));
}

// Live places: R1-R6 red, R7-R12 black, nothing playable at once.
const LIVE = '6H 5D 5H 6H 9D TD 6S 7S 5S 9C TC JS';

// For the endgame: R1 a black 2S lying dead in the North, the other places the last cards of their foundations,
// then every other card in foundation order, so that each current card can be played as it is turned.
const END_PLACES = '2S QH KH QD KD JH AS AC 2C 3C 3S 4C';
const END_STREAM = [
  '2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H TH TH JH QH',
  '2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D TD TD JD JD QD',
  'QS QS JS JS TS TS 9S 9S 8S 8S 7S 7S 6S 6S 5S 5S 4S 4S 3S 2S',
  'QC QC JC JC TC TC 9C 9C 8C 8C 7C 7C 6C 6C 5C 5C 4C 3C 2C',
].join(' ');

/** Turn the stock and play each current card, leaving the places alone, until `left` stock cards remain. */
function playStream(state: GameState, left = 0): void {
  while (state.table.size(pile(state, 'stock')) > left) {
    make(state, Turn);
    make(state, Play, 'current card');
  }
}

describe('The Hemispheres: the deal', () => {
  it('sets out red aces up and black kings down, four barriers, twelve places and 80 cards in the stock', () => {
    const state = dealt(hemispheres, LIVE);
    expect(cards(state, 'hearts 1')).toEqual(['AH']);
    expect(cards(state, 'diamonds 2')).toEqual(['AD']);
    expect(cards(state, 'spades 1')).toEqual(['KS']);
    expect(cards(state, 'clubs 2')).toEqual(['KC']);
    expect(['west barrier', 'north barrier', 'east barrier', 'south barrier'].map((b) => top(state, b))).toEqual([
      'KH',
      'AC',
      'KD',
      'AS',
    ]);
    expect(Array.from({ length: 12 }, (_, i) => top(state, `R${i + 1}`)).join(' ')).toBe(LIVE);
    expect(state.table.size(pile(state, 'stock'))).toBe(80);
    expect(state.table.size(pile(state, 'current card'))).toBe(0);
    expect(state.cardsInPlay).toBe(96);
  });

  it('H10: the barrier is the later copy of its card in the deck; the earlier one is dealt as usual', () => {
    const state = dealt(hemispheres, `KH ${LIVE.split(' ').slice(1).join(' ')}`);
    expect(top(state, 'R1')).toBe('KH');
    expect(state.table.top(pile(state, 'R1'))).toBeLessThan(52); // copy 0, first in the deck
    expect(state.table.top(pile(state, 'west barrier'))).toBeGreaterThanOrEqual(52); // copy 1, later
  });
});

describe('The Hemispheres: marriages', () => {
  it('H1: marriage is by suit: red cards on the same suit one higher, black cards on the same suit one lower', () => {
    const state = dealt(hemispheres, LIVE);
    expect(has(state, Marry, 'R3', 'R1')).toBe(true); // 5H on 6H
    expect(has(state, Marry, 'R2', 'R1')).toBe(false); // 5D on 6H: red on red, but not the suit
    expect(has(state, Marry, 'R1', 'R3')).toBe(false); // 6H on 5H: red cards do not ascend
    expect(has(state, Marry, 'R8', 'R7')).toBe(true); // 7S on 6S
    expect(has(state, Marry, 'R9', 'R7')).toBe(false); // 5S on 6S: black cards do not descend
    expect(legalByRules(state, Marry, 'R9', 'R7')).toBe(false);
    make(state, Marry, 'R3', 'R1');
    expect(cards(state, 'R1')).toEqual(['6H', '5H']);
  });

  it('H2: a place marries only within its Race; the current card and the talon top marry into any Race', () => {
    const state = dealt(hemispheres, `${LIVE} 5H 4D`);
    expect(has(state, Marry, 'R3', 'R1')).toBe(true); // European onto European
    expect(has(state, Marry, 'R3', 'R4')).toBe(false); // 5H onto the Asiatic 6H: another Race
    expect(legalByRules(state, Marry, 'R3', 'R4')).toBe(false);
    make(state, Turn); // current card 5H
    expect(has(state, Marry, 'current card', 'R4')).toBe(true);
    expect(has(state, Marry, 'current card', 'R1')).toBe(true);
    make(state, Turn); // 5H to the talon, current card 4D
    expect(top(state, 'talon')).toBe('5H');
    expect(has(state, Marry, 'talon', 'R4')).toBe(true);
    make(state, Marry, 'talon', 'R4');
    expect(cards(state, 'R4')).toEqual(['6H', '5H']);
    expect(has(state, Marry, 'R4', 'R1')).toBe(false); // the married card now belongs to the Asiatic Race
  });
});

describe('The Hemispheres: the wrong hemisphere', () => {
  // R1 QS and R2 5S lie in the North, R7 8H in the South: all three dead.
  const DEAD = '5S QS 5H 6H 9D TD 8H 7S 5S 9C TC JS';

  it('H3: a wrong-colour card cannot be played, moved, or built on', () => {
    const state = dealt(hemispheres, `${DEAD} 6S 7H`);
    // R2 QS fits the spade foundations (K), but lies in the North
    expect(legalByRules(state, Play, 'R2', 'spades 1')).toBe(false);
    expect(movesFrom(state, 'R2').filter((m) => kindOf(m) !== Grace)).toEqual([]);
    expect(movesFrom(state, 'R1').filter((m) => kindOf(m) !== Grace)).toEqual([]);
    const available = new Uint8Array(64);
    const n = state.availableCards(available, new Uint8Array(64));
    expect(Array.from(available.subarray(0, n)).map(makeCard)).not.toContain('QS');
    make(state, Turn); // current card 6S, which would marry onto 5S in R1 were it in the South
    expect(has(state, Marry, 'current card', 'R1')).toBe(false);
    expect(has(state, Marry, 'current card', 'R9')).toBe(true); // onto the live 5S in the South
    make(state, Turn); // current card 7H: not onto the dead 8H in R7
    expect(has(state, Marry, 'current card', 'R7')).toBe(false);
    expect(legalByRules(state, Marry, 'current card', 'R7')).toBe(false);
  });

  it('H4: a dead card in the North is exchanged with a dead card in the South, at any time; then both are live', () => {
    const state = dealt(hemispheres, `${DEAD} 7H`);
    expect(has(state, Grace, 'R2', 'R7')).toBe(true);
    expect(has(state, Grace, 'R1', 'R7')).toBe(true);
    expect(has(state, Grace, 'R2', 'R8')).toBe(false); // R8 7S is live: no exchange with it
    expect(legalByRules(state, Grace, 'R2', 'R8')).toBe(false);
    expect(legalByRules(state, Grace, 'R2', 'R1')).toBe(false); // both in the North
    make(state, Turn); // with a current card held the exchange stays open
    expect(has(state, Grace, 'R2', 'R7')).toBe(true);
    make(state, Grace, 'R2', 'R7');
    expect(cards(state, 'R2')).toEqual(['8H']);
    expect(cards(state, 'R7')).toEqual(['QS']);
    expect(has(state, Play, 'R7', 'spades 1')).toBe(true); // QS now in its hemisphere, on the king
    expect(has(state, Marry, 'current card', 'R2')).toBe(true); // 7H onto the live 8H
    expect(has(state, Grace, 'R1', 'R7')).toBe(false); // R7 is live now: nothing to exchange R1 with
  });
});

describe('The Hemispheres: dealing and refills', () => {
  it('H6, H7: empty places are filled from the stock, in order R1 to R12, before the next current card', () => {
    const state = dealt(hemispheres, `${LIVE} 4H 7D 2S 8C`);
    make(state, Turn); // current card 4H
    make(state, Marry, 'R3', 'R1'); // R3 empty
    make(state, Marry, 'current card', 'R1'); // 6H 5H 4H
    make(state, Marry, 'R8', 'R7'); // R8 empty
    // no move fills a place: not the talon, not the layout
    expect(
      legal(state)
        .map(kindOf)
        .filter((k) => k === MoveKind.Fill),
    ).toEqual([]);
    const turn = findMove(state, Turn)!;
    expect(reveals(turn)).toBe(true);
    state.apply(turn);
    expect(cards(state, 'R3')).toEqual(['7D']);
    expect(cards(state, 'R8')).toEqual(['2S']);
    expect(top(state, 'current card')).toBe('8C');
  });

  it('H7: a refill can land in the wrong hemisphere; an unused current card goes to the talon at the next turn', () => {
    const state = dealt(hemispheres, `${LIVE} 3C 9H 4S`);
    make(state, Marry, 'R3', 'R1');
    make(state, Turn); // 3C into R3, in the North: dead
    expect(top(state, 'R3')).toBe('3C');
    expect(has(state, Grace, 'R3', 'R7')).toBe(false); // nothing dead in the South to exchange it with
    expect(top(state, 'current card')).toBe('9H');
    make(state, Turn);
    expect(cards(state, 'talon')).toEqual(['9H']);
    expect(top(state, 'current card')).toBe('4S');
  });

  it('H8: a barrier is played only when it fits, as the last card of its pile', () => {
    const state = dealt(hemispheres, END_PLACES + ' ' + END_STREAM);
    expect(movesFrom(state, 'west barrier')).toEqual([]);
    playStream(state, 60); // the 20 hearts of the stream: one hearts foundation reaches QH
    expect(top(state, 'hearts 1')).toBe('QH');
    expect(has(state, Play, 'west barrier', 'hearts 1')).toBe(true);
    expect(has(state, Play, 'east barrier')).toBe(false); // the diamonds have not begun
    playStream(state); // one foundation of each other suit ends next to its barrier: QD, 2S, 2C
    for (const b of ['east barrier', 'north barrier', 'south barrier']) expect(has(state, Play, b)).toBe(true);
  });
});

describe('The Hemispheres: the end of the game', () => {
  it('H5 emptyOnly, H11: at the end a dead card moves to an empty place of its own hemisphere, never by marriage', () => {
    const state = dealt(hemispheres, END_PLACES + ' ' + END_STREAM);
    playStream(state, 1);
    make(state, Turn); // the last card, 2C, as current card
    make(state, Play, 'R11'); // 3S onto 4S: R11 empty, in the South, and the stock out
    expect(has(state, Grace, 'R1', 'R11')).toBe(false); // the current card is still out (H11)
    make(state, Turn); // 2C to the talon
    expect(state.table.size(pile(state, 'stock'))).toBe(0);
    expect(has(state, Turn)).toBe(false);
    expect(has(state, Grace, 'R1', 'R11')).toBe(false); // the talon is not exhausted
    make(state, Play, 'talon');
    expect(has(state, Grace, 'R1', 'R11')).toBe(true);
    expect(has(state, Marry, 'R1', 'R7')).toBe(false); // 2S on AS only with emptyOrMarry
    expect(legalByRules(state, Marry, 'R1', 'R7')).toBe(false);
    make(state, Grace, 'R1', 'R11');
    expect(cards(state, 'R11')).toEqual(['2S']);
    expect(state.table.size(pile(state, 'R1'))).toBe(0); // stock out: the place stays empty (H6)
    // everything now plays out: the barriers last of all
    for (let guard = 0; guard < 200 && !state.isWon(); guard++) make(state, Play);
    expect(state.isWon()).toBe(true);
  });

  it('H5 emptyOrMarry: the dead card may also marry onto a proper top of its hemisphere, in any Race', () => {
    const state = dealt(hemispheres, END_PLACES + ' ' + END_STREAM, { endTransfer: 'emptyOrMarry' });
    playStream(state);
    expect(has(state, Marry, 'R1', 'R7')).toBe(true); // 2S (North, dead) on AS in the Australian R7
    make(state, Play, 'R11');
    expect(has(state, Grace, 'R1', 'R11')).toBe(true); // the empty place too
    make(state, Marry, 'R1', 'R7');
    expect(cards(state, 'R7')).toEqual(['AS', '2S']);
    expect(has(state, Play, 'R7')).toBe(true); // live in the South: 2S fits the spades at 3S
  });

  it('H5: while the stock lasts a dead card has no transfer even with its hemisphere holding an empty place', () => {
    const state = dealt(hemispheres, `3C 6H 5H 6H 9D TD 6S 7S 5S 9C TC JS`, { endTransfer: 'emptyOrMarry' });
    make(state, Marry, 'R8', 'R7'); // R8 empty in the South; R1 3C dead
    expect(has(state, Grace, 'R1', 'R8')).toBe(false);
    expect(legalByRules(state, Grace, 'R1', 'R8')).toBe(false);
  });

  it('H9: no re-deal: when the stock and current card are out, the talon is not taken up again', () => {
    const state = dealt(hemispheres, LIVE);
    while (has(state, Turn)) make(state, Turn); // never play: every card goes to the talon
    expect(state.table.size(pile(state, 'talon'))).toBe(80);
    expect(
      legal(state)
        .map(kindOf)
        .filter((k) => k !== Play && k !== Marry),
    ).toEqual([]);
    expect(legal(state).map(kindOf)).not.toContain(MoveKind.Redeal);
  });
});

// The solver's dead-end rule (proof in src/games/hemispheres/solver.ts).
describe('The Hemispheres: solver hooks', () => {
  /** Turn the stock `times` times, leaving every card turned on the talon. */
  function turn(state: GameState, times: number): void {
    for (let i = 0; i < times; i++) make(state, Turn);
  }
  const buried = 1 + hemispheres.solving!.deadEndRules!.indexOf('buried-in-talon');

  it('buried-in-talon (H7, H9): a king of diamonds laid on the talon over both queens of diamonds can never leave it', () => {
    const state = dealt(hemispheres, `${LIVE} QD QD KD`);
    turn(state, 3);
    expect(cards(state, 'talon')).toEqual(['QD', 'QD']);
    expect(aidOf(hemispheres, state).deadEnd!()).toBe(0); // the king is still the current card: it never lies over the queens
    turn(state, 1);
    expect(cards(state, 'talon')).toEqual(['QD', 'QD', 'KD']);
    expect(aidOf(hemispheres, state).deadEnd!()).toBe(buried);
  });

  it('buried-in-talon near miss: with one queen of diamonds above the king, the queen plays first, then the king', () => {
    const state = dealt(hemispheres, `${LIVE} QD KD QD`);
    turn(state, 4);
    expect(cards(state, 'talon')).toEqual(['QD', 'KD', 'QD']);
    expect(aidOf(hemispheres, state).deadEnd!()).toBe(0);
  });

  it('buried-in-talon near miss (H1): a red card over both its predecessors may still marry onto a top one higher', () => {
    // 4H over both 3H: no foundation takes it before a 3H, but the 5H lying live in R3 is a top to marry onto.
    const state = dealt(hemispheres, `${LIVE} 3H 3H 4H`);
    turn(state, 4);
    expect(cards(state, 'talon')).toEqual(['3H', '3H', '4H']);
    expect(aidOf(hemispheres, state).deadEnd!()).toBe(0);
  });

  it('a deal greedy loses and the solver wins, by a line that passes checkLine (deal 117 of its seed)', () => {
    const deck = dealDeck('issue13', 'hemispheres', 117);
    const options = resolveOptions(hemispheres.options, {});
    const greedy = greedyPlayer.create(hemispheres, DEFAULT_SETTINGS);
    const played = playDeal(
      hemispheres.create(options),
      greedy,
      deck,
      () => playerRng('issue13', 'hemispheres', 117),
      new Int32Array(4096),
    );
    expect(played.won).toBe(false);
    const verdict = new Solver(hemispheres.create(options), {
      budget: 100_000,
      order: greedyOrder(hemispheres),
      solving: hemispheres.solving,
    }).solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(hemispheres.create(options), deck, verdict.line)).toBe('');
  });
});
