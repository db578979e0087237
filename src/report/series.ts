// The series of a game as the report draws them: a player or the solver under a reading, each with its figures,
// labelled so that no two share a label.

/** A row of a results file, keyed by column. */
export type Row = Readonly<Record<string, string>>;

/** One series of a game: a player under a reading, or the solver under a reading. */
export interface Series {
  readonly label: string;
  readonly kind: 'player' | 'solver';
  readonly row: Row;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/** What tells apart series that share a label, in the order tried: each a suffix, or '' when the row lacks it. */
const TELLERS: ReadonlyArray<(s: Series) => string> = [
  (s) => (s.row.deals ? `(${Number(s.row.deals).toLocaleString('en')} deals)` : ''),
  (s) => (s.row.seed ? `(seed ${s.row.seed})` : ''),
  (s) => (s.row.deal_ranges ? `(deals ${s.row.deal_ranges})` : ''),
  (s) => (s.row.player_settings ? `(${s.row.player_settings})` : ''),
  (s) => (s.row.node_budget ? `(nodes ${s.row.node_budget})` : ''),
  (s) => (s.row.version ? `(version ${s.row.version})` : ''),
];

/**
 * Drop exact repeats (same label and figures); tell apart the rest that share a label by the first of TELLERS
 * that differs between them (their deals, seed, deal ranges, settings, budget, version), and so on until the labels
 * differ.
 */
export function distinctLabels(series: readonly Series[]): Series[] {
  const seen = new Set<string>();
  const unique = series.filter((s) => {
    const key = JSON.stringify([
      s.label,
      s.row.seed,
      s.row.deal_ranges,
      s.row.player_settings,
      s.row.version,
      s.rate,
      s.low,
      s.high,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return tellApart(unique, TELLERS);
}

function tellApart(series: readonly Series[], tellers: ReadonlyArray<(s: Series) => string>): Series[] {
  const groups = new Map<string, Series[]>();
  for (const s of series) groups.set(s.label, [...(groups.get(s.label) ?? []), s]);
  const told = new Map<Series, Series>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const at = tellers.findIndex((tell) => group.every((s) => tell(s) !== '') && new Set(group.map(tell)).size > 1);
    if (at < 0) continue;
    const relabelled = tellApart(
      group.map((s) => ({ ...s, label: `${s.label} ${tellers[at]!(s)}` })),
      tellers.slice(at + 1),
    );
    group.forEach((s, i) => told.set(s, relabelled[i]!));
  }
  return series.map((s) => told.get(s) ?? s);
}
