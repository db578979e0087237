// One test per ruling of The Constitution (RULES.md 8, and C7 of the game's rules card), each on a hand-made
// deck: the four rows are dealt from the People up, then the stock goes on with the cards the test names, then
// the rest in pack order (aces, kings and queens are taken out wherever they lie).

import { describe, expect, it } from 'vitest';
import { makeCard } from '../src/core/card.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, kindOf, makeMove, reveals, type Move } from '../src/core/move.js';
import { constitution } from '../src/games/constitution/index.js';
import { parseDeck, stackedDeck } from '../src/core/deck.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';
import { cards, dealt, findMove, legal, make, pile, top, aidOf } from './helpers.js';

const { Play, Marry, Fill, Turn, Redeal } = MoveKind;

const ROWS = {
  people: '2H 3H 4H 5H 6H 7H 8H 9H',
  commons: '2D 3D 4D 5D 6D 7D 8D 9D',
  lords: '3C 4C 5C 6C 7C 8C 9C TC',
  privy: '2S 3S 4S 5S 6S 7S 8S 9S',
};

/** A Constitution dealt with these rows (People first), the stock going on with `next`. */
function rows(layout: Partial<typeof ROWS> = {}, next = ''): GameState {
  const r = { ...ROWS, ...layout };
  return dealt(constitution, `${r.people} ${r.commons} ${r.lords} ${r.privy} ${next}`);
}

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

function kinds(state: GameState): number[] {
  return [...new Set(legal(state).map(kindOf))];
}

describe('The Constitution: the deal', () => {
  it('takes out kings, queens and aces: 8 aces as foundations, 16 out, four rows of 8 from the People up, 48 in stock', () => {
    const state = rows();
    const t = state.table;
    for (let f = 1; f <= 8; f++) expect(cards(state, `foundation ${f}`)).toHaveLength(1);
    expect(cards(state, 'foundation 1')).toEqual(['AS']);
    expect(cards(state, 'kings and queens').every((c) => c[0] === 'K' || c[0] === 'Q')).toBe(true);
    expect(t.size(pile(state, 'kings and queens'))).toBe(16);
    expect(top(state, 'people 1')).toBe('2H'); // the lowest row is dealt first
    expect(top(state, 'commons 8')).toBe('9D');
    expect(top(state, 'privy council 1')).toBe('2S');
    expect(t.size(pile(state, 'stock'))).toBe(48);
    expect(state.cardsInPlay).toBe(80);
  });
});

describe('The Constitution: plays and builds', () => {
  it('foundations are fed only from the Privy Council (Rule I)', () => {
    const state = rows({ lords: '2C 4C 5C 6C 7C 8C 9C TC', privy: '2S 3S 4S 5S 6S 7S 8S 9S' });
    expect(has(state, Play, 'privy council 1', 'foundation 1')).toBe(true); // 2S on AS
    expect(has(state, Play, 'lords 1')).toBe(false); // 2C fits its ace but lies in the House of Lords
    expect(state.isLegal(makeMove(Play, pile(state, 'lords 1'), pile(state, 'foundation 4')))).toBe(false);
    expect(state.isLegal(makeMove(Play, pile(state, 'people 1'), pile(state, 'foundation 2')))).toBe(false); // 2H
    make(state, Play, 'privy council 1', 'foundation 1');
    expect(cards(state, 'foundation 1')).toEqual(['AS', '2S']);
  });

  it('builds go one row up, alternate colour one lower; never within a row, downwards or skipping a row', () => {
    const state = rows({
      people: '2H 3H 4H 5H 6H 7H 2C 9H',
      commons: '8H 3D 4D 5D 6D 7D 8D 9D',
      lords: '8C 8H 8D 9C 9H 8C 9C TC',
      privy: '2S 3S 4S 5S 6S 7S 8S 9S',
    });
    expect(has(state, Marry, 'lords 2', 'privy council 8')).toBe(true); // 8H on 9S
    expect(has(state, Marry, 'lords 3', 'privy council 8')).toBe(true); // 8D on 9S
    expect(has(state, Marry, 'lords 1', 'privy council 8')).toBe(false); // 8C on 9S: same colour
    expect(state.isLegal(makeMove(Marry, pile(state, 'lords 2'), pile(state, 'lords 4')))).toBe(false); // 8H on 9C, same row
    expect(state.isLegal(makeMove(Marry, pile(state, 'commons 1'), pile(state, 'privy council 8')))).toBe(false); // skips a row
    expect(state.isLegal(makeMove(Marry, pile(state, 'privy council 7'), pile(state, 'lords 5')))).toBe(false); // 8S on 9H, down
    expect(has(state, Marry, 'commons 1', 'lords 4')).toBe(true); // 8H on 9C, row 2 to row 3
    make(state, Marry, 'lords 2', 'privy council 8');
    expect(cards(state, 'privy council 8')).toEqual(['9S', '8H']);
    expect(has(state, Marry, 'lords 1', 'privy council 8')).toBe(false); // only the top card is available (Rule III)
  });

  it('a card must ascend through each division before it can be played', () => {
    const state = rows({ lords: '2S 4C 5C 6C 7C 8C 9C TC', privy: '3H 3S 4S 5S 6S 7S 8S 9S' });
    expect(has(state, Play, 'lords 1')).toBe(false);
    make(state, Marry, 'lords 1', 'privy council 1'); // 2S on 3H
    make(state, Fill, 'commons 1', 'lords 1'); // lords 1 fell vacant (C2)
    make(state, Fill, 'people 1', 'commons 1'); // and commons 1; people 1 takes the next stock card
    make(state, Play, 'privy council 1', 'foundation 1');
    expect(cards(state, 'foundation 1')).toEqual(['AS', '2S']);
  });
});

describe('The Constitution: rulings', () => {
  it('C1: a vacancy exists only when a pile is completely empty', () => {
    const state = rows({ lords: '2S 4C 5C 6C 7C 8C 9C TC', privy: '3H 3S 4S 5S 6S 7S 8S 9S' });
    make(state, Marry, 'lords 1', 'privy council 1');
    make(state, Fill, 'commons 1', 'lords 1');
    make(state, Fill, 'people 1', 'commons 1');
    make(state, Play, 'privy council 1', 'foundation 1'); // 3H still lies there: no vacancy
    expect(cards(state, 'privy council 1')).toEqual(['3H']);
    expect(kinds(state)).not.toContain(Fill);
    expect(kinds(state)).toContain(Turn);
  });

  it('C2: the cascade: a Privy Council vacancy takes a Lords top, the Lords vacancy a Commons top, the People vacancy the talon top', () => {
    const state = rows({}, 'TS 8C');
    make(state, Turn); // talon TS
    make(state, Turn); // talon 8C
    make(state, Play, 'privy council 1', 'foundation 1'); // 2S: privy council 1 falls vacant
    expect(kinds(state)).toEqual([Fill]); // filled at once: nothing else may happen first
    expect(legal(state).map((m) => state.pileNames[m & 0xff])).toEqual([
      'lords 1',
      'lords 2',
      'lords 3',
      'lords 4',
      'lords 5',
      'lords 6',
      'lords 7',
      'lords 8',
    ]);
    expect(state.isLegal(makeMove(Fill, pile(state, 'commons 1'), pile(state, 'privy council 1')))).toBe(false); // row directly below only
    make(state, Fill, 'lords 3', 'privy council 1'); // the player's choice: 5C; lords 3 falls vacant
    expect(top(state, 'privy council 1')).toBe('5C');
    expect(legal(state).every((m) => kindOf(m) === Fill && state.pileNames[(m >>> 8) & 0xff] === 'lords 3')).toBe(true);
    make(state, Fill, 'commons 6', 'lords 3'); // 7D; commons 6 falls vacant and takes a People top
    expect(top(state, 'lords 3')).toBe('7D');
    make(state, Fill, 'people 2', 'commons 6'); // 3H; people 2 falls vacant: the talon top fills it, no choice
    expect(top(state, 'commons 6')).toBe('3H');
    expect(top(state, 'people 2')).toBe('8C');
    expect(cards(state, 'talon')).toEqual(['TS']);
    expect(kinds(state)).toContain(Turn); // the cascade is over: free moves again
  });

  it('C2: a People vacancy with no talon takes the next stock card, and the move that causes it is flagged as revealing', () => {
    const state = rows({}, 'JS');
    make(state, Play, 'privy council 1', 'foundation 1');
    make(state, Fill, 'lords 1', 'privy council 1');
    const fromCommons = findMove(state, Fill, 'commons 1', 'lords 1');
    expect(fromCommons !== undefined && !reveals(fromCommons)).toBe(true); // the People vacancy is filled by choice
    state.apply(fromCommons!);
    const fromPeople = findMove(state, Fill, 'people 1', 'commons 1');
    expect(fromPeople !== undefined && reveals(fromPeople)).toBe(true); // people 1 then takes an unseen card
    state.apply(fromPeople!);
    expect(top(state, 'people 1')).toBe('JS');
    expect(state.table.size(pile(state, 'talon'))).toBe(0);
  });

  it('C2, C7: a vacancy whose row below holds no card waits; a fill with one possible source is made at once', () => {
    // The deck the conformance suite wins with the naive player: everything climbs through pile 1 of each row.
    const state = dealt(constitution, WINNABLE);
    const t = state.table;
    const lords = Array.from({ length: 8 }, (_, i) => pile(state, `lords ${i + 1}`));
    const buf = new Int32Array(256);
    let forced = 0;
    let waited = false;
    for (let step = 0; step < 2000; step++) {
      const n = state.legalMoves(buf);
      if (n === 0) break;
      const moves = Array.from(buf.subarray(0, n));
      if (moves.some((m) => kindOf(m) === Fill)) expect(moves.length).toBeGreaterThan(1); // never a one-way choice
      const m: Move = moves.find((x) => kindOf(x) === Play) ?? moves.find((x) => kindOf(x) === Fill) ?? moves[0]!;
      const p = m & 0xff;
      const sources = lords.filter((q) => t.size(q) > 0);
      const single = kindOf(m) === Play && t.size(p) === 1 && sources.length === 1 ? t.top(sources[0]!) : -1;
      state.apply(m);
      if (single >= 0) {
        expect(t.top(p)).toBe(single); // C7: the only Lords top went up with the play
        forced++;
      }
      const privy1 = pile(state, 'privy council 1');
      if (t.size(privy1) === 0 && t.size(pile(state, 'privy council 2')) > 0 && !kinds(state).includes(Fill)) {
        waited = true; // C2: the vacancy waits, the rows below being empty
        expect(lords.every((q) => t.size(q) === 0)).toBe(true);
        expect(kinds(state)).not.toContain(Fill);
      }
    }
    expect(forced).toBeGreaterThan(0);
    expect(waited).toBe(true);
    expect(state.isWon()).toBe(true);
  });

  it('C3: talon and stock cards never build onto piles', () => {
    const state = rows({}, '8C');
    make(state, Turn); // talon 8C, which would fit 9H in people 8 or 9D in commons 8
    const talon = pile(state, 'talon');
    expect(legal(state).filter((m) => (m & 0xff) === talon)).toEqual([]);
    expect(
      legal(state)
        .filter((m) => (m & 0xff) === pile(state, 'stock'))
        .map(kindOf),
    ).toEqual([Turn]);
    expect(state.isLegal(makeMove(Marry, talon, pile(state, 'people 8')))).toBe(false);
    expect(state.isLegal(makeMove(Marry, talon, pile(state, 'commons 8')))).toBe(false);
  });

  it('C4: plays and builds are optional: turning the stock is allowed while they wait', () => {
    const state = rows({ lords: '8H 4C 5C 6C 7C 8C 9C TC' });
    expect(has(state, Play, 'privy council 1')).toBe(true);
    expect(has(state, Marry, 'lords 1', 'privy council 8')).toBe(true);
    make(state, Turn);
    expect(has(state, Play, 'privy council 1')).toBe(true);
    expect(has(state, Marry, 'lords 1', 'privy council 8')).toBe(true);
  });

  it('C5: no re-deal: once the stock is out the talon stays where it is', () => {
    const state = rows({ privy: '3S 3S 4S 5S 6S 7S 8S 9S' });
    for (let i = 0; i < 48; i++) make(state, Turn);
    expect(state.table.size(pile(state, 'talon'))).toBe(48);
    expect(kinds(state)).not.toContain(Turn);
    expect(kinds(state)).not.toContain(Redeal);
  });

  it('C6: each turned card is the talon top at once, and a People vacancy made afterwards takes it', () => {
    const state = rows({ people: '8C 3H 4H 5H 6H 7H 8H 9H', commons: '9H 3D 4D 5D 6D 7D 8D 9D' }, 'JD 5S');
    make(state, Turn);
    make(state, Turn);
    expect(top(state, 'talon')).toBe('5S');
    const build = findMove(state, Marry, 'people 1', 'commons 1'); // 8C on 9H empties people 1
    expect(build !== undefined && !reveals(build)).toBe(true); // the card that fills it is in sight
    state.apply(build!);
    expect(top(state, 'people 1')).toBe('5S');
    expect(top(state, 'talon')).toBe('JD');
  });
});

describe('The Constitution: the contract', () => {
  it('uncovers names the card beneath; an emptied pile releases none (its fill comes from elsewhere)', () => {
    const state = rows({ lords: '8H 4C 5C 6C 7C 8C 9C TC' });
    make(state, Marry, 'lords 1', 'privy council 8'); // privy council 8 = 9S 8H
    make(state, Fill, 'commons 1', 'lords 1');
    make(state, Fill, 'people 1', 'commons 1');
    expect(makeCard(state.uncovers(pile(state, 'privy council 8'), 1))).toBe('9S');
    expect(state.uncovers(pile(state, 'privy council 1'), 1)).toBe(255);
  });

  it('the picture shows the Privy Council on top, the People at the bottom, and the foundations', () => {
    const lines = rows().picture().split('\n');
    expect(lines[0]).toContain('Government');
    expect(lines[1]).toContain('Privy Council');
    expect(lines[1]).toContain('2\u2660');
    expect(lines[4]).toContain('People');
    expect(lines[4]).toContain('2\u2665');
    expect(lines.at(-1)).toContain('stock 48');
  });
});

const WINNABLE =
  '5S 8H 9H TH 2D 3D 4D 5D 4S 6D 7D 8D 9D TD 2C 3C 3S 4C 5C 6C 7C 8C 9C TC 2S JS JH JD JC JS JH JD 6S 7S 8S 9S TS 2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D 6D 7D 8D 9D TD 2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S 5S 6S 7S 8S 9S TS 2H 3H 4H 5H 6H 7H';

describe("The Constitution: the solver's prunings", () => {
  const buffer = new Int32Array(4096);
  // The Commons hold the eight knaves, which nothing takes (no queen is in play): they leave only to fill a
  // vacancy of the Lords (C2). The Lords' fives and sixes take no build from the Commons and fit no top of the
  // Privy Council's black nines and tens, which wait for twos that can never climb past the Commons.
  const LOCKED = {
    people: '2H 3H 4H 7H 8H 2D 3D 4D',
    commons: 'JS JS JH JH JD JD JC JC',
    lords: '5H 5H 5D 5D 6H 6H 6D 6D',
    privy: '9S 9S 9C 9C TS TS TC TC',
  };
  const deckOf = (r: typeof LOCKED) => stackedDeck(`${r.people} ${r.commons} ${r.lords} ${r.privy}`);

  it('cannot-climb, C2, C3: no card can ever reach the Privy Council, so nothing is ever played: lost while the stock is whole and once it is out', () => {
    const state = rows(LOCKED);
    expect(constitution.solving!.deadEndRules).toEqual(['cannot-climb']);
    expect(state.table.size(pile(state, 'stock'))).toBe(48);
    expect(aidOf(constitution, state).deadEnd!()).toBe(1); // the stock as dealt: its cards count as free
    make(state, Turn);
    expect(aidOf(constitution, state).deadEnd!()).toBe(0); // between the first turn and the last the rule is not asked (its cost)
    while (state.table.size(pile(state, 'stock')) > 0) make(state, Turn);
    expect(aidOf(constitution, state).deadEnd!()).toBe(1);
    const solver = new Solver(state, {
      budget: 10_000,
      order: greedyOrder(constitution),
      solving: constitution.solving,
    });
    expect(solver.solve(deckOf(LOCKED)).outcome).toBe(Outcome.Unsolvable);
    expect(solver.pruned[1]).toBeGreaterThan(0);
  });

  it('cannot-climb near miss: a seven of spades in the Privy Council takes a red six of the Lords, opening a vacancy there', () => {
    const state = rows({ ...LOCKED, privy: '7S 9S 9C 9C TS TS TC TC' });
    while (state.table.size(pile(state, 'stock')) > 0) make(state, Turn);
    expect(aidOf(constitution, state).deadEnd!()).toBe(0);
  });

  it('safe move: a Privy Council two lying on another card is played at once; a two alone in its pile is not (its play makes a compulsory fill, C2)', () => {
    const state = rows({ lords: '2H 4C 5C 6C 7C 8C 9C TC', privy: '3S 2D 4S 5S 6S 7S 8S 9S' });
    let n = state.legalMoves(buffer);
    expect(legal(state)).toContain(makeMove(Play, pile(state, 'privy council 2'), pile(state, 'foundation 3')));
    expect(aidOf(constitution, state).safeMove!(buffer, n)).toBe(-1); // the 2D is alone in its pile
    make(state, Marry, 'lords 1', 'privy council 1'); // 2H onto 3S
    make(state, Fill, 'commons 1', 'lords 1'); // C2: the Lords' vacancy, then the Commons', filled from below
    make(state, Fill, 'people 1', 'commons 1');
    expect(cards(state, 'privy council 1')).toEqual(['3S', '2H']);
    n = state.legalMoves(buffer);
    expect(aidOf(constitution, state).safeMove!(buffer, n)).toBe(
      makeMove(Play, pile(state, 'privy council 1'), pile(state, 'foundation 2')),
    );
  });

  it('progress: each card counts the row it lies in, 5 on a foundation, 0 in the stock or talon; a build, a fill, a play and a People fill each add one', () => {
    const state = rows({ lords: '2H 4C 5C 6C 7C 8C 9C TC', privy: '3S 2D 4S 5S 6S 7S 8S 9S' }, 'JS');
    const start = 8 * (1 + 2 + 3 + 4); // the four rows as dealt; the stock's 48 count nothing
    expect(aidOf(constitution, state).progress!()).toBe(start);
    make(state, Turn); // JS onto the talon: nothing climbs
    expect(aidOf(constitution, state).progress!()).toBe(start);
    make(state, Marry, 'lords 1', 'privy council 1'); // 2H climbs from row 3 to row 4
    expect(aidOf(constitution, state).progress!()).toBe(start + 1);
    make(state, Fill, 'commons 1', 'lords 1'); // C2: 2D climbs from row 2 to row 3, then 2H from row 1 to 2,
    make(state, Fill, 'people 1', 'commons 1'); // and the People vacancy takes the talon's JS
    expect(top(state, 'people 1')).toBe('JS');
    expect(aidOf(constitution, state).progress!()).toBe(start + 4);
    make(state, Play, 'privy council 1', 'foundation 2'); // 2H from row 4 to a foundation
    expect(aidOf(constitution, state).progress!()).toBe(start + 5);
  });

  it('a deck (found by search, written out) that greedy loses and the solver wins, by a line the game itself checks', () => {
    const deck = parseDeck(
      '8C 6H 2H 9D 3H AD 2S 7S 5C 8S 2S 3H 3S 5S KS 2C QC KH KC AS QD QS 9C 6D 5H AS JC 8H TS 3D JC AC 9S JS 4D 6S ' +
        '4H 2D 3S KC 9S 3C KD 7H 9D 9H QH 7C 2C AC 7D AH 7C 4D 7S KH 8D 6S AH TD TC QS 3C 9H 6C JH JD 4C 5H 2H 4C 8D ' +
        'TH JH 5C QD 4H 6D 9C 7D QC 5S TC TS 7H 4S JD 8H 3D 6C JS TD KD AD 5D 2D QH 4S KS 8S 8C TH 5D 6H',
    );
    const greedy = greedyPlayer.create(constitution, DEFAULT_SETTINGS);
    const played = playDeal(
      constitution.create({}),
      greedy,
      deck,
      () => playerRng('issue13', 'constitution', 0),
      buffer,
    );
    expect(played.won).toBe(false);
    const verdict = new Solver(constitution.create({}), {
      budget: 100_000,
      order: greedyOrder(constitution),
      solving: constitution.solving,
    }).solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(constitution.create({}), deck, verdict.line)).toBe('');
  });
});
