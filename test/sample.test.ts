// Sampling the unseen cards (core/sample.ts), for every game under each named option value: a sample keeps every
// pile a player may read, every card and every hidden pile's size; play goes on legally from it (the game's
// caches stay valid: the moves generated are exactly those its independent legality check allows); undo restores
// the position exactly; and the sample does not depend on the order of the hidden cards.

import { describe, expect, it } from 'vitest';
import { CARD_COUNT, copyOf } from '../src/core/card.js';
import { PileRole, type Game, type GameState } from '../src/core/game.js';
import { REVEALS, type Move } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import { randomInt, seededRng, shuffleInPlace } from '../src/core/random.js';
import { UnseenSampler } from '../src/core/sample.js';
import { redealShuffle } from '../src/core/stock.js';
import { GAMES } from '../src/games/registry.js';
import { inSight } from './helpers.js';
import { dealDeck } from '../src/sim/deals.js';

function optionSets(game: Game): Array<Record<string, OptionValue>> {
  const sets: Array<Record<string, OptionValue>> = [{}];
  for (const o of game.options) for (const v of o.values) if (v !== o.default) sets.push({ [o.name]: v });
  return sets;
}

function hiddenCards(state: GameState): string {
  const t = state.table;
  const parts: string[] = [];
  for (let p = 0; p < t.pileCount; p++)
    if (state.pileRoles[p] === PileRole.Stock)
      parts.push(Array.from({ length: t.size(p) }, (_, i) => t.at(p, i)).join(','));
  return parts.join('|');
}

function checkMoves(state: GameState, space: readonly Move[] | undefined): Move[] {
  const buf = new Int32Array(4096);
  const moves = Array.from(buf.subarray(0, state.legalMoves(buf)));
  expect(
    moves.filter((m) => !state.isLegal(m)),
    'generated moves failing isLegal',
  ).toEqual([]);
  const generated = new Set(moves);
  if (space)
    expect(
      space.flatMap((m) => [m, m | REVEALS]).filter((m) => state.isLegal(m) && !generated.has(m)),
      'legal moves not generated',
    ).toEqual([]);
  const counts = state.table.cardCounts();
  for (let c = 0; c < CARD_COUNT; c++) expect(counts[c], `card ${c}`).toBe(1);
  return moves;
}

describe.each(GAMES.map((g) => [g.id, g] as const))('sampling the unseen cards: %s', (_id, game) => {
  it.each(optionSets(game).map((rules) => [JSON.stringify(rules), rules] as const))(
    'keeps what is in sight, every card and the hidden sizes; play goes on; undo restores it exactly, under %s',
    (_name, rules) => {
      const state = game.create(resolveOptions(game.options, rules));
      const space = state.moveSpace();
      const sampler = new UnseenSampler();
      const rng = seededRng(`sample:${game.id}:${JSON.stringify(rules)}`);
      let changed = 0;
      let couldChange = 0;
      let samples = 0;
      for (let walk = 0; walk < 3; walk++) {
        state.deal(dealDeck('sample', game.id, walk));
        for (let step = 0; step < 200; step++) {
          if (step % 10 === 0) {
            const t = state.table;
            const before = t.fingerprint();
            const hash = t.hash();
            const key = Array.from(t.key());
            const sight = inSight(state);
            const hidden = hiddenCards(state);
            sampler.resample(state, rng);
            samples++;
            expect(inSight(state), 'piles in sight and hidden sizes kept').toBe(sight);
            if (hidden.length > 6) couldChange++;
            if (hiddenCards(state) !== hidden) changed++;
            expect(t.salt).not.toBe(0);
            if (state.unseenGroups) {
              for (let p = 0; p < t.pileCount; p++) {
                if (state.pileRoles[p] !== PileRole.Stock) continue;
                for (let i = 0; i < t.size(p); i++)
                  expect(state.unseenGroups.ofCard[t.at(p, i)]).toBe(state.unseenGroups.ofPile[p]);
              }
            }
            // play on in the sample, revealing moves included
            let made = 0;
            for (let k = 0; k < 25; k++) {
              const moves = checkMoves(state, k < 2 ? space : undefined);
              if (moves.length === 0) break;
              state.apply(moves[randomInt(rng, moves.length)]!);
              made++;
            }
            for (let k = 0; k < made; k++) state.undo();
            state.undo(); // the sample itself
            expect(t.fingerprint()).toBe(before);
            expect(t.hash()).toBe(hash);
            expect(Array.from(t.key())).toEqual(key);
            expect(t.salt).toBe(0);
            checkMoves(state, undefined);
          }
          const buf = new Int32Array(4096);
          const n = state.legalMoves(buf);
          if (n === 0) break;
          state.apply(buf[randomInt(rng, n)]!);
        }
      }
      expect(samples).toBeGreaterThan(5);
      expect(changed, 'samples that change the hidden cards').toBeGreaterThanOrEqual(couldChange / 2);
    },
  );

  it('a sample depends only on the cards in sight and the hidden sizes, not on the hidden order', () => {
    const a = game.create(resolveOptions(game.options, {}));
    const b = game.create(resolveOptions(game.options, {}));
    const deck = dealDeck('sample-order', game.id, 0);
    a.deal(deck);
    b.deal(deck);
    const t = b.table;
    for (let p = 0; p < t.pileCount; p++) {
      if (b.pileRoles[p] !== PileRole.Stock) continue;
      const order = Uint8Array.from({ length: t.size(p) }, (_, i) => t.at(p, i));
      shuffleInPlace(seededRng(`o${p}`), order);
      t.begin();
      t.reorder(p, order);
    }
    new UnseenSampler().resample(a, seededRng('same'));
    new UnseenSampler().resample(b, seededRng('same'));
    expect(b.table.fingerprint()).toBe(a.table.fingerprint());
  });
});

it("Sympathie's samples keep each player's face-down cards in his own pack", () => {
  const game = GAMES.find((g) => g.id === 'sympathie')!;
  const state = game.create(resolveOptions(game.options, {}));
  state.deal(dealDeck('s', game.id, 1));
  new UnseenSampler().resample(state, seededRng('x'));
  const t = state.table;
  for (let p = 0; p < t.pileCount; p++) {
    if (state.pileRoles[p] !== PileRole.Stock) continue;
    for (let i = 0; i < t.size(p); i++) expect(copyOf(t.at(p, i))).toBe(state.unseenGroups!.ofPile[p]);
  }
});

it('a salted re-deal shuffles otherwise than the real one, and salt 0 is the real one', () => {
  const deck = dealDeck('salt', 'sultan', 0);
  const draw = (salt?: number) => {
    const rng = salt === undefined ? redealShuffle(deck, 1) : redealShuffle(deck, 1, salt);
    return [rng(), rng(), rng()];
  };
  expect(draw(0)).toEqual(draw());
  expect(draw(12345)).not.toEqual(draw());
  expect(draw(12345)).toEqual(draw(12345));
});
