// Merging shards: rows of the same run written by several processes over disjoint deal ranges (`patience merge`).
// A solve summary's counts add up exactly, and its interval is worked out again from the sums; per-deal rows are
// put together in deal order. Rows that do not belong to one run (another game, options, seed, budget or
// version) or whose deals overlap are refused: a merge never counts a deal twice.

import { InputError } from '../core/errors.js';
import { formatRanges, mergeRanges } from './tally.js';
import { SOLVE_COLUMNS, solvabilityInterval, type SolveRow } from './solvability.js';

/** A CSV row keyed by column. */
export type Row = Readonly<Record<string, string>>;

/** The columns that name a solve run: rows merge only when all of them agree. */
const SOLVE_IDENTITY = ['game', 'options', 'bound', 'seed', 'node_budget', 'version'] as const;

/** The deal ranges of a row's deal_ranges text ("0-1999,4000-5999"). */
export function parseRanges(text: string): Array<[number, number]> {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const [lo, hi] = part.split('-').map((x) => Number(x));
    if (!Number.isSafeInteger(lo) || (hi !== undefined && !Number.isSafeInteger(hi))) throw new InputError(`bad deal range '${part}'`);
    return [lo!, hi ?? lo!];
  });
}

/** The merged summary of solve rows of one run over disjoint deals, and the gaps left between their ranges. */
export function mergeSolveRows(rows: readonly Row[], names: readonly string[]): { row: SolveRow; gaps: Array<[number, number]> } {
  const first = rows[0]!;
  rows.forEach((r, i) => {
    for (const c of SOLVE_IDENTITY) {
      if (r[c] !== first[c]) throw new InputError(`${names[i]} is not the same run as ${names[0]}: ${c} '${r[c]}' against '${first[c]}'`);
    }
  });
  const all: Array<[number, number, number]> = [];
  rows.forEach((r, i) => parseRanges(r['deal_ranges'] ?? '').forEach(([lo, hi]) => all.push([lo, hi, i])));
  all.sort((a, b) => a[0] - b[0]);
  for (let k = 1; k < all.length; k++) {
    const [lo, , i] = all[k]!;
    const [plo, phi, j] = all[k - 1]!;
    if (lo <= phi) throw new InputError(`${names[i]} and ${names[j]} both hold deals ${lo}-${Math.min(phi, all[k]![1])} (from ${plo})`);
  }
  const ranges = mergeRanges(all.map(([lo, hi]) => [lo, hi] as [number, number]));
  const gaps: Array<[number, number]> = [];
  for (let k = 1; k < ranges.length; k++) gaps.push([ranges[k - 1]![1] + 1, ranges[k]![0] - 1]);
  const sum = (c: string) => rows.reduce((n, r) => n + Number(r[c]), 0);
  const tally = { deals: sum('deals'), solved: sum('solved'), unknown: sum('unknown') };
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
    unsolvable: String(sum('unsolvable')),
    unknown: String(tally.unknown),
    solved_rate: tally.deals > 0 ? (tally.solved / tally.deals).toFixed(9) : '',
    ci_low: low.toFixed(9),
    ci_high: high.toFixed(9),
    nodes: String(sum('nodes')),
    ms: String(sum('ms')),
    deal_ranges: formatRanges(ranges),
    partial: rows.some((r) => r['partial'] === 'true') ? 'true' : 'false',
    pruning: [...pruned].map(([name, n]) => `${name}=${n}`).join(' '),
  });
  return { row, gaps };
}

/** Per-deal rows of several files in deal order (then in their files' order); refuses a deal (and player) seen twice. */
export function mergeDealRows(files: ReadonlyArray<readonly Row[]>, names: readonly string[]): Row[] {
  const seen = new Map<string, number>();
  const out: Array<[number, number, Row]> = [];
  files.forEach((rows, i) =>
    rows.forEach((r, k) => {
      const key = `${r['deal']}|${r['player'] ?? ''}`;
      const other = seen.get(key);
      if (other !== undefined) throw new InputError(`${names[i]} and ${names[other]} both hold deal ${r['deal']}${r['player'] ? ` of ${r['player']}` : ''}`);
      seen.set(key, i);
      out.push([Number(r['deal']), i * 1e9 + k, r]);
    }),
  );
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , r]) => r);
}
