// Output files are written whole or not at all: a write that puts down fewer bytes than asked is continued, a
// full disk fails in one line with exit code 1 and leaves the file that was there as it was.

import { execFileSync, spawn } from 'node:child_process';
import fs, {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCheckpoint } from '../src/cli/checkpoint.js';
import { writeAtomically, writeTogether } from '../src/cli/files.js';
import { headerLine, readCheckpoint, tallyLine } from '../src/stats/checkpoint.js';
import { emptyTally, mergeTally, type Tally } from '../src/stats/tally.js';
import { COMPILED, patience } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-files-'));

/**
 * Act out a nearly full disk under `folder`: each write there puts down at most `each` bytes, and once `room`
 * bytes are down a write fails with ENOSPC, as write(2) does. Writes elsewhere are left alone.
 */
function fullDisk(folder: string, each: number, room: number): void {
  const real = fs.writeSync.bind(fs) as (
    fd: number,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position?: number | null,
  ) => number;
  let left = room;
  vi.spyOn(fs, 'writeSync').mockImplementation(((
    fd: number,
    data: string | NodeJS.ArrayBufferView,
    ...rest: unknown[]
  ) => {
    const bytes =
      typeof data === 'string'
        ? Buffer.from(data)
        : Buffer.from(data.buffer, data.byteOffset + Number(rest[0] ?? 0), Number(rest[1] ?? data.byteLength));
    const position = (typeof data === 'string' ? rest[0] : rest[2]) as number | null | undefined;
    if (!readlinkSync(`/proc/self/fd/${fd}`).startsWith(folder)) return real(fd, bytes, 0, bytes.length, position);
    const n = Math.min(bytes.length, each, left);
    if (n === 0 && bytes.length > 0)
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    left -= n;
    return real(fd, bytes, 0, n, position);
  }) as typeof fs.writeSync);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('writing a file whole', () => {
  it('writes again after a short write, and on a full disk fails in one line, leaving the old file as it was and no temporary file', () => {
    const folder = join(dir, 'whole');
    mkdirSync(folder);
    const file = join(folder, 'keep.csv');
    writeFileSync(file, 'old rows\n');
    const text = 'deal,player,won\n'.repeat(2000); // 32,000 bytes
    fullDisk(folder, 1000, 8192);
    expect(() => writeAtomically(file, text)).toThrow(
      `cannot write ${file}: no space left on device (ENOSPC); the file is as it was`,
    );
    expect(readFileSync(file, 'utf8')).toBe('old rows\n');
    expect(readdirSync(folder)).toEqual(['keep.csv']);
    vi.restoreAllMocks();
    fullDisk(folder, 1000, 1e6);
    writeAtomically(file, text);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(readdirSync(folder)).toEqual(['keep.csv']);
  });

  it('writes a set of files together: when one draft does not fit, none lands, and the line says what is as it was', () => {
    const folder = join(dir, 'together');
    mkdirSync(folder);
    const [a, b] = [join(folder, 'a.csv'), join(folder, 'b.csv')];
    writeFileSync(b, 'old b\n');
    fullDisk(folder, 1000, 3000);
    expect(() =>
      writeTogether([
        [a, 'x'.repeat(2000)],
        [b, 'y'.repeat(2000)],
      ]),
    ).toThrow(`cannot write ${b}: no space left on device (ENOSPC); nothing was written (${b} as it was)`);
    expect(readdirSync(folder)).toEqual(['b.csv']);
    expect(readFileSync(b, 'utf8')).toBe('old b\n');
    vi.restoreAllMocks();
    writeTogether([
      [a, 'x'],
      [b, 'y'],
    ]);
    expect([readFileSync(a, 'utf8'), readFileSync(b, 'utf8')]).toEqual(['x', 'y']);
    expect(readdirSync(folder).sort()).toEqual(['a.csv', 'b.csv']);
  });

  it("a checkpoint's append that fails is taken back and written whole at the next flush", () => {
    const folder = join(dir, 'append');
    mkdirSync(folder);
    const out = join(folder, 'run.csv');
    const kind = { empty: () => emptyTally(3), merge: mergeTally };
    const run = openCheckpoint<Tally>([out], { command: 'test' }, { resume: false, force: false }, kind);
    const tally = (lo: number, hi: number): Tally => ({
      ...emptyTally(3),
      deals: hi - lo + 1,
      ranges: [[lo, hi]],
      histogram: [hi - lo + 1, 0, 0, 0],
    });
    run.record('greedy', tally(0, 9));
    run.flush();
    run.record('greedy', tally(10, 19));
    fullDisk(folder, 7, 20);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    run.flush();
    expect(stderr).toHaveBeenCalledWith(
      `patience: cannot write the checkpoint ${out}.checkpoint: no space left on device (ENOSPC)\n`,
    );
    expect(
      [...readCheckpoint<Tally>(readFileSync(`${out}.checkpoint`, 'utf8'), 'c').parts.get('greedy')!].map(
        (t) => t.ranges,
      ),
    ).toEqual([[[0, 9]]]);
    vi.restoreAllMocks();
    run.interrupted([]);
    expect(
      [...readCheckpoint<Tally>(readFileSync(`${out}.checkpoint`, 'utf8'), 'c').parts.get('greedy')!].map(
        (t) => t.ranges,
      ),
    ).toEqual([[[0, 9]], [[10, 19]]]);
  });
});

/** Mount a tmpfs of `kib` KiB at a fresh folder and return it, or undefined where this process may not (not root, no
 * mount namespace). */
function mountSmallDisk(kib = 64): string | undefined {
  const at = mkdtempSync(join(tmpdir(), 'patience-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', at], { stdio: 'ignore' });
    return at;
  } catch {
    rmdirSync(at);
    return undefined;
  }
}

function unmount(at: string): void {
  execFileSync('umount', [at]);
  rmdirSync(at);
}

/** Whether a small disk can be mounted here: tried once and let go at once, so a test left out mounts nothing. */
const canMount = ((at) => (at === undefined ? false : (unmount(at), true)))(mountSmallDisk());

describe('a nearly full disk, end to end', () => {
  it.skipIf(!canMount)('simulate fails in one line with exit code 1, the file it would replace as it was', async () => {
    const at = mountSmallDisk()!;
    try {
      writeFileSync(join(at, 'filler'), Buffer.alloc(44 * 1024)); // room for the locks and the summary, not the per-deal file
      writeFileSync(join(at, 'keep.csv'), 'old rows\n');
      // no checkpoint on the way (a slow machine would try one on the full disk, and say so), only the final writes
      const run = await patience(
        [
          'simulate',
          '--game',
          'shah',
          '--deals',
          '3000',
          '--workers',
          '1',
          '--quiet',
          '-o',
          join(at, 's.csv'),
          '--per-deal',
          join(at, 'keep.csv'),
          '--force',
        ],
        { env: { PATIENCE_CHECKPOINT_MS: '3600000' } },
      );
      // the summary fits but the per-deal file does not: neither lands
      expect(run.stderr).toBe(
        `patience: cannot write ${join(at, 'keep.csv')}: no space left on device (ENOSPC); nothing was written (${join(at, 'keep.csv')} as it was)\n`,
      );
      expect(run.code).toBe(1);
      expect(readFileSync(join(at, 'keep.csv'), 'utf8')).toBe('old rows\n');
      expect(readdirSync(at).sort()).toEqual(['filler', 'keep.csv']);
      expect(existsSync(join(at, 's.csv.checkpoint'))).toBe(false);
    } finally {
      unmount(at);
    }
  });

  it.skipIf(!canMount)(
    'with room for the checkpoint, the finished deals are kept there, and the printed --resume writes the files of one run',
    async () => {
      const at = mountSmallDisk(256)!;
      try {
        writeFileSync(join(at, 'filler'), Buffer.alloc(188 * 1024)); // room for the locks, the summary and the checkpoint, not the per-deal file
        const args = [
          'simulate',
          '--game',
          'shah',
          '--deals',
          '3000',
          '--workers',
          '1',
          '--quiet',
          '-o',
          join(at, 's.csv'),
          '--per-deal',
          join(at, 'keep.csv'),
        ];
        const full = await patience(args);
        expect(full.stderr).toBe(
          `patience: cannot write ${join(at, 'keep.csv')}: no space left on device (ENOSPC); nothing was written; deals that finished are kept in ${join(at, 's.csv')}.checkpoint: when there is room, patience ${args.join(' ')} --resume\n`,
        );
        expect(full.code).toBe(1);
        rmSync(join(at, 'filler'));
        const resumed = await patience([...args, '--resume']);
        expect(resumed.code).toBe(0);
        const one = await patience([
          'simulate',
          '--game',
          'shah',
          '--deals',
          '3000',
          '--workers',
          '1',
          '--quiet',
          '-o',
          join(dir, 'one.csv'),
          '--per-deal',
          join(dir, 'one-deals.csv'),
        ]);
        expect(one.code).toBe(0);
        expect(readFileSync(join(at, 'keep.csv'), 'utf8')).toBe(readFileSync(join(dir, 'one-deals.csv'), 'utf8'));
        expect(readdirSync(at).sort()).toEqual(['keep.csv', 's.csv']);
      } finally {
        unmount(at);
      }
    },
  );
});

describe('an output that is one of the inputs', () => {
  it('is refused in one line, with or without --force, by every command that reads files', async () => {
    const at = join(dir, 'inputs');
    mkdirSync(at);
    const f = (name: string) => join(at, name);
    const made = await patience([
      'simulate',
      '--game',
      'sultan',
      '--deals',
      '20',
      '--workers',
      '1',
      '--quiet',
      '-o',
      f('r.csv'),
      '--per-deal',
      f('r-deals.csv'),
    ]);
    expect(made.code, made.stderr).toBe(0);
    const s2 = await patience([
      'simulate',
      '--game',
      'sultan',
      '--deals',
      '20',
      '--first',
      '20',
      '--workers',
      '1',
      '--quiet',
      '-o',
      f('r2.csv'),
    ]);
    expect(s2.code, s2.stderr).toBe(0);
    const solved = await patience([
      'solve',
      '--game',
      'sultan',
      '--deals',
      '2',
      '--nodes',
      '1000',
      '--workers',
      '1',
      '--quiet',
      '-o',
      f('v.csv'),
      '--per-deal',
      f('v-deals.csv'),
    ]);
    expect(solved.code, solved.stderr).toBe(0);
    const pos = await patience(['replay', '--game', 'sultan', '--deal', '0', '--to', '3', '-o', f('p.pos')]);
    expect(pos.code, pos.stderr).toBe(0);
    copyFileSync(join(import.meta.dirname, 'fixtures', 'players', 'first.mjs'), f('m.mjs'));
    const cases: Array<[string[], string]> = [
      [['report', f('r.csv'), '--out', f('r.csv')], f('r.csv')],
      [['merge', f('r.csv'), f('r2.csv'), '-o', f('r2.csv')], f('r2.csv')],
      [['replay', '--game', 'sultan', '--position', f('p.pos'), '--to', '0', '-o', f('p.pos')], f('p.pos')],
      [['simulate', '--game', 'sultan', '--deals', '5', '--player', f('m.mjs'), '-o', f('m.mjs')], f('m.mjs')],
      [
        [
          'compare',
          '--game',
          'sultan',
          '--players',
          `${f('m.mjs')},greedy`,
          '--deals',
          '5',
          '-o',
          f('w.csv'),
          '--per-deal',
          f('m.mjs'),
        ],
        f('m.mjs'),
      ],
      [
        [
          'solve',
          '--game',
          'sultan',
          '--deals',
          '2',
          '--nodes',
          '1000,2000',
          '--from',
          f('v-deals.csv'),
          '--from-summary',
          f('v.csv'),
          '-o',
          f('w.csv'),
          '--per-deal',
          f('v-deals.csv'),
        ],
        f('v-deals.csv'),
      ],
    ];
    const before = Object.fromEntries(readdirSync(at).map((n) => [n, readFileSync(f(n), 'utf8')]));
    for (const [args, input] of cases) {
      for (const force of [[], ['--force']]) {
        const run = await patience([...args, ...force]);
        expect(run.stderr, args.join(' ')).toBe(
          `patience: output file ${input} is also an input of this command: give the output another name\n`,
        );
        expect(run.code).toBe(2);
      }
    }
    expect(Object.fromEntries(readdirSync(at).map((n) => [n, readFileSync(f(n), 'utf8')]))).toEqual(before);
  });
});

describe('standard output that cannot take the results', () => {
  it('simulate -o - onto a full device: one line, exit code 1, no claim that anything was written', async () => {
    const full = fs.openSync('/dev/full', 'w');
    const run = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(
        process.execPath,
        [COMPILED, 'simulate', '--game', 'shah', '--deals', '20', '--workers', '1', '--quiet', '-o', '-'],
        { stdio: ['ignore', full, 'pipe'] },
      );
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      child.on('close', (code) => done({ code, stderr }));
    });
    fs.closeSync(full);
    expect(run.stderr).toBe('patience: cannot write standard output: no space left on device (ENOSPC)\n');
    expect(run.code).toBe(1);
  });
});

describe('a checkpoint changed after it was written', () => {
  it('is refused line by line: its checksum no longer matches', () => {
    const tally: Tally = { ...emptyTally(3), deals: 2, wins: 1, ranges: [[0, 1]], histogram: [0, 1, 0, 1] };
    const text = headerLine({ command: 'simulate', seed: 's' }) + tallyLine('greedy', tally);
    expect(readCheckpoint<Tally>(text, 'c').parts.get('greedy')).toEqual([tally]);
    expect(() => readCheckpoint(text.replace('"wins":1', '"wins":2'), 'c')).toThrow(
      'c is damaged at line 2: it fails its checksum, so it was changed after patience wrote it',
    );
    expect(() => readCheckpoint(text.replace('"seed":"s"', '"seed":"t"'), 'c')).toThrow(
      'c is damaged at line 1: it fails its checksum',
    );
  });

  it('--resume refuses a checkpoint whose wins were changed by hand, in one line, before any work', async () => {
    const out = join(dir, 'edited.csv');
    const checkpoint = `${out}.checkpoint`;
    const args = [
      'simulate',
      '--game',
      'shah',
      '--deals',
      '200000',
      '--workers',
      '1',
      '--quiet',
      '--seed',
      'edited',
      '-o',
      out,
    ];
    const stopped = await patience(args, {
      env: { PATIENCE_CHECKPOINT_MS: '100' },
      watch: (child) => {
        const poll = setInterval(() => {
          if (existsSync(checkpoint) && readFileSync(checkpoint, 'utf8').split('\n').length > 2) {
            clearInterval(poll);
            child.kill('SIGINT');
          }
        }, 20);
      },
    });
    expect(stopped.code).toBe(130);
    const text = readFileSync(checkpoint, 'utf8');
    const edited = text.replace(/"wins":(\d+)/, (_, n: string) => `"wins":${Number(n) + 500}`);
    expect(edited).not.toBe(text);
    writeFileSync(checkpoint, edited);
    const resumed = await patience([...args, '--resume']);
    expect(resumed.stderr).toBe(
      `patience: ${checkpoint} is damaged at line 2: it fails its checksum, so it was changed after patience wrote it\n`,
    );
    expect(resumed.code).toBe(2);
    expect(readFileSync(checkpoint, 'utf8')).toBe(edited);
  });
});

describe("a run's side files: its partial files, checkpoint and locks", () => {
  const sim = (out: string, ...more: string[]) => [
    'simulate',
    '--game',
    'shah',
    '--workers',
    '1',
    '--quiet',
    '-o',
    out,
    ...(more.includes('--deals') ? more : ['--deals', '200', ...more]),
  ];

  it("a user's file named like a partial file is never removed: refused before work without --force, left alone with it", async () => {
    const at = join(dir, 'partials');
    mkdirSync(at);
    const mine = (name: string) => writeFileSync(join(at, name), `${name}: my own file\n`);
    for (const name of ['s.partial.csv', 'keep.partial.csv', 'w.partial.jsonl']) mine(name);
    const refused = await patience(sim(join(at, 's.csv'), '--per-deal', join(at, 'keep.csv')));
    expect(refused.stderr).toBe(
      `patience: ${join(at, 's.partial.csv')} exists and this run did not write it, but a stop would write its finished deals there: move it away, or give --force\n`,
    );
    expect(refused.code).toBe(2);
    const forced = await patience(sim(join(at, 's.csv'), '--per-deal', join(at, 'keep.csv'), '--force'));
    expect(forced.code).toBe(0);
    const solved = await patience([
      'solve',
      '--game',
      'sultan',
      '--deals',
      '2',
      '--nodes',
      '1000',
      '--workers',
      '1',
      '--quiet',
      '-o',
      join(at, 'w.csv'),
      '--solutions',
      join(at, 'w.jsonl'),
      '--force',
    ]);
    expect(solved.code).toBe(0);
    for (const name of ['s.partial.csv', 'keep.partial.csv', 'w.partial.jsonl'])
      expect(readFileSync(join(at, name), 'utf8')).toBe(`${name}: my own file\n`);
    expect(readdirSync(at).sort()).toEqual([
      'keep.csv',
      'keep.partial.csv',
      's.csv',
      's.partial.csv',
      'w.csv',
      'w.jsonl',
      'w.partial.jsonl',
    ]);
  });

  it('an output named as the checkpoint, a lock or a partial file of another output is refused in one line before any work', async () => {
    const at = join(dir, 'collide');
    mkdirSync(at);
    const a = join(at, 'a.csv');
    for (const [other, what] of [
      [`${a}.checkpoint`, `the checkpoint this run keeps beside ${a}`],
      [join(at, 'a.partial.csv'), `the name this run gives ${a} while unfinished`],
      [`${a}.lock`, `the lock this run holds on ${a}`],
    ]) {
      const run = await patience(sim(a, '--per-deal', other!));
      expect(run.stderr).toBe(`patience: output file ${other} is ${what}: give it another name\n`);
      expect(run.code).toBe(2);
    }
    expect(readdirSync(at)).toEqual([]);
  });

  it('a second run onto the output of a run going on is refused in one line; a lock left by a killed run is taken over, saying so', async () => {
    const at = join(dir, 'locks');
    mkdirSync(at);
    const out = join(at, 'both.csv');
    let first: number | undefined;
    let running: ReturnType<typeof patience> | undefined;
    const started = Date.now();
    const second = new Promise<Awaited<ReturnType<typeof patience>>>((done) => {
      running = patience(sim(out, '--deals', '5000000'), {
        watch: (child) => {
          first = child.pid;
          const poll = setInterval(() => {
            if (!existsSync(`${out}.lock`) && Date.now() < started + 30_000) return; // after 30 s, it fails below
            clearInterval(poll);
            void patience(sim(out, '--deals', '100')).then((run) => {
              child.kill('SIGINT');
              done(run);
            });
          }, 20);
        },
      });
    });
    const run = await second;
    expect(run.stderr).toBe(
      `patience: ${out} is being written by another run (process ${first}; lock ${out}.lock): wait for it to end, or remove ${out}.lock if no such run is going\n`,
    );
    expect(run.code).toBe(2);
    expect((await running!).code).toBe(130);
    expect(existsSync(`${out}.lock`)).toBe(false);

    const killed = join(at, 'killed.csv');
    let pid: number | undefined;
    const gone = await patience(sim(killed, '--deals', '5000000', '--per-deal', join(at, 'killed-deals.csv')), {
      watch: (child) => {
        pid = child.pid;
        const since = Date.now();
        // killed once both outputs are locked (they are locked one after the other), or after 30 s, which fails below
        const locked = () => existsSync(`${killed}.lock`) && existsSync(`${join(at, 'killed-deals.csv')}.lock`);
        const poll = setInterval(() => {
          if (!locked() && Date.now() < since + 30_000) return;
          clearInterval(poll);
          child.kill('SIGKILL');
        }, 20);
      },
    });
    expect(gone.signal).toBe('SIGKILL');
    const after = await patience([...sim(killed, '--per-deal', join(at, 'killed-deals.csv')), '--force']);
    expect(after.stderr).toBe(
      [`${killed}.lock`, `${join(at, 'killed-deals.csv')}.lock`]
        .map((lock) => `patience: ${lock} was left by process ${pid}, which is no longer running: taking it over\n`)
        .join(''),
    );
    expect(after.code).toBe(0);
    expect(readdirSync(at).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });

  it("another host's lock is refused while touched, and taken over once untouched for a minute (its host went down)", async () => {
    const at = join(dir, 'hosts');
    mkdirSync(at);
    const out = join(at, 'shared.csv');
    writeFileSync(`${out}.lock`, '4242 elsewhere.example\n');
    const refused = await patience(sim(out));
    expect(refused.stderr).toBe(
      `patience: ${out} is being written by another run (process 4242 on elsewhere.example; lock ${out}.lock): wait for it to end, or remove ${out}.lock if no such run is going\n`,
    );
    expect(refused.code).toBe(2);
    const old = new Date(Date.now() - 120_000);
    utimesSync(`${out}.lock`, old, old);
    const after = await patience(sim(out));
    expect(after.stderr).toMatch(
      new RegExp(
        `^patience: ${out}\\.lock was left by process 4242 on elsewhere\\.example, untouched for 12\\d s: taking it over\n$`,
      ),
    );
    expect(after.code).toBe(0);
    expect(readdirSync(at)).toEqual(['shared.csv']);
  });
});
