// An option that takes one value, given twice, is refused in one line with exit code 2 before any work (commander
// alone keeps the last value silently); the repeatable ones (--rule, --print-deck, --rules) still repeat.

import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patience } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-flags-'));
const o = (name: string) => join(dir, name);

const TWICE: Array<[string[], RegExp]> = [
  [
    ['simulate', '--game', 'shah', '--deals', '5', '--player', 'greedy', '--player', 'naive', '-o', o('a.csv')],
    /^option '-p, --player <ids>' is given twice \('greedy', then 'naive'\): give it once$/,
  ],
  [
    ['simulate', '--game', 'shah', '--game', 'carpet', '--deals', '5', '-o', o('b.csv')],
    /option '-g, --game <id>' is given twice \('shah', then 'carpet'\)/,
  ],
  [
    ['simulate', '--game', 'shah', '--deals', '5', '--seed', '1', '-s', '2', '-o', o('c.csv')],
    /option '-s, --seed <seed>' is given twice \('1', then '2'\)/,
  ],
  [
    ['simulate', '--game', 'shah', '--deals', '5', '-n', '6', '-o', o('d.csv')],
    /option '-n, --deals <n>' is given twice \('5', then '6'\)/,
  ],
  [
    ['simulate', '--game', 'shah', '--deals', '5', '-o', o('e.csv'), '--out', o('f.csv')],
    /option '-o, --out <path>' is given twice/,
  ],
  [
    [
      'simulate',
      '--game',
      'shah',
      '--deals',
      '5',
      '-o',
      o('g.csv'),
      '--per-deal',
      o('h.csv'),
      '--per-deal',
      o('i.csv'),
    ],
    /option '--per-deal <path>' is given twice/,
  ],
  [
    ['solve', '--game', 'sultan', '--deals', '1', '--nodes', '100', '--nodes', '200', '-o', o('j.csv')],
    /option '--nodes <n>' is given twice/,
  ],
  [
    [
      'compare',
      '--game',
      'shah',
      '--deals',
      '5',
      '--player',
      'greedy,naive',
      '--player',
      'naive,random',
      '-o',
      o('k.csv'),
    ],
    /option '-p, --player <ids>' is given twice/,
  ],
  [
    [
      'compare',
      '--game',
      'shah',
      '--deals',
      '5',
      '--players',
      'greedy,naive',
      '--players',
      'naive,random',
      '-o',
      o('k2.csv'),
    ],
    /option '--players <ids>' is given twice/,
  ],
  [
    ['replay', '--game', 'shah', '--deal', '1', '--deal', '2', '--print-deck'],
    /option '-d, --deal <i>' is given twice/,
  ],
  [['report', dir, '-o', o('l.html'), '-o', o('m.html')], /option '-o, --out <path>' is given twice/],
];

describe('an option that takes one value, given twice', () => {
  it.concurrent.each(TWICE)('%j is refused in one line, exit code 2, nothing written', async (args, message) => {
    const run = await patience(args);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^patience: /);
    expect(run.stderr.slice('patience: '.length).trimEnd()).toMatch(message);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  });

  it('the repeatable options still repeat: --rule, --print-deck', async () => {
    const run = await patience([
      'simulate',
      '--game',
      'carpet',
      '--deals',
      '2',
      '--workers',
      '1',
      '--quiet',
      '--rule',
      'carpetFree=clearLane',
      '--rule',
      'talonDirection=fixed',
      '--print-deck',
      '0',
      '--print-deck',
      '1',
      '-o',
      o('repeat.csv'),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/carpetFree=clearLane talonDirection=fixed/);
    expect(run.stdout).toMatch(/deck of deal 0: .*\ndeck of deal 1: /);
    expect(readdirSync(dir).sort()).toEqual(['repeat.csv']);
  });
});
