// patience compare, report, columns and --format as a user runs them.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { COMPILED } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-compare-'));

function patience(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [COMPILED, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The rows of a CSV file, as objects. */
function csvRows(path: string): Array<Record<string, string>> {
  return parse(readFileSync(path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
}

describe.concurrent('patience compare', () => {
  it('pairs the same deals simulate plays: its per-deal wins and table match simulate --per-deal of each player', async () => {
    const sim = join(dir, 'sim.csv');
    const simDeals = join(dir, 'sim-deals.csv');
    const out = join(dir, 'cmp.csv');
    const perDeal = join(dir, 'cmp-deals.csv');
    const [s, c] = await Promise.all([
      patience([
        'simulate',
        '--game',
        'sultan',
        '--player',
        'greedy,random',
        '--deals',
        '150',
        '--first',
        '7',
        '--seed',
        't',
        '--workers',
        '2',
        '-q',
        '-o',
        sim,
        '--per-deal',
        simDeals,
      ]),
      patience([
        'compare',
        '--game',
        'sultan',
        '--players',
        'greedy,random',
        '--deals',
        '150',
        '--first',
        '7',
        '--seed',
        't',
        '--workers',
        '2',
        '-q',
        '-o',
        out,
        '--per-deal',
        perDeal,
      ]),
    ]);
    expect(s.code).toBe(0);
    expect(c.code).toBe(0);
    expect(c.stdout).toMatch(/exact McNemar test: p = /);
    const won = (player: string) =>
      csvRows(simDeals)
        .filter((r) => r.player === player)
        .map((r) => r.won);
    const pairs = csvRows(perDeal);
    expect(pairs.map((r) => r.deal)).toEqual(Array.from({ length: 150 }, (_, i) => String(i + 7)));
    expect(pairs.map((r) => r.won_a)).toEqual(won('greedy'));
    expect(pairs.map((r) => r.won_b)).toEqual(won('random'));
    const [row] = csvRows(out);
    const n = (k: string) => Number(row![k]);
    expect(n('both') + n('only_a') + n('only_b') + n('neither')).toBe(150);
    expect(n('wins_a')).toBe(Number(csvRows(sim)[0]!.wins));
    expect(n('wins_b')).toBe(Number(csvRows(sim)[1]!.wins));
    expect(n('only_a')).toBe(pairs.filter((r) => r.won_a === 'true' && r.won_b === 'false').length);
    expect(n('difference_ci_low')).toBeLessThan(n('difference'));
    expect(row!.until).toBe('deals');
  });

  it('--rules compares two readings with one player', async () => {
    const out = join(dir, 'rules.json');
    const run = await patience([
      'compare',
      '--game',
      'carpet',
      '--players',
      'greedy',
      '--rules',
      'carpetFree=adjacent',
      'carpetFree=clearLane',
      '--deals',
      '40',
      '--workers',
      '1',
      '-q',
      '--format',
      'json',
      '-o',
      out,
    ]);
    expect(run.code).toBe(0);
    const [row] = JSON.parse(readFileSync(out, 'utf8')) as Array<Record<string, any>>;
    expect(row!.options_a.carpetFree).toBe('adjacent');
    expect(row!.options_b.carpetFree).toBe('clearLane');
    expect([row!.a, row!.b]).toEqual(['carpetFree=adjacent', 'carpetFree=clearLane']);
    expect(row!.deals).toBe(40);
  });

  it('--until decided stops at the deal where the test decides, the same on 1 and 2 workers', async () => {
    const args = (w: string, out: string) => [
      'compare',
      '--game',
      'sultan',
      '--players',
      'greedy,random',
      '--until',
      'decided',
      '--deals',
      '5000',
      '--seed',
      'u',
      '--workers',
      w,
      '-q',
      '-o',
      out,
    ];
    const [one, two] = await Promise.all([
      patience(args('1', join(dir, 'u1.csv'))),
      patience(args('2', join(dir, 'u2.csv'))),
    ]);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    const [r1] = csvRows(join(dir, 'u1.csv'));
    const [r2] = csvRows(join(dir, 'u2.csv'));
    expect(r1).toEqual(r2);
    expect(r1!.sprt_decision).toBe('H1');
    // greedy wins about 60% of Sultan deals and random under 1%: 17 straight discordant deals decide it
    expect(Number(r1!.only_a) + Number(r1!.only_b)).toBeGreaterThanOrEqual(17);
    expect(Number(r1!.deals)).toBeLessThan(1000);
    expect(one.stdout).toMatch(/sequential test on \d+ discordant deals.*decided: A \(greedy\)/);
  });
});

describe('--format json, patience columns', () => {
  it('simulate --format json writes one object per row with options as an object and the histogram as an array', async () => {
    const out = join(dir, 'sim.json');
    const run = await patience([
      'simulate',
      '--game',
      'shah',
      '--player',
      'naive,greedy',
      '--deals',
      '20',
      '--workers',
      '1',
      '-q',
      '--format',
      'json',
      '-o',
      out,
    ]);
    expect(run.code).toBe(0);
    const rows = JSON.parse(readFileSync(out, 'utf8')) as Array<Record<string, any>>;
    expect(rows.map((r) => r.player)).toEqual(['naive', 'greedy']);
    expect(rows[0]!.options).toEqual({ edition: 'cadogan', refillSource: 'choice', groupMoves: false });
    expect(rows[0]!.histogram).toHaveLength(89);
    expect(rows[0]!.histogram.reduce((a: number, b: number) => a + b, 0)).toBe(20);
  });

  it('columns describes the files', async () => {
    const run = await patience(['columns', 'compare']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/mcnemar_p\s+exact McNemar p-value/);
    expect((await patience(['columns'])).stdout).toMatch(/histogram\s+counts of deals/);
  });
});

describe('patience report', () => {
  it('reads simulate, solve and compare files by their header, skips per-deal files, and writes one page and SVG charts', async () => {
    const res = join(dir, 'results');
    mkdirSync(join(res, 'solvability'), { recursive: true });
    const runs = await Promise.all([
      patience([
        'simulate',
        '--game',
        'sultan',
        '--player',
        'random,greedy',
        '--deals',
        '60',
        '--workers',
        '1',
        '-q',
        '-o',
        join(res, 'sultan.csv'),
      ]),
      patience([
        'solve',
        '--game',
        'sultan',
        '--deals',
        '20',
        '--nodes',
        '100000',
        '--workers',
        '1',
        '-q',
        '-o',
        join(res, 'solvability', 'sultan.csv'),
        '--per-deal',
        join(res, 'solvability', 'sultan-deals.csv'),
      ]),
      patience([
        'compare',
        '--game',
        'sultan',
        '--players',
        'greedy,random',
        '--deals',
        '60',
        '--workers',
        '1',
        '-q',
        '-o',
        join(res, 'sultan-compare.csv'),
      ]),
    ]);
    for (const r of runs) expect(r.code).toBe(0);
    const html = join(dir, 'report.html');
    const run = await patience(['report', res, '--out', html, '--charts', join(dir, 'charts')]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `report: skipped 1 file that is not a summary of simulate, solve or compare (per-deal files and the like): ${relative('.', join(res, 'solvability', 'sultan-deals.csv'))}\n`,
    );
    expect(run.stdout).toMatch(/2 player rows, 1 solver row, 1 comparison\b/);
    const page = readFileSync(html, 'utf8');
    expect(page.match(/<figure class="chart"/g)).toHaveLength(2);
    expect(page).toContain('solver, every card known');
    expect(page).toContain('Paired comparisons on the same deals');
    expect(readFileSync(join(dir, 'charts', 'sultan-win-rates.svg'), 'utf8')).toMatch(/^<svg/);
    // made again: the page is new, the charts exist; refused before any chart is drawn, then replaced with --force
    const again = await patience(['report', res, '--out', join(dir, 'report-2.html'), '--charts', join(dir, 'charts')]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(
      /\npatience: output file .*sultan-win-rates\.svg exists; give --force to replace it\n$/,
    );
    const forced = await patience(['report', res, '--out', html, '--charts', join(dir, 'charts'), '--force']);
    expect(forced.code).toBe(0);
  });
});

describe('bad input to the new commands: one line on stderr, exit code 2', () => {
  writeFileSync(join(dir, 'not-results.csv'), 'deal,player,won\n0,greedy,true\n');
  const BAD: Array<[string, string[], RegExp]> = [
    [
      'compare with one player and no readings',
      ['compare', '--game', 'shah', '--players', 'greedy'],
      /--player needs two ids/,
    ],
    [
      'compare with three players',
      ['compare', '--game', 'shah', '--players', 'greedy,naive,random'],
      /--player needs two ids/,
    ],
    [
      'compare of a player with itself',
      ['compare', '--game', 'shah', '--players', 'greedy,greedy'],
      /player greedy is named twice/,
    ],
    [
      'compare with an unknown player',
      ['compare', '--game', 'shah', '--players', 'greedy,genius'],
      /unknown player 'genius'/,
    ],
    [
      'compare with three readings',
      ['compare', '--game', 'carpet', '--rules', 'carpetFree=adjacent', 'carpetFree=clearLane', 'talonDirection=fixed'],
      /exactly two readings/,
    ],
    [
      'compare of a reading with itself',
      ['compare', '--game', 'carpet', '--rules', 'carpetFree=adjacent', 'talonDirection=free'],
      /same rules/,
    ],
    [
      'compare with a bad reading',
      ['compare', '--game', 'carpet', '--rules', 'carpetFree=adjacent', 'carpetFree=nowhere'],
      /bad value 'nowhere'/,
    ],
    [
      'compare with two players and readings',
      [
        'compare',
        '--game',
        'carpet',
        '--players',
        'greedy,naive',
        '--rules',
        'carpetFree=adjacent',
        'carpetFree=clearLane',
      ],
      /one --player id/,
    ],
    [
      'compare with a shared --rule that a reading contradicts',
      [
        'compare',
        '--game',
        'carpet',
        '--rule',
        'carpetFree=adjacent',
        '--rules',
        'carpetFree=adjacent',
        'carpetFree=clearLane',
      ],
      /rule option carpetFree is set twice, to adjacent and to clearLane/,
    ],
    [
      'compare with a bad delta',
      ['compare', '--game', 'shah', '--players', 'greedy,naive', '--delta', '0.7'],
      /--delta.*between 0 and 0.5/,
    ],
    [
      'compare with a bad --until',
      ['compare', '--game', 'shah', '--players', 'greedy,naive', '--until', 'tired'],
      /--until/,
    ],
    [
      'compare with an unwritable output',
      ['compare', '--game', 'shah', '--players', 'greedy,naive', '-o', '/proc/no/x.csv'],
      /cannot write output file/,
    ],
    ['simulate with a bad format', ['simulate', '--game', 'shah', '--format', 'xml'], /--format.*csv, json/],
    ['report of a missing folder', ['report', join(dir, 'nowhere')], /cannot read .*nowhere/],
    ['report of a file that is not a summary', ['report', join(dir, 'not-results.csv')], /not a results file/],
    [
      'report to an unwritable file',
      ['report', join(dir, 'results'), '--out', '/proc/no/r.html'],
      /cannot write output file/,
    ],
    ['columns of an unknown kind', ['columns', 'everything'], /unknown kind of file 'everything'/],
  ];
  it.concurrent.each(BAD)('%s', async (_what, args, message) => {
    const run = await patience(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});
