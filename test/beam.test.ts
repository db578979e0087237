// The solver's beam search (src/solve/beam.ts): in every game each line it returns wins, checked by the game's own
// legality test, it leaves the state as it found it, and it keeps to its budget but for one playout; it is
// deterministic; and in the solver it wins a deal of Napoleon's Square that the nested searches and the
// depth-first passes at the same budget leave unknown.

import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../src/core/options.js';
import { GAMES, findGame } from '../src/games/registry.js';
import { greedyOrder } from '../src/players/greedy.js';
import { dealDeck } from '../src/sim/deals.js';
import { BeamSearch } from '../src/solve/beam.js';
import { greedyPlayout } from '../src/solve/playout.js';
import { Outcome, Solver, defaultPlan, stageOf, withShare } from '../src/solve/solver.js';
import { checkLine } from '../src/solve/verify.js';

/** A beam search over a fresh state of the game, and the state. */
function beamFor(id: string) {
  const game = findGame(id);
  const options = resolveOptions(game.options, {});
  const state = game.create(options);
  return { game, options, state, beam: new BeamSearch(state, greedyPlayout(game), game.solving?.aid(state)) };
}

/** The most positions one playout past the cut-off may add (a line longer than this is going round in circles). */
const PLAYOUT_MOST = 5000;

describe('BeamSearch', () => {
  it.each(GAMES.map((g) => g.id))(
    '%s: every line it returns wins when replayed and checked; the state is left as it was; the budget holds',
    (id) => {
      const { game, options, state, beam } = beamFor(id);
      for (let d = 0; d < 3; d++) {
        const deck = dealDeck('beam-test', id, d);
        state.deal(deck);
        const before = state.table.key().join(',');
        const line = beam.widening(1000, 101_000);
        expect(state.table.key().join(',')).toBe(before);
        expect(beam.nodes).toBeGreaterThan(1000);
        expect(beam.nodes).toBeLessThan(101_000 + PLAYOUT_MOST);
        if (line !== undefined) expect(checkLine(game.create(options), deck, Int32Array.from(line))).toBe('');
      }
    },
  );

  it("is deterministic, and wins deal 176 of Napoleon's Square from the deal; the line checks", () => {
    const a = beamFor('napoleons-square');
    const b = beamFor('napoleons-square');
    const deck = dealDeck('2026', 'napoleons-square', 176);
    b.state.deal(dealDeck('2026', 'napoleons-square', 7));
    b.beam.widening(0, 50_000);
    a.state.deal(deck);
    b.state.deal(deck);
    const one = a.beam.widening(0, 3_000_000);
    const two = b.beam.widening(0, 3_000_000);
    expect(one).toBeDefined();
    expect(checkLine(a.game.create(a.options), deck, Int32Array.from(one!))).toBe('');
    expect(two).toEqual(one);
    expect(b.beam.nodes).toBe(a.beam.nodes);
  });

  it('searches from a position as from a deal: its line from there, the state left there', () => {
    const { game, options, state, beam } = beamFor('napoleons-square');
    const deck = dealDeck('2026', 'napoleons-square', 176);
    state.deal(deck);
    const whole = beam.widening(0, 3_000_000)!;
    state.deal(deck);
    for (const m of whole.slice(0, 40)) state.apply(m);
    const before = state.table.key().join(',');
    const rest = beam.widening(0, 3_000_000);
    expect(state.table.key().join(',')).toBe(before);
    expect(rest).toBeDefined();
    expect(checkLine(game.create(options), deck, Int32Array.from([...whole.slice(0, 40), ...rest!]))).toBe('');
  });
});

describe('the solver with the beam searches', () => {
  it("solves deal 176 of Napoleon's Square at 4,000,000 positions, which it leaves unknown without them", {
    timeout: 60_000,
  }, () => {
    const game = findGame('napoleons-square');
    const options = resolveOptions(game.options, {});
    const deck = dealDeck('2026', 'napoleons-square', 176);
    const budget = 4_000_000;
    const solverWith = (beamShare: number) =>
      new Solver(game.create(options), {
        budget,
        order: greedyOrder(game),
        plan: withShare(defaultPlan(budget, 2 ** 26), 'beam', beamShare),
        playout: greedyPlayout(game),
        solving: game.solving,
      });
    const share = stageOf(defaultPlan(budget), 'beam')!.allowance!.share;
    expect(share).toBeGreaterThan(0);
    const without = solverWith(0).solve(deck);
    expect(without.outcome).toBe(Outcome.Unknown);
    const verdict = solverWith(share).solve(deck);
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(checkLine(game.create(options), deck, verdict.line)).toBe('');
    // the beam's own line: the same as a beam search alone finds from the deal
    const { state, beam } = beamFor('napoleons-square');
    state.deal(deck);
    expect(Array.from(verdict.line)).toEqual(beam.widening(0, budget));
  });
});
