// The players that search the samples (planners/): hindsight is rollout with the solver's votes on the samples its
// play-outs lose, so without searches it is rollout move for move; a vote goes to the first move of the line the
// solver finds in that very sample, and the state is left as it was; a decision after one whose searches found
// nothing searches fewer samples. Foresight keeps the hidden piles' top cards true in its samples (core/sample.ts),
// and nothing else.

import { describe, expect, it } from 'vitest';
import { PileRole, type GameState } from '../src/core/game.js';
import type { Move } from '../src/core/move.js';
import { resolveOptions } from '../src/core/options.js';
import { seededRng } from '../src/core/random.js';
import { UnseenSampler } from '../src/core/sample.js';
import { GAMES } from '../src/games/registry.js';
import { SolverJudge } from '../src/planners/hindsight.js';
import { PLAYERS, findPlayer } from '../src/planners/registry.js';
import { settingFlags } from '../src/cli/runs.js';
import { buildProgram } from '../src/cli/program.js';
import { greedyOrder } from '../src/players/greedy.js';
import { DEFAULT_SETTINGS, STOP, type Player } from '../src/players/player.js';
import { judgedRollout, type SampleJudge } from '../src/players/rollout.js';
import { greedyPlayout } from '../src/solve/playout.js';
import { Outcome, Solver, defaultPlan } from '../src/solve/solver.js';
import { dealDeck } from '../src/sim/deals.js';
import { movesOf as playedMoves } from './helpers.js';

const shah = GAMES.find((g) => g.id === 'shah')!;
const SETTINGS = { depth: 2, nodes: 2000, samples: 3, searchNodes: 3000, searches: 2 };

/** The moves a player makes in the first `most` moves of deal i of seed 'planners'. */
const movesOf = (state: GameState, player: Player, gameId: string, i: number, most: number): Move[] =>
  playedMoves(state, player, 'planners', gameId, i, most);

describe('hindsight', () => {
  it.each(['shah', 'sultan', 'napoleons-square'])(
    'with a judge that finds nothing, rollout makes every move it makes alone (%s)',
    (id) => {
      // The judged path (values kept per sample, the judge asked on every sample no play-out won) against the plain
      // one.
      const game = GAMES.find((g) => g.id === id)!;
      const state = game.create(resolveOptions(game.options, {}));
      let asked = 0;
      const nothing: SampleJudge = { reset: () => {}, begin: () => {}, judge: () => (asked++, -1), made: () => {} };
      for (let i = 0; i < 2; i++) {
        const rollout = movesOf(state, findPlayer('rollout').create(game, SETTINGS), id, i, 120);
        const hindsight = movesOf(state, judgedRollout(game, SETTINGS, nothing), id, i, 120);
        expect(hindsight.length).toBeGreaterThan(20);
        expect(hindsight).toEqual(rollout);
      }
      expect(asked).toBeGreaterThan(0);
    },
  );

  it('is reproducible, and chooses other moves than rollout once it searches', () => {
    // At greedy's positions of a deal, fresh players of each kind choose: hindsight twice alike, and somewhere
    // otherwise than rollout on the same samples (the searches' votes).
    const state = shah.create(resolveOptions(shah.options, {}));
    const settings = { ...SETTINGS, searchNodes: 20_000, searches: 3 };
    const greedy = findPlayer('greedy').create(shah, settings);
    const buf = new Int32Array(4096);
    const choice = (id: string, step: number) => {
      const p = findPlayer(id).create(shah, settings);
      p.reset(() => seededRng(`choice ${step}`));
      return p.choose(state, buf, state.legalMoves(buf));
    };
    let [asked, differ] = [0, 0];
    for (let deal = 0; deal < 3 && differ === 0; deal++) {
      state.deal(dealDeck('planners', 'shah', deal));
      for (let step = 0; step < 100; step++) {
        const n = state.legalMoves(buf);
        if (n === 0) break;
        if (n > 1 && step % 3 === 0) {
          const h = choice('hindsight', step);
          expect(choice('hindsight', step)).toBe(h);
          if (h !== choice('rollout', step)) differ++;
          asked++;
        }
        const m = greedy.choose(state, buf, state.legalMoves(buf));
        if (m === STOP) break;
        state.apply(m);
      }
    }
    expect(asked).toBeGreaterThan(10);
    expect(differ).toBeGreaterThan(0);
  });

  it('votes for the first move of the line the solver finds in the sample, and leaves the position as it was', () => {
    const options = resolveOptions(shah.options, {});
    const state = shah.create(options);
    const judge = new SolverJudge(shah, 10_000, 100);
    const sampler = new UnseenSampler();
    const buf = new Int32Array(4096);
    let votes = 0;
    let searched = 0;
    for (let deal = 0; deal < 4 && votes < 3; deal++) {
      state.deal(dealDeck('planners-vote', 'shah', deal));
      judge.reset();
      const greedy = findPlayer('greedy').create(shah, SETTINGS);
      for (let step = 0; step < 40; step++) {
        const n = state.legalMoves(buf);
        if (n === 0) break;
        const candidates = Int32Array.from(buf.subarray(0, n));
        if (n > 1) {
          judge.begin(state, candidates, n);
          const rng = seededRng(`vote ${deal} ${step}`);
          sampler.resample(state, rng);
          const before = state.table.fingerprint();
          const j = judge.judge(state, 0);
          expect(state.table.fingerprint()).toBe(before);
          searched++;
          // The same sample searched by a solver of its own.
          const fresh = new Solver(state, {
            budget: 10_000,
            order: greedyOrder(shah),
            plan: defaultPlan(10_000, 2 ** 25),
            playout: greedyPlayout(shah),
            solving: shah.solving,
          });
          const verdict = fresh.solveHere();
          expect(state.table.fingerprint()).toBe(before);
          if (verdict.outcome === Outcome.Solved) {
            expect(candidates[j]).toBe(verdict.line[0]);
            votes++;
          } else expect(j).toBe(-1);
          state.table.undo();
        }
        const m = greedy.choose(state, buf, n);
        if (m === STOP) break;
        state.apply(m);
      }
    }
    expect(searched).toBeGreaterThan(10);
    expect(votes).toBeGreaterThan(0);
  });

  it('searches at most two samples at a decision after one whose searches found no win, and all of them after a reset', () => {
    const state = shah.create(resolveOptions(shah.options, {}));
    state.deal(dealDeck('planners-lean', 'shah', 0));
    const buf = new Int32Array(4096);
    const n = state.legalMoves(buf);
    const sampler = new UnseenSampler();
    const rng = seededRng('lean');
    const searchesAt = (judge: SolverJudge, samples: number) => {
      const before = judge.counts.searches;
      judge.begin(state, buf, n);
      for (let s = 0; s < samples; s++) {
        sampler.resample(state, rng);
        judge.judge(state, s);
        state.table.undo();
      }
      return judge.counts.searches - before;
    };
    const hopeless = new SolverJudge(shah, 1, 6); // one position: it never finds a win
    expect(searchesAt(hopeless, 10)).toBe(6);
    expect(searchesAt(hopeless, 10)).toBe(2);
    expect(searchesAt(hopeless, 10)).toBe(2);
    hopeless.reset();
    expect(searchesAt(hopeless, 10)).toBe(6);
  });
});

describe('foresight (core/sample.ts keep)', () => {
  it.each(
    GAMES.filter((g) => g.create(resolveOptions(g.options, {})).pileRoles.includes(PileRole.Stock)).map(
      (g) => [g.id, g] as const,
    ),
  )(
    '%s: a sample keeps the top k cards of every hidden pile and deals the rest; all keeps every card and the salt',
    (_id, game) => {
      const state = game.create(resolveOptions(game.options, {}));
      state.deal(dealDeck('foresight', game.id, 0));
      const t = state.table;
      const hidden = [...state.pileRoles.keys()].filter((p) => state.pileRoles[p] === PileRole.Stock);
      const pile = (p: number) => Array.from({ length: t.size(p) }, (_, i) => t.at(p, i));
      const real = hidden.map(pile);
      const sampler = new UnseenSampler();
      const rng = seededRng('foresight');
      let moved = 0;
      for (const keep of [0, 1, 4]) {
        sampler.resample(state, rng, keep);
        hidden.forEach((p, i) => {
          const now = pile(p);
          const top = Math.max(0, now.length - keep);
          expect(now.slice(top), `pile ${p}, keep ${keep}`).toEqual(real[i]!.slice(top));
          if (now.slice(0, top).join() !== real[i]!.slice(0, top).join()) moved++;
        });
        t.undo();
      }
      expect(moved).toBeGreaterThan(0);
      const salt = t.salt;
      sampler.resample(state, rng, 104);
      expect(hidden.map(pile)).toEqual(real);
      expect(t.salt).toBe(salt);
      t.undo();
    },
  );
});

describe('ismcts', () => {
  it("is reproducible, and leaves greedy's moves once it has looked", () => {
    const state = shah.create(resolveOptions(shah.options, {}));
    const settings = { ...SETTINGS, iterations: 200 };
    let differ = 0;
    for (let i = 0; i < 2; i++) {
      const a = movesOf(state, findPlayer('ismcts').create(shah, settings), 'shah', i, 60);
      expect(movesOf(state, findPlayer('ismcts').create(shah, settings), 'shah', i, 60)).toEqual(a);
      const g = movesOf(state, findPlayer('greedy').create(shah, settings), 'shah', i, 60);
      if (a.join() !== g.join()) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it("makes greedy's move when it has one iteration: no move is clearly better on one sample", () => {
    const state = shah.create(resolveOptions(shah.options, {}));
    const a = movesOf(state, findPlayer('ismcts').create(shah, { ...SETTINGS, iterations: 1 }), 'shah', 3, 80);
    expect(a).toEqual(movesOf(state, findPlayer('greedy').create(shah, SETTINGS), 'shah', 3, 80));
  });
});

describe("the replay command printed for a player's won deal", () => {
  it.each(PLAYERS.map((p) => [p.id, p] as const))('names only options replay and simulate take (%s)', (_id, spec) => {
    const flags = settingFlags(spec, DEFAULT_SETTINGS).match(/--[a-z-]+/g) ?? [];
    const program = buildProgram('0.0.0', { code: 0 });
    for (const name of ['replay', 'simulate']) {
      const command = program.commands.find((c) => c.name() === name)!;
      const known = new Set(command.options.map((o) => o.long));
      expect(
        flags.filter((f) => !known.has(f)),
        name,
      ).toEqual([]);
    }
  });
});
