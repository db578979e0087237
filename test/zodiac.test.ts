// One test per ruling of The Zodiac (RULES.md 9, and Z7 of the game's rules card), each on a hand-made deck:
// the Equator's 8 cards, the Zodiac's 24, then the stock, first turned first.

import { describe, expect, it } from 'vitest';
import { makeCard, parseCard } from '../src/core/card.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, kindOf, makeMove } from '../src/core/move.js';
import { zodiac } from '../src/games/zodiac/index.js';
import { VARS } from '../src/games/zodiac/layout.js';
import { cards, dealt, findMove, legal, make, pile, top, aidOf } from './helpers.js';
import { stackedDeck } from '../src/core/deck.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { resolveOptions } from '../src/core/options.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { checkLine } from '../src/solve/verify.js';

const { Play, Marry, Fill, Turn, Redeal, Exchange } = MoveKind;

/** The deck `first`, then every other card in pack order, then `last`: the stock ends with `last`. */
function deck(first: string, last = ''): string {
  const taken = new Map<string, number>();
  for (const code of `${first} ${last}`.split(' ').filter((c) => c)) {
    const c = makeCard(parseCard(code)!);
    taken.set(c, (taken.get(c) ?? 0) + 1);
  }
  const rest: string[] = [];
  for (let copy = 0; copy < 2; copy++) {
    for (const suit of 'SHDC') {
      for (const rank of 'A23456789TJQK') {
        const code = rank + suit;
        const used = taken.get(code) ?? 0;
        if (used > 0) taken.set(code, used - 1);
        else rest.push(code);
      }
    }
  }
  return [first, ...rest, last].join(' ').trim();
}

// A deal that places every card: per suit the Equator holds A and K, and the Zodiac six piles, 7 8 K T A 4,
// which the stock's 18 cards of the suit extend one way each (TARGETS): the ace pile then takes A (Equator),
// 2-7 (pile 1), 8-T (pile 4), J-K (pile 3); the king pile K (Equator), Q-8 (pile 2), 7-4 (pile 6), 3-A (pile 5).
const SUITS = 'SHDC';
const FULL_EQUATOR = [...SUITS].map((s) => `A${s} K${s}`).join(' ');
const FULL_RING = [...SUITS].map((s) => `7${s} 8${s} K${s} T${s} A${s} 4${s}`).join(' ');
const RUNS = ['65432', '9TJQ', 'QJ', '98', '23', '567']; // onto piles 1-6 of the suit
const PLAN: Array<[string, string]> = [...SUITS].flatMap((s, k) =>
  RUNS.flatMap((run, i) => [...run].map((r): [string, string] => [r + s, `zodiac ${6 * k + i + 1}`])),
);
const FULL_STOCK = PLAN.map(([c]) => c).join(' ');

function full(rules = {}): GameState {
  return dealt(zodiac, `${FULL_EQUATOR} ${FULL_RING} ${FULL_STOCK}`, rules);
}

/** Turn and marry each stock card as PLAN says, `count` of them. */
function place(state: GameState, count = PLAN.length): void {
  for (const [, target] of PLAN.slice(0, count)) {
    make(state, Turn);
    make(state, Marry, 'current card', target);
  }
}

function has(state: GameState, kind: number, from?: string, to?: string): boolean {
  return findMove(state, kind, from, to) !== undefined;
}

function kinds(state: GameState): number[] {
  return [...new Set(legal(state).map(kindOf))];
}

/** Turn the rest of the stock without placing anything. */
function runOut(state: GameState): void {
  while (state.table.size(pile(state, 'stock')) > 0) make(state, Turn);
}

describe('The Zodiac: the deal', () => {
  it('deals the Equator (8), then the Zodiac (24) clockwise, leaving 72 in the stock and the foundations empty', () => {
    const state = full();
    const t = state.table;
    expect(top(state, 'equator 1')).toBe('AS');
    expect(top(state, 'equator 8')).toBe('KC');
    expect(top(state, 'zodiac 1')).toBe('7S');
    expect(top(state, 'zodiac 24')).toBe('4C');
    for (let z = 1; z <= 24; z++) expect(t.size(pile(state, `zodiac ${z}`))).toBe(1);
    expect(t.size(pile(state, 'stock'))).toBe(72);
    for (const name of ['ace pile S', 'king pile C']) expect(t.size(pile(state, name))).toBe(0);
    expect(state.cardsInPlay).toBe(104);
  });
});

describe('The Zodiac: the position key', () => {
  it('Z1, Z2: positions that differ only in the pass number share the solver key (no rule reads it), not the hash', () => {
    const state = zodiac.create(resolveOptions(zodiac.options, {}));
    state.deal(dealDeck('key', 'zodiac', 0));
    const t = state.table;
    const pass = VARS.index.pass;
    const key = Array.from(t.key());
    const hash = t.hash();
    t.begin();
    t.set(pass, t.vars[pass]! + 3);
    expect(Array.from(t.key())).toEqual(key);
    expect(t.hash()).not.toBe(hash);
    // the phase and the progress flag, which Z2 reads, still tell positions apart
    t.set(VARS.index.progress, 1 - t.vars[VARS.index.progress]!);
    expect(Array.from(t.key())).not.toEqual(key);
    t.undo();
    expect(Array.from(t.key())).toEqual(key);
  });
});

describe('The Zodiac: phase 1', () => {
  it('marriages: same suit one up or one down onto a Zodiac top, the direction free to change within a pile', () => {
    const state = dealt(zodiac, deck(`${FULL_EQUATOR} ${FULL_RING} 8S 7S 6H`));
    make(state, Turn); // 8S
    expect(has(state, Marry, 'current card', 'zodiac 1')).toBe(true); // 8S on 7S, up
    expect(has(state, Marry, 'current card', 'zodiac 2')).toBe(false); // 8S on 8S
    expect(has(state, Marry, 'current card', 'zodiac 7')).toBe(false); // 8S on 7H: another suit
    make(state, Marry, 'current card', 'zodiac 1');
    make(state, Turn); // 7S
    expect(has(state, Marry, 'current card', 'zodiac 1')).toBe(true); // 7S on 8S, down again
    make(state, Marry, 'current card', 'zodiac 1');
    expect(cards(state, 'zodiac 1')).toEqual(['7S', '8S', '7S']);
  });

  it('Z4: no wrap between ace and king', () => {
    const state = full();
    const ace = pile(state, 'equator 1'); // AS
    expect(state.isLegal(makeMove(Marry, ace, pile(state, 'zodiac 3')))).toBe(false); // AS on KS
    expect(has(state, Marry, 'equator 2', 'zodiac 5')).toBe(false); // KS on AS
  });

  it('sources: the current card, the talon top and the Equator; never a Zodiac card, and nothing onto the Equator', () => {
    const state = dealt(zodiac, deck(`${FULL_EQUATOR} ${FULL_RING} 6S 9C`));
    make(state, Turn); // 6S
    make(state, Turn); // 6S to the talon, 9C current
    expect(has(state, Marry, 'talon', 'zodiac 1')).toBe(true); // 6S on 7S
    expect(has(state, Marry, 'equator 1', 'zodiac 5')).toBe(false); // AS on AS: not one apart
    expect(has(state, Marry, 'current card', 'zodiac 20')).toBe(true); // 9C on 8C
    expect(state.isLegal(makeMove(Marry, pile(state, 'zodiac 1'), pile(state, 'zodiac 2')))).toBe(false); // 7S on 8S
    expect(state.isLegal(makeMove(Marry, pile(state, 'current card'), pile(state, 'equator 8')))).toBe(false);
    expect(state.isLegal(makeMove(Marry, pile(state, 'equator 1'), pile(state, 'equator 2')))).toBe(false);
    expect(
      legal(state)
        .filter((m) => kindOf(m) === Marry)
        .every((m) => state.pileNames[(m >>> 8) & 0xff]!.startsWith('zodiac')),
    ).toBe(true);
  });

  it('an Equator card marries onto the Zodiac, and the empty cell is filled, when the player likes, from outside', () => {
    const state = dealt(zodiac, deck(`2S KS AH KH AD KD AC KC ${FULL_RING} 5D`));
    make(state, Marry, 'equator 1', 'zodiac 5'); // 2S on AS
    expect(state.table.size(pile(state, 'equator 1'))).toBe(0);
    make(state, Turn); // 5D
    expect(kinds(state)).toContain(Fill);
    expect(kinds(state)).toContain(Turn); // the fill is optional
    make(state, Fill, 'current card', 'equator 1');
    expect(top(state, 'equator 1')).toBe('5D');
  });

  it('no play to the foundations in phase 1', () => {
    const state = full();
    expect(kinds(state)).not.toContain(Play);
    expect(state.isLegal(makeMove(Play, pile(state, 'equator 1'), pile(state, 'ace pile S')))).toBe(false);
  });

  it('Z1: when the stock is out the talon is turned over, not shuffled: the card laid first is turned first', () => {
    const state = full();
    place(state, 1); // a card placed, so the pass may be re-dealt (Z2)
    runOut(state);
    expect(has(state, Redeal)).toBe(true);
    const laid = cards(state, 'talon').concat(cards(state, 'current card'));
    make(state, Redeal);
    expect(state.table.size(pile(state, 'talon'))).toBe(0);
    const order: string[] = [];
    while (state.table.size(pile(state, 'stock')) > 0) {
      make(state, Turn);
      order.push(top(state, 'current card'));
    }
    expect(order).toEqual(laid);
  });

  it('re-deals are unlimited while each pass places a card', () => {
    const state = full();
    for (let pass = 1; pass <= 5; pass++) {
      expect(state.picture()).toContain(`pass ${pass}`);
      make(state, Turn);
      make(state, Marry, 'current card', PLAN[pass - 1]![1]); // the next card of the plan each pass
      runOut(state);
      make(state, Redeal);
    }
    expect(state.picture()).toContain('pass 6');
  });

  it('Z2: a pass that places nothing is not re-dealt; a placement at its end (Z7), or an Equator marriage, still counts', () => {
    const state = full();
    runOut(state); // nothing placed in this pass
    expect(has(state, Redeal)).toBe(false);
    expect(state.isLegal(makeMove(Redeal, pile(state, 'talon'), pile(state, 'stock')))).toBe(false);
    expect(kinds(state)).toContain(Marry); // the game is not over while a card can still be placed
    make(state, Marry, 'current card', 'zodiac 20'); // the last card, 7C, onto 8C: a card entered the layout
    expect(has(state, Redeal)).toBe(true);
    make(state, Redeal);
    runOut(state);
    expect(has(state, Redeal)).toBe(false);
    const alone = dealt(zodiac, deck(`2S KS AH KH AD KD AC KC ${FULL_RING}`));
    make(alone, Marry, 'equator 1', 'zodiac 5'); // the only move of the pass: 2S from the Equator onto AS
    runOut(alone);
    expect(has(alone, Redeal)).toBe(true);
  });

  it('Z2: with nothing placed in the pass and nothing placeable at its end, the game is lost', () => {
    const ring = [...SUITS].map((s) => `A${s} A${s} K${s} K${s} 5${s} 5${s}`).join(' ');
    const equator = [...SUITS].map((s) => `9${s} 9${s}`).join(' ');
    const state = dealt(zodiac, deck(`${equator} ${ring}`, '7C 7C'));
    runOut(state);
    expect(top(state, 'current card')).toBe('7C');
    expect(top(state, 'talon')).toBe('7C');
    expect(legal(state)).toEqual([]);
    expect(state.foundationCount()).toBe(0);
  });
});

describe("The Zodiac: PySolFC's rules as options", () => {
  it('Z8: with turnedCard=talon the turned card lies on the talon at once, and the card under it waits', () => {
    const held = full();
    make(held, Turn);
    make(held, Turn); // 6S laid on the talon, 5S held
    expect(top(held, 'talon')).toBe('6S');
    expect(has(held, Marry, 'talon', 'zodiac 1')).toBe(true); // 6S onto 7S, from under the held card
    expect(has(held, Marry, 'current card', 'zodiac 6')).toBe(true); // 5S onto 4S
    const talon = full({ turnedCard: 'talon' });
    expect(has(talon, Turn, 'stock', 'talon')).toBe(true);
    expect(talon.isLegal(makeMove(Turn, pile(talon, 'stock'), pile(talon, 'current card'), 1, true))).toBe(false);
    make(talon, Turn);
    make(talon, Turn);
    expect(cards(talon, 'current card')).toEqual([]);
    expect(top(talon, 'talon')).toBe('5S');
    expect(has(talon, Marry, 'talon', 'zodiac 1')).toBe(false); // 6S lies under 5S
    expect(talon.isLegal(makeMove(Marry, pile(talon, 'talon'), pile(talon, 'zodiac 1')))).toBe(false);
    make(talon, Marry, 'talon', 'zodiac 6'); // 5S onto 4S: 6S is the top again
    make(talon, Marry, 'talon', 'zodiac 1');
    expect(top(talon, 'zodiac 1')).toBe('6S');
    expect(has(talon, Fill)).toBe(false); // no empty cell, and nothing on the talon
  });

  it('Z9: with failure=none a pass that places nothing is re-dealt, to the position it began from; not two in a row', () => {
    const lost = full();
    runOut(lost);
    expect(has(lost, Redeal)).toBe(false); // Z2
    const state = full({ failure: 'none' });
    const start = state.table.fingerprint();
    runOut(state);
    expect(has(state, Redeal)).toBe(true);
    make(state, Redeal);
    expect(cards(state, 'stock')).toEqual(cards(full(), 'stock'));
    expect(state.picture()).toContain('pass 2, nothing placed yet this pass');
    runOut(state);
    expect(has(state, Redeal)).toBe(false); // a second pass of nothing in a row
    for (let i = 0; i < 72 + 1 + 72; i++) state.undo(); // both passes and the re-deal between them
    expect(state.table.fingerprint()).toBe(start);
    runOut(state);
    make(state, Redeal);
    make(state, Turn);
    make(state, Marry, 'current card', PLAN[0]![1]); // a placement: the pass counts again
    runOut(state);
    make(state, Redeal);
    runOut(state);
    expect(has(state, Redeal)).toBe(true); // the pass before this one placed a card
  });

  it('Z9: with failure=none the deal Z2 ends at once plays one more pass, then ends the same way', () => {
    const ring = [...SUITS].map((s) => `A${s} A${s} K${s} K${s} 5${s} 5${s}`).join(' ');
    const equator = [...SUITS].map((s) => `9${s} 9${s}`).join(' ');
    const state = dealt(zodiac, deck(`${equator} ${ring}`, '7C 7C'), { failure: 'none' });
    runOut(state);
    expect(legal(state).map(kindOf)).toEqual([Redeal]);
    make(state, Redeal);
    runOut(state);
    expect(legal(state)).toEqual([]);
    expect(state.foundationCount()).toBe(0);
  });

  it("Z10: reading=pysol sets the one-card waste, no failure rule, the exchange, returns and PySolFC's rows; an option set by hand wins", () => {
    expect(resolveOptions(zodiac.options, { reading: 'pysol' })).toEqual({
      reading: 'pysol',
      foundationExchange: 'free',
      turnedCard: 'talon',
      failure: 'none',
      returns: 'free',
      dealOrder: 'rows',
    });
    expect(resolveOptions(zodiac.options, { reading: 'pysol', turnedCard: 'held' })['turnedCard']).toBe('held');
    expect(resolveOptions(zodiac.options, { reading: 'pysol', returns: 'none' })['returns']).toBe('none');
    expect(resolveOptions(zodiac.options, {})).toEqual({
      reading: 'cadogan',
      foundationExchange: 'off',
      turnedCard: 'held',
      failure: 'barren-pass',
      returns: 'none',
      dealOrder: 'ring',
    });
    const state = full({ reading: 'pysol' });
    make(state, Turn);
    expect(top(state, 'talon')).toBe('6S');
    runOut(state);
    expect(has(state, Redeal)).toBe(true);
  });

  it("the solver's wins under reading=pysol pass checkLine, and its losses stand: greedy's wins are a subset", () => {
    const options = resolveOptions(zodiac.options, { reading: 'pysol' });
    const greedy = greedyPlayer.create(zodiac, DEFAULT_SETTINGS);
    let solved = 0;
    for (let deal = 0; deal < 6; deal++) {
      const deck = dealDeck('pysol-zodiac', 'zodiac', deal);
      const verdict = new Solver(zodiac.create(options), {
        budget: 50_000,
        order: greedyOrder(zodiac),
        solving: zodiac.solving,
      }).solve(deck);
      if (verdict.outcome === Outcome.Solved) {
        solved++;
        expect(checkLine(zodiac.create(options), deck, verdict.line), `deal ${deal}`).toBe('');
      }
      const played = playDeal(
        zodiac.create(options),
        greedy,
        deck,
        () => playerRng('pysol-zodiac', 'zodiac', deal),
        new Int32Array(4096),
      );
      if (played.won) expect(verdict.outcome, `deal ${deal}: greedy won it`).not.toBe(Outcome.Unsolvable);
    }
    expect(solved).toBeGreaterThan(0);
    // The dead-end rules' proofs hold under the options (solver.ts): unmarriable-cards still proves this deal lost.
    const ring = [...'SHD']
      .flatMap((s) => ['2', '4', '6', '8', '9', 'Q', 'K', 'T'].map((r) => r + s))
      .slice(0, 24)
      .join(' ');
    const code = `AS AS AH AH AD AD 3S 3H ${ring}`;
    const solver = new Solver(dealt(zodiac, code, { reading: 'pysol' }), {
      budget: 10_000,
      order: greedyOrder(zodiac),
      solving: zodiac.solving,
    });
    expect(solver.solve(stackedDeck(code)).outcome).toBe(Outcome.Unsolvable);
    expect(solver.pruned[rule('unmarriable-cards')]).toBeGreaterThan(0);
  });
});

describe('The Zodiac: phase 2', () => {
  it('the two phases: phase 2 starts once every card lies in the Equator or the Zodiac, and the deal is won', () => {
    const state = full();
    place(state, PLAN.length - 1);
    expect(kinds(state)).not.toContain(Play);
    make(state, Turn);
    make(state, Marry, 'current card', PLAN.at(-1)![1]); // the last card placed: phase 2 at once
    expect(state.picture()).toContain('phase 2');
    expect(kinds(state).sort()).toEqual([Play, Marry]); // and the Equator's marriages (Z3)
    for (let i = 0; i < 200 && !state.isWon(); i++) make(state, Play);
    expect(state.isWon()).toBe(true);
    expect(cards(state, 'ace pile S')).toHaveLength(13);
    expect(cards(state, 'king pile S')[12]).toBe('AS');
  });

  it('Z5: the first ace of a suit played starts its ace pile, the first king its king pile, from the layout', () => {
    const state = full();
    place(state);
    expect(has(state, Play, 'equator 1', 'ace pile S')).toBe(true); // AS from the Equator
    expect(has(state, Play, 'equator 2', 'king pile S')).toBe(true); // KS
    expect(has(state, Play, 'zodiac 1')).toBe(false); // 2S: no ace pile yet
    make(state, Play, 'equator 1', 'ace pile S');
    expect(has(state, Play, 'zodiac 1', 'ace pile S')).toBe(true);
    expect(state.isLegal(makeMove(Play, pile(state, 'zodiac 1'), pile(state, 'king pile S')))).toBe(false);
  });

  it('Z3: Equator cards still marry onto the Zodiac; nothing moves from the Zodiac but to the foundations, nothing is refilled', () => {
    const state = full();
    place(state);
    expect(has(state, Marry, 'equator 1', 'zodiac 1')).toBe(true); // AS on 2S
    expect(state.isLegal(makeMove(Marry, pile(state, 'zodiac 1'), pile(state, 'zodiac 5')))).toBe(false); // 2S on 3S
    expect(state.isLegal(makeMove(Marry, pile(state, 'zodiac 1'), pile(state, 'equator 1')))).toBe(false);
    make(state, Marry, 'equator 1', 'zodiac 1');
    expect(state.table.size(pile(state, 'equator 1'))).toBe(0);
    expect(kinds(state)).not.toContain(Fill);
    expect(kinds(state)).not.toContain(Turn);
    expect(kinds(state)).not.toContain(Redeal);
  });

  it('Z6: no foundation exchange by default; with foundationExchange=free a top card crosses to its other pile', () => {
    for (const foundationExchange of ['off', 'free']) {
      const state = full({ foundationExchange });
      place(state);
      make(state, Play, 'equator 1', 'ace pile S');
      for (let i = 0; i < 6; i++) make(state, Play, 'zodiac 1', 'ace pile S'); // 2S..7S
      make(state, Play, 'equator 2', 'king pile S');
      for (let i = 0; i < 5; i++) make(state, Play, 'zodiac 2', 'king pile S'); // QS..8S
      const across = makeMove(Exchange, pile(state, 'ace pile S'), pile(state, 'king pile S')); // 7S onto 8S
      expect(state.isLegal(across)).toBe(foundationExchange === 'free');
      expect(has(state, Exchange, 'king pile S', 'ace pile S')).toBe(foundationExchange === 'free'); // 8S onto 7S
      if (foundationExchange === 'free') {
        state.apply(across);
        expect(top(state, 'king pile S')).toBe('7S');
        expect(top(state, 'ace pile S')).toBe('6S');
      }
    }
  });

  it('the picture shows the ring of 24, the Equator, the foundations, the talon and stock, the phase and the pass', () => {
    const state = full();
    place(state, 2);
    make(state, Turn);
    const lines = state.picture().split('\n');
    expect(lines[1]).toContain('5\u2660+2'); // zodiac 1: 7S 6S 5S, in the top side of the ring
    expect(lines[3]).toContain('A\u2660'); // the Equator row, cell 1
    expect(lines[2]).toContain('..'); // the empty ace piles above it
    expect(lines.at(-1)).toContain('current card 4\u2660');
    expect(lines.at(-1)).toContain('stock 69');
    expect(lines.at(-1)).toContain('phase 1, pass 1');
  });
});

// The solver's dead-end rules and safe moves (proofs in src/games/zodiac/solver*.ts).
// A deal whose phase 1 buries every ace and king: per suit the Equator holds the two 4s of one suit, and the
// Zodiac's six piles A A 5 5 K K are extended by the stock to A-2-3, A-2-3, 5-6-7, 5-6-7, K-Q-J-T-9-8 twice.
const BURY_RING = [...SUITS].map((s) => `A${s} A${s} 5${s} 5${s} K${s} K${s}`).join(' ');
const BURY_PLAN: Array<[string, string]> = [...SUITS].flatMap((s, k) =>
  ['23', '23', '67', '67', 'QJT98', 'QJT98'].flatMap((run, i) =>
    [...run].map((r): [string, string] => [r + s, `zodiac ${6 * k + i + 1}`]),
  ),
);
// The spades' kings and aces are covered first: 2S 2S QS QS, then the rest in pile order.
const BURY_FIRST: Array<[string, string]> = [
  ['2S', 'zodiac 1'],
  ['2S', 'zodiac 2'],
  ['QS', 'zodiac 5'],
  ['QS', 'zodiac 6'],
];
const BURY_ORDER = [
  ...BURY_FIRST,
  ...BURY_PLAN.filter(([c, z]) => !BURY_FIRST.some(([c2, z2]) => c2 === c && z2 === z)),
];
function bury(): GameState {
  return dealt(zodiac, `4S 4S 4H 4H 4D 4D 4C 4C ${BURY_RING} ${BURY_ORDER.map(([c]) => c).join(' ')}`);
}
/** Turn and marry each stock card of plan as it says, `count` of them. */
function placeAll(state: GameState, plan: Array<[string, string]>, count = plan.length): void {
  for (const [, target] of plan.slice(0, count)) {
    make(state, Turn);
    make(state, Marry, 'current card', target);
  }
}
/** 1 + the index of the named dead-end rule: what deadEnd() returns when it fires. */
const rule = (name: string) => zodiac.solving!.deadEndRules!.indexOf(name) + 1;

describe('The Zodiac: solver hooks', () => {
  it('unmarriable-cards: with no club in the Zodiac, 26 clubs can never marry and overflow the 8 Equator cells', () => {
    const ring = [...'SHD']
      .flatMap((s) => ['2', '4', '6', '8', '9', 'Q', 'K', 'T'].map((r) => r + s))
      .slice(0, 24)
      .join(' ');
    const code = `AS AS AH AH AD AD 3S 3H ${ring}`;
    const state = dealt(zodiac, code);
    expect(aidOf(zodiac, state).deadEnd!()).toBe(rule('unmarriable-cards'));
    const solver = new Solver(state, { budget: 10_000, order: greedyOrder(zodiac), solving: zodiac.solving });
    expect(solver.solve(stackedDeck(code)).outcome).toBe(Outcome.Unsolvable);
    expect(solver.pruned[rule('unmarriable-cards')]).toBeGreaterThan(0);
  });

  it('unmarriable-cards near miss: one club in the Zodiac is a top every loose club can reach by a chain', () => {
    const ring = [...'SHD']
      .flatMap((s) => ['2', '4', '6', '8', '9', 'Q', 'K', 'T'].map((r) => r + s))
      .slice(0, 23)
      .join(' ');
    const state = dealt(zodiac, `AS AS AH AH AD AD 3S 3H ${ring} 7C`);
    expect(aidOf(zodiac, state).deadEnd!()).toBe(0);
  });

  it('blocked-zodiac: both aces of spades under twos, both kings under queens, and no spade can ever be played', () => {
    const state = bury();
    placeAll(state, BURY_ORDER, 3);
    expect(aidOf(zodiac, state).deadEnd!()).toBe(0); // near miss: a king of spades is still a top, and the king pile can start
    placeAll(state, BURY_ORDER.slice(3), 1);
    expect(top(state, 'zodiac 6')).toBe('QS');
    expect(aidOf(zodiac, state).deadEnd!()).toBe(rule('blocked-zodiac'));
  });

  it('suit-unwinnable: two kings of hearts each under a queen and a jack; one jack goes up, and no king can start the king pile', () => {
    const ring = `KH KH ${[...'SDC'].flatMap((s) => [...'2468TQ'].map((r) => r + s)).join(' ')} 3H 6H 9H 4S`;
    const state = dealt(zodiac, `QH QH JH JH 5S 5D 5C 7S ${ring}`);
    make(state, Marry, 'equator 1', 'zodiac 1');
    make(state, Marry, 'equator 2', 'zodiac 2');
    make(state, Marry, 'equator 3', 'zodiac 1');
    // Near miss: with one pile K Q J and the other K Q, the ace pile takes J Q K of the first, the king pile
    // starts from the second.
    expect(aidOf(zodiac, state).deadEnd!()).toBe(0);
    make(state, Marry, 'equator 4', 'zodiac 2');
    expect(cards(state, 'zodiac 2')).toEqual(['KH', 'QH', 'JH']);
    expect(aidOf(zodiac, state).deadEnd!()).toBe(rule('suit-unwinnable')); // blocked-zodiac, which counts copies only, passes
  });

  it('no-play-in-phase-2: every card placed with every ace and king buried, no play is left', () => {
    const state = bury();
    placeAll(state, BURY_ORDER);
    expect(state.picture()).toContain('phase 2');
    expect(legal(state).some((m) => kindOf(m) === Play)).toBe(false);
    expect(aidOf(zodiac, state).deadEnd!()).toBe(rule('no-play-in-phase-2'));
  });

  it('lone-copy: a play is made alone once the other copy of its card is on the other foundation, not before', () => {
    const state = full();
    place(state);
    const buf = new Int32Array(4096);
    let n = state.legalMoves(buf);
    expect(aidOf(zodiac, state).safeMove!(buf, n)).toBe(-1); // eight plays, each card's other copy buried in a pile
    make(state, Play, 'equator 1', 'ace pile S');
    for (let i = 0; i < 6; i++) make(state, Play, 'zodiac 1', 'ace pile S'); // 2-7
    make(state, Play, 'equator 2', 'king pile S');
    for (let i = 0; i < 5; i++) make(state, Play, 'zodiac 2', 'king pile S');
    n = state.legalMoves(buf);
    // 8S of pile 4 to the ace pile: the other 8S is on the king pile.
    expect(aidOf(zodiac, state).safeMove!(buf, n)).toBe(findMove(state, Play, 'zodiac 4', 'ace pile S'));
  });

  it('only-play: in phase 2 the one play there is is made alone, the Equator marriages beside it not tried', () => {
    // As the buried deal, but a king of spades waits in the Equator and the other heads pile 5: K Q J T 9 8.
    const spades: Array<[string, string]> = [...'234'].map((r): [string, string] => [`${r}S`, 'zodiac 1']);
    spades.push(
      ['2S', 'zodiac 2'],
      ['3S', 'zodiac 2'],
      ['6S', 'zodiac 3'],
      ['7S', 'zodiac 3'],
      ['6S', 'zodiac 4'],
      ['7S', 'zodiac 4'],
    );
    spades.push(...[...'QJT98'].map((r): [string, string] => [`${r}S`, 'zodiac 5']));
    spades.push(...[...'9TJQ'].map((r): [string, string] => [`${r}S`, 'zodiac 6']));
    const plan = [...spades, ...BURY_PLAN.filter(([c]) => !c.endsWith('S'))];
    const ring = `AS AS 5S 5S KS 8S ${BURY_RING.split(' ').slice(6).join(' ')}`;
    const state = dealt(zodiac, `KS 4S 4H 4H 4D 4D 4C 4C ${ring} ${plan.map(([c]) => c).join(' ')}`);
    placeAll(state, plan);
    expect(state.picture()).toContain('phase 2');
    const buf = new Int32Array(4096);
    const n = state.legalMoves(buf);
    const moves = Array.from(buf.subarray(0, n));
    expect(moves.filter((m) => kindOf(m) === Play)).toEqual([findMove(state, Play, 'equator 1', 'king pile S')]);
    expect(moves.filter((m) => kindOf(m) === Marry).length).toBeGreaterThan(0); // 4S onto 3S, KS onto QS, ...
    expect(aidOf(zodiac, state).safeMove!(buf, n)).toBe(findMove(state, Play, 'equator 1', 'king pile S'));
    // Not in phase 1: there no move is made alone.
    const early = bury();
    const m = early.legalMoves(buf);
    expect(m).toBeGreaterThan(1);
    expect(aidOf(zodiac, early).safeMove!(buf, m)).toBe(-1);
  });

  it('progress: phase 1 counts the cards placed in the layout; phase 2 scores above it, two for each card played', () => {
    const state = full();
    expect(aidOf(zodiac, state).progress!()).toBe(32); // the Equator's 8 and the Zodiac's 24, as dealt
    make(state, Turn); // the current card is not placed
    expect(aidOf(zodiac, state).progress!()).toBe(32);
    make(state, Marry, 'current card', PLAN[0]![1]);
    expect(aidOf(zodiac, state).progress!()).toBe(33);
    placeAll(state, PLAN.slice(1)); // the rest placed, the last into phase 2 at once
    expect(state.picture()).toContain('phase 2');
    expect(aidOf(zodiac, state).progress!()).toBe(128); // above phase 1's most, 104
    make(state, Play);
    expect(aidOf(zodiac, state).progress!()).toBe(130);
  });

  it('a deal greedy loses and the solver wins, by a line that passes checkLine (deal 13 of its seed)', () => {
    const deck = dealDeck('issue13', 'zodiac', 13);
    const options = resolveOptions(zodiac.options, {});
    const greedy = greedyPlayer.create(zodiac, DEFAULT_SETTINGS);
    const played = playDeal(
      zodiac.create(options),
      greedy,
      deck,
      () => playerRng('issue13', 'zodiac', 13),
      new Int32Array(4096),
    );
    expect(played.won).toBe(false);
    const verdict = new Solver(zodiac.create(options), {
      budget: 100_000,
      order: greedyOrder(zodiac),
      solving: zodiac.solving,
    }).solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(zodiac.create(options), deck, verdict.line)).toBe('');
  });
});
