// foresight: an analysis, not a player. The hindsight player (hindsight.ts) told the next --foresight cards of
// every hidden pile (the stock's next cards), which its samples keep as they really lie (core/sample.ts, keep);
// 'all' tells it every card. With --searches 0 it is the rollout player told them. Its win rate against k answers
// "what is one card of foresight worth?"; it reads the stock, so the honesty check finds it out (as it should); its
// rows name it (player foresight, its settings) and simulate's summary says what it is told.

import { CARD_COUNT } from '../core/card.js';
import type { PlayerSpec } from '../players/player.js';
import { DEFAULT_SETTINGS } from '../players/player.js';
import { judgedRollout } from '../players/rollout.js';
import { SolverJudge } from './hindsight.js';

/** The cards a --foresight value keeps (CARD_COUNT for 'all'); throws RangeError for anything else. */
export function foresightCards(text: string): number {
  if (text === 'all') return CARD_COUNT;
  if (!/^\d+$/.test(text)) throw new RangeError(`foresight is a count of cards or 'all', not '${text}'`);
  return Math.min(Number(text), CARD_COUNT);
}

/** The foresight player. */
export const foresightPlayer: PlayerSpec = {
  id: 'foresight',
  summary:
    'NOT HONEST, an analysis: hindsight told the next --foresight cards of the stock and every hidden pile (all: every card); --searches 0 makes it rollout',
  uses: ['samples', 'rollout', 'searchNodes', 'searches', 'foresight'],
  told: 'the next --foresight cards of every hidden pile',
  create: (game, settings) => {
    const searches = settings.searches ?? DEFAULT_SETTINGS.searches;
    const judge =
      searches > 0 ? new SolverJudge(game, settings.searchNodes ?? DEFAULT_SETTINGS.searchNodes, searches) : undefined;
    return judgedRollout(game, settings, judge, foresightCards(settings.foresight ?? DEFAULT_SETTINGS.foresight));
  },
};
