// A Ctrl-C or SIGTERM that comes after the work, while simulate, solve or compare writes its files: the watch is
// still held, so the signal does not end the process between two files; every file is written whole under its
// own name, the checkpoint goes, and the exit code says the signal came. The commands run in this process, with
// the signal delivered to the listeners they install while their first file is written.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The listeners present before a command runs: the signal goes only to those the command adds. */
const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
const signalled: { at?: 'SIGINT' | 'SIGTERM'; writes: string[] } = { writes: [] };

vi.mock('../src/cli/files.js', async (original) => {
  const files = await original<typeof import('../src/cli/files.js')>();
  return {
    ...files,
    writeAtomically: (path: string, text: string) => {
      signalled.writes.push(path);
      const signal = signalled.at;
      if (signal !== undefined && signalled.writes.length === 1) {
        const added = process.listeners(signal).filter((l) => !before[signal].includes(l));
        for (const listener of added) (listener as (s: NodeJS.Signals) => void)(signal);
      }
      files.writeAtomically(path, text);
    },
  };
});

const { buildProgram } = await import('../src/cli/program.js');
const dir = mkdtempSync(join(tmpdir(), 'patience-interrupt-'));

/** Run `patience <args>` in this process, delivering `signal` during its first write; its exit code. */
async function run(args: readonly string[], signal: 'SIGINT' | 'SIGTERM'): Promise<number> {
  signalled.at = signal;
  signalled.writes = [];
  const exit = { code: 0 };
  await buildProgram('0.0.0-test', exit).parseAsync(['node', 'patience', ...args]);
  return exit.code;
}

afterEach(() => {
  signalled.at = undefined;
  vi.restoreAllMocks();
});

describe('a signal while the files are written', () => {
  it('solve: the summary, verdicts and lines are all written whole under their names; exit 130; the watch is released', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const out = join(dir, 'solve.csv');
    const code = await run(['solve', '--game', 'sultan', '--deals', '4', '--nodes', '20000', '--workers', '1', '--quiet', '-o', out, '--per-deal', join(dir, 'solve-deals.csv'), '--solutions', join(dir, 'solve.jsonl')], 'SIGINT');
    expect(code).toBe(130);
    expect(signalled.writes).toEqual([out, join(dir, 'solve-deals.csv'), join(dir, 'solve.jsonl')]);
    expect(readFileSync(out, 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(2);
    expect(readFileSync(join(dir, 'solve-deals.csv'), 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(5);
    expect(existsSync(join(dir, 'solve.partial.csv'))).toBe(false);
    expect(existsSync(`${out}.checkpoint`)).toBe(false);
    expect(stderr.mock.calls.map(([s]) => String(s)).join('')).toContain('interrupted (SIGINT): the work is done; writing its files, then stopping');
    expect(process.listeners('SIGINT')).toEqual(before.SIGINT);
    expect(process.listeners('SIGTERM')).toEqual(before.SIGTERM);
  });

  it('simulate: the results and per-deal rows are both written; exit 143 for SIGTERM', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const out = join(dir, 'sim.csv');
    const code = await run(['simulate', '--game', 'shah', '--deals', '50', '--player', 'naive,greedy', '--workers', '1', '--quiet', '-o', out, '--per-deal', join(dir, 'sim-deals.csv')], 'SIGTERM');
    expect(code).toBe(143);
    expect(signalled.writes).toEqual([out, join(dir, 'sim-deals.csv')]);
    expect(readFileSync(out, 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(3);
    expect(readFileSync(join(dir, 'sim-deals.csv'), 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(101);
    expect(existsSync(`${out}.checkpoint`)).toBe(false);
    expect(process.listeners('SIGTERM')).toEqual(before.SIGTERM);
  });

  it('compare: the row and the per-deal file are both written; exit 130', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const out = join(dir, 'cmp.csv');
    const code = await run(['compare', '--game', 'shah', '--deals', '40', '--player', 'naive,greedy', '--workers', '1', '--quiet', '-o', out, '--per-deal', join(dir, 'cmp-deals.csv')], 'SIGINT');
    expect(code).toBe(130);
    expect(signalled.writes).toEqual([out, join(dir, 'cmp-deals.csv')]);
    expect(readFileSync(out, 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(2);
    expect(readFileSync(join(dir, 'cmp-deals.csv'), 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(41);
    expect(existsSync(`${out}.checkpoint`)).toBe(false);
    expect(process.listeners('SIGINT')).toEqual(before.SIGINT);
  });
});
