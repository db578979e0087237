// Player modules: a player written outside src/ (test/fixtures/players/*.mjs) plays through simulate, compare,
// replay and as the rollout's --rollout, on every worker, its rows naming its path and the hash of its file; bad
// modules are refused in one line with exit 2 before any deal; a module that breaks the contract in play stops
// the run in one line naming game, seed, deal, move and the replay command, with what finished written.

import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRows, patience, untimed } from './run-cli.js';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'players');
const fixture = (name: string) => join(FIXTURES, name);
const dir = mkdtempSync(join(tmpdir(), 'patience-modules-'));
const at = (name: string) => join(dir, name);
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const oneLine = (stderr: string) => stderr.trim().split('\n');

describe('a player module in simulate', () => {
  it('plays on 1 and 2 workers with the same rows, which name its id, path and hash', async () => {
    const args = [
      'simulate',
      '--game',
      'shah',
      '--deals',
      '300',
      '--seed',
      'mod',
      '--player',
      `${fixture('first.mjs')},greedy`,
      '--player-option',
      'skip=1',
      '--quiet',
    ];
    const one = await patience([...args, '--workers', '1', '-o', at('w1.csv')]);
    const two = await patience([...args, '--workers', '2', '-o', at('w2.csv')]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    const rows = csvRows(at('w1.csv'));
    expect(untimed(rows, ['ms_per_deal'])).toEqual(untimed(csvRows(at('w2.csv')), ['ms_per_deal']));
    expect(
      rows.map((r) => [r['player'], r['player_settings'], r['player_module'], r['player_sha256'], r['deals']]),
    ).toEqual([
      ['first', 'skip=1', fixture('first.mjs'), sha256(fixture('first.mjs')), '300'],
      ['greedy', '', '', '', '300'],
    ]);
  });

  it('refuses a bad module in one line, exit code 2, before any deal', async () => {
    const cases: Array<[string, RegExp]> = [
      [at('missing.mjs'), /player module .*missing\.mjs: no such file/],
      [fixture('syntax.mjs'), /syntax\.mjs: syntax error/],
      [fixture('noexport.mjs'), /noexport\.mjs has no default export \(it exports player\)/],
      [fixture('wrongexport.mjs'), /wrongexport\.mjs: its default export is not a player spec: uses must be/],
      [fixture('throws-create.mjs'), /throws-create\.mjs: create\(\) threw on shah: Error: no such game here/],
      [fixture('dup.mjs'), /declares id 'greedy', a built-in player's id/],
      [
        fixture('noreset.mjs'),
        /noreset\.mjs: create\(\) on shah returned a player without reset: it must have reset\(makeRng\) and choose\(state, moves, n\)/,
      ],
    ];
    for (const [path, message] of cases) {
      const run = await patience([
        'simulate',
        '--game',
        'shah',
        '--deals',
        '10',
        '--player',
        path,
        '-o',
        at('never.csv'),
      ]);
      expect(run.code, path).toBe(2);
      expect(oneLine(run.stderr), path).toHaveLength(1);
      expect(run.stderr).toMatch(/^patience: /);
      expect(run.stderr).toMatch(message);
      expect(existsSync(at('never.csv'))).toBe(false);
      expect(existsSync(at('never.csv.checkpoint'))).toBe(false);
    }
  });

  it("a module's standard output goes to stderr, never into the results on standard output", async () => {
    const run = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '5',
      '--player',
      fixture('prints.mjs'),
      '--workers',
      '1',
      '--quiet',
      '-o',
      '-',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('prints: a new deal');
    expect(run.stdout.trim().split('\n')).toHaveLength(2);
    expect(run.stderr).toContain('prints: a new deal');
  });

  it('refuses --player-option with no module player, and a side outside compare', async () => {
    const none = await patience(['simulate', '--game', 'shah', '--deals', '10', '--player-option', 'k=1', '-o', '-']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--player-option is for player modules/);
    const side = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '10',
      '--player',
      fixture('first.mjs'),
      '--player-option',
      'a:k=1',
      '-o',
      '-',
    ]);
    expect(side.code).toBe(2);
    expect(side.stderr).toMatch(/a side \(a: or b:\) is for compare only/);
  });
});

describe('a module that breaks the contract in play', () => {
  const base = [
    'simulate',
    '--game',
    'shah',
    '--deals',
    '300',
    '--seed',
    '1',
    '--player',
    fixture('misplays.mjs'),
    '--quiet',
  ];

  it('stops the run in one line naming game, seed, deal, move and the replay command; what finished is written, resumable', async () => {
    for (const workers of ['1', '2']) {
      const out = at(`fault-${workers}.csv`);
      const run = await patience([...base, '--workers', workers, '-o', out]);
      expect(run.code).toBe(2);
      const lines = oneLine(run.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^patience: player misplays chose move 999999, which is not one of the \d+ legal moves nor STOP; at move 3 of deal 7 \(game shah, seed 1\)/,
      );
      expect(lines[0]).toContain(
        `Replay it: patience replay --game shah --seed 1 --deal 7 --player ${fixture('misplays.mjs')}`,
      );
      expect(csvRows(at(`fault-${workers}.partial.csv`))[0]!['partial']).toBe('true');
      expect(existsSync(`${out}.checkpoint`)).toBe(true);
    }
  });

  it('a throw: no stack trace unless --debug', async () => {
    const args = [...base, '--player-option', 'throw=1', '-o', at('throw.csv'), '--force'];
    const quiet = await patience(args);
    expect(quiet.code).toBe(2);
    expect(oneLine(quiet.stderr)).toHaveLength(1);
    expect(quiet.stderr).toMatch(/threw in choose\(\): Error: the heuristic fell over; at move 3 of deal 7/);
    const debug = await patience([...args, '--debug']);
    expect(debug.stderr).toMatch(/at Object\.choose \(.*misplays\.mjs/);
  });

  it('process.exit() in choose is a fault like a throw: one line, the replay command, finished deals kept', async () => {
    const out = at('exits.csv');
    const run = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '300',
      '--seed',
      '1',
      '--player',
      fixture('exits.mjs'),
      '--quiet',
      '--workers',
      '2',
      '-o',
      out,
    ]);
    expect(run.code).toBe(2);
    const lines = oneLine(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^patience: player exits threw in choose\(\): Error: process\.exit\(0\) called.*; at move 3 of deal 7 \(game shah, seed 1\)/,
    );
    expect(lines[0]).toContain(
      `Replay it: patience replay --game shah --seed 1 --deal 7 --player ${fixture('exits.mjs')}`,
    );
    expect(csvRows(at('exits.partial.csv'))[0]!['partial']).toBe('true');
    expect(existsSync(`${out}.checkpoint`)).toBe(true);
  });

  it('a choose() that leaves the state changed (apply without undo) is a fault at that move', async () => {
    const run = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '20',
      '--seed',
      '1',
      '--player',
      fixture('applies.mjs'),
      '--quiet',
      '--workers',
      '1',
      '-o',
      at('applies.csv'),
    ]);
    expect(run.code).toBe(2);
    const lines = oneLine(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^patience: player applies left the state changed after choose\(\) \(a move applied and not undone\); it must leave the state as it found it; at move 1 of deal 0 \(game shah, seed 1\)/,
    );
  });

  it('after a fault the closing lines say to fix the module and start again with --force, never --resume', async () => {
    const runs = [
      await patience([
        'compare',
        '--game',
        'shah',
        '--players',
        `greedy,${fixture('applies.mjs')}`,
        '--deals',
        '50',
        '--seed',
        '1',
        '--workers',
        '1',
        '-o',
        at('hint-c.csv'),
        '--quiet',
      ]),
      await patience([...base, '--workers', '1', '-o', at('hint-s.csv')]),
    ];
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stdout + run.stderr).not.toContain('--resume');
      expect(run.stdout).toMatch(
        /finished deals kept in .*\.checkpoint; the same module would stop at the same deal: fix it, then start again with --force/,
      );
    }
  });

  it('replay stops at the same move with the same line', async () => {
    const run = await patience([
      'replay',
      '--game',
      'shah',
      '--seed',
      '1',
      '--deal',
      '7',
      '--player',
      fixture('misplays.mjs'),
      '--pictures',
      'end',
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/ {3}2\. /);
    expect(run.stdout).not.toMatch(/ {3}3\. /);
    expect(oneLine(run.stderr)).toEqual([
      'patience: player misplays chose move 999999, which is not one of the 1 legal moves nor STOP; at move 3 of deal 7 of seed 1',
    ]);
  });

  it('compare stops too, naming the side to replay', async () => {
    const run = await patience([
      'compare',
      '--game',
      'shah',
      '--players',
      `greedy,${fixture('misplays.mjs')}`,
      '--deals',
      '200',
      '--seed',
      '1',
      '--workers',
      '1',
      '-o',
      at('cfault.csv'),
      '--quiet',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/at move 3 of deal 7 \(game shah, seed 1\).*--player .*misplays\.mjs$/m);
  });
});

describe('the code that played is part of the run', () => {
  it('merge refuses shards of another hash; --resume refuses a checkpoint of another hash', async () => {
    const copy = at('mine.mjs');
    copyFileSync(fixture('first.mjs'), copy);
    const shard = (i: number) =>
      patience([
        'simulate',
        '--game',
        'shah',
        '--deals',
        '40',
        '--shard',
        `${i}/2`,
        '--player',
        copy,
        '--workers',
        '1',
        '--quiet',
        '-o',
        at(`s${i}.csv`),
      ]);
    expect((await shard(0)).code).toBe(0);
    writeFileSync(copy, readFileSync(copy, 'utf8') + '\n// tuned\n');
    expect((await shard(1)).code).toBe(0);
    const merged = await patience(['merge', at('s0.csv'), at('s1.csv'), '-o', at('merged.csv')]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/is not the same run as .*: player_sha256/);

    const misplays = at('misplays.mjs');
    copyFileSync(fixture('misplays.mjs'), misplays);
    const args = [
      'simulate',
      '--game',
      'shah',
      '--deals',
      '100',
      '--player',
      misplays,
      '--workers',
      '1',
      '--quiet',
      '-o',
      at('r.csv'),
    ];
    expect((await patience(args)).code).toBe(2);
    writeFileSync(misplays, readFileSync(misplays, 'utf8') + '\n// fixed\n');
    const resumed = await patience([...args, '--resume']);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/checkpoint of another run: players .*sha256:/);
  });
});

describe('compare, rollout and honesty with modules', () => {
  it('compare plays one module against itself with per-side options', async () => {
    const run = await patience([
      'compare',
      '--game',
      'shah',
      '--players',
      `${fixture('first.mjs')},${fixture('first.mjs')}`,
      '--player-option',
      'a:skip=0',
      '--player-option',
      'b:skip=1',
      '--deals',
      '100',
      '--workers',
      '1',
      '--quiet',
      '-o',
      at('self.csv'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [row] = csvRows(at('self.csv'));
    expect([
      row!['a'],
      row!['b'],
      row!['player_settings_a'],
      row!['player_settings_b'],
      row!['player_sha256_b'],
    ]).toEqual(['first[skip=0]', 'first[skip=1]', 'skip=0', 'skip=1', sha256(fixture('first.mjs'))]);
    const same = await patience([
      'compare',
      '--game',
      'shah',
      '--players',
      `${fixture('first.mjs')},${fixture('first.mjs')}`,
      '--deals',
      '10',
      '-o',
      '-',
    ]);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/both sides are first with the same settings/);
  });

  it('the rollout plays its samples out with a module that declares positional: true, and refuses one that does not', async () => {
    const run = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '4',
      '--player',
      'rollout',
      '--samples',
      '2',
      '--rollout',
      fixture('first.mjs'),
      '--workers',
      '2',
      '--quiet',
      '-o',
      at('rollout.csv'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [row] = csvRows(at('rollout.csv'));
    expect([row!['player'], row!['player_settings'], row!['player_sha256']]).toEqual([
      'rollout',
      `samples=2 rollout=${fixture('first.mjs')}`,
      sha256(fixture('first.mjs')),
    ]);
    const refused = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '4',
      '--player',
      'rollout',
      '--rollout',
      fixture('misplays.mjs'),
      '-o',
      '-',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/does not declare positional: true/);
  });

  it('--check-honesty passes an honest module and refuses one that reads the stock', async () => {
    const honest = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '5',
      '--player',
      fixture('first.mjs'),
      '--check-honesty',
      '--workers',
      '1',
      '-o',
      '-',
    ]);
    expect(honest.code, honest.stderr).toBe(0);
    expect(honest.stderr).toMatch(/honesty check: player first made the same \d+ moves/);
    const cheat = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '5',
      '--player',
      fixture('peeks.mjs'),
      '--check-honesty',
      '-o',
      at('cheat.csv'),
    ]);
    expect(cheat.code).toBe(2);
    expect(oneLine(cheat.stderr)).toEqual([
      expect.stringMatching(/^patience: player peeks \(.*peeks\.mjs\) is not honest on shah/),
    ]);
    expect(existsSync(at('cheat.csv'))).toBe(false);
  });

  it('--check-honesty calls a player that plays one deck two ways not reproducible, not dishonest', async () => {
    const run = await patience([
      'simulate',
      '--game',
      'shah',
      '--deals',
      '5',
      '--player',
      fixture('math-random.mjs'),
      '--check-honesty',
      '-o',
      at('dice.csv'),
    ]);
    expect(run.code).toBe(2);
    expect(oneLine(run.stderr)).toEqual([
      expect.stringMatching(
        /^patience: player math-random \(.*math-random\.mjs\) is not reproducible on shah: at move \d+ of deal 0 of seed leak it played the same deck two ways; draw from the rng you are given \(makeRng\), never Math\.random$/,
      ),
    ]);
    expect(existsSync(at('dice.csv'))).toBe(false);
  });
});
