// Locks on the output files of a long run, so that two runs onto the same file cannot both go on (the last to
// finish would win, and each would remove the other's checkpoint): at start, before any work, a run creates
// `<file>.lock` exclusively (by link(2), which fails if the name exists) for each of its output files, holding its
// process id and host, and removes them when it exits. A lock whose process has ended (killed outright, say) is stale: the next run says so and
// takes it over; a lock of a live process, or of another host, is refused in one line.

import { closeSync, linkSync, openSync, readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { InputError } from '../core/errors.js';
import { reason, STDOUT_PATH, writeAll } from './files.js';

/** The lock file of an output file. */
export function lockPath(out: string): string {
  return `${out}.lock`;
}

/** The locks this process holds, by lock path, with the text written in them; removed when the process exits. */
const held = new Map<string, string>();

/** Whether the exit handler that lets go of the locks is installed. */
let watching = false;

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
  const text = `${process.pid} ${hostname()}\n`;
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
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new InputError(`cannot lock output file ${out}: cannot create ${path}: ${reason(err)}`);
        const holder = holderOf(out, path);
        if (holder === 'gone') continue;
        if (holder.live || attempt > 0) {
          const where = holder.host !== hostname() ? ` on ${holder.host}` : '';
          throw new InputError(`${out} is being written by another run (process ${holder.pid}${where}; lock ${path}): wait for it to end, or remove ${path} if no such run is going`);
        }
        process.stderr.write(`patience: ${path} was left by process ${holder.pid}, which is no longer running: taking it over\n`);
        rmSync(path, { force: true });
        continue;
      }
      if (!watching) process.on('exit', unlockAll);
      watching = true;
      held.set(path, text);
      return;
    }
  } finally {
    rmSync(draft, { force: true });
  }
  throw new InputError(`${out} is being locked by another run at this moment (lock ${path}): try again`);
}

/** Give draft's text the name path, failing with EEXIST if the name exists: by link(2), or where a file system has no links, by an exclusive create. */
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

/** Who holds a lock: its process id and host, and whether that process still runs here; 'gone' when the lock went meanwhile. */
function holderOf(out: string, path: string): { pid: number; host: string; live: boolean } | 'gone' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return 'gone';
  }
  const m = /^(\d+) (\S+)\n$/.exec(text);
  if (m === null) throw new InputError(`${path} exists and is not a lock of patience, which locks ${out} there: move it away`);
  const pid = Number(m[1]);
  const host = m[2]!;
  // another host's process cannot be looked at from here; this process's own id cannot be the holder's
  if (host !== hostname()) return { pid, host, live: true };
  return { pid, host, live: pid !== process.pid && running(pid) };
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
