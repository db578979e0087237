// Result rows of a paired comparison (patience compare): the 2x2 table, both win rates, the difference with its
// interval, McNemar's p-value and, with --until decided, the sequential test's verdict; and the per-deal rows.

import { stringify } from 'csv-stringify/sync';
import type { PairedCounts, PairedSummary } from './paired.js';
import type { SprtState } from './sprt.js';
import { formatRanges, type PlayRecord } from './tally.js';

/**
 * The name of the interval of the difference (stats/paired.ts pairedDifferenceInterval), for output files. Kept
 * here, not in paired.ts, so that writing rows does not load the exact tests' library, which every command
 * would then pay for at start (about 0.4 s).
 */
export const DIFFERENCE_CI_METHOD = 'Newcombe method 10 (paired Wilson score)';

/** What was compared, so anyone can reproduce it. */
export interface CompareInfo {
  readonly game: string;
  /** Labels of the two sides: player ids, or the rule readings. */
  readonly a: string;
  readonly b: string;
  readonly optionsA: string;
  readonly optionsB: string;
  readonly playerA: string;
  readonly playerB: string;
  readonly settingsA: string;
  readonly settingsB: string;
  /** Each side's player module (path as given, SHA-256 of its file), if it is one. */
  readonly moduleA?: { readonly path: string; readonly sha256: string } | undefined;
  readonly moduleB?: { readonly path: string; readonly sha256: string } | undefined;
  readonly seed: string;
  readonly ranges: ReadonlyArray<readonly [number, number]>;
  /** 'deals' (a fixed number) or 'decided' (sequential test). */
  readonly until: string;
  readonly sprt?: SprtState;
  readonly partial: boolean;
  readonly version: string;
}

/** The columns of a compare row, in order (`patience columns compare`). */
export const COMPARE_COLUMNS = [
  'game',
  'a',
  'b',
  'options_a',
  'options_b',
  'player_a',
  'player_b',
  'player_settings_a',
  'player_settings_b',
  'seed',
  'first_deal',
  'last_deal',
  'deal_ranges',
  'deals',
  'both',
  'only_a',
  'only_b',
  'neither',
  'wins_a',
  'win_rate_a',
  'ci_low_a',
  'ci_high_a',
  'wins_b',
  'win_rate_b',
  'ci_low_b',
  'ci_high_b',
  'difference',
  'difference_ci_low',
  'difference_ci_high',
  'difference_ci_method',
  'mcnemar_p',
  'until',
  'sprt_delta',
  'sprt_alpha',
  'sprt_beta',
  'sprt_llr',
  'sprt_decision',
  'partial',
  'version',
  'player_module_a',
  'player_module_b',
  'player_sha256_a',
  'player_sha256_b',
] as const;

/** One compare row, keyed by column. */
export type CompareRow = Record<(typeof COMPARE_COLUMNS)[number], string>;

/** The row of a comparison. */
export function compareRow(info: CompareInfo, s: PairedSummary): CompareRow {
  const f = (x: number) => x.toFixed(9);
  const first = info.ranges.length > 0 ? info.ranges[0]![0] : 0;
  const last = info.ranges.length > 0 ? info.ranges[info.ranges.length - 1]![1] : -1;
  return {
    game: info.game,
    a: info.a,
    b: info.b,
    options_a: info.optionsA,
    options_b: info.optionsB,
    player_a: info.playerA,
    player_b: info.playerB,
    player_settings_a: info.settingsA,
    player_settings_b: info.settingsB,
    player_module_a: info.moduleA?.path ?? '',
    player_module_b: info.moduleB?.path ?? '',
    player_sha256_a: info.moduleA?.sha256 ?? '',
    player_sha256_b: info.moduleB?.sha256 ?? '',
    seed: info.seed,
    first_deal: String(first),
    last_deal: String(last),
    deal_ranges: formatRanges(info.ranges),
    deals: String(s.deals),
    both: String(s.counts.both),
    only_a: String(s.counts.onlyA),
    only_b: String(s.counts.onlyB),
    neither: String(s.counts.neither),
    wins_a: String(s.winsA),
    win_rate_a: f(s.rateA),
    ci_low_a: f(s.ciA[0]),
    ci_high_a: f(s.ciA[1]),
    wins_b: String(s.winsB),
    win_rate_b: f(s.rateB),
    ci_low_b: f(s.ciB[0]),
    ci_high_b: f(s.ciB[1]),
    difference: f(s.difference),
    difference_ci_low: f(s.differenceCi[0]),
    difference_ci_high: f(s.differenceCi[1]),
    difference_ci_method: DIFFERENCE_CI_METHOD,
    mcnemar_p: s.pValue.toPrecision(6),
    until: info.until,
    sprt_delta: info.sprt ? String(info.sprt.settings.delta) : '',
    sprt_alpha: info.sprt ? String(info.sprt.settings.alpha) : '',
    sprt_beta: info.sprt ? String(info.sprt.settings.beta) : '',
    sprt_llr: info.sprt ? info.sprt.llr.toFixed(6) : '',
    sprt_decision: info.sprt ? info.sprt.decision : '',
    partial: info.partial ? 'true' : 'false',
    version: info.version,
  };
}

/** The columns of a per-deal file of `compare`: one row per deal, both sides side by side. */
export const COMPARE_DEAL_COLUMNS = [
  'deal',
  'won_a',
  'won_b',
  'cards_a',
  'cards_b',
  'moves_a',
  'moves_b',
  'stalled_a',
  'stalled_b',
] as const;

/** Per-deal rows of the deals at offsets k < upTo that both sides played, in deal order. */
export function compareDealRows(
  a: PlayRecord,
  b: PlayRecord,
  upTo: number,
): Array<Record<(typeof COMPARE_DEAL_COLUMNS)[number], string>> {
  const rows = [];
  const bool = (x: number | undefined) => (x ? 'true' : 'false');
  for (let k = 0; k < upTo; k++) {
    if (!a.done[k] || !b.done[k]) continue;
    rows.push({
      deal: String(a.first + k),
      won_a: bool(a.won[k]),
      won_b: bool(b.won[k]),
      cards_a: String(a.cards[k]),
      cards_b: String(b.cards[k]),
      moves_a: String(a.moves[k]),
      moves_b: String(b.moves[k]),
      stalled_a: bool(a.stalled[k]),
      stalled_b: bool(b.stalled[k]),
    });
  }
  return rows;
}

/** CSV text of rows with these columns. */
export function rowsCsv(rows: ReadonlyArray<Record<string, string>>, columns: readonly string[]): string {
  return stringify(rows as Array<Record<string, string>>, { header: true, columns: [...columns] });
}

/** The 2x2 table of two sides' per-deal records over the deals `include` admits (offsets from the first deal). */
export function pairedCounts(a: PlayRecord, b: PlayRecord, include: (k: number) => boolean): PairedCounts {
  let both = 0;
  let onlyA = 0;
  let onlyB = 0;
  let neither = 0;
  for (let k = 0; k < a.done.length; k++) {
    if (!include(k)) continue;
    if (a.won[k] && b.won[k]) both++;
    else if (a.won[k]) onlyA++;
    else if (b.won[k]) onlyB++;
    else neither++;
  }
  return { both, onlyA, onlyB, neither };
}
