// Running the built `patience` command from a test, with a hook that may stop it while it runs: every test that
// runs the command runs the build, as `npx patience` does, which starts in a third of the time the sources take
// through tsx. The build must be newer than every source file, or these tests would pass on stale code.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

/** The build `npm test` makes first (pretest). */
export const COMPILED = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');

/** The newest modification time among the .ts files under dir. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const built = (() => {
  try {
    return statSync(COMPILED).mtimeMs;
  } catch {
    return 0;
  }
})();
if (built < newestSource(join(import.meta.dirname, '..', 'src'))) {
  throw new Error(
    'dist/ is missing or older than src/: run `npm run build` (npm test does it first), then the tests again',
  );
}

/** How a run ended and what it printed. */
export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Run `patience args...` from the build, in `cwd`, with extra environment; `watch` gets the child at once. */
export function patience(
  args: readonly string[],
  opts: { cwd?: string; env?: Record<string, string>; watch?: (child: ChildProcess) => void } = {},
): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [COMPILED, ...args], {
      cwd: opts.cwd,
      env: { ...process.env, NO_COLOR: '1', ...opts.env },
    });
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
export function untimed(
  rows: ReadonlyArray<Record<string, string>>,
  timing: readonly string[],
): Array<Record<string, string>> {
  return rows.map((r) => ({ ...r, ...Object.fromEntries(timing.map((c) => [c, ''])) }));
}
