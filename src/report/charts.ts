// The Vega-Lite specs of a game's win-rate and cards charts, from its series.

import type { TopLevelSpec } from 'vega-lite';
import type { Series } from './series.js';

/** A d3 percent format with enough digits for the largest value on the axis. */
function percentFormat(max: number): string {
  if (max >= 0.05) return '.0%';
  if (max >= 0.005) return '.1%';
  if (max >= 0.0005) return '.2%';
  return '.3~%';
}

const COLORS = { player: '#4c78a8', solver: '#e45756' };
const FONT = 'Helvetica, Arial, sans-serif';
const CONFIG = {
  font: FONT,
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12 },
  title: { fontSize: 14, anchor: 'start' as const },
};

/** Win rate (or winnable share) with its 95% interval, one line per series. */
export function winRateSpec(title: string, series: readonly Series[]): TopLevelSpec {
  const values = series.map((s) => ({
    label: s.label,
    kind:
      s.kind === 'solver'
        ? 'solver: winnable with every card known (unknown deals counted both ways)'
        : 'player: win rate',
    rate: s.rate,
    low: s.low,
    high: s.high,
  }));
  const max = Math.max(0, ...series.map((s) => s.high));
  const y = { field: 'label', type: 'nominal' as const, sort: null, title: null, axis: { labelLimit: 640 } };
  const kinds = ['player: win rate', 'solver: winnable with every card known (unknown deals counted both ways)'];
  const present = (i: number) => values.some((v) => v.kind === kinds[i]);
  const x = {
    type: 'quantitative' as const,
    title: 'share of deals won (95% interval)',
    axis: { format: percentFormat(max) },
    scale: { zero: true },
  };
  const color = {
    field: 'kind',
    type: 'nominal' as const,
    title: null,
    scale: {
      domain: kinds.filter((_, i) => present(i)),
      range: [COLORS.player, COLORS.solver].filter((_, i) => present(i)),
    },
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
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: { y, x: { ...x, field: 'low' }, x2: { field: 'high' }, color },
      },
      {
        mark: { type: 'point', filled: true, size: 60, opacity: 1 },
        encoding: { y, x: { ...x, field: 'rate' }, color },
      },
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
      color: {
        field: 'label',
        type: 'nominal',
        title: null,
        sort: null,
        legend: { orient: 'bottom', direction: 'vertical', labelLimit: 640, columns: 2 },
      },
    },
  };
}
