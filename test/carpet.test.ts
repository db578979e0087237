// One test (at least) per ruling of The Carpet (RULES.md 11, and K8-K9 of the game's rules card), each on a
// hand-made deck: the eight foundation cards first, then the 64 carpet cards row by row (the cells a test names,
// the others filled with middling cards no foundation wants soon), then the stock.

import { describe, expect, it } from 'vitest';
import { NO_CARD, makeCard, parseCard } from '../src/core/card.js';
import { orderedDeck } from '../src/core/deck.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, REVEALS, kindOf, makeMove, toOf } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import { parseDeck } from '../src/core/deck.js';
import { carpetAdvice } from '../src/games/carpet/advice.js';
import { carpet } from '../src/games/carpet/index.js';
import { inLastDeal } from '../src/games/carpet/layout.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';
import { cards, dealt, findMove, legal, make, pile, top, aidOf } from './helpers.js';

const { Play, Talon, Turn, Redeal, Exchange, Marry } = MoveKind;

const BASES = 'AS AH AD AC KS KH KD KC';
const FILLER_RANKS = '768594T3J';

/** The deck prefix: the bases, the carpet with `cells` ("r,c" -> card) and fillers elsewhere, then `stock`. */
function carpetDeck(cells: Record<string, string>, stock = ''): string {
  const used = new Map<string, number>();
  const norm = (code: string) => makeCard(parseCard(code)!);
  const stockCodes = stock.split(' ').filter((c) => c);
  for (const code of [...BASES.split(' '), ...Object.values(cells), ...stockCodes])
    used.set(norm(code), (used.get(norm(code)) ?? 0) + 1);
  const fillers: string[] = [];
  for (const r of FILLER_RANKS) {
    for (const s of 'SHDC') {
      while ((used.get(r + s) ?? 0) < 2) {
        used.set(r + s, (used.get(r + s) ?? 0) + 1);
        fillers.push(r + s);
      }
    }
  }
  const layout: string[] = [];
  for (let r = 1; r <= 8; r++) for (let c = 1; c <= 8; c++) layout.push(cells[`${r},${c}`] ?? fillers.shift()!);
  return [BASES, ...layout, ...stockCodes].join(' ');
}

/** A Carpet just dealt from carpetDeck(cells, stock). */
function deal(cells: Record<string, string> = {}, stock = '', rules: Record<string, OptionValue> = {}): GameState {
  return dealt(carpet, carpetDeck(cells, stock), rules);
}

const cell = (r: number, c: number) => `carpet (${r},${c})`;

/** The carpet cells whose cards are available now, as "r,c", in row order. */
function availableCells(state: GameState): string[] {
  const cardsBuf = new Uint8Array(256);
  const piles = new Uint8Array(256);
  const n = state.availableCards(cardsBuf, piles);
  return Array.from(piles.subarray(0, n))
    .map((p) => state.pileNames[p]!)
    .filter((name) => name.startsWith('carpet'))
    .map((name) => name.slice(8, -1));
}

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

/** Whether a move is generated, checking that the independent isLegal agrees. */
function allowed(state: GameState, kind: number, from: string, to: string): boolean {
  const m = makeMove(kind, pile(state, from), pile(state, to));
  const generated = legal(state).includes(m);
  expect(state.isLegal(m)).toBe(generated);
  return generated;
}

const BOTH = ['adjacent', 'clearLane'] as const;

/** RULES.md 11: the 16 cards available after the deal, the plate's crosses. */
const DEALT_AVAILABLE = [
  '1,1',
  '1,3',
  '1,5',
  '1,7',
  '1,8',
  '2,1',
  '3,8',
  '4,1',
  '5,8',
  '6,1',
  '7,8',
  '8,1',
  '8,2',
  '8,4',
  '8,6',
  '8,8',
];

describe('The Carpet: the deal', () => {
  it('K7: the ace and king of each suit from the first pack are set out, wherever they lie', () => {
    const deck = orderedDeck();
    deck[0] = 52; // the second pack's AS first ...
    deck[52] = 0; // ... and the first pack's AS in its place
    const state = carpet.create(resolveOptions(carpet.options, {}));
    state.deal(deck);
    expect(state.table.top(pile(state, 'up S'))).toBe(0);
    expect(state.table.top(pile(state, cell(1, 1)))).toBe(52);
  });

  it('K7: an ace and a king of each suit are the up and down piles (in a deck string the first of each); 64 cards form the carpet, 32 the stock', () => {
    const state = dealt(carpet, '5S AS 6H KH AS 2S');
    expect(cards(state, 'up S')).toEqual(['AS']);
    expect(cards(state, 'down H')).toEqual(['KH']);
    for (const s of 'SHDC') {
      expect(cards(state, `up ${s}`)).toEqual([`A${s}`]);
      expect(cards(state, `down ${s}`)).toEqual([`K${s}`]);
    }
    expect([top(state, cell(1, 1)), top(state, cell(1, 2)), top(state, cell(1, 3)), top(state, cell(1, 4))]).toEqual([
      '5S',
      '6H',
      'AS',
      '2S',
    ]);
    let carpetCards = 0;
    for (let r = 1; r <= 8; r++) for (let c = 1; c <= 8; c++) carpetCards += state.table.size(pile(state, cell(r, c)));
    expect(carpetCards).toBe(64);
    expect(state.table.size(pile(state, 'stock'))).toBe(32);
    expect(state.cardsInPlay).toBe(96);
    expect(state.foundationCount()).toBe(0);
  });

  it.each(BOTH)('K1 %s: exactly the 16 cards RULES.md lists are available after the deal', (carpetFree) => {
    const state = deal({}, '', { carpetFree });
    expect(availableCells(state).sort()).toEqual([...DEALT_AVAILABLE].sort());
    // and the independent check agrees cell by cell: a playable card in each place shows it
    for (let r = 1; r <= 8; r++) {
      for (let c = 1; c <= 8; c++) {
        const probe = deal({ [`${r},${c}`]: '2S' }, '', { carpetFree });
        expect(allowed(probe, Play, cell(r, c), 'up S'), `${r},${c}`).toBe(DEALT_AVAILABLE.includes(`${r},${c}`));
      }
    }
  });

  it('plays are optional: the stock may be turned with a play waiting', () => {
    const state = deal({ '1,1': '2S' }, '9D');
    expect(has(state, Play, cell(1, 1), 'up S')).toBe(true);
    make(state, Turn);
    expect(top(state, 'current card')).toBe('9D');
    expect(has(state, Play, cell(1, 1), 'up S')).toBe(true);
  });
});

describe('The Carpet: availability (rule II, K1)', () => {
  it.each(BOTH)('K1 %s: removing (1,1) frees (1,2)', (carpetFree) => {
    const state = deal({ '1,1': '2S', '1,2': '3S' }, '', { carpetFree });
    expect(availableCells(state)).not.toContain('1,2');
    expect(allowed(state, Play, cell(1, 2), 'up S')).toBe(false);
    make(state, Play, cell(1, 1), 'up S');
    expect(availableCells(state)).toContain('1,2');
    expect(allowed(state, Play, cell(1, 2), 'up S')).toBe(true);
  });

  it('K1 adjacent: removing (2,1) frees (3,1), whose top end faces the emptied cell', () => {
    const state = deal({ '2,1': '2S', '3,1': '3S' });
    expect(availableCells(state)).not.toContain('3,1');
    make(state, Play, cell(2, 1), 'up S');
    expect(availableCells(state)).toContain('3,1');
    expect(allowed(state, Play, cell(3, 1), 'up S')).toBe(true);
  });

  it('K1 clearLane: removing (2,1) does not free (3,1) while (1,1) blocks the lane; removing (1,1) then does', () => {
    const state = deal({ '2,1': '2S', '3,1': '3S', '1,1': 'QS' }, '', { carpetFree: 'clearLane' });
    make(state, Play, cell(2, 1), 'up S');
    expect(availableCells(state)).not.toContain('3,1');
    expect(allowed(state, Play, cell(3, 1), 'up S')).toBe(false);
    make(state, Play, cell(1, 1), 'down S');
    expect(availableCells(state)).toContain('3,1');
    expect(allowed(state, Play, cell(3, 1), 'up S')).toBe(true);
  });

  it.each(BOTH)(
    'rule III (K1 %s): removing (1,1) does not change (2,1), the card across its narrow end',
    (carpetFree) => {
      const state = deal({ '1,1': '2S' }, '', { carpetFree });
      const before = availableCells(state);
      make(state, Play, cell(1, 1), 'up S');
      const after = availableCells(state);
      expect(after).toContain('2,1'); // available before, by its own free left end, and still
      expect(after.filter((c) => !before.includes(c))).toEqual(['1,2']); // only the card beside (1,1) is freed
    },
  );

  // A chain into the carpet: (1,1) frees (1,2), which frees (2,2), which frees (2,3), which frees (3,3).
  const CHAIN = { '1,1': '2S', '1,2': '3S', '2,2': '4S', '2,3': '5S', '3,3': '6S' };
  const playChain = (state: GameState, cells: string[]) => {
    for (const rc of cells) make(state, Play, `carpet (${rc})`, 'up S');
  };

  it('rule III (K1 adjacent): emptying (3,3) frees the horizontal cards beside it, not those across its ends', () => {
    const state = deal(CHAIN);
    playChain(state, ['1,1', '1,2', '2,2', '2,3']);
    const before = availableCells(state);
    expect(before).toContain('3,3');
    make(state, Play, cell(3, 3), 'up S');
    const freed = availableCells(state).filter((c) => !before.includes(c));
    expect(freed).toEqual(['3,2', '3,4']); // (4,3) lies across the bottom end of (3,3): still blocked
  });

  it('K1 clearLane: the same chain frees nothing inside the carpet until a whole lane is empty', () => {
    const state = deal({ '1,1': '2S', '1,2': '3S', '1,3': '4S', '2,2': '5S' }, '', { carpetFree: 'clearLane' });
    make(state, Play, cell(1, 1), 'up S');
    expect(availableCells(state)).toContain('1,2'); // its left lane is the one empty cell (1,1)
    make(state, Play, cell(1, 2), 'up S');
    expect(availableCells(state)).toContain('2,2'); // lane up: (1,2), now empty
    make(state, Play, cell(1, 3), 'up S');
    make(state, Play, cell(2, 2), 'up S');
    expect(availableCells(state)).not.toContain('2,3'); // left lane (2,2),(2,1): (2,1) still holds a card
  });

  it('uncovers names the released carpet card needed soonest, and the talon card beneath', () => {
    const state = deal({ ...CHAIN, '3,2': '9H', '3,4': '7S' }, '8D 4D');
    playChain(state, ['1,1', '1,2', '2,2', '2,3']);
    expect(makeCard(state.uncovers(pile(state, cell(3, 3)), 1))).toBe('7S'); // of 9H and 7S, 7S is wanted next
    // (1,7) lies between (1,6) and (1,8); only (1,6) is newly freed, (1,8) being free already
    expect(state.uncovers(pile(state, cell(1, 7)), 1)).toBe(state.table.top(pile(state, cell(1, 6))));
    make(state, Turn);
    make(state, Turn); // talon 8D, current 4D
    expect(state.uncovers(pile(state, 'talon'), 1)).toBe(NO_CARD);
    make(state, Talon, 'current card', 'talon');
    expect(makeCard(state.uncovers(pile(state, 'talon'), 1))).toBe('8D');
  });

  it('visible depths: the fewest carpet cards to take away first (adjacent), the emptier lane (clearLane)', () => {
    const depthOf = (state: GameState, r: number, c: number) => {
      const cs = new Uint8Array(256);
      const ds = new Uint8Array(256);
      const ps = new Uint8Array(256);
      const n = state.visibleCards(cs, ds, ps);
      for (let i = 0; i < n; i++) if (ps[i] === pile(state, cell(r, c))) return ds[i];
      return undefined;
    };
    const adjacent = deal();
    expect([
      depthOf(adjacent, 1, 1),
      depthOf(adjacent, 1, 2),
      depthOf(adjacent, 2, 2),
      depthOf(adjacent, 3, 1),
    ]).toEqual([0, 1, 2, 1]);
    const lane = deal({}, '', { carpetFree: 'clearLane' });
    expect([depthOf(lane, 1, 1), depthOf(lane, 1, 2), depthOf(lane, 3, 1), depthOf(lane, 4, 4)]).toEqual([0, 1, 2, 3]);
  });
});

describe('The Carpet: the talon (rule IV, K3, K4)', () => {
  it('rule IV: a carpet card goes on the talon top only once the talon is formed, same suit one up or down', () => {
    const state = deal({ '1,1': '8H', '1,3': '6H', '1,5': '8S', '1,7': '9H', '1,2': '7D' }, '7H 9D 9C');
    expect(legal(state).some((m) => kindOf(m) === Talon)).toBe(false); // no talon yet
    make(state, Turn); // current 7H
    const onto = legal(state)
      .filter((m) => kindOf(m) === Talon)
      .map((m) => state.pileNames[m & 0xff]);
    expect(onto).toEqual(['current card']); // the current card takes no carpet card; it may itself be laid
    make(state, Turn); // 7H to the talon
    expect(allowed(state, Talon, cell(1, 1), 'talon')).toBe(true); // 8H on 7H
    expect(allowed(state, Talon, cell(1, 3), 'talon')).toBe(true); // 6H on 7H
    expect(allowed(state, Talon, cell(1, 5), 'talon')).toBe(false); // another suit
    expect(allowed(state, Talon, cell(1, 7), 'talon')).toBe(false); // two up
    expect(allowed(state, Talon, cell(1, 2), 'talon')).toBe(false); // not available
  });

  it('laying the current card on the talon by itself lets carpet cards go onto it before the next card', () => {
    const state = deal({ '1,1': '8H' }, '7H 9D');
    make(state, Turn); // current 7H, talon empty
    expect(allowed(state, Talon, cell(1, 1), 'talon')).toBe(false);
    make(state, Talon, 'current card', 'talon');
    expect(state.table.size(pile(state, 'current card'))).toBe(0);
    expect(state.table.size(pile(state, 'stock'))).toBe(31); // no card turned
    make(state, Talon, cell(1, 1), 'talon');
    expect(cards(state, 'talon')).toEqual(['7H', '8H']);
  });

  it('K3 free: a talon run changes direction from card to card', () => {
    const state = deal({ '1,1': '8H', '1,3': '7H', '1,5': '6H' }, '7H 9D');
    make(state, Turn);
    make(state, Turn); // talon 7H
    make(state, Talon, cell(1, 1), 'talon'); // 8H: up
    make(state, Talon, cell(1, 3), 'talon'); // 7H: down
    expect(allowed(state, Talon, cell(1, 5), 'talon')).toBe(true); // 6H: down again
    expect(cards(state, 'talon')).toEqual(['7H', '8H', '7H']);
  });

  it('K3 fixed: the run keeps the direction its first card set', () => {
    const state = deal({ '1,1': '8H', '1,3': '7H', '1,5': '9H' }, '7H 9D', { talonDirection: 'fixed' });
    make(state, Turn);
    make(state, Turn); // talon 7H
    expect(allowed(state, Talon, cell(1, 3), 'talon')).toBe(false); // 7H on 7H: not a step at all
    make(state, Talon, cell(1, 1), 'talon'); // 8H: sets the run going up
    expect(allowed(state, Talon, cell(1, 3), 'talon')).toBe(false); // 7H would turn it down
    expect(allowed(state, Talon, cell(1, 5), 'talon')).toBe(true); // 9H keeps it going up
  });

  it('K9: under fixed, turning the next card keeps the run; laying the current card on the talon starts a new one', () => {
    const state = deal({ '1,1': '8H', '1,3': '7H' }, '7H 2H 6H 9D', { talonDirection: 'fixed' });
    make(state, Turn);
    make(state, Turn); // talon 7H, current 2H
    make(state, Talon, cell(1, 1), 'talon'); // run 8H going up
    make(state, Play, 'current card', 'up H');
    make(state, Turn); // nothing held: the talon is unchanged, current 6H
    expect(top(state, 'current card')).toBe('6H');
    expect(allowed(state, Talon, cell(1, 3), 'talon')).toBe(false); // still the run going up
    make(state, Talon, 'current card', 'talon'); // 6H from the stock ends the run
    expect(allowed(state, Talon, cell(1, 3), 'talon')).toBe(true); // 7H on 6H starts a new one
  });

  it('K4: the talon top goes only to a foundation, or receives carpet cards; nothing goes on the carpet (K2)', () => {
    const state = deal({ '1,1': '8H', '1,2': '3H' }, '2H 9D');
    make(state, Turn);
    make(state, Turn); // talon 2H, current 9D
    const talon = pile(state, 'talon');
    const moves = legal(state).filter((m) => (m & 0xff) === talon);
    expect(moves.map((m) => kindOf(m))).toEqual([Play]); // 2H to up H
    expect(state.moveSpace().every((m) => (m & 0xff) !== talon || kindOf(m) === Play || kindOf(m) === Redeal)).toBe(
      true,
    );
    const carpetPiles = new Set(
      Array.from({ length: 64 }, (_, k) => pile(state, cell(Math.floor(k / 8) + 1, (k % 8) + 1))),
    );
    expect(state.moveSpace().some((m) => carpetPiles.has(toOf(m)))).toBe(false);
    expect(state.isLegal(makeMove(Marry, talon, pile(state, cell(1, 2))))).toBe(false); // 2H onto 3H in the carpet
    expect(state.isLegal(makeMove(Talon, talon, pile(state, cell(1, 1))))).toBe(false);
  });
});

/** Turn every remaining stock card without a play, laying the last one on the talon. */
function runOutStock(state: GameState): void {
  while (state.table.size(pile(state, 'stock')) > 0) make(state, Turn);
}

describe('The Carpet: vacancies and re-deals (K2, K5)', () => {
  it('K2: an emptied carpet cell stays empty through the stock and the re-deals', () => {
    const state = deal({ '1,1': '2S' });
    make(state, Play, cell(1, 1), 'up S');
    for (let d = 0; d < 2; d++) {
      runOutStock(state);
      make(state, Redeal);
      expect(state.table.size(pile(state, cell(1, 1)))).toBe(0);
    }
    runOutStock(state);
    expect(state.table.size(pile(state, cell(1, 1)))).toBe(0);
  });

  it('K5: the stock out, the talon and the current card are shuffled into a new stock, twice, and no more', () => {
    const state = deal({}, '9D 9C 9H');
    expect(has(state, Redeal)).toBe(false); // not while the stock lasts
    runOutStock(state);
    expect(state.table.size(pile(state, 'current card'))).toBe(1);
    expect(has(state, Turn)).toBe(false);
    const talon = [...cards(state, 'talon'), top(state, 'current card')];
    expect(state.picture()).toContain('deal 1 of 3');
    make(state, Redeal);
    const stock = cards(state, 'stock');
    expect(stock.length).toBe(32);
    expect([...stock].sort()).toEqual([...talon].sort());
    expect(stock).not.toEqual(talon); // shuffled: neither as it lay...
    expect(stock).not.toEqual([...talon].reverse()); // ...nor turned over
    expect(state.table.size(pile(state, 'talon')) + state.table.size(pile(state, 'current card'))).toBe(0);
    expect(state.picture()).toContain('deal 2 of 3');
    const m = findMove(state, Turn)!;
    expect(m & REVEALS).toBe(REVEALS);
    runOutStock(state);
    make(state, Redeal);
    expect(state.picture()).toContain('deal 3 of 3');
    runOutStock(state);
    expect(has(state, Redeal)).toBe(false); // two re-deals only
    expect(state.isLegal(makeMove(Redeal, pile(state, 'talon'), pile(state, 'stock')))).toBe(false);
  });

  it('K5: the shuffle is keyed by the deal: the same deal re-dealt the same way turns up the same order', () => {
    const a = deal({}, '9D');
    const b = deal({}, '9D');
    runOutStock(a);
    runOutStock(b);
    make(a, Redeal);
    make(b, Redeal);
    expect(cards(a, 'stock')).toEqual(cards(b, 'stock'));
    const first = cards(a, 'stock');
    a.undo();
    make(a, Redeal);
    expect(cards(a, 'stock')).toEqual(first);
    runOutStock(a);
    make(a, Redeal);
    expect(cards(a, 'stock')).not.toEqual(first); // the second re-deal shuffles another way
  });
});

describe('The Carpet: foundations (K6, K7, K8)', () => {
  // Row by row these cells play in order: up S to 6S, down S to 7S, down H to 2H; (3,8) holds the other AH.
  const PILES: Record<string, string> = {};
  'QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H'
    .split(' ')
    .forEach((code, i) => (PILES[`${2 + Math.floor((i + 3) / 8)},${((i + 3) % 8) + 1}`] = code));
  Object.assign(PILES, {
    '1,1': '2S',
    '1,2': '3S',
    '1,3': '4S',
    '1,4': '5S',
    '1,5': '6S',
    '1,6': 'QS',
    '1,7': 'JS',
    '1,8': 'TS',
    '2,1': '9S',
    '2,2': '8S',
    '2,3': '7S',
    '3,8': 'AH',
  });
  const ORDER = [
    '1,1',
    '1,2',
    '1,3',
    '1,4',
    '1,5',
    '1,6',
    '1,7',
    '1,8',
    '2,1',
    '2,2',
    '2,3',
    '2,4',
    '2,5',
    '2,6',
    '2,7',
    '2,8',
    '3,1',
    '3,2',
    '3,3',
    '3,4',
    '3,5',
    '3,6',
  ];
  const built = (rules: Record<string, OptionValue> = {}) => {
    const state = deal(PILES, '', rules);
    for (const rc of ORDER) {
      const code = PILES[rc]!;
      const up = code[1] === 'S' && '23456'.includes(code[0]!);
      make(state, Play, `carpet (${rc})`, `${up ? 'up' : 'down'} ${code[1]}`);
    }
    return state;
  };

  it('K7: the other ace of a suit ends its down pile (and need() counts the nearer pile)', () => {
    const state = deal(PILES);
    const ah = parseCard('AH')! + 52;
    expect(state.need(ah)).toBe(11); // QH..2H first
    expect(state.need(parseCard('8S')!)).toBe(4); // 2S..7S up, or QS..9S down: the nearer
    const done = built();
    expect(cards(done, 'up S')).toEqual(['AS', '2S', '3S', '4S', '5S', '6S']);
    expect(top(done, 'down S')).toBe('7S');
    expect(done.need(ah)).toBe(0);
    make(done, Play, cell(3, 8), 'down H');
    expect(top(done, 'down H')).toBe('AH');
    expect(done.table.size(pile(done, 'down H'))).toBe(13);
    expect(done.need(parseCard('5S')!)).toBe(1); // the other 5S goes down, after the other 6S
  });

  it('K6: no exchange by default; with foundationExchange=free a top card moves to the other pile of its suit', () => {
    const off = built();
    expect(legal(off).some((m) => kindOf(m) === Exchange)).toBe(false);
    expect(off.isLegal(makeMove(Exchange, pile(off, 'up S'), pile(off, 'down S')))).toBe(false);
    const free = built({ foundationExchange: 'free' });
    expect(allowed(free, Exchange, 'up S', 'down S')).toBe(true); // 6S onto 7S
    expect(allowed(free, Exchange, 'down S', 'up S')).toBe(true); // 7S onto 6S
    make(free, Exchange, 'up S', 'down S');
    expect(top(free, 'up S')).toBe('5S');
    expect(top(free, 'down S')).toBe('6S');
  });

  it('K8: an exchange never moves a base: the AH under up H stays although 2H tops down H', () => {
    const free = built({ foundationExchange: 'free' });
    expect(top(free, 'down H')).toBe('2H');
    expect(allowed(free, Exchange, 'up H', 'down H')).toBe(false); // the base AH
    expect(allowed(free, Exchange, 'down H', 'up H')).toBe(true); // 2H onto AH
  });
});

describe('The Carpet: picture', () => {
  it('draws the carpet row by row with orientation and availability, then piles, talon, stock and deal', () => {
    const state = deal({ '1,1': '2S', '1,2': '3S' });
    const pic = state.picture();
    expect(pic).toContain(' 1   |2S|* -3S-  ');
    expect(pic.match(/\*/g)!.length).toBe(17); // 16 marks and the legend's
    expect(pic).toContain('up piles    S AS   H AH   D AD   C AC');
    expect(pic).toContain('stock 32   deal 1 of 3');
    make(state, Play, cell(1, 1), 'up S');
    expect(state.picture()).toContain(' 1   ....  -3S-* ');
  });
});

describe('The Carpet: greedy advice (games/carpet/advice.ts)', () => {
  it('lays a carpet card on the talon when it releases another, most when that one plays at once; else not', () => {
    const state = deal({ '1,1': '6H', '1,2': '2S', '4,1': '2D', '2,1': '8H', '8,8': '6H' }, '7H 9D 9C');
    make(state, Turn);
    make(state, Turn); // talon 7H
    const score = (from: string) => carpetAdvice(state, findMove(state, Talon, from, 'talon')!);
    expect(score(cell(1, 1))).toBe(75); // releases (1,2), the 2S, which plays at once
    expect(score(cell(8, 8))).toBe(60); // releases (8,7), which does not
    make(state, Play, cell(4, 1), 'up D'); // (3,1) is now available
    expect(score(cell(2, 1))).toBe(0); // (1,1) and (3,1) are available already: it releases nothing
    expect(carpetAdvice(state, findMove(state, Turn)!)).toBeUndefined(); // the rest is left to greedy
  });
});

describe("The Carpet: the solver's prunings", () => {
  const buffer = new Int32Array(4096);
  // The second ace and king of each suit lie inside the carpet, so the stock is exactly the 32 cards named.
  const SECONDS = {
    '4,4': 'AS',
    '4,5': 'AH',
    '5,4': 'AD',
    '5,5': 'AC',
    '3,4': 'KS',
    '3,5': 'KH',
    '6,4': 'KD',
    '6,5': 'KC',
  };
  const SINGLES = '4H 5H 6H 7H 8H 9H 4D 5D 6D 7D 8D 9D'; // one copy each: never all the copies of a rank
  const TWOS = '2S 2S 2H 2H 2D 2D 2C 2C';
  const QUEENS_BUT_SPADES = 'QH QH QD QD QC QC';

  /** Dealt with this stock, then every card turned, twice re-dealt, and every card turned onto the talon. */
  function lastDeal(cells: Record<string, string>, stock: string): GameState {
    const state = deal(cells, stock);
    for (let d = 0; d < 2; d++) {
      runOutStock(state);
      make(state, Redeal);
    }
    runOutStock(state);
    make(state, Talon, 'current card', 'talon');
    expect(inLastDeal(state)).toBe(true);
    return state;
  }

  /** Lay the talon's cards in this order, bottom first (by hand: the shuffles decide it in play). */
  function setTalon(state: GameState, order: string): void {
    const p = pile(state, 'talon');
    const t = state.table;
    const left = Array.from({ length: t.size(p) }, (_, i) => t.at(p, i));
    const laid = order.split(' ').map((code) => {
      const i = left.findIndex((c) => makeCard(c) === code);
      return left.splice(i, 1)[0]!;
    });
    expect(left).toEqual([]);
    t.reorder(p, Uint8Array.from(laid));
  }

  it('buried-in-talon, K4, K5: in the last deal a 5S lies above both 3S (the up pile needs one first) and both QS (so does the down pile)', () => {
    const stock = `${SINGLES} QS QS ${TWOS} ${QUEENS_BUT_SPADES} 3S 3S 5S 5S`;
    const state = lastDeal(SECONDS, stock);
    setTalon(state, stock);
    expect(carpet.solving!.deadEndRules).toEqual(['buried-in-talon']);
    expect(aidOf(carpet, state).deadEnd!()).toBe(1);
  });

  it('buried-in-talon near misses: both QS above the fives; or the same talon before the last deal, when a re-deal shuffles it again', () => {
    const state = lastDeal(SECONDS, `${SINGLES} ${TWOS} ${QUEENS_BUT_SPADES} 3S 3S 5S 5S QS QS`);
    setTalon(state, `${SINGLES} ${TWOS} ${QUEENS_BUT_SPADES} 3S 3S 5S 5S QS QS`);
    expect(aidOf(carpet, state).deadEnd!()).toBe(0);
    const early = deal(SECONDS, `${SINGLES} QS QS ${TWOS} ${QUEENS_BUT_SPADES} 3S 3S 5S 5S`);
    runOutStock(early);
    make(early, Talon, 'current card', 'talon');
    expect(cards(early, 'talon').slice(-4)).toEqual(['3S', '3S', '5S', '5S']);
    expect(aidOf(carpet, early).deadEnd!()).toBe(0);
  });

  it('safe move: in the last deal, the KS on the talon goes up at once once the up pile reaches its queen (its twin is the down base) and no QS is left in the carpet', () => {
    const spades = '2S 3S 4S 5S 6S 7S 8S 9S TS JS QS';
    const others = { '4,4': 'AS', '4,5': 'AH', '5,4': 'AD', '5,5': 'AC', '3,5': 'KH', '6,4': 'KD', '6,5': 'KC' };
    const cellsOf = (extra: string) => ({
      ...others,
      '3,4': '2C',
      '2,4': '2C',
      '2,5': 'QC',
      '7,4': 'QC',
      '8,7': '2S',
      '8,8': extra,
    });
    const build = (extra: string, outside: string) => {
      // the stock: 32 cards, the twelve spades 2-K among them
      const state = lastDeal(cellsOf(extra), `${SINGLES} ${outside} 2D 2D QH QH QD QD ${spades} KS`);
      setTalon(state, `${SINGLES} ${outside} 2D 2D QH QH QD QD KS ${spades.split(' ').reverse().join(' ')}`);
      for (let k = 0; k < 11; k++) state.table.move(pile(state, 'talon'), pile(state, 'up S')); // by hand
      expect(top(state, 'up S')).toBe('QS');
      expect(top(state, 'talon')).toBe('KS');
      return state;
    };
    const held = build('QS', '2H 2H'); // the other QS in the carpet could yet go onto the KS on the talon (K3)
    let n = held.legalMoves(buffer);
    expect(legal(held)).toContain(makeMove(Play, pile(held, 'talon'), pile(held, 'up S')));
    expect(aidOf(carpet, held).safeMove!(buffer, n)).toBe(-1);
    const state = build('2H', 'QS 2H'); // the other QS lies deeper in the talon
    n = state.legalMoves(buffer);
    expect(aidOf(carpet, state).safeMove!(buffer, n)).toBe(makeMove(Play, pile(state, 'talon'), pile(state, 'up S')));
  });

  it('a deck (found by search, written out) that greedy loses and the solver wins, by a line the game itself checks', () => {
    const deck = parseDeck(
      'QS 2H JD 2D 7D 3C AD 4D 6C 9D 3H 2C 4S 9C 6H 5H 9C AC 2C 5C 2S KS 6S 7S JH 9D 5S 3S AH JS 8H 3C 8C 2S JH 7D ' +
        'AC 9H QS 7H 6S KD JC TH AH 8C 8H 3D TH 8S TD 9S JC 6H 4S 7C 8D KS 8S QC 5C QD TC 7S KH 6C KC AS 4C 9S JD 2D ' +
        '8D 6D 5H TD QH 6D AD 7H 7C 4H 3D TC QD KC 2H 9H 4H QH 5D 4D QC KD 3S KH 5S JS TS 3H 5D 4C AS TS',
    );
    const options = resolveOptions(carpet.options, {});
    const greedy = greedyPlayer.create(carpet, DEFAULT_SETTINGS);
    const played = playDeal(carpet.create(options), greedy, deck, () => playerRng('issue13', 'carpet', 0), buffer);
    expect(played.won).toBe(false);
    const verdict = new Solver(carpet.create(options), {
      budget: 100_000,
      order: greedyOrder(carpet),
      solving: carpet.solving,
    }).solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(carpet.create(options), deck, verdict.line)).toBe('');
  });
});
