// The foresight curve of a game: the win rate of the foresight analysis (planners/foresight.ts, a player told the
// next k cards of every hidden pile) against k, one line per reading and setting, with 95% intervals. Its rows
// are kept out of the players' chart and table: they are not a player's results.

import type { TopLevelSpec } from 'vega-lite';

/** A row of a results file, keyed by column (as report/model.ts reads them). */
type Row = Readonly<Record<string, string>>;

/** The id of the analysis whose rows make the curve. */
export const FORESIGHT = 'foresight';

/** The cards told in a foresight row ('all', or a count as text), from its settings; undefined if absent. */
export function toldOf(row: Row): string | undefined {
  return /(?:^|\s)foresight=(\S+)/.exec(row.player_settings ?? '')?.[1];
}

/** What tells a row's line apart: its reading, and its settings but the cards told ('searches=0' is rollout). */
function lineOf(row: Row, reading: string): string {
  const rest = (row.player_settings ?? '').split(/\s+/).filter((s) => s !== '' && !s.startsWith('foresight='));
  const base = `${rest.includes('searches=0') ? 'rollout' : 'hindsight'} told k cards (${rest.join(' ')})`;
  return [base, reading, `seed ${row.seed ?? ''}, ${Number(row.deals ?? 0).toLocaleString('en')} deals`]
    .filter((x) => x !== '')
    .join(' · ');
}

/** The curve's spec, or undefined when there are no foresight rows. `readingOf` names a row's reading. */
export function foresightSpec(
  title: string,
  rows: readonly Row[],
  readingOf: (r: Row) => string,
): TopLevelSpec | undefined {
  const values = rows
    .map((r) => ({
      told: toldOf(r),
      line: lineOf(r, readingOf(r)),
      rate: Number(r.win_rate),
      low: Number(r.ci_low),
      high: Number(r.ci_high),
    }))
    .filter((v) => v.told !== undefined);
  if (values.length === 0) return undefined;
  const order = [...new Set(values.map((v) => v.told!))].sort((a, b) =>
    a === 'all' ? 1 : b === 'all' ? -1 : Number(a) - Number(b),
  );
  const x = {
    field: 'told',
    type: 'ordinal' as const,
    sort: order,
    title: "cards of every hidden pile told (the stock's next k)",
    axis: { labelAngle: 0 },
  };
  const y = {
    type: 'quantitative' as const,
    title: 'share of deals won (95% interval)',
    axis: { format: '.0%' },
    scale: { zero: true },
  };
  const color = {
    field: 'line',
    type: 'nominal' as const,
    title: null,
    legend: { orient: 'bottom' as const, direction: 'vertical' as const, labelLimit: 640 },
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${title}: what foresight is worth (an analysis: told what a player cannot see)`,
    width: 520,
    height: 240,
    data: { values },
    config: {
      font: 'Helvetica, Arial, sans-serif',
      view: { stroke: null },
      axis: { labelFontSize: 11, titleFontSize: 12 },
      title: { fontSize: 14, anchor: 'start' as const },
    },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: { x, y: { ...y, field: 'low' }, y2: { field: 'high' }, color },
      },
      { mark: { type: 'line', point: true }, encoding: { x, y: { ...y, field: 'rate' }, color } },
    ],
  };
}
