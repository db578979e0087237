// The report's content and page without I/O, JSON rows, and the columns documentation.

import { describe, expect, it } from 'vitest';
import { reportHtml } from '../src/report/html.js';
import { buildSections, fileKind, varyingOptions } from '../src/report/model.js';
import { renderSvg } from '../src/report/render.js';
import { TABLES } from '../src/stats/columns.js';
import { COLUMNS } from '../src/stats/results.js';
import { SOLVE_COLUMNS } from '../src/stats/solvability.js';
import { COMPARE_COLUMNS } from '../src/stats/compare.js';
import { rowsJson } from '../src/stats/json.js';

const sim = (player: string, options: string, wins: number, deals: number, histogram: string) => ({
  game: 'carpet', options, player, player_settings: '', seed: '2026', deals: String(deals), wins: String(wins),
  win_rate: String(wins / deals), ci_low: String(wins / deals / 2), ci_high: String(Math.min(1, (wins / deals) * 2)),
  mean_cards_on_foundations: '80.0', cards_in_play: '4', deal_ranges: `0-${deals - 1}`, histogram,
});
const solve = { game: 'carpet', options: 'carpetFree=adjacent talonDirection=free', bound: 'upper: winnable with every card known', seed: '2026', deals: '50', solved: '20', unsolvable: '10', unknown: '20', solved_rate: '0.4', ci_low: '0.27', ci_high: '0.92', node_budget: '100000', deal_ranges: '0-49' };

describe('report model', () => {
  it('tells files by their header', () => {
    expect(fileKind([...COLUMNS])).toBe('simulate');
    expect(fileKind([...SOLVE_COLUMNS])).toBe('solve');
    expect(fileKind([...COMPARE_COLUMNS])).toBe('compare');
    expect(fileKind(['deal', 'player', 'won', 'cards', 'moves', 'stalled'])).toBe('other');
    expect(fileKind(['deal', 'outcome', 'nodes', 'ms', 'moves'])).toBe('other');
  });

  it('names each player and reading, adds the solver, and builds both charts', () => {
    expect(varyingOptions(['a=1 b=2', 'a=1 b=3', 'a=1 b=2'])).toEqual(['b']);
    expect(varyingOptions(['e=c r=choice', 'e=h r=stock', 'e=c r=choice'])).toEqual(['e']);
    expect(varyingOptions(['e=c r=x', 'e=h r=x', 'e=c r=y'])).toEqual(['e', 'r']);
    const sections = buildSections(
      {
        simulate: [sim('greedy', 'carpetFree=adjacent talonDirection=free', 10, 100, '0 10 40 40 10'), sim('greedy', 'carpetFree=clearLane talonDirection=free', 1, 100, '5 50 40 4 1')],
        solve: [solve],
        compare: [],
      },
      { carpet: 'The Carpet' },
      ['shah', 'carpet'],
    );
    expect(sections).toHaveLength(1);
    const s = sections[0]!;
    expect(s.title).toBe('The Carpet');
    expect(s.varying).toEqual(['carpetFree']);
    expect(s.series.map((x) => x.label)).toEqual(['greedy · carpetFree=adjacent', 'greedy · carpetFree=clearLane', 'solver, every card known · carpetFree=adjacent']);
    expect(s.series[2]).toMatchObject({ kind: 'solver', rate: 0.4, low: 0.27, high: 0.92 });
    expect(s.cardsSpec).toBeDefined();
  });

  it('keeps one of two identical rows and tells apart rows that share a label', () => {
    const a = sim('greedy', 'carpetFree=adjacent', 10, 100, '1 2 3 4 90');
    const b = { ...sim('greedy', 'carpetFree=adjacent', 30, 1000, '1 2 3 4 990') };
    const s = buildSections({ simulate: [a, a, b], solve: [], compare: [] }, {}, [])[0]!;
    expect(s.series.map((x) => x.label)).toEqual(['greedy (100 deals)', 'greedy (1,000 deals)']);
  });

  it('renders the charts to SVG with marks, and a page with no scripts or links out', async () => {
    const [s] = buildSections({ simulate: [sim('greedy', 'x=1', 10, 100, '0 10 40 40 10')], solve: [solve], compare: [] }, {}, []);
    const winSvg = await renderSvg(s!.winSpec);
    const cardsSvg = await renderSvg(s!.cardsSpec!);
    for (const svg of [winSvg, cardsSvg]) {
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toMatch(/role-mark/);
    }
    const html = reportHtml([{ section: s!, winSvg, cardsSvg }], ['results/carpet.csv'], '9.9.9');
    expect(html).toContain('<figure class="chart" data-chart="win-rates"><svg');
    expect(html).not.toMatch(/<script|<link|src="http|@import/i);
    expect(html).toContain('solver, every card known');
  });
});

describe('JSON rows', () => {
  it('keeps the fields, with options as an object, the histogram as an array and typed values', () => {
    const row = { game: 'shah', options: 'edition=cadogan groupMoves=false', player: 'lookahead', player_settings: 'depth=2 nodes=2000', seed: '2026', deals: '10', win_rate: '0.100000000', partial: 'false', mean_moves: '', histogram: '1 0 9' };
    const [o] = JSON.parse(rowsJson([row], Object.keys(row))) as Array<Record<string, unknown>>;
    expect(o).toEqual({ game: 'shah', options: { edition: 'cadogan', groupMoves: false }, player: 'lookahead', player_settings: { depth: 2, nodes: 2000 }, seed: '2026', deals: 10, win_rate: 0.1, partial: false, mean_moves: null, histogram: [1, 0, 9] });
  });
});

describe('patience columns', () => {
  it('describes every column of every file', () => {
    for (const t of TABLES) for (const c of t.columns) expect(t.meaning[c], `${t.id}.${c}`).toBeTruthy();
  });
});
