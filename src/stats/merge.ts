// Merging shards: rows of the same run written by several processes over disjoint deal ranges (`patience merge`).
// The counts of solve and simulate summaries add up exactly (histograms and total moves too), and their rates,
// intervals, means and medians are worked out again from the sums; per-deal rows are put together in deal order.
// Rows that do not belong to one run (another game, options, player settings, seed, budget or version) or whose
// deals overlap are refused: a merge never counts a deal twice.

import { InputError } from '../core/errors.js';
import { resultRow, type ResultRow } from './results.js';
import { emptyTally, formatRanges, mergeRanges } from './tally.js';
import { SOLVE_COLUMNS, solvabilityInterval, stageColumns, type SolveRow } from './solvability.js';

/** A CSV row keyed by column. */
export type Row = Readonly<Record<string, string>>;

/** The columns that name a solve run: rows merge only when all of them agree. */
const SOLVE_IDENTITY = [
  'game',
  'options',
  'bound',
  'seed',
  'node_budget',
  'version',
  'table_mib',
  'subsample',
  'sampled_from',
  'from_sha256',
  'from_again',
] as const;

/** The deal ranges of a row's deal_ranges text ("0-1999,4000-5999"). */
export function parseRanges(text: string): Array<[number, number]> {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const [lo, hi] = part.split('-').map((x) => Number(x));
    if (!Number.isSafeInteger(lo) || (hi !== undefined && !Number.isSafeInteger(hi)))
      throw new InputError(`bad deal range '${part}'`);
    return [lo!, hi ?? lo!];
  });
}

/** The columns that name a simulate run, player included: rows merge only when all of them agree. */
const SIMULATE_IDENTITY = [
  'game',
  'options',
  'player',
  'player_settings',
  'player_sha256',
  'seed',
  'cards_in_play',
  'version',
] as const;

/** InputError unless every row agrees with the first on the identity columns (row i comes from file names[i]). */
function checkSameRun(rows: readonly Row[], names: readonly string[], identity: readonly string[]): void {
  const first = rows[0]!;
  rows.forEach((r, i) => {
    for (const c of identity) {
      if (r[c] !== first[c])
        throw new InputError(`${names[i]} is not the same run as ${names[0]}: ${c} '${r[c]}' against '${first[c]}'`);
    }
  });
}

/** The merged summary of solve rows of one run over disjoint deals, and the gaps left between their ranges. */
export function mergeSolveRows(
  rows: readonly Row[],
  names: readonly string[],
): { row: SolveRow; gaps: Array<[number, number]> } {
  const first = rows[0]!;
  checkSameRun(rows, names, SOLVE_IDENTITY);
  const { ranges, gaps } = tile(rows, names);
  const sum = (c: string) => rows.reduce((n, r) => n + Number(r[c] ?? 0), 0); // files from before a column count 0 in it
  const tally = {
    deals: sum('deals'),
    solved: sum('solved'),
    unsolvable: sum('unsolvable'),
    unknown: sum('unknown'),
    sampled: sum('sampled'),
    sampledSolved: sum('sampled_solved'),
    sampledUnsolvable: sum('sampled_unsolvable'),
  };
  const [low, high] = solvabilityInterval(tally);
  const pruned = new Map<string, number>();
  for (const r of rows) {
    for (const part of (r['pruning'] ?? '').split(' ').filter((p) => p !== '')) {
      const eq = part.lastIndexOf('=');
      pruned.set(part.slice(0, eq), (pruned.get(part.slice(0, eq)) ?? 0) + Number(part.slice(eq + 1)));
    }
  }
  const row = Object.fromEntries(SOLVE_COLUMNS.map((c) => [c, first[c] ?? ''])) as SolveRow;
  Object.assign(row, {
    first_deal: String(ranges[0]?.[0] ?? 0),
    last_deal: String(ranges[ranges.length - 1]?.[1] ?? -1),
    deals: String(tally.deals),
    solved: String(tally.solved),
    unsolvable: String(tally.unsolvable),
    unknown: String(tally.unknown),
    solved_rate: tally.deals > 0 ? (tally.solved / tally.deals).toFixed(9) : '',
    ci_low: low.toFixed(9),
    ci_high: high.toFixed(9),
    nodes: String(sum('nodes')),
    ms: String(sum('ms')),
    deal_ranges: formatRanges(ranges),
    partial: rows.some((r) => r['partial'] === 'true') ? 'true' : 'false',
    pruning: [...pruned].map(([name, n]) => `${name}=${n}`).join(' '),
    ...stageColumns(tally, Number(first['subsample'] ?? 1)),
  });
  return { row, gaps };
}

/**
 * The merged summaries of simulate files of one run over disjoint deals, one row per player in the first file's
 * order, and the gaps left between each player's ranges. Every file must hold the same players; the row is
 * resultRow's of the summed counts, so it is the row one run over all the deals writes (ms_per_deal aside: the
 * mean of the files' weighted by their deals, as rounded as theirs).
 */
export function mergeResultRows(
  files: ReadonlyArray<readonly Row[]>,
  names: readonly string[],
): { rows: ResultRow[]; gaps: Array<[string, number, number]> } {
  const players = (rows: readonly Row[]) => rows.map((r) => r['player'] ?? '');
  const order = players(files[0]!);
  files.forEach((rows, i) => {
    const these = players(rows);
    if (new Set(these).size !== these.length)
      throw new InputError(`${names[i]} holds a player twice: ${these.join(',')}`);
    if (these.length !== order.length || these.some((p) => !order.includes(p))) {
      throw new InputError(
        `${names[i]} holds players ${these.join(',')}, ${names[0]} holds ${order.join(',')}: they are not shards of one run`,
      );
    }
  });
  const gaps: Array<[string, number, number]> = [];
  const merged = order.map((player) => {
    const rows = files.map((f) => f.find((r) => r['player'] === player)!);
    checkSameRun(rows, names, SIMULATE_IDENTITY);
    const tiled = tile(rows, names);
    gaps.push(...tiled.gaps.map(([lo, hi]) => [player, lo, hi] as [string, number, number]));
    const sum = (c: string) => rows.reduce((n, r) => n + Number(r[c]), 0);
    const first = rows[0]!;
    const t = emptyTally(Number(first['cards_in_play']));
    rows.forEach((r, i) => {
      const counts = (r['histogram'] ?? '').split(' ').map(Number);
      if (counts.length !== t.histogram.length || !counts.every(Number.isSafeInteger))
        throw new InputError(`${names[i]}: the histogram of ${player} does not have cards_in_play + 1 counts`);
      counts.forEach((n, k) => (t.histogram[k]! += n));
    });
    Object.assign(t, {
      deals: sum('deals'),
      wins: sum('wins'),
      stalled: sum('stalled'),
      moves: sum('total_moves'),
      ranges: tiled.ranges,
    });
    t.busyMs = rows.reduce((ms, r) => ms + Number(r['ms_per_deal'] || 0) * Number(r['deals']), 0);
    const code = first['player_sha256']
      ? { playerModule: { path: first['player_module'] ?? '', sha256: first['player_sha256'] } }
      : {};
    const info = {
      game: first['game']!,
      options: first['options']!,
      player,
      playerSettings: first['player_settings']!,
      ...code,
      seed: first['seed']!,
      version: first['version']!,
      partial: rows.some((r) => r['partial'] === 'true'),
    };
    return resultRow(info, t);
  });
  return { rows: merged, gaps };
}

/** The deal ranges of rows (row i from file names[i]) put together, and the gaps between them; InputError on overlap.
 * */
function tile(
  rows: readonly Row[],
  names: readonly string[],
): { ranges: Array<[number, number]>; gaps: Array<[number, number]> } {
  const all: Array<[number, number, number]> = [];
  rows.forEach((r, i) => parseRanges(r['deal_ranges'] ?? '').forEach(([lo, hi]) => all.push([lo, hi, i])));
  all.sort((a, b) => a[0] - b[0]);
  for (let k = 1; k < all.length; k++) {
    const [lo, , i] = all[k]!;
    const [plo, phi, j] = all[k - 1]!;
    if (lo <= phi)
      throw new InputError(
        `${names[i]} and ${names[j]} both hold deals ${lo}-${Math.min(phi, all[k]![1])} (from ${plo})`,
      );
  }
  const ranges = mergeRanges(all.map(([lo, hi]) => [lo, hi] as [number, number]));
  const gaps: Array<[number, number]> = [];
  for (let k = 1; k < ranges.length; k++) gaps.push([ranges[k - 1]![1] + 1, ranges[k]![0] - 1]);
  return { ranges, gaps };
}

/** The deals missing between the first and last deal of each player (per-deal rows), as [player, lo, hi]. */
export function dealGaps(rows: readonly Row[]): Array<[string, number, number]> {
  const deals = new Map<string, Array<[number, number]>>();
  for (const r of rows) {
    const d = Number(r['deal']);
    const player = r['player'] ?? '';
    deals.set(player, [...(deals.get(player) ?? []), [d, d]]);
  }
  return [...deals].flatMap(([player, ds]) => {
    const ranges = mergeRanges(ds);
    return ranges.slice(1).map((r, k) => [player, ranges[k]![1] + 1, r[0] - 1] as [string, number, number]);
  });
}

/**
 * Per-deal rows of several files in the order one run writes them: by player (in the order they first appear),
 * then by deal (then in their files' order); refuses a deal (and player) seen twice.
 */
export function mergeDealRows(files: ReadonlyArray<readonly Row[]>, names: readonly string[]): Row[] {
  const seen = new Map<string, number>();
  const players = new Map<string, number>();
  const out: Array<[number, number, number, Row]> = [];
  files.forEach((rows, i) =>
    rows.forEach((r, k) => {
      const player = r['player'] ?? '';
      const key = `${r['deal']}|${player}`;
      const other = seen.get(key);
      if (other !== undefined)
        throw new InputError(
          `${names[i]} and ${names[other]} both hold deal ${r['deal']}${player ? ` of ${player}` : ''}`,
        );
      seen.set(key, i);
      if (!players.has(player)) players.set(player, players.size);
      out.push([players.get(player)!, Number(r['deal']), i * 1e9 + k, r]);
    }),
  );
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]).map(([, , , r]) => r);
}
