// deploy/kubernetes: the manifests checked against the Kubernetes API's own schemas (kubernetes-models, made from
// its OpenAPI document), strictly (a field the schema does not know is an error, as kubeconform -strict has it),
// and the commands of the shards and merge jobs run here as their pods would run them. The Slurm scripts are
// tried on a real Slurm by `npm run test:slurm`; the way its test cluster's daemons are stopped is tried here.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PersistentVolumeClaim, type IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Job, type IJob } from 'kubernetes-models/batch/v1/Job';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { COMPILED, csvRows, patience, untimed } from './run-cli.js';

const ROOT = join(import.meta.dirname, '..');
const KUBE = join(ROOT, 'deploy', 'kubernetes');

/** A manifest: plain data read from YAML. */
type Manifest = Record<string, unknown>;

/** Every object of every YAML file in deploy/kubernetes, with its file. */
function manifests(): Array<[string, Manifest]> {
  return readdirSync(KUBE)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) =>
      parseAllDocuments(readFileSync(join(KUBE, f), 'utf8')).map((doc) => {
        expect(doc.errors, f).toEqual([]);
        return [f, doc.toJS() as Manifest] as [string, Manifest];
      }),
    );
}

/** The schema's errors for a manifest, as JSON pointers (none when it is valid). */
function schemaErrors(m: Manifest): string[] {
  const model = m['kind'] === 'Job' ? Job : m['kind'] === 'PersistentVolumeClaim' ? PersistentVolumeClaim : undefined;
  if (model === undefined) return [`/kind: no schema here for ${String(m['kind'])}`];
  try {
    new model(m as never).validate();
    return [];
  } catch (err) {
    return (
      (err as { errors?: Array<{ instancePath: string; message?: string }> }).errors ?? [{ instancePath: String(err) }]
    ).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  }
}

/** The JSON pointer of every field below the top (apiVersion and kind are checked apart), with its path. */
function fields(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => {
    const here = [...path, k];
    return [
      ...(Array.isArray(value) || (path.length === 0 && (k === 'apiVersion' || k === 'kind')) ? [] : [here]),
      ...fields(v, here),
    ];
  });
}

/** A copy of a manifest with the value at path replaced. */
function replaced(value: unknown, path: ReadonlyArray<string | number>, by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, by) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [head!]: replaced(obj[head!], rest, by) };
}

const pointer = (path: ReadonlyArray<string | number>) =>
  path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The container of the job named `name`. */
function container(
  all: Array<[string, Manifest]>,
  name: string,
): { args: string[]; env: Record<string, string>; claim: string; image: string } {
  const pod = job(all, name).spec!.template.spec!;
  const c = pod.containers[0]!;
  return {
    args: c.args ?? [],
    env: Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? ''])),
    claim: pod.volumes![0]!.persistentVolumeClaim!.claimName,
    image: c.image ?? '',
  };
}

/** The Job named `name`. */
function job(all: Array<[string, Manifest]>, name: string): IJob {
  const found = all.find(([, m]) => m['kind'] === 'Job' && (m['metadata'] as Manifest)['name'] === name)?.[1];
  expect(found, name).toBeDefined();
  return found as unknown as IJob;
}

describe('deploy/kubernetes', () => {
  const all = manifests();

  it('holds a PersistentVolumeClaim, the Indexed Job of the shards and the merge Job, each valid against the schema of its kind', () => {
    expect(all.map(([, m]) => `${m['apiVersion']} ${m['kind']} ${(m['metadata'] as Manifest)['name']}`).sort()).toEqual(
      ['batch/v1 Job patience-merge', 'batch/v1 Job patience-shards', 'v1 PersistentVolumeClaim patience-results'],
    );
    for (const [file, m] of all) expect(schemaErrors(m), file).toEqual([]);
  });

  it('uses no field the schema does not know (each is given a value of no type, and the schema must object to it there)', () => {
    for (const [file, m] of all) {
      for (const path of fields(m)) {
        const errors = schemaErrors(replaced(m, path, Symbol('no type')) as Manifest);
        expect(
          errors.some((e) => e.startsWith(`${pointer(path)} `)),
          `${file}: ${pointer(path)} is not a field of ${String(m['kind'])}`,
        ).toBe(true);
      }
    }
  });

  it('the probe above finds a misspelt field, and the schema a wrong type', () => {
    const [, shards] = all.find(([, m]) => (m['metadata'] as Manifest)['name'] === 'patience-shards')!;
    const misspelt = replaced(shards, ['spec', 'completionsMode'], 'Indexed') as Manifest;
    const path = ['spec', 'completionsMode'];
    expect(
      schemaErrors(replaced(misspelt, path, Symbol('no type')) as Manifest).some((e) =>
        e.startsWith(`${pointer(path)} `),
      ),
    ).toBe(false);
    expect(schemaErrors(replaced(shards, ['spec', 'completions'], 'four') as Manifest)).toEqual([
      '/spec/completions must be integer',
    ]);
  });

  it('shards and merge agree: an Indexed Job of SHARDS completions, the same shard count, image and volume', () => {
    const shards = job(all, 'patience-shards');
    expect(shards.spec!.completionMode).toBe('Indexed');
    const s = container(all, 'patience-shards');
    const m = container(all, 'patience-merge');
    expect(Number(s.env['SHARDS'])).toBe(shards.spec!.completions);
    expect(m.env['SHARDS']).toBe(s.env['SHARDS']);
    expect(m.image).toBe(s.image);
    const pvc = all.find(([, x]) => x['kind'] === 'PersistentVolumeClaim')![1] as unknown as IPersistentVolumeClaim;
    expect([s.claim, m.claim]).toEqual([pvc.metadata!.name, pvc.metadata!.name]);
    expect(pvc.spec!.accessModes).toContain('ReadWriteMany');
    expect(s.args.join('\n')).toContain('--shard "$JOB_COMPLETION_INDEX/$SHARDS"');
  });

  it("the jobs' commands, run here as the pods run them (index 0-3, then the merge), equal one run", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-kube-'));
    writeFileSync(join(dir, 'patience'), `#!/bin/sh\nexec "${process.execPath}" "${COMPILED}" "$@"\n`);
    chmodSync(join(dir, 'patience'), 0o755);
    const s = container(all, 'patience-shards');
    const m = container(all, 'patience-merge');
    const run = 'simulate --game shah --deals 403 --seed kube --player greedy';
    const env = {
      ...process.env,
      PATH: `${dir}:${process.env['PATH']}`,
      RESULTS: dir,
      PATIENCE_RUN: run,
      WORKERS: '1',
      SHARDS: s.env['SHARDS']!,
    };
    for (let i = 0; i < Number(s.env['SHARDS']); i++) {
      const pod = spawnSync('sh', ['-c', s.args[0]!], {
        env: { ...env, JOB_COMPLETION_INDEX: String(i) },
        encoding: 'utf8',
      });
      expect(pod.status, pod.stderr).toBe(0);
    }
    const again = spawnSync('sh', ['-c', s.args[0]!], { env: { ...env, JOB_COMPLETION_INDEX: '1' }, encoding: 'utf8' });
    expect(again.stdout).toContain('is already written');
    const merge = spawnSync('sh', ['-c', m.args[0]!], { env, encoding: 'utf8' });
    expect(merge.status, merge.stderr).toBe(0);
    expect(merge.stdout).toMatch(/^4 files, 403 deals \(0-402\)/);
    // a retried merge pod, or the jobs run again over finished shards, makes the merged file again
    const remerge = spawnSync('sh', ['-c', m.args[0]!], { env, encoding: 'utf8' });
    expect(remerge.status, remerge.stderr).toBe(0);
    expect(remerge.stdout).toBe(merge.stdout);
    expect((await patience([...run.split(' '), '--workers', '1', '--quiet', '--out', join(dir, 'one.csv')])).code).toBe(
      0,
    );
    expect(untimed(csvRows(join(dir, 'merged.csv')), ['ms_per_deal'])).toEqual(
      untimed(csvRows(join(dir, 'one.csv')), ['ms_per_deal']),
    );
  });

  it('the image file builds from node:20-slim, copying only what exists, and puts patience on the PATH', () => {
    const docker = readFileSync(join(KUBE, 'Dockerfile'), 'utf8');
    expect(docker).toMatch(/^FROM node:20-slim$/m);
    const copied = [...docker.matchAll(/^COPY (.+) \S+$/gm)].flatMap((c) => c[1]!.split(' '));
    expect(copied).toContain('package-lock.json');
    for (const path of copied) expect(existsSync(join(ROOT, path)), path).toBe(true);
    expect(docker).toMatch(/RUN npm ci .*\n.*ln -s \/opt\/patience\/dist\/cli\/main\.js \/usr\/local\/bin\/patience/);
  });
});

/** Run `bash -c script args...` without blocking the event loop (so that Node reaps the children it started). */
function bash(script: string, args: readonly string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('deploy/slurm', () => {
  it("the test cluster's daemons are waited for before their folder is removed, though one writes its state on after SIGTERM", async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'patience-daemons-'));
    // as slurmctld does: told to stop, it goes on writing its state for half a second
    const writer =
      'stop=0; trap "stop=1" TERM; n=0; while [ $n -lt 50 ]; do mkdir -p "$0/state"; : > "$0/state/$n"; if [ $stop = 1 ]; then n=$((n + 1)); fi; sleep 0.01; done';
    const daemon = spawn('bash', ['-c', writer, tmp], { stdio: 'ignore' });
    const exited = new Promise((resolve) => daemon.on('exit', resolve));
    writeFileSync(join(tmp, 'daemon.pid'), `${daemon.pid}\n`);
    while (!existsSync(join(tmp, 'state'))) await new Promise((r) => setTimeout(r, 10));
    // test-local.sh's cleanup: stop the daemons, then remove the folder
    const cleanup = await bash('source "$0"; stop_daemons "$1"; rm -rf "$2"', [
      join(ROOT, 'deploy', 'slurm', 'daemons.sh'),
      join(tmp, 'daemon.pid'),
      tmp,
    ]);
    expect(cleanup.stderr).toBe('');
    expect(cleanup.status).toBe(0);
    await exited;
    expect(existsSync(tmp)).toBe(false);
  });
});
