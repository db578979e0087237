// A Ctrl-C or SIGTERM that comes once the work is done, while simulate, solve or compare writes its files: the
// watch is still held, so it ends no process between two files; every file is written whole under its own name,
// the checkpoint and locks go, and the run exits as it would have (0); a second signal while an interrupted run
// writes stops nothing more. The signals are sent by a module loaded with --import (fixtures/signals/in-write.mjs)
// as the summary is put in place, and as the checkpoint is first appended to. A signal that comes after the watch
// has let go ends the process by the signal itself, which runs no 'exit' handler: the locks went before. One that
// comes as the outputs are locked, before any work, finds the watch already held: nothing is written, the locks
// go, and the same command then runs with no lock to take over.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { patience } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-interrupt-'));
const preload = join(import.meta.dirname, 'fixtures', 'signals', 'in-write.mjs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file's lines, the last newline aside. */
const lines = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');

/** A command, the signal sent as its summary `out.csv` is put in place, and the lines of each file it must write. */
const cases: ReadonlyArray<{
  what: string;
  args: readonly string[];
  signal: 'SIGINT' | 'SIGTERM';
  files: Readonly<Record<string, number>>;
}> = [
  {
    what: 'solve: the summary, verdicts and winning lines',
    signal: 'SIGINT',
    args: ['solve', '--game', 'sultan', '--deals', '4', '--nodes', '20000', '--solutions', 'lines.jsonl'],
    files: { 'out.csv': 2, 'deals.csv': 5, 'lines.jsonl': 4 },
  },
  {
    what: 'simulate: the results and per-deal rows (SIGTERM)',
    signal: 'SIGTERM',
    args: ['simulate', '--game', 'shah', '--deals', '50', '--player', 'naive,greedy'],
    files: { 'out.csv': 3, 'deals.csv': 101 },
  },
  {
    what: 'compare: the row and the per-deal file',
    signal: 'SIGINT',
    args: ['compare', '--game', 'shah', '--deals', '40', '--player', 'naive,greedy'],
    files: { 'out.csv': 2, 'deals.csv': 41 },
  },
];

describe('a signal while the files are written', () => {
  it.each(cases)(
    '$what are all written whole; exit 0, saying so; nothing left beside them',
    async ({ what, args, signal, files }) => {
      const at = join(dir, what.split(':')[0]!);
      mkdirSync(at);
      const run = await patience([...args, '--workers', '1', '--quiet', '-o', 'out.csv', '--per-deal', 'deals.csv'], {
        cwd: at,
        env: { NODE_OPTIONS: `--import ${preload}`, SIGNAL_IN_WRITE: signal, SIGNAL_AT: join(at, 'out.csv') },
      });
      expect(run.code).toBe(0);
      for (const [file, count] of Object.entries(files)) expect(lines(join(at, file)), file).toHaveLength(count);
      expect(readdirSync(at).sort()).toEqual(Object.keys(files).sort());
      expect(run.stderr).toContain(
        `interrupted (${signal}) after the work was done: its files are written in full all the same`,
      );
    },
  );

  it('a second signal while an interrupted run writes its finished deals stops nothing more: partial files whole, exit 130', {
    timeout: 60_000,
  }, async () => {
    const at = join(dir, 'twice');
    mkdirSync(at);
    const run = await patience(
      [
        'simulate',
        '--game',
        'shah',
        '--deals',
        '5000000',
        '--workers',
        '1',
        '--quiet',
        '-o',
        'out.csv',
        '--per-deal',
        'deals.csv',
      ],
      {
        cwd: at,
        env: {
          NODE_OPTIONS: `--import ${preload}`,
          SIGNAL_IN_WRITE: 'SIGINT',
          SIGNAL_FIRST_AT: join(at, 'out.csv.checkpoint'),
          SIGNAL_AT: join(at, 'out.partial.csv'),
          PATIENCE_CHECKPOINT_MS: '100',
        },
      },
    );
    expect(run.code).toBe(130);
    expect(readdirSync(at).sort()).toEqual(['deals.partial.csv', 'out.csv.checkpoint', 'out.partial.csv']);
    const deals = lines(join(at, 'deals.partial.csv')).length - 1;
    expect(deals).toBeGreaterThan(0);
    expect(deals).toBeLessThan(5_000_000);
    expect(run.stderr).toContain('interrupted (SIGINT): stopping the workers and writing the deals that finished');
    expect(run.stderr).toContain('already stopping: the deals that finished are written');
  });

  it('a signal once the watch has let go ends the process with every file whole and no lock left', async () => {
    const at = join(dir, 'after');
    mkdirSync(at);
    const run = await patience(
      [
        'solve',
        '--game',
        'sultan',
        '--deals',
        '3',
        '--nodes',
        '20000',
        '--workers',
        '1',
        '--quiet',
        '-o',
        'out.csv',
        '--per-deal',
        'deals.csv',
      ],
      {
        cwd: at,
        env: { NODE_OPTIONS: `--import ${preload}`, SIGNAL_AFTER_WATCH: 'SIGTERM' },
      },
    );
    expect(run.signal).toBe('SIGTERM');
    expect(readdirSync(at).sort()).toEqual(['deals.csv', 'out.csv']);
    expect(lines(join(at, 'out.csv'))).toHaveLength(2);
    expect(lines(join(at, 'deals.csv'))).toHaveLength(4);
  });
});

/** Each command, stopped by a signal sent as its second lock (that of deals.csv) is made. */
const locking: ReadonlyArray<{ what: string; args: readonly string[] }> = [
  { what: 'solve', args: ['solve', '--game', 'sultan', '--deals', '3', '--nodes', '20000'] },
  { what: 'simulate', args: ['simulate', '--game', 'shah', '--deals', '20', '--player', 'greedy'] },
  { what: 'compare', args: ['compare', '--game', 'shah', '--deals', '20', '--player', 'naive,greedy'] },
];

describe('a signal as the outputs are locked', () => {
  it.each(locking)(
    '$what: exit 143, nothing written, no lock left; the command then runs as if it never had',
    async ({ what, args }) => {
      const at = join(dir, `lock-${what}`);
      mkdirSync(at);
      const command = [...args, '--workers', '1', '--quiet', '-o', 'out.csv', '--per-deal', 'deals.csv'];
      const run = await patience(command, {
        cwd: at,
        env: {
          NODE_OPTIONS: `--import ${preload}`,
          SIGNAL_IN_WRITE: 'SIGTERM',
          SIGNAL_AT_LOCK: join(at, 'deals.csv.lock'),
        },
      });
      expect(run.signal).toBeNull();
      expect(run.code).toBe(143);
      expect(run.stderr).toContain('interrupted (SIGTERM): stopping the workers and writing the deals that finished');
      expect(readdirSync(at)).toEqual([]);
      expect(run.stdout).toMatch(/^no deal finished( on both sides)?; nothing written\n$/);
      const again = await patience(command, { cwd: at });
      expect(again.code).toBe(0);
      expect(again.stderr).not.toContain('taking it over');
      expect(readdirSync(at).sort()).toEqual(['deals.csv', 'out.csv']);
    },
  );
});
