// Installing the command outside the clone, as the README says: the package packed with `npm pack`, its tarball
// installed into a scratch folder (from npm's cache where it holds the dependencies, else from the registry), and
// the installed `patience` run from another folder. It catches a tarball without the build, a build file the
// package does not list, and a path the program finds only inside the clone.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILED } from './run-cli.js';

const ROOT = join(import.meta.dirname, '..');

/** The environment without what `npm test` sets for its own package, which would point npm back at the clone. */
function cleanEnv(): NodeJS.ProcessEnv {
  const keep = Object.entries(process.env).filter(
    ([k]) => !/^npm_(package_|lifecycle_|config_(prefix|global|local_prefix)$)/i.test(k),
  );
  return { ...Object.fromEntries(keep), NO_COLOR: '1' };
}

/** Run a command to its end: exit code and output. */
function run(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the packed package', () => {
  it('installs from its tarball into a folder of its own, and its patience command runs there', {
    timeout: 300_000,
  }, async () => {
    expect(existsSync(COMPILED)).toBe(true); // run-cli.js has checked that the build is newer than src/
    const scratch = mkdtempSync(join(tmpdir(), 'patience-pack-'));
    // --ignore-scripts: pack the build npm test made rather than build again (`npm pack` alone builds first)
    const packed = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch], ROOT);
    expect(packed.code, packed.stderr).toBe(0);
    const [tarball] = readdirSync(scratch).filter((f) => f.endsWith('.tgz'));
    expect(tarball).toMatch(/^patience-\d+\.\d+\.\d+\.tgz$/);
    // the program and its documents; not the repository's results, tests, benchmarks or sources
    const listed = await run('tar', ['-tzf', join(scratch, tarball!)], scratch);
    const entries = listed.stdout.trim().split('\n');
    for (const file of [
      'package/dist/cli/main.js',
      'package/dist/sim/worker.js',
      'package/README.md',
      'package/LICENSE',
      'package/docs/RULES.md',
    ])
      expect(entries).toContain(file);
    expect(entries.filter((e) => /^package\/(results|test|bench|src|deploy)\//.test(e))).toEqual([]);
    const home = join(scratch, 'install');
    const installed = await run(
      'npm',
      [
        'install',
        '--prefix',
        home,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--omit=dev',
        join(scratch, tarball!),
      ],
      scratch,
    );
    expect(installed.code, installed.stderr).toBe(0);
    const bin = join(home, 'node_modules', '.bin', 'patience');
    const elsewhere = mkdtempSync(join(tmpdir(), 'patience-elsewhere-'));
    const list = await run(bin, ['list'], elsewhere);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/shah\s+The Shah/);
    expect(list.stdout).toMatch(/rollout\s/);
    // a run on worker threads, whose files the package must hold too, into the working folder's patience-runs/
    const sim = await run(
      bin,
      ['simulate', '--game', 'shah', '--deals', '200', '--workers', '2', '--quiet'],
      elsewhere,
    );
    expect(sim.stderr).toBe('');
    expect(sim.code).toBe(0);
    expect(sim.stdout).toContain('results written to patience-runs/shah-greedy-s2026-n200.csv');
    expect(readdirSync(join(elsewhere, 'patience-runs'))).toEqual(['shah-greedy-s2026-n200.csv']);
  });
});
