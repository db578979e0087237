// The report's content, from rows of results files: per game, the series to draw (each player and rule
// reading, and the solver's interval where present), the Vega-Lite specs of its charts and the rows of its
// tables. No I/O: rows in, specs and table cells out.

import type { TopLevelSpec } from 'vega-lite';
import { FORESIGHT, foresightSpec } from './foresight.js';

/** A row of a results file, keyed by column. */
export type Row = Readonly<Record<string, string>>;

/** What kind of results file a header belongs to. */
export type FileKind = 'simulate' | 'solve' | 'compare' | 'other';

/** Tell a results file by its header. */
export function fileKind(header: readonly string[]): FileKind {
  const has = (...cols: string[]) => cols.every((c) => header.includes(c));
  if (has('game', 'options', 'bound', 'solved', 'ci_low', 'ci_high', 'deals')) return 'solve';
  if (has('game', 'only_a', 'only_b', 'mcnemar_p')) return 'compare';
  if (has('game', 'options', 'player', 'deals', 'wins', 'ci_low', 'ci_high', 'histogram', 'cards_in_play')) return 'simulate';
  return 'other';
}

/** One series of a game: a player under a reading, or the solver under a reading. */
export interface Series {
  readonly label: string;
  readonly kind: 'player' | 'solver';
  readonly row: Row;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/** Everything the report shows for one game. */
export interface GameSection {
  readonly game: string;
  readonly title: string;
  readonly series: readonly Series[];
  readonly comparisons: readonly Row[];
  /** The rule options whose values differ between the game's rows (shown in labels). */
  readonly varying: readonly string[];
  readonly winSpec: TopLevelSpec;
  /** Undefined when no player series has a histogram. */
  readonly cardsSpec: TopLevelSpec | undefined;
  /** The foresight curve (report/foresight.ts); undefined without foresight rows. */
  readonly foresightSpec: TopLevelSpec | undefined;
}

/** Options text "a=x b=y" as pairs. */
function optionPairs(text: string | undefined): Array<[string, string]> {
  return (text ?? '')
    .split(/\s+/)
    .filter((p) => p.includes('='))
    .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]);
}

/**
 * The options of these rows whose values differ between rows, in first-seen order, leaving out an option whose
 * value follows from those already kept (a preset's implied value, such as The Shah's refillSource under
 * edition=hoffmann), so labels name only what tells the readings apart.
 */
export function varyingOptions(optionTexts: readonly string[]): string[] {
  const rows = optionTexts.map((t) => new Map(optionPairs(t)));
  const values = new Map<string, Set<string>>();
  for (const r of rows) for (const [k, v] of r) (values.get(k) ?? values.set(k, new Set()).get(k)!).add(v);
  const kept: string[] = [];
  for (const [k, vs] of values) {
    if (vs.size < 2) continue;
    const seen = new Map<string, string | undefined>();
    const follows = rows.every((r) => {
      const key = JSON.stringify(kept.map((j) => r.get(j)));
      if (!seen.has(key)) seen.set(key, r.get(k));
      return seen.get(key) === r.get(k);
    });
    if (!follows || kept.length === 0) kept.push(k);
  }
  return kept;
}

/** The reading of an options text: its varying options as name=value, or "" when none vary. */
function readingOf(text: string | undefined, varying: readonly string[]): string {
  const pairs = new Map(optionPairs(text));
  return varying.map((k) => `${k}=${pairs.get(k) ?? '?'}`).join(' ');
}

const num = (x: string | undefined): number => (x === undefined || x === '' ? NaN : Number(x));

/** The two sides of a compare row as rows of a player under a reading (no histogram). */
function compareSides(r: Row): Row[] {
  return (['a', 'b'] as const).map((x) => ({
    game: r.game!,
    options: r[`options_${x}`] ?? '',
    player: r[`player_${x}`] ?? '',
    player_settings: r[`player_settings_${x}`] ?? '',
    seed: r.seed ?? '',
    deals: r.deals ?? '',
    wins: r[`wins_${x}`] ?? '',
    win_rate: r[`win_rate_${x}`] ?? '',
    ci_low: r[`ci_low_${x}`] ?? '',
    ci_high: r[`ci_high_${x}`] ?? '',
    deal_ranges: r.deal_ranges ?? '',
  }));
}

/**
 * The sections of the report, one per game, games in `gameOrder` first (others after, by id). Each game's series
 * are its players (in `playerOrder`) under each reading (in the order first seen), the two sides of every
 * comparison, then the solver.
 */
export function buildSections(
  rows: { simulate: readonly Row[]; solve: readonly Row[]; compare: readonly Row[] },
  titles: Readonly<Record<string, string>>,
  gameOrder: readonly string[],
  playerOrder: readonly string[] = [],
): GameSection[] {
  const games = [...new Set([...rows.simulate, ...rows.solve, ...rows.compare].map((r) => r.game!))];
  const rank = (order: readonly string[], x: string) => (order.includes(x) ? order.indexOf(x) : order.length);
  games.sort((x, y) => rank(gameOrder, x) - rank(gameOrder, y) || x.localeCompare(y));
  return games.map((game) => {
    const cmp = rows.compare.filter((r) => r.game === game);
    const all = [...rows.simulate.filter((r) => r.game === game), ...cmp.flatMap(compareSides)];
    const sim = all.filter((r) => r.player !== FORESIGHT);
    const sol = rows.solve.filter((r) => r.game === game);
    const varying = varyingOptions([...sim, ...sol].map((r) => r.options ?? ''));
    const readings = [...new Set([...sim, ...sol].map((r) => readingOf(r.options, varying)))];
    const label = (who: string, r: Row) => [who, readingOf(r.options, varying)].filter((x) => x !== '').join(' · ');
    const players = [...sim].sort(
      (x, y) => readings.indexOf(readingOf(x.options, varying)) - readings.indexOf(readingOf(y.options, varying)) || rank(playerOrder, x.player!) - rank(playerOrder, y.player!),
    );
    const raw: Series[] = [
      ...players.map((r) => ({ label: label(r.player!, r), kind: 'player' as const, row: r, rate: num(r.win_rate), low: num(r.ci_low), high: num(r.ci_high) })),
      ...sol.map((r) => ({ label: label('solver, every card known', r), kind: 'solver' as const, row: r, rate: num(r.solved_rate), low: num(r.ci_low), high: num(r.ci_high) })),
    ];
    const series = distinctLabels(raw);
    const title = titles[game] ?? game;
    const told = all.filter((r) => r.player === FORESIGHT);
    const foresight = foresightSpec(title, told, (r) => readingOf(r.options, varyingOptions(told.map((t) => t.options ?? ''))));
    return { game, title, series, comparisons: cmp, varying, winSpec: winRateSpec(title, series), cardsSpec: cardsSpec(title, series), foresightSpec: foresight };
  });
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
 * that differs between them (their deals, seed, deal ranges, settings, budget, version), and so on until the labels differ.
 */
function distinctLabels(series: readonly Series[]): Series[] {
  const seen = new Set<string>();
  const unique = series.filter((s) => {
    const key = JSON.stringify([s.label, s.row.seed, s.row.deal_ranges, s.row.player_settings, s.row.version, s.rate, s.low, s.high]);
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
    const relabelled = tellApart(group.map((s) => ({ ...s, label: `${s.label} ${tellers[at]!(s)}` })), tellers.slice(at + 1));
    group.forEach((s, i) => told.set(s, relabelled[i]!));
  }
  return series.map((s) => told.get(s) ?? s);
}

/**
 * Why a simulate row's histogram cannot be drawn, or undefined when it can: it must hold cards_in_play + 1 whole
 * counts adding up to the row's deals (a file cut off mid-row holds fewer).
 */
export function histogramFault(row: Row): string | undefined {
  const counts = (row.histogram ?? '').trim().split(/\s+/).map(Number);
  const cards = Number(row.cards_in_play);
  if (!Number.isSafeInteger(cards) || counts.length !== cards + 1 || !counts.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    return `the histogram of ${row.player ?? '?'} does not have cards_in_play + 1 counts`;
  }
  const sum = counts.reduce((a, b) => a + b, 0);
  if (sum !== Number(row.deals)) return `the histogram of ${row.player ?? '?'} counts ${sum} deals, the row ${row.deals ?? '?'}`;
  return undefined;
}

/** A d3 percent format with enough digits for the largest value on the axis. */
function percentFormat(max: number): string {
  if (max >= 0.05) return '.0%';
  if (max >= 0.005) return '.1%';
  if (max >= 0.0005) return '.2%';
  return '.3~%';
}

const COLORS = { player: '#4c78a8', solver: '#e45756' };
const FONT = 'Helvetica, Arial, sans-serif';
const CONFIG = { font: FONT, view: { stroke: null }, axis: { labelFontSize: 11, titleFontSize: 12 }, title: { fontSize: 14, anchor: 'start' as const } };

/** Win rate (or winnable share) with its 95% interval, one line per series. */
export function winRateSpec(title: string, series: readonly Series[]): TopLevelSpec {
  const values = series.map((s) => ({ label: s.label, kind: s.kind === 'solver' ? 'solver: winnable with every card known (unknown deals counted both ways)' : 'player: win rate', rate: s.rate, low: s.low, high: s.high }));
  const max = Math.max(0, ...series.map((s) => s.high));
  const y = { field: 'label', type: 'nominal' as const, sort: null, title: null, axis: { labelLimit: 640 } };
  const kinds = ['player: win rate', 'solver: winnable with every card known (unknown deals counted both ways)'];
  const present = (i: number) => values.some((v) => v.kind === kinds[i]);
  const x = { type: 'quantitative' as const, title: 'share of deals won (95% interval)', axis: { format: percentFormat(max) }, scale: { zero: true } };
  const color = {
    field: 'kind',
    type: 'nominal' as const,
    title: null,
    scale: { domain: kinds.filter((_, i) => present(i)), range: [COLORS.player, COLORS.solver].filter((_, i) => present(i)) },
    legend: { orient: 'bottom' as const, direction: 'vertical' as const, labelLimit: 640 },
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${title}: win rate with 95% interval`,
    width: 520,
    height: { step: 24 },
    data: { values },
    config: CONFIG,
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: { ...x, field: 'low' }, x2: { field: 'high' }, color } },
      { mark: { type: 'point', filled: true, size: 60, opacity: 1 }, encoding: { y, x: { ...x, field: 'rate' }, color } },
    ],
  };
}

/** The share of deals ending with each number of cards on the foundations, one line per player series. */
export function cardsSpec(title: string, series: readonly Series[]): TopLevelSpec | undefined {
  const values: Array<{ label: string; cards: number; share: number }> = [];
  for (const s of series) {
    if (s.kind !== 'player' || !s.row.histogram) continue;
    const counts = s.row.histogram.trim().split(/\s+/).map(Number);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total === 0) continue;
    counts.forEach((n, cards) => values.push({ label: s.label, cards, share: n / total }));
  }
  if (values.length === 0) return undefined;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${title}: cards on the foundations at the end of a deal`,
    width: 520,
    height: 220,
    data: { values },
    config: CONFIG,
    mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
    encoding: {
      x: { field: 'cards', type: 'quantitative', title: 'cards on the foundations', scale: { nice: false } },
      y: { field: 'share', type: 'quantitative', title: 'share of deals', axis: { format: '.0%' } },
      color: { field: 'label', type: 'nominal', title: null, sort: null, legend: { orient: 'bottom', direction: 'vertical', labelLimit: 640, columns: 2 } },
    },
  };
}
