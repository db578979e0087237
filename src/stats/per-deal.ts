// Per-deal CSV text: one row per deal (and player), in deal order, so a player and the solver can be compared
// deal by deal. Columns: play `deal, player, won, cards, moves, stalled`; solve `deal, outcome, nodes, ms, moves`.

import { stringify } from 'csv-stringify/sync';
import type { PlayChunk } from './tally.js';
import type { SolveChunk } from './solvability.js';

/** The columns of a per-deal file of `simulate`. */
export const PLAY_DEAL_COLUMNS = ['deal', 'player', 'won', 'cards', 'moves', 'stalled'] as const;

/** The columns of a per-deal file of `solve`. */
export const SOLVE_DEAL_COLUMNS = ['deal', 'outcome', 'nodes', 'ms', 'moves'] as const;

/** The CSV text of each player's per-deal results, by player then by deal. */
export function playDealsCsv(players: ReadonlyArray<readonly [string, readonly PlayChunk[]]>): string {
  const rows: string[][] = [];
  for (const [player, chunks] of players) {
    for (const c of [...chunks].sort((a, b) => a.first - b.first)) {
      for (let k = 0; k < c.won.length; k++) {
        rows.push([String(c.first + k), player, c.won[k] ? 'true' : 'false', String(c.cards[k]), String(c.moves[k]), c.stalled[k] ? 'true' : 'false']);
      }
    }
  }
  return stringify(rows, { header: true, columns: [...PLAY_DEAL_COLUMNS] });
}

/** The CSV text of per-deal verdicts, by deal; `names` gives each outcome value's name. */
export function solveDealsCsv(chunks: readonly SolveChunk[], names: readonly string[]): string {
  const rows: string[][] = [];
  for (const c of [...chunks].sort((a, b) => a.first - b.first)) {
    for (let k = 0; k < c.outcome.length; k++) {
      rows.push([String(c.first + k), names[c.outcome[k]!]!, String(c.nodes[k]), c.ms[k]!.toFixed(2), String(c.moves[k])]);
    }
  }
  return stringify(rows, { header: true, columns: [...SOLVE_DEAL_COLUMNS] });
}
