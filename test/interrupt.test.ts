// A Ctrl-C or SIGTERM that comes once the work is done, while simulate, solve or compare writes its files: the
// watch is still held, so it ends no process between two files; every file is written whole under its own name,
// the checkpoint and locks go, and the run exits as it would have (0). The signal is sent by a module loaded
// with --import (fixtures/signals/in-write.mjs) as the summary is put in place.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patience } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-interrupt-'));
const preload = join(import.meta.dirname, 'fixtures', 'signals', 'in-write.mjs');

/** Run `patience args` in a folder of its own with `signal` sent as `summary` is written. */
function signalledInWrite(at: string, args: readonly string[], summary: string, signal: 'SIGINT' | 'SIGTERM') {
  mkdirSync(at);
  return patience(args, { env: { NODE_OPTIONS: `--import ${preload}`, SIGNAL_IN_WRITE: signal, SIGNAL_AT: summary } });
}

/** The file's lines, the last newline aside. */
const lines = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');

describe('a signal while the files are written', () => {
  it('solve: the summary, verdicts and lines are all written whole; exit 0, saying so; nothing left beside them', async () => {
    const at = join(dir, 'solve');
    const out = join(at, 'solve.csv');
    const run = await signalledInWrite(at, ['solve', '--game', 'sultan', '--deals', '4', '--nodes', '20000', '--workers', '1', '--quiet', '-o', out, '--per-deal', join(at, 'deals.csv'), '--solutions', join(at, 'lines.jsonl')], out, 'SIGINT');
    expect(run.code).toBe(0);
    expect(lines(out)).toHaveLength(2);
    expect(lines(join(at, 'deals.csv'))).toHaveLength(5);
    expect(existsSync(join(at, 'lines.jsonl'))).toBe(true);
    expect(readdirSync(at).sort()).toEqual(['deals.csv', 'lines.jsonl', 'solve.csv']);
    expect(run.stderr).toContain('interrupted (SIGINT) after the work was done: its files are written in full all the same');
  });

  it('simulate: the results and per-deal rows are both written; SIGTERM too', async () => {
    const at = join(dir, 'simulate');
    const out = join(at, 'sim.csv');
    const run = await signalledInWrite(at, ['simulate', '--game', 'shah', '--deals', '50', '--player', 'naive,greedy', '--workers', '1', '--quiet', '-o', out, '--per-deal', join(at, 'deals.csv')], out, 'SIGTERM');
    expect(run.code).toBe(0);
    expect(lines(out)).toHaveLength(3);
    expect(lines(join(at, 'deals.csv'))).toHaveLength(101);
    expect(readdirSync(at).sort()).toEqual(['deals.csv', 'sim.csv']);
    expect(run.stderr).toContain('interrupted (SIGTERM) after the work was done');
  });

  it('compare: the row and the per-deal file are both written', async () => {
    const at = join(dir, 'compare');
    const out = join(at, 'cmp.csv');
    const run = await signalledInWrite(at, ['compare', '--game', 'shah', '--deals', '40', '--player', 'naive,greedy', '--workers', '1', '--quiet', '-o', out, '--per-deal', join(at, 'deals.csv')], out, 'SIGINT');
    expect(run.code).toBe(0);
    expect(lines(out)).toHaveLength(2);
    expect(lines(join(at, 'deals.csv'))).toHaveLength(41);
    expect(readdirSync(at).sort()).toEqual(['cmp.csv', 'deals.csv']);
    expect(run.stderr).toContain('interrupted (SIGINT) after the work was done');
  });
});
