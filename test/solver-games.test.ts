// The solver on one hand-made deck per game that has no dead-end rules of its own: a deck greedy
// loses and the solver wins, by a line greedy does not take. The decks were picked from seed `greedy-misses`
// as the first deal greedy loses that the search (without the probes) wins within 5,000 positions, and are
// written out as deck strings. The games with dead-end rules have such a deck in their own test file; Sympathie
// leaves no choice, so no line differs from greedy's there (its verdicts are checked against the players' in
// solver.test.ts).

import { describe, expect, it } from 'vitest';
import { parseDeck } from '../src/core/deck.js';
import { resolveOptions } from '../src/core/options.js';
import { seededRng } from '../src/core/random.js';
import { findGame } from '../src/games/registry.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { playDeal } from '../src/sim/play.js';
import { Outcome, Solver } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';

const DECKS: Record<string, string> = {
  sultan:
    '9H TC KD 6H 7H TS 3C QS JS 6S 4S JC 5S 2D TH 8C 4D 7S 4D 7D 7S 5H 5C 6S 4C 9S KS QH KC TS KD 4C 8S 3C 6C QS 2D QD 4S 6D 6D JD 5S 3S 8H AH KH JH 3H 7H 6C JC QC 9C 7D TD 9H 3S TD KS 5D 3D 2C AS JS 9D AC AC 9C 8H 2S 6H 8D AD 3D TH 5C 2S 5H 2H 2H 8D 9D AD AH TC QD 9S 8C 8S 4H 7C KC 5D AS 3H 7C 2C JH QC JD KH 4H QH',
  'petits-paquets':
    '2S 5D 6S 4C JD 8S AS 3D 3H 4H 6D 5S JC QS 3C TD 5H 2H 4H 7D TH 7H 2S 4D 5S 5D 8C 2D TC 3C AH KH 4S 7S 4S AD AC KS QH QC 7D 3H 2D 7C 6C TS TS AH JC 4D KD 8D JH 8H 9D 9D QH JS 9C 8H 8C JH 2H AD 2C 6C 9S 9S JD 3S 2C QC TH 6S 4C 7C 5C 5H 3S TD JS 7H QS 3D 9H KD 9C 6D 5C QD 7S KH KS 9H AC AS KC 8S 6H 8D KC 6H QD TC',
  'duchesse-de-luynes':
    '2H 5S 5H 6H 4S 2D 6S 7H KS 2H 8H 4C TH QH 6C AS 7C 7S TD JS 5D 8C QD TC 4H JS QS 9S 3H JH AC 3H 7D JD 9D 6D 9H QH KD 3D 9D KH 5C AH TS KD JC 4C QS 8H KS 5C 9C 3S 2D 8S 3S 7C TD 4S TH 6H TS 5H KC 9H 8S 4D JH 6C KH 9C QD AS 2S AC JC 8D 8D KC 2S 2C 5D QC 7S 5S 3C QC 6S JD AD 2C 9S 4D AD 7H 8C AH TC 7D 4H 3D 6D 3C',
  congress:
    '8C 6H 8D 8C 5D QS 5H 4D 7S AH AD KH KC AS 2C 2S 9S TH 5D TS KC 3S KS JC 8S AC 9C 4S JH 6C 9D 2D 4C AS 6H 7S 5S 7C 9H TD JC 3H 3D KH 7C AD QD 9S KD 4C 6S TD KD 2H 5C 4D 5C 2H 5H 3C TC QH 6C 3D QC 2D KS 3S 6D 4S 7D JD TH 3C JS JD 2C 7H 6S AC 4H QC 8H 7H JH 5S 7D QD 8S 3H QS 8H 4H TC 6D 9D QH TS 9C AH 9H 8D 2S JS',
};

describe('solver: a deck greedy loses and the solver wins by another line', () => {
  for (const [id, text] of Object.entries(DECKS)) {
    it(id, () => {
      const game = findGame(id);
      const options = resolveOptions(game.options, {});
      const deck = parseDeck(text);
      const greedyLine: number[] = [];
      const state = game.create(options);
      const played = playDeal(
        state,
        greedyPlayer.create(game, DEFAULT_SETTINGS),
        deck,
        () => seededRng('x'),
        new Int32Array(4096),
        (m) => greedyLine.push(m),
      );
      expect(played.won).toBe(false);
      const verdict = new Solver(game.create(options), {
        budget: 5_000,
        order: greedyOrder(game),
        solving: game.solving,
      }).solve(deck);
      expect(verdict.outcome).toBe(Outcome.Solved);
      expect(checkLine(game.create(options), deck, verdict.line)).toBe('');
      const fork = Array.from(verdict.line).findIndex((m, i) => m !== greedyLine[i]);
      expect(fork, "the winning line leaves greedy's somewhere").toBeGreaterThanOrEqual(0);
    });
  }
});
