// Running the built `patience` command from a test, with a hook that may stop it while it runs: for the tests of
// long runs (resume, shards, merge), which need the compiled workers to start fast.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

/** The build `npm test` makes first (pretest). */
export const COMPILED = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');

/** How a run ended and what it printed. */
export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Run `patience args...` from the build, in `cwd`, with extra environment; `watch` gets the child at once. */
export function patience(args: readonly string[], opts: { cwd?: string; env?: Record<string, string>; watch?: (child: ChildProcess) => void } = {}): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [COMPILED, ...args], { cwd: opts.cwd, env: { ...process.env, NO_COLOR: '1', ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    opts.watch?.(child);
  });
}

/** The rows of a CSV file, keyed by column. */
export function csvRows(file: string): Array<Record<string, string>> {
  return parse(readFileSync(file, 'utf8'), { columns: true }) as Array<Record<string, string>>;
}

/** Rows with the named (timing) columns blanked. */
export function untimed(rows: ReadonlyArray<Record<string, string>>, timing: readonly string[]): Array<Record<string, string>> {
  return rows.map((r) => ({ ...r, ...Object.fromEntries(timing.map((c) => [c, ''])) }));
}
