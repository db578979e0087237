// Hindsight that carries a sample from one decision to the next: the built-in hindsight player (rollout, plus a
// search of each sample its play-outs lose, whose line's first move wins that sample), whose judge keeps a sample
// in which a line was found, with the rest of the line, while the moves made follow it (planners/carry.ts). At
// the next decision that sample is laid out again instead of a fresh one and, when no play-out wins it, votes for
// its line's next move without a search. Where a move turned up a card the sample had elsewhere, the sample is
// repaired by swapping the real card in (an exact conditional draw), and the line is played out again before it
// votes. The same settings as hindsight: --samples, --rollout, --search-nodes, --searches.
import { DEFAULT_SETTINGS, SolverJudge, judgedRollout } from 'patience';

export default {
  id: 'hindsight-carry',
  summary:
    'hindsight, carrying a sample in which a winning line was found to the next decision while the moves follow it',
  uses: ['samples', 'rollout', 'searchNodes', 'searches'],
  create(game, settings) {
    const judge = new SolverJudge(
      game,
      settings.searchNodes ?? DEFAULT_SETTINGS.searchNodes,
      settings.searches ?? DEFAULT_SETTINGS.searches,
      true, // carries
    );
    return judgedRollout(game, settings, judge);
  },
};
