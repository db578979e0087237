// A player that wraps two built-ins: greedy's move, except that at a decision with a real choice it plays the
// random player's move with probability eps (--player-option eps=0.05). Its dice come from the deal's own
// generator (reset's makeRng), so a deal plays the same on any worker and in replay.
import { greedyPlayer, randomPlayer } from 'patience';

export default {
  id: 'greedy-explore',
  summary: "greedy, but the random player's move with probability eps (--player-option eps=0.05)",
  uses: [],
  // positional is left out: its move depends on its dice, not on the position alone
  create(game, settings) {
    const eps = Number(settings.options?.eps ?? 0.05);
    if (!(eps >= 0 && eps <= 1)) throw new Error(`eps must be a probability, got ${settings.options?.eps}`);
    const greedy = greedyPlayer.create(game, settings);
    const random = randomPlayer.create(game, settings);
    let dice = () => 1;
    return {
      reset(makeRng) {
        dice = makeRng();
        greedy.reset(makeRng);
        random.reset(() => dice); // one stream for both: the random player's draws follow the dice's
      },
      choose(state, moves, n) {
        if (n > 1 && dice() < eps) return random.choose(state, moves, n);
        return greedy.choose(state, moves, n);
      },
    };
  },
};
