// Result rows: one row of win-rate statistics per game, rule options and player, from a tally.

import { formatRanges, type Tally } from './tally.js';
import { wilson } from './wilson.js';

/** What produced a tally, so that anyone can reproduce it. */
export interface RunInfo {
  readonly game: string;
  readonly options: string;
  readonly player: string;
  readonly playerSettings: string;
  /** A player module's path as given, and the SHA-256 of its file; absent for the built-in players. */
  readonly playerModule?: { readonly path: string; readonly sha256: string };
  readonly seed: string;
  readonly version: string;
  readonly partial: boolean;
}

/** The CSV columns, in order (documented in results/README.md). */
export const COLUMNS = [
  'game',
  'options',
  'player',
  'player_settings',
  'seed',
  'deals',
  'wins',
  'win_rate',
  'ci_low',
  'ci_high',
  'mean_cards_on_foundations',
  'median_cards_on_foundations',
  'cards_in_play',
  'stalled',
  'mean_moves',
  'total_moves',
  'ms_per_deal',
  'first_deal',
  'last_deal',
  'deal_ranges',
  'partial',
  'version',
  'histogram',
  'player_module',
  'player_sha256',
] as const;

/** One result row, keyed by column. */
export type ResultRow = Record<(typeof COLUMNS)[number], string>;

/** The row for a tally. */
export function resultRow(info: RunInfo, t: Tally): ResultRow {
  const [low, high] = wilson(t.wins, t.deals);
  const first = t.ranges.length > 0 ? t.ranges[0]![0] : 0;
  const last = t.ranges.length > 0 ? t.ranges[t.ranges.length - 1]![1] : -1;
  return {
    game: info.game,
    options: info.options,
    player: info.player,
    player_settings: info.playerSettings,
    player_module: info.playerModule?.path ?? '',
    player_sha256: info.playerModule?.sha256 ?? '',
    seed: info.seed,
    deals: String(t.deals),
    wins: String(t.wins),
    win_rate: t.deals > 0 ? (t.wins / t.deals).toFixed(9) : '',
    ci_low: low.toFixed(9),
    ci_high: high.toFixed(9),
    mean_cards_on_foundations: t.deals > 0 ? meanOf(t.histogram).toFixed(3) : '',
    median_cards_on_foundations: t.deals > 0 ? String(medianOf(t.histogram)) : '',
    cards_in_play: String(t.histogram.length - 1),
    stalled: String(t.stalled),
    mean_moves: t.deals > 0 ? (t.moves / t.deals).toFixed(1) : '',
    total_moves: String(t.moves),
    ms_per_deal: t.deals > 0 ? (t.busyMs / t.deals).toFixed(4) : '',
    first_deal: String(first),
    last_deal: String(last),
    deal_ranges: formatRanges(t.ranges),
    partial: info.partial ? 'true' : 'false',
    version: info.version,
    histogram: t.histogram.join(' '),
  };
}

/** Mean of the values a histogram counts (histogram[k] = how many times k occurred). */
export function meanOf(histogram: readonly number[]): number {
  let n = 0;
  let sum = 0;
  histogram.forEach((count, k) => {
    n += count;
    sum += count * k;
  });
  return n > 0 ? sum / n : 0;
}

/** Median of the values a histogram counts; the mean of the two middle values when their number is even. */
export function medianOf(histogram: readonly number[]): number {
  const n = histogram.reduce((a, b) => a + b, 0);
  if (n === 0) return 0;
  const kth = (k: number): number => {
    let seen = 0;
    for (let v = 0; v < histogram.length; v++) {
      seen += histogram[v]!;
      if (seen > k) return v;
    }
    return histogram.length - 1;
  };
  return n % 2 === 1 ? kth((n - 1) / 2) : (kth(n / 2 - 1) + kth(n / 2)) / 2;
}

/** A plain-text table of the main columns, for the terminal: names left-aligned, numbers right-aligned. */
export function formatTable(rows: readonly ResultRow[]): string {
  const head = ['game', 'player', 'deals', 'wins', 'win rate', '95% CI', 'mean cards', 'median', 'ms/deal'];
  /** Columns of text; the others hold numbers. */
  const text = 2;
  const body = rows.map((r) => [
    r.game,
    r.player,
    r.deals,
    r.wins,
    percent(r.win_rate),
    `${percent(r.ci_low)} - ${percent(r.ci_high)}`,
    `${r.mean_cards_on_foundations}/${r.cards_in_play}`,
    r.median_cards_on_foundations,
    r.ms_per_deal,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < text ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** A fraction as a percentage with three significant digits, so that rare wins still show: "0.000500%". */
function percent(fraction: string): string {
  if (fraction === '') return '';
  const pct = Number(fraction) * 100;
  return pct === 0 ? '0%' : `${pct >= 100 ? pct.toFixed(1) : pct.toPrecision(3)}%`;
}
