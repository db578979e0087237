// No leaks: a player's moves depend only on what it has seen. Its generator is keyed by seed and deal index
// (sim/deals.ts playerRng), never by the deck; two decks that agree on every card seen so far give the same moves
// so far, for every game and player; and a deck string exported by replay/simulate --print-deck replays the same
// game, copies of equal cards included (The Carpet's bases, Sympathie's packs and the shuffled re-deals depend on
// which copy is which). The lockstep check itself is src/sim/honesty.ts, which `--check-honesty` runs on a module
// player.

import { describe, expect, it } from 'vitest';
import { CARD_COUNT, isRed } from '../src/core/card.js';
import { makeDeck, makeExactDeck, parseDeck, type Deck } from '../src/core/deck.js';
import { PileRole } from '../src/core/game.js';
import type { Move } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import { GAMES } from '../src/games/registry.js';
import { STOP, type PlayerSpec } from '../src/players/player.js';
import { PLAYERS } from '../src/planners/registry.js';
import { checkHonesty } from '../src/sim/honesty.js';
import { greedyPlayer } from '../src/players/greedy.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';

const SETTINGS = { depth: 2, nodes: 500, samples: 2, searchNodes: 2000, searches: 2, iterations: 40 };

describe('deck strings', () => {
  it('makeExactDeck round-trips every copy; an unmarked string reads as before (first occurrence = copy 0)', () => {
    for (let i = 0; i < 50; i++) {
      const deck = dealDeck('strings', 'any', i);
      expect(parseDeck(makeExactDeck(deck))).toEqual(deck);
      const blind = parseDeck(makeDeck(deck));
      const seen = new Uint8Array(52);
      for (let k = 0; k < CARD_COUNT; k++) expect(blind[k]).toBe((deck[k]! % 52) + 52 * seen[deck[k]! % 52]!++);
      expect(makeExactDeck(blind)).toBe(makeDeck(deck));
    }
    expect(() =>
      parseDeck(
        `AS* AS* ${makeDeck(dealDeck('x', 'y', 0))
          .replace(/\bAS\b/g, '')
          .trim()}`,
      ),
    ).toThrow(/marked twice/);
  });

  const declared = GAMES.flatMap((g) =>
    (g.facts?.copySensitive ?? []).map((rules) => [g.id, rules] as [string, Record<string, OptionValue>]),
  );
  it('the games where play tells the two copies of a card apart say so in their facts', () => {
    // The sets this test listed itself before the games declared them: none may drop out unnoticed.
    expect(declared).toEqual(
      expect.arrayContaining([
        ['carpet', {}],
        ['sympathie', {}],
        ['sultan', {}],
        ['petits-paquets', { redealGather: 'shuffle' }],
        ['napoleons-square', { kingsRemedy: 'redeal' }],
      ]),
    );
  });
  it.each(declared)('an exported deck string of %s %j replays the same moves', (id, rules) => {
    const game = GAMES.find((g) => g.id === id)!;
    const state = game.create(resolveOptions(game.options, rules));
    const player = PLAYERS.find((p) => p.id === 'random')!.create(game, SETTINGS);
    const moves = (deck: Deck, i: number) => {
      const out: Move[] = [];
      playDeal(
        state,
        player,
        deck,
        () => playerRng('export', id, i),
        new Int32Array(4096),
        (m) => out.push(m),
      );
      return out;
    };
    for (let i = 0; i < 20; i++) {
      const deck = dealDeck('export', id, i);
      expect(moves(parseDeck(makeExactDeck(deck)), i)).toEqual(moves(deck, i));
    }
  });
});

describe.each(GAMES.map((g) => [g.id, g] as const))('no leaks on %s', (_id, game) => {
  it.each(PLAYERS.filter((p) => p.told === undefined).map((p) => [p.id, p] as const))(
    '%s makes the same moves on two decks that agree on every card seen so far',
    (pid, spec) => {
      const slow = pid === 'rollout' || pid === 'hindsight' || pid === 'ismcts';
      const finding = checkHonesty(game, resolveOptions(game.options, {}), spec, SETTINGS, 2, slow ? 40 : 150);
      expect(finding.leak).toBeUndefined();
      expect(finding.agreed, 'moves compared').toBeGreaterThan(2);
    },
  );
});

describe('the honesty check', () => {
  it('finds a player that reads the stock', () => {
    const game = GAMES.find((g) => g.id === 'shah')!;
    // Greedy's moves while the stock's top card is red; it stops when it is black: it reads a hidden pile.
    const peeker: PlayerSpec = {
      ...greedyPlayer,
      create: (g, s) => {
        const inner = greedyPlayer.create(g, s);
        return {
          reset: (r) => inner.reset(r),
          choose: (state, moves, n) => {
            const stock = state.pileRoles.indexOf(PileRole.Stock);
            return stock >= 0 && !isRed(state.table.top(stock)) ? STOP : inner.choose(state, moves, n);
          },
        };
      },
    };
    expect(checkHonesty(game, resolveOptions(game.options, {}), peeker, SETTINGS).leak).toBeDefined();
  });

  it('finds out the foresight player, which is told the stock, and not when it is told nothing', () => {
    // Only cards the first play leaves unseen are permuted, so the cards told must lie beyond its moves: ten.
    const game = GAMES.find((g) => g.id === 'shah')!;
    const spec = PLAYERS.find((p) => p.id === 'foresight')!;
    expect(spec.told).toBeDefined();
    const options = resolveOptions(game.options, {});
    const told = (foresight: string) =>
      checkHonesty(game, options, spec, { ...SETTINGS, searches: 0, samples: 4, foresight }, 4, 10);
    expect(told('4').leak).toBeDefined();
    const blind = told('0');
    expect(blind.leak).toBeUndefined();
    expect(blind.agreed).toBeGreaterThan(2);
  });
});
