// The learned player (src/players/learned.ts) and its training (src/sim/train.ts, `patience train`): with greedy's
// weights it makes greedy's moves on whole deals of every game; a game's trained policy is chosen by its rules;
// training is reproducible, never worse than greedy on its own deals, and refuses the tables' seed; the command
// writes a policy file the player can use, and refuses an existing file and bad input before any work.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../src/core/options.js';
import { seededRng } from '../src/core/random.js';
import { GAMES, findGame } from '../src/games/registry.js';
import { GreedyPlayer } from '../src/players/greedy.js';
import {
  FEATURES,
  GREEDY_WEIGHTS,
  LearnedPlayer,
  POLICIES,
  adopted,
  featuresOf,
  policyFor,
  weightsOf,
} from '../src/players/learned.js';

import type { Player } from '../src/players/player.js';
import { dealDeck } from '../src/sim/deals.js';
import { checkHonesty } from '../src/sim/honesty.js';
import { rolloutPlayer } from '../src/players/rollout.js';
import { playDeal } from '../src/sim/play.js';
import { objectiveOf, train } from '../src/sim/train.js';
import { patience } from './run-cli.js';

/** The moves player makes on deal i of seed s. */
function movesOf(id: string, player: Player, s: string, i: number): number[] {
  const game = findGame(id);
  const state = game.create(resolveOptions(game.options, {}));
  const made: number[] = [];
  playDeal(
    state,
    player,
    dealDeck(s, id, i),
    () => seededRng('x'),
    new Int32Array(4096),
    (m) => made.push(m),
  );
  return made;
}

describe('the learned player', () => {
  it.each(GAMES.map((g) => g.id))("%s: with greedy's weights it makes greedy's moves on whole deals", (id) => {
    const game = findGame(id);
    for (let i = 0; i < 20; i++) {
      const greedy = movesOf(id, new GreedyPlayer(game.advice), 'learned', i);
      expect(movesOf(id, new LearnedPlayer(game, GREEDY_WEIGHTS), 'learned', i)).toEqual(greedy);
    }
  });

  it('other weights make other moves (a weight acts), and every feature is in 0..1 on real positions', () => {
    const game = findGame('shah');
    const weights = weightsOf(FEATURES.map((f) => (f === 'greedy' ? 1 : f === 'uncovered-need' ? -0.6 : 0)));
    let differs = 0;
    for (let i = 0; i < 20; i++)
      if (
        JSON.stringify(movesOf('shah', new LearnedPlayer(game, weights), 'learned', i)) !==
        JSON.stringify(movesOf('shah', new GreedyPlayer(game.advice), 'learned', i))
      )
        differs++;
    expect(differs).toBeGreaterThan(0);
    const state = game.create(resolveOptions(game.options, {}));
    const greedy = new GreedyPlayer(game.advice);
    const out = new Float64Array(FEATURES.length);
    const seen = new Float64Array(FEATURES.length);
    playDeal(
      state,
      greedy,
      dealDeck('learned', 'shah', 0),
      () => seededRng('x'),
      new Int32Array(4096),
      () => {
        const moves = new Int32Array(4096);
        const n = state.legalMoves(moves);
        for (let j = 0; j < n; j++) {
          featuresOf(state, moves[j]!, greedy, out);
          for (let f = 1; f < FEATURES.length; f++) {
            expect(out[f]).toBeGreaterThanOrEqual(0);
            expect(out[f]).toBeLessThanOrEqual(1);
            seen[f]! += out[f]!;
          }
        }
      },
    );
    // The features The Shah's moves can show are seen at least once over a deal.
    for (const f of ['play-outside', 'marry-layout', 'uncovered-need', 'card-need'] as const)
      expect(seen[FEATURES.indexOf(f)]).toBeGreaterThan(0);
  });

  it("a game's trained policy is the one whose rules match the state's options; none: greedy's weights", () => {
    const shah = findGame('shah');
    const cadogan = policyFor('shah', resolveOptions(shah.options, {}));
    expect(cadogan?.game).toBe('shah');
    for (const [k, v] of Object.entries(cadogan!.rules)) expect(String(resolveOptions(shah.options, {})[k])).toBe(v);
    expect(policyFor('no-such-game', {})).toBeUndefined();
    expect(adopted({ made: { heldOut: { greedy: 0.5, learned: 0.5 } } })).toBe(false);
    expect(adopted({ made: { heldOut: { greedy: 0.5, learned: 0.51 } } })).toBe(true);
    expect(adopted({ made: {} })).toBe(false);
    for (const p of POLICIES) {
      // A policy that did not beat greedy on its held-out deals is never the one a state is played with.
      if (!adopted(p)) expect(policyFor(p.game, p.rules)).not.toBe(p);
      expect(findGame(p.game).id).toBe(p.game);
      for (const w of Object.keys(p.weights)) expect(FEATURES).toContain(w);
      expect(p.made.seed).not.toBe('2026');
      expect(String(p.made.command)).toMatch(/^patience train /);
    }
  });
});

describe('honesty', () => {
  it.each(GAMES.map((g) => g.id))(
    '%s: rollout playing its samples out with the learned player makes the same moves on decks that agree on what was seen',
    (id) => {
      const game = findGame(id);
      const settings = { depth: 2, nodes: 500, samples: 2, rollout: 'learned' };
      const finding = checkHonesty(game, resolveOptions(game.options, {}), rolloutPlayer, settings, 2, 40);
      expect(finding.leak).toBeUndefined();
      expect(finding.unreproducible).toBeUndefined();
      expect(finding.agreed).toBeGreaterThan(2);
    },
  );
});

describe('training (cross-entropy method)', () => {
  const game = findGame('shah');
  const options = resolveOptions(game.options, {});
  const settings = { seed: 'train-test', deals: 40, generations: 3, population: 6, elite: 2, spread: 0.3 };

  it("is reproducible, and its weights do at least as well as greedy's on its deals, as it reports", () => {
    const a = train(game, options, settings);
    const b = train(game, options, settings);
    expect(a.weights).toEqual(b.weights);
    expect(a.objective).toBeGreaterThanOrEqual(a.greedy);
    expect(a.greedy).toBeCloseTo(objectiveOf(game, options, GREEDY_WEIGHTS, 'train-test', 40), 12);
    expect(a.objective).toBeCloseTo(objectiveOf(game, options, a.weights, 'train-test', 40), 12);
    expect(a.generations.map((g) => g.generation)).toEqual([1, 2, 3]);
  });

  it("refuses the tables' seed", () => {
    expect(() => train(game, options, { ...settings, seed: '2026' })).toThrow(/tables' seed 2026/);
  });
});

describe('patience train', () => {
  it('writes a policy file with its command and figures; refuses an existing file and the tables seed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'train-'));
    const out = join(dir, 'shah.json');
    const args = ['train', '--game', 'shah', '--seed', 'train-test', '--deals', '20', '--generations', '2'];
    const r = await patience([...args, '--population', '4', '--elite', '2', '-o', out, '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const policy = JSON.parse(readFileSync(out, 'utf8'));
    expect(policy.game).toBe('shah');
    expect(policy.made.command).toContain('patience train --game shah --seed train-test');
    expect(policy.made.objective.learned).toBeGreaterThanOrEqual(policy.made.objective.greedy);
    expect(policy.made.heldOut.deals).toBe('20..39');
    writeFileSync(out, 'mine');
    const again = await patience([...args, '-o', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/exists; give --force/);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    const tables = await patience(['train', '--game', 'shah', '--seed', '2026', '-o', join(dir, 'x.json')]);
    expect(tables.code).toBe(2);
    expect(tables.stderr.trim().split('\n')).toHaveLength(1);
    expect(tables.stderr).toMatch(/tables' seed 2026/);
  });
});
