// PySolFC's words for Napoleon's Square's and The Zodiac's moves: each kind of move named on hand-made positions,
// the pile named checked against where the card lies on PySolFC's screen; and on the built command, replay of a
// --pysol deal (and hint) in PySolFC's words with the game's note, the same deal as a deck in ours.

import { describe, expect, it } from 'vitest';
import type { GameState } from '../src/core/game.js';
import { MoveKind } from '../src/core/move.js';
import type { OptionValue } from '../src/core/options.js';
import { napoleonsSquare } from '../src/games/napoleons-square/index.js';
import { zodiac } from '../src/games/zodiac/index.js';
import { zodiacRowName } from '../src/games/zodiac/pysol.js';
import { NAPOLEON_SQUARE, cards, dealt, findMove, make, top } from './helpers.js';
import { patience } from './run-cli.js';

const { Play, Marry, Fill, Turn, Redeal, Exchange } = MoveKind;

/** The legal move of this kind between these piles, in PySolFC's words; throws if there is none. */
function words(state: GameState, kind: number, from?: string, to?: string, count = 1): string {
  const m = findMove(state, kind, from, to, count);
  if (m === undefined) throw new Error(`no legal move ${kind} ${from ?? ''} -> ${to ?? ''}`);
  const game = state.pileNames.includes('equator 1') ? zodiac : napoleonsSquare;
  return game.pysol!.describeMove!(state, m);
}

/** The deck that deals Napoleon's Square's base square, some packets (from 1) replaced, row by row (N9), then
 * `next`. */
function napoleonByRows(packets: Record<number, string>, next: string): string {
  const square = NAPOLEON_SQUARE.map((p, i) => packets[i + 1] ?? p);
  const rows = [0, 1, 2, 3].map((j) => square.map((p) => p.split(' ')[j]).join(' '));
  return `${rows.join(' ')} ${next}`;
}

describe("Napoleon's Square in PySolFC's words (reading=pysol)", () => {
  const deal = () =>
    dealt(napoleonsSquare, napoleonByRows({ 1: '4S 5H 2S AS', 2: '2H AH AH AS', 12: 'JC 4H 8C 7C' }, 'KD AD'), {
      reading: 'pysol',
    });

  it('names its foundations by suit and place from the left, its rows (our packets) from the left', () => {
    const state = deal();
    expect(top(state, 'packet 1')).toBe('AS'); // PySolFC's row 1, dealt first in each row of the deal
    expect(words(state, Play, 'packet 1', 'spades 1')).toBe(
      'move A♠ from row 1 to the ♠ foundation (3rd from the left)',
    );
    make(state, Play, 'packet 1', 'spades 1');
    expect(words(state, Play, 'packet 2', 'spades 2')).toBe(
      'move A♠ from row 2 to the ♠ foundation (4th from the left)',
    );
    make(state, Play, 'packet 2', 'spades 2');
    // a run of the same suit down, the lowest card first
    expect(words(state, Marry, 'packet 12', 'packet 4', 2)).toBe('move 8♣ 7♣ from row 12 to row 4');
    // a return (N12) onto a row
    expect(words(state, Marry, 'spades 1', 'packet 1')).toBe(
      'move A♠ from the ♠ foundation (3rd from the left) to row 1',
    );
    for (let i = 0; i < 3; i++) make(state, Play, 'packet 2'); // AH AH 2H: row 2 empty
    expect(cards(state, 'hearts 1')).toEqual(['AH', '2H']);
    // into a space (N11): a return, and a run from a row
    expect(words(state, Marry, 'hearts 1', 'packet 2')).toBe(
      'move 2♥ from the ♥ foundation (5th from the left) to row 2 (empty)',
    );
    expect(words(state, Marry, 'packet 12', 'packet 2', 2)).toBe('move 8♣ 7♣ from row 12 to row 2 (empty)');
  });

  it("turns the first card as PySolFC's deal does, then by the talon; the waste plays and fills", () => {
    const state = deal();
    expect(words(state, Turn)).toBe("the first card to the waste (PySolFC's deal turns it)");
    make(state, Turn);
    expect(top(state, 'talon')).toBe('KD');
    for (let i = 0; i < 3; i++) make(state, Play, 'packet 2'); // AS AH AH: row 2 shows 2H
    make(state, Play, 'packet 2'); // 2H: row 2 empty
    expect(words(state, Marry, 'talon', 'packet 2')).toBe('move K♦ from the waste to row 2 (empty)');
    expect(words(state, Turn)).toBe('click the talon: its top card to the waste');
    make(state, Turn);
    expect(words(state, Play, 'talon', 'diamonds 1')).toBe(
      'move A♦ from the waste to the ♦ foundation (7th from the left)',
    );
  });

  it('under spaces=outside a fill is named as the move it is, into the space', () => {
    const state = dealt(napoleonsSquare, napoleonByRows({ 2: '2H AH AH AC' }, 'KD'), {
      reading: 'pysol',
      spaces: 'outside',
    });
    for (let i = 0; i < 4; i++) make(state, Play, 'packet 2');
    make(state, Turn);
    expect(words(state, Fill, 'talon', 'packet 2')).toBe('move K♦ from the waste to row 2 (empty)');
    expect(cards(state, 'clubs 1')).toEqual(['AC']);
  });
});

// The Zodiac under dealOrder=rows (Z12): the Equator A K of each suit; the first Zodiac cards dealt 2S (PySolFC's top
// row, first from the left), 2H (its bottom row, first), 6S (top, second), QD (bottom, second).
const ZODIAC_ROWS = `AS KS AH KH AD KD AC KC 2S 2H 6S QD ${'6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C 6H 6D 6C 7S 7H'}`;

// A deal of The Zodiac that places every card (as test/zodiac-pysol.test.ts's): per suit the Equator holds A and K,
// the Zodiac six piles 7 8 K T A 4, and the stock's cards extend them one way each, as PLAN says.
const SUITS = 'SHDC';
const RUNS = ['65432', '9TJQ', 'QJ', '98', '23', '567'];
const PLAN: Array<[string, string]> = [...SUITS].flatMap((s, k) =>
  RUNS.flatMap((run, i) => [...run].map((r): [string, string] => [r + s, `zodiac ${6 * k + i + 1}`])),
);
const FULL = `${[...SUITS].map((s) => `A${s} K${s}`).join(' ')} ${[...SUITS].map((s) => `7${s} 8${s} K${s} T${s} A${s} 4${s}`).join(' ')} ${PLAN.map(([c]) => c).join(' ')}`;

/** The deal above, every card placed (phase 2): zodiac 1 holds 7S down to 2S, zodiac 2 8S up to QS; AS and KS in
 * equator 1 and 2. */
function placed(rules: Record<string, OptionValue>): GameState {
  const state = dealt(zodiac, FULL, rules);
  for (const [, target] of PLAN) {
    make(state, Turn);
    make(state, Marry, 'current card', target);
  }
  return state;
}

describe("The Zodiac in PySolFC's words (reading=pysol)", () => {
  it("Z12: names our Zodiac piles by PySolFC's two rows, where its deal lays them, counted from the left", () => {
    // dealOrder=rows: its top row is Zodiac 23, 24, 1-10, its bottom row 22, 21 down to 11
    expect(zodiacRowName(22, true)).toBe('row 1 of the top row');
    expect(zodiacRowName(0, true)).toBe('row 3 of the top row');
    expect(zodiacRowName(9, true)).toBe('row 12 of the top row');
    expect(zodiacRowName(21, true)).toBe('row 1 of the bottom row');
    expect(zodiacRowName(10, true)).toBe('row 12 of the bottom row');
    // dealOrder=ring: the k-th card dealt lies on Zodiac k+1, which PySolFC's deal lays on its k-th row
    expect(zodiacRowName(0, false)).toBe('row 1 of the top row');
    expect(zodiacRowName(1, false)).toBe('row 1 of the bottom row');
    expect(zodiacRowName(23, false)).toBe('row 12 of the bottom row');
  });

  it('phase 1: marriages from the reserves onto the rows, the first turn, a fill, the talon and the redeal', () => {
    const state = dealt(zodiac, ZODIAC_ROWS, { reading: 'pysol' });
    expect(top(state, 'zodiac 23')).toBe('2S'); // the first Zodiac card: PySolFC's top row, first from the left
    expect(words(state, Marry, 'equator 1', 'zodiac 23')).toBe('move A♠ from reserve 1 to row 1 of the top row');
    expect(top(state, 'zodiac 22')).toBe('2H');
    expect(words(state, Marry, 'equator 3', 'zodiac 22')).toBe('move A♥ from reserve 3 to row 1 of the bottom row');
    expect(top(state, 'zodiac 21')).toBe('QD');
    expect(words(state, Marry, 'equator 6', 'zodiac 21')).toBe('move K♦ from reserve 6 to row 2 of the bottom row');
    make(state, Marry, 'equator 1', 'zodiac 23');
    expect(words(state, Turn)).toBe("the first card to the waste (PySolFC's deal turns it)");
    make(state, Turn);
    const card = top(state, 'talon');
    expect(words(state, Fill, 'talon', 'equator 1')).toBe(
      `move ${card[0]}${'♠♥♦♣'['SHDC'.indexOf(card[1]!)]} from the waste to reserve 1 (empty)`,
    );
    expect(words(state, Turn)).toBe('click the talon: its top card to the waste');
    while (findMove(state, Turn) !== undefined) make(state, Turn);
    expect(words(state, Redeal, 'talon', 'stock')).toBe(
      'click the empty talon: the waste turned over onto it (the next round)',
    );
  });

  it('phase 2: plays, returns onto a row and into a reserve (Z11), and a move between foundations (Z6)', () => {
    const state = placed({ returns: 'free', foundationExchange: 'free' });
    const ace = 'the A♠ foundation (above the reserves, 2nd of the four)';
    expect(words(state, Play, 'equator 1', 'ace pile S')).toBe(`move A♠ from reserve 1 to ${ace}`);
    make(state, Play, 'equator 1', 'ace pile S');
    expect(words(state, Marry, 'ace pile S', 'equator 1')).toBe(`move A♠ from ${ace} to reserve 1 (empty)`);
    // dealOrder=ring: zodiac 1 took the first Zodiac card, which PySolFC's deal lays on its top row's first
    expect(words(state, Play, 'zodiac 1', 'ace pile S')).toBe(`move 2♠ from row 1 of the top row to ${ace}`);
    make(state, Play, 'zodiac 1', 'ace pile S');
    expect(words(state, Marry, 'ace pile S', 'zodiac 1')).toBe(`move 2♠ from ${ace} to row 1 of the top row`);
    for (let i = 0; i < 5; i++) make(state, Play, 'zodiac 1', 'ace pile S'); // 3S..7S
    make(state, Play, 'equator 2', 'king pile S');
    for (let i = 0; i < 5; i++) make(state, Play, 'zodiac 2', 'king pile S'); // QS..8S
    expect(words(state, Exchange, 'ace pile S', 'king pile S')).toBe(
      `move 7♠ from ${ace} to the K♠ foundation (below the reserves, 2nd of the four)`,
    );
    expect(words(placed({}), Play, 'equator 7', 'ace pile C')).toBe(
      'move A♣ from reserve 7 to the A♣ foundation (above the reserves, 1st of the four)',
    );
  });
});

describe("replay and hint of PySolFC's deal in its words, the same deck in ours", () => {
  it.each([
    [
      'napoleons-square',
      'its rows our packets',
      /^\s+\d+\. move .. from row \d+ to the . foundation \(\d(st|nd|rd|th) from the left\)$/m,
      /^\s+\d+\. play .. from packet \d+ to /m,
    ],
    [
      'zodiac',
      'its reserves our Equator, its rows our Zodiac',
      /^\s+\d+\. move .. from reserve \d to row \d+ of the (top|bottom) row$/m,
      /^\s+\d+\. marry .. from equator \d to zodiac \d+$/m,
    ],
  ])('%s', async (game, note, pysolLine, oursLine) => {
    const run = await patience(['replay', '--game', game, '--pysol', '123456', '-p', 'greedy', '--pictures', 'end']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`moves in PySolFC's words (its talon is our stock, its waste our talon, ${note}`);
    expect(run.stdout).toMatch(pysolLine);
    expect(run.stdout).toMatch(/^\s+\d+\. click the talon: its top card to the waste$/m);
    const hinted = await patience(['hint', '--game', game, '--pysol', '123456', '--samples', '2', '--to', '3']);
    expect(hinted.code).toBe(0);
    expect(hinted.stdout).toContain(`moves in PySolFC's words (its talon is our stock, its waste our talon, ${note}`);
    expect(hinted.stdout).toContain("the first card to the waste (PySolFC's deal turns it)");
    const deck = (await patience(['replay', '--game', game, '--pysol', '123456', '--print-deck'])).stdout.trim();
    const given = await patience([
      'replay',
      '--game',
      game,
      '--deck',
      deck,
      '--rule',
      'reading=pysol',
      '-p',
      'greedy',
      '--pictures',
      'end',
    ]);
    expect(given.code).toBe(0);
    expect(given.stdout).not.toContain("PySolFC's words");
    expect(given.stdout).not.toContain('click the talon');
    expect(given.stdout).toMatch(oursLine);
  });
});
