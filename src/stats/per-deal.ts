// Per-deal rows: one row per deal (and player), in deal order, so a player and the solver can be compared
// deal by deal. Columns: play `deal, player, won, cards, moves, stalled`; solve `deal, outcome, nodes, ms, moves`.

import { stringify } from 'csv-stringify/sync';
import type { PlayChunk } from './tally.js';
import type { SolveChunk } from './solvability.js';

/** The columns of a per-deal file of `simulate`. */
export const PLAY_DEAL_COLUMNS = ['deal', 'player', 'won', 'cards', 'moves', 'stalled'] as const;

/** The columns of a per-deal file of `solve`. */
export const SOLVE_DEAL_COLUMNS = ['deal', 'outcome', 'nodes', 'ms', 'moves', 'budget'] as const;

/** Each player's per-deal results, by player then by deal. */
export function playDealRows(
  players: ReadonlyArray<readonly [string, readonly PlayChunk[]]>,
): Array<Record<(typeof PLAY_DEAL_COLUMNS)[number], string>> {
  const rows = [];
  for (const [player, chunks] of players) {
    for (const c of [...chunks].sort((a, b) => a.first - b.first)) {
      for (let k = 0; k < c.won.length; k++) {
        rows.push({
          deal: String(c.first + k),
          player,
          won: c.won[k] ? 'true' : 'false',
          cards: String(c.cards[k]),
          moves: String(c.moves[k]),
          stalled: c.stalled[k] ? 'true' : 'false',
        });
      }
    }
  }
  return rows;
}

/** The CSV text of each player's per-deal results, by player then by deal. */
export function playDealsCsv(players: ReadonlyArray<readonly [string, readonly PlayChunk[]]>): string {
  return stringify(playDealRows(players), { header: true, columns: [...PLAY_DEAL_COLUMNS] });
}

/** Per-deal verdicts, by deal; `names` gives each outcome value's name. */
export function solveDealRows(
  chunks: readonly SolveChunk[],
  names: readonly string[],
): Array<Record<(typeof SOLVE_DEAL_COLUMNS)[number], string>> {
  const rows = [];
  for (const c of [...chunks].sort((a, b) => a.first - b.first)) {
    for (let k = 0; k < c.outcome.length; k++) {
      rows.push({
        deal: String(c.first + k),
        outcome: names[c.outcome[k]!]!,
        nodes: String(c.nodes[k]),
        ms: c.ms[k]!.toFixed(2),
        moves: String(c.moves[k]),
        budget: String(c.budget[k]),
      });
    }
  }
  return rows;
}

/** The CSV text of per-deal verdicts, by deal; `names` gives each outcome value's name. */
export function solveDealsCsv(chunks: readonly SolveChunk[], names: readonly string[]): string {
  return stringify(solveDealRows(chunks, names), { header: true, columns: [...SOLVE_DEAL_COLUMNS] });
}
