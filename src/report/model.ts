// The report's content, from rows of results files: per game, the series to draw (each player and rule
// reading, and the solver's interval where present), the Vega-Lite specs of its charts (charts.ts) and the rows
// of its tables. No I/O: rows in, specs and table cells out.

import type { TopLevelSpec } from 'vega-lite';
import { cardsSpec, winRateSpec } from './charts.js';
import { FORESIGHT, foresightSpec } from './foresight.js';
import { distinctLabels, type Row, type Series } from './series.js';

export type { Row, Series } from './series.js';
export { cardsSpec, winRateSpec } from './charts.js';

/** What kind of results file a header belongs to. */
export type FileKind = 'simulate' | 'solve' | 'compare' | 'other';

/** Tell a results file by its header. */
export function fileKind(header: readonly string[]): FileKind {
  const has = (...cols: string[]) => cols.every((c) => header.includes(c));
  if (has('game', 'options', 'bound', 'solved', 'ci_low', 'ci_high', 'deals')) return 'solve';
  if (has('game', 'only_a', 'only_b', 'mcnemar_p')) return 'compare';
  if (has('game', 'options', 'player', 'deals', 'wins', 'ci_low', 'ci_high', 'histogram', 'cards_in_play'))
    return 'simulate';
  return 'other';
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
      (x, y) =>
        readings.indexOf(readingOf(x.options, varying)) - readings.indexOf(readingOf(y.options, varying)) ||
        rank(playerOrder, x.player!) - rank(playerOrder, y.player!),
    );
    const raw: Series[] = [
      ...players.map((r) => ({
        label: label(r.player!, r),
        kind: 'player' as const,
        row: r,
        rate: num(r.win_rate),
        low: num(r.ci_low),
        high: num(r.ci_high),
      })),
      ...sol.map((r) => ({
        label: label('solver, every card known', r),
        kind: 'solver' as const,
        row: r,
        rate: num(r.solved_rate),
        low: num(r.ci_low),
        high: num(r.ci_high),
      })),
    ];
    const series = distinctLabels(raw);
    const title = titles[game] ?? game;
    const told = all.filter((r) => r.player === FORESIGHT);
    const foresight = foresightSpec(title, told, (r) =>
      readingOf(r.options, varyingOptions(told.map((t) => t.options ?? ''))),
    );
    return {
      game,
      title,
      series,
      comparisons: cmp,
      varying,
      winSpec: winRateSpec(title, series),
      cardsSpec: cardsSpec(title, series),
      foresightSpec: foresight,
    };
  });
}

/**
 * Why a simulate row's histogram cannot be drawn, or undefined when it can: it must hold cards_in_play + 1 whole
 * counts adding up to the row's deals (a file cut off mid-row holds fewer).
 */
export function histogramFault(row: Row): string | undefined {
  const counts = (row.histogram ?? '').trim().split(/\s+/).map(Number);
  const cards = Number(row.cards_in_play);
  if (
    !Number.isSafeInteger(cards) ||
    counts.length !== cards + 1 ||
    !counts.every((n) => Number.isSafeInteger(n) && n >= 0)
  ) {
    return `the histogram of ${row.player ?? '?'} does not have cards_in_play + 1 counts`;
  }
  const sum = counts.reduce((a, b) => a + b, 0);
  if (sum !== Number(row.deals))
    return `the histogram of ${row.player ?? '?'} counts ${sum} deals, the row ${row.deals ?? '?'}`;
  return undefined;
}
