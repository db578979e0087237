// Locks on the output files of a long run, so that two runs onto the same file cannot both go on (the last to
// finish would win, and each would remove the other's checkpoint): at start, before any work, a run creates
// `<file>.lock` exclusively (by link(2), which fails if the name exists) for each of its output files, holding its
// process id and host, and removes them when it exits. While it runs, it touches its locks every LOCK_TOUCH_MS.
// A lock is stale when its process no longer runs on this host (killed outright, say), or when it has not been
// touched for LOCK_STALE_MS (its host went down, or it was another host's): the next run says so and takes it
// over. A lock of a live run is refused in one line.

import { closeSync, linkSync, openSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { hostname } from 'node:os';
import { InputError } from '../core/errors.js';
import { reason, STDOUT_PATH, writeAll } from './files.js';

/** This host's name as a lock holds it (one word). */
const HOST = hostname().replace(/\s+/g, '_') || 'localhost';

/** The lock file of an output file. */
export function lockPath(out: string): string {
  return `${out}.lock`;
}

/** The locks this process holds, by lock path, with the text written in them; removed when the process exits. */
const held = new Map<string, string>();

/** How often a run touches its locks, and how long a lock untouched counts as live, in milliseconds. */
export const LOCK_TOUCH_MS = 10_000;
export const LOCK_STALE_MS = 60_000;

/** Whether the exit handler that lets go of the locks, and the timer that touches them, are installed. */
let watching = false;

/** Touch every lock held, so that other runs, on any host, see that its run goes on. */
function touchAll(): void {
  const now = new Date();
  for (const path of held.keys()) {
    try {
      utimesSync(path, now, now);
    } catch {
      // gone: let go of at exit as usual
    }
  }
}

/**
 * Lock each output file (standard output and undefined ones need none); InputError, with the locks taken so far
 * let go, when another live run holds one. A stale lock is taken over with a note on stderr.
 */
export function lockOutputs(outputs: ReadonlyArray<string | undefined>): void {
  const taken: string[] = [];
  try {
    for (const out of outputs) {
      if (out === undefined || out === STDOUT_PATH || held.has(lockPath(out))) continue;
      lockOne(out);
      taken.push(lockPath(out));
    }
  } catch (err) {
    for (const path of taken) unlock(path);
    throw err;
  }
}

/** Let go of every lock this process holds (also done when it exits). */
export function unlockAll(): void {
  for (const path of [...held.keys()]) unlock(path);
}

function lockOne(out: string): void {
  const path = lockPath(out);
  const text = `${process.pid} ${HOST}\n`;
  // written in full beside it first, then linked to its name: link(2) fails if the name exists, so a lock is taken
  // whole or not at all, and no run ever reads one half written
  const draft = `${path}.${process.pid}.draft`;
  try {
    const fd = openSync(draft, 'w');
    try {
      writeAll(fd, text);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    rmSync(draft, { force: true });
    throw new InputError(`cannot lock output file ${out}: cannot write ${draft}: ${reason(err)}`);
  }
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        exclusively(draft, path, text);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new InputError(`cannot lock output file ${out}: cannot create ${path}: ${reason(err)}`);
        const holder = holderOf(out, path);
        if (holder === 'gone') continue;
        const where = holder.host !== HOST ? ` on ${holder.host}` : '';
        if (holder.stale === undefined || attempt > 0) {
          throw new InputError(
            `${out} is being written by another run (process ${holder.pid}${where}; lock ${path}): wait for it to end, or remove ${path} if no such run is going`,
          );
        }
        process.stderr.write(
          `patience: ${path} was left by process ${holder.pid}${where}, ${holder.stale}: taking it over\n`,
        );
        rmSync(path, { force: true });
        continue;
      }
      if (!watching) {
        process.on('exit', unlockAll);
        setInterval(touchAll, LOCK_TOUCH_MS).unref();
      }
      watching = true;
      held.set(path, text);
      return;
    }
  } finally {
    rmSync(draft, { force: true });
  }
  throw new InputError(`${out} is being locked by another run at this moment (lock ${path}): try again`);
}

/** Give draft's text the name path, failing with EEXIST if the name exists: by link(2), or where a file system has no
 * links, by an exclusive create. */
function exclusively(draft: string, path: string, text: string): void {
  try {
    linkSync(draft, path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    const fd = openSync(path, 'wx');
    try {
      writeAll(fd, text);
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * Who holds a lock: its process id and host, and why the lock is stale (undefined while its run goes on); 'gone'
 * when the lock went meanwhile.
 */
function holderOf(out: string, path: string): { pid: number; host: string; stale: string | undefined } | 'gone' {
  let text: string;
  let age: number;
  try {
    text = readFileSync(path, 'utf8');
    age = Date.now() - statSync(path).mtimeMs;
  } catch {
    return 'gone';
  }
  const m = /^(\d+) (\S+)\n$/.exec(text);
  if (m === null)
    throw new InputError(`${path} exists and is not a lock of patience, which locks ${out} there: move it away`);
  const pid = Number(m[1]);
  const host = m[2]!;
  // this process's own id cannot be the holder's; another host's process cannot be looked at from here
  if (host === HOST && (pid === process.pid || !running(pid)))
    return { pid, host, stale: 'which is no longer running' };
  if (age > LOCK_STALE_MS) return { pid, host, stale: `untouched for ${Math.round(age / 1000)} s` };
  return { pid, host, stale: undefined };
}

/** Whether a process of this id runs on this host (one of another user's counts). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Remove a lock this process holds, unless another run has taken it over since. */
function unlock(path: string): void {
  const text = held.get(path);
  held.delete(path);
  try {
    if (readFileSync(path, 'utf8') === text) rmSync(path, { force: true });
  } catch {
    // already gone
  }
}
