// The report's content and page without I/O, what `patience report` refuses, JSON rows, and the columns
// documentation.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportHtml } from '../src/report/html.js';
import { buildSections, fileKind, histogramFault, varyingOptions } from '../src/report/model.js';
import { renderSvg } from '../src/report/render.js';
import { TABLES } from '../src/stats/columns.js';
import { COLUMNS } from '../src/stats/results.js';
import { SOLVE_COLUMNS } from '../src/stats/solvability.js';
import { COMPARE_COLUMNS } from '../src/stats/compare.js';
import { rowsJson } from '../src/stats/json.js';
import { patience } from './run-cli.js';

const sim = (player: string, options: string, wins: number, deals: number, histogram: string) => ({
  game: 'carpet',
  options,
  player,
  player_settings: '',
  seed: '2026',
  deals: String(deals),
  wins: String(wins),
  win_rate: String(wins / deals),
  ci_low: String(wins / deals / 2),
  ci_high: String(Math.min(1, (wins / deals) * 2)),
  mean_cards_on_foundations: '80.0',
  cards_in_play: '4',
  deal_ranges: `0-${deals - 1}`,
  histogram,
});
const solve = {
  game: 'carpet',
  options: 'carpetFree=adjacent talonDirection=free',
  bound: 'upper: winnable with every card known',
  seed: '2026',
  deals: '50',
  solved: '20',
  unsolvable: '10',
  unknown: '20',
  solved_rate: '0.4',
  ci_low: '0.27',
  ci_high: '0.92',
  node_budget: '100000',
  deal_ranges: '0-49',
};

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
        simulate: [
          sim('greedy', 'carpetFree=adjacent talonDirection=free', 10, 100, '0 10 40 40 10'),
          sim('greedy', 'carpetFree=clearLane talonDirection=free', 1, 100, '5 50 40 4 1'),
        ],
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
    expect(s.series.map((x) => x.label)).toEqual([
      'greedy · carpetFree=adjacent',
      'greedy · carpetFree=clearLane',
      'solver, every card known · carpetFree=adjacent',
    ]);
    expect(s.series[2]).toMatchObject({ kind: 'solver', rate: 0.4, low: 0.27, high: 0.92 });
    expect(s.cardsSpec).toBeDefined();
  });

  it('keeps one of two identical rows and tells apart rows that share a label', () => {
    const a = sim('greedy', 'carpetFree=adjacent', 10, 100, '1 2 3 4 90');
    const b = { ...sim('greedy', 'carpetFree=adjacent', 30, 1000, '1 2 3 4 990') };
    const s = buildSections({ simulate: [a, a, b], solve: [], compare: [] }, {}, [])[0]!;
    expect(s.series.map((x) => x.label)).toEqual(['greedy (100 deals)', 'greedy (1,000 deals)']);
  });

  it('tells apart two runs of one player on as many deals of one seed by their deal ranges, each on its own row', () => {
    const first = sim('greedy', 'carpetFree=adjacent', 10, 200, '0 10 40 40 110');
    const second = { ...sim('greedy', 'carpetFree=adjacent', 12, 200, '5 50 40 4 101'), deal_ranges: '200-399' };
    const s = buildSections({ simulate: [first, second], solve: [], compare: [] }, {}, [])[0]!;
    expect(s.series.map((x) => x.label)).toEqual(['greedy (deals 0-199)', 'greedy (deals 200-399)']);
    const drawn = (spec: unknown) =>
      (spec as { data: { values: Array<{ label: string }> } }).data.values.map((v) => v.label);
    expect(new Set(drawn(s.winSpec))).toEqual(new Set(['greedy (deals 0-199)', 'greedy (deals 200-399)']));
    expect(new Set(drawn(s.cardsSpec))).toEqual(new Set(['greedy (deals 0-199)', 'greedy (deals 200-399)']));
    const other = { ...first, seed: '7', player_settings: 'depth=2' };
    expect(
      buildSections({ simulate: [first, other], solve: [], compare: [] }, {}, [])[0]!.series.map((x) => x.label),
    ).toEqual(['greedy (seed 2026)', 'greedy (seed 7)']);
  });

  it('finds a histogram cut off or not adding up to the deals', () => {
    const row = sim('greedy', 'x=1', 10, 100, '0 10 40 40 10');
    expect(histogramFault(row)).toBeUndefined();
    expect(histogramFault({ ...row, histogram: '0 10 40' })).toBe(
      'the histogram of greedy does not have cards_in_play + 1 counts',
    );
    expect(histogramFault({ ...row, histogram: '0 10 40 40 1' })).toBe(
      'the histogram of greedy counts 91 deals, the row 100',
    );
    expect(histogramFault({ ...row, histogram: '0 10 40 40 x' })).toBe(
      'the histogram of greedy does not have cards_in_play + 1 counts',
    );
  });

  it('renders the charts to SVG with marks, and a page with no scripts or links out', async () => {
    const [s] = buildSections(
      { simulate: [sim('greedy', 'x=1', 10, 100, '0 10 40 40 10')], solve: [solve], compare: [] },
      {},
      [],
    );
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
    expect(html).toContain('<td>20 solved, 10 proved lost, 20 unknown</td>'); // every verdict counted, none hidden
  });

  it("draws the foresight rows as a curve against the cards told, 'all' last, and never as a player", async () => {
    const told = (k: string, wins: number) => ({
      ...sim('foresight', 'x=1', wins, 100, '0 10 40 40 10'),
      player_settings: `samples=16 searches=0 foresight=${k}`,
    });
    const rows = [
      told('all', 60),
      told('4', 30),
      told('0', 10),
      told('16', 50),
      sim('greedy', 'x=1', 5, 100, '0 10 40 40 10'),
    ];
    const [s] = buildSections({ simulate: rows, solve: [], compare: [] }, {}, []);
    expect(s!.series.map((x) => x.label)).toEqual(['greedy']);
    const spec = s!.foresightSpec as unknown as {
      data: { values: Array<{ told: string; rate: number }> };
      layer: Array<{ encoding: { x: { sort: string[] } } }>;
    };
    expect(spec.data.values.map((v) => [v.told, v.rate])).toEqual([
      ['all', 0.6],
      ['4', 0.3],
      ['0', 0.1],
      ['16', 0.5],
    ]);
    expect(spec.layer[0]!.encoding.x.sort).toEqual(['0', '4', '16', 'all']);
    const foresightSvg = await renderSvg(s!.foresightSpec!);
    expect(foresightSvg).toMatch(/role-mark/);
    const html = reportHtml(
      [{ section: s!, winSvg: await renderSvg(s!.winSpec), cardsSvg: undefined, foresightSvg }],
      ['f.csv'],
      '9.9.9',
    );
    expect(html).toContain('data-chart="foresight"');
    expect(html).toContain('Foresight is not a player');
    expect(buildSections({ simulate: [rows[4]!], solve: [], compare: [] }, {}, [])[0]!.foresightSpec).toBeUndefined();
  });
});

describe('counts in the closing lines', () => {
  it('are singular for one: one game, one row, one file, one move', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-plural-'));
    const made = await patience([
      'simulate',
      '--game',
      'sultan',
      '--deals',
      '5',
      '--workers',
      '1',
      '--quiet',
      '-o',
      join(dir, 's.csv'),
    ]);
    expect(made.code, made.stderr).toBe(0);
    const run = await patience(['report', join(dir, 's.csv'), '--out', join(dir, 'r.html')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      `report of 1 game (1 player row, 0 solver rows, 0 comparisons) from 1 file written to ${join(dir, 'r.html')}\n`,
    );
    const one = await patience(['replay', '--game', 'sultan', '--deal', '0', '--to', '1', '-o', join(dir, 'p.pos')]);
    expect(one.code, one.stderr).toBe(0);
    const stop = join(dir, 'stop.mjs');
    writeFileSync(
      stop,
      "export default { id: 'once', summary: 'one move', uses: [], create: () => { let n = 0; return { reset() { n = 0; }, choose(_s, m) { return n++ === 0 ? m[0] : -1; } }; } };\n",
    );
    const replayed = await patience([
      'replay',
      '--game',
      'sultan',
      '--deal',
      '0',
      '--player',
      stop,
      '--pictures',
      'end',
    ]);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toMatch(/^result: lost .*after 1 move$/m);
  });
});

describe('JSON rows', () => {
  it('keeps the fields, with options as an object, the histogram as an array and typed values', () => {
    const row = {
      game: 'shah',
      options: 'edition=cadogan groupMoves=false',
      player: 'lookahead',
      player_settings: 'depth=2 nodes=2000',
      seed: '2026',
      deals: '10',
      win_rate: '0.100000000',
      partial: 'false',
      mean_moves: '',
      histogram: '1 0 9',
    };
    const [o] = JSON.parse(rowsJson([row], Object.keys(row))) as Array<Record<string, unknown>>;
    expect(o).toEqual({
      game: 'shah',
      options: { edition: 'cadogan', groupMoves: false },
      player: 'lookahead',
      player_settings: { depth: 2, nodes: 2000 },
      seed: '2026',
      deals: 10,
      win_rate: 0.1,
      partial: false,
      mean_moves: null,
      histogram: [1, 0, 9],
    });
  });
});

describe('patience columns', () => {
  it('describes every column of every file', () => {
    for (const t of TABLES) for (const c of t.columns) expect(t.meaning[c], `${t.id}.${c}`).toBeTruthy();
  });
});

describe('patience report refuses what would count twice or draw wrong', () => {
  it('the same file named twice, or named and found in a folder named; a file whose histogram is cut off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-report-'));
    const file = join(dir, 'greedy.csv');
    const made = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '50',
      '--workers',
      '1',
      '--quiet',
      '-o',
      file,
    ]);
    expect(made.code).toBe(0);
    const cases: Array<[string[], string]> = [
      [[file, file], `${file} would be read twice: name each file or folder once`],
      [[dir, file], `${file} would be read twice (also as ${relative('.', file)}): name each file or folder once`],
    ];
    const text = readFileSync(file, 'utf8');
    const cut = join(dir, 'cut', 'cut.csv');
    mkdirSync(join(dir, 'cut'));
    // the histogram is the one field of 89 counts (The Shah: 88 cards in play, and none); keep its first 40
    const histogram = /(?<=,)"?((?:[0-9]+ ){88}[0-9]+)"?(?=,|\n)/;
    expect(text).toMatch(histogram);
    writeFileSync(
      cut,
      text.replace(histogram, (_h, counts: string) => counts.split(' ').slice(0, 40).join(' ')),
    );
    cases.push([[cut], `${cut} is damaged: the histogram of greedy does not have cards_in_play + 1 counts`]);
    for (const [paths, message] of cases) {
      const run = await patience(['report', ...paths, '-o', join(dir, 'report.html')]);
      expect(run.stderr).toBe(`patience: ${message}\n`);
      expect(run.code).toBe(2);
    }
    expect(existsSync(join(dir, 'report.html'))).toBe(false);
  });
});
