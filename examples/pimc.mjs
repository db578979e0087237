// Perfect-information Monte Carlo, as a module: at each decision with a choice, deal the unseen cards afresh
// SAMPLES times (UnseenSampler: from what is in sight only), search each sample with every card of it known
// (Solver.solveHere, at most NODES positions), and make the move that begins most of the winning lines found;
// greedy's move when none is found. An upper bound inside a sample, an honest player outside: the samples are
// its own imagining, and the state is left exactly as it was.
import { Outcome, Solver, UnseenSampler, defaultPlan, greedyOrder, greedyPlayer, greedyPlayout } from 'patience';

export default {
  id: 'pimc',
  summary:
    'solves --player-option samples=K samples of the unseen cards (nodes=N positions each); the move most winning lines begin with',
  uses: [],
  create(game, settings) {
    const samples = Number(settings.options?.samples ?? 4);
    const nodes = Number(settings.options?.nodes ?? 20000);
    const greedy = greedyPlayer.create(game, settings);
    const sampler = new UnseenSampler();
    let solver;
    let solved; // the state the solver was made for
    let rng;
    return {
      reset(makeRng) {
        rng = makeRng();
        greedy.reset(makeRng); // greedy draws nothing, but a wrapper passes reset on
      },
      choose(state, moves, n) {
        if (n === 1) return greedy.choose(state, moves, n);
        if (solved !== state)
          [solver, solved] = [
            new Solver(state, {
              budget: nodes,
              order: greedyOrder(game),
              plan: defaultPlan(nodes, 2 ** 25),
              playout: greedyPlayout(game),
              solving: game.solving,
            }),
            state,
          ];
        const votes = new Map();
        for (let s = 0; s < samples; s++) {
          sampler.resample(state, rng); // one step of the table: table.undo() takes the sample back
          const verdict = solver.solveHere(); // leaves the state where it found it
          state.table.undo();
          if (verdict.outcome !== Outcome.Solved) continue;
          const first = verdict.line[0];
          if (!moves.subarray(0, n).includes(first)) continue;
          votes.set(first, (votes.get(first) ?? 0) + 1);
        }
        let best = greedy.choose(state, moves, n);
        for (const [m, k] of votes) if (k > (votes.get(best) ?? 0)) best = m;
        return best;
      },
    };
  },
};
