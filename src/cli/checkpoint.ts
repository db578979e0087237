// The checkpoint of a long run (simulate, solve, compare) in its output's side file `<out>.checkpoint`: every few
// seconds,
// and once more when Ctrl-C or SIGTERM has stopped the workers, the tallies of the tasks finished since the last
// write are appended to it (stats/checkpoint.ts). `--resume` reads it back, plays only the deals it lacks and
// ends with exactly the files an uninterrupted run writes. Until the run completes, its files carry `.partial`
// in their names (shah.partial.csv); the checkpoint names the partial files the run wrote, and on completion these
// and the checkpoint are removed, never a file the run did not write. Each output file is locked while the run
// goes on (lock.ts). A run whose summary goes to standard output (-o -) keeps no checkpoint and cannot be resumed.
// How the run starts, and the names of its side files, are in run-start.ts.

import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import {
  countsEachDealOnce,
  headerLine,
  partialsLine,
  readCheckpoint,
  runDifference,
  tallyLine,
  type Covering,
  type RunIdentity,
} from '../stats/checkpoint.js';
import { reason, STDOUT_PATH, writeAtomically, writeAll, WriteError } from './files.js';
import { lockOutputs } from './lock.js';
import { checkpointPath, fileOutputs, NO_RESUME_TO_STDOUT, partialPath, type RunStart } from './run-start.js';

/** How often finished deals are written to the checkpoint, in milliseconds (PATIENCE_CHECKPOINT_MS sets it). */
export const CHECKPOINT_EVERY_MS = 2000;

/** How a kind of tally starts and adds up. */
export interface TallyKind<T> {
  /** An empty tally for a part. */
  empty(part: string): T;
  /** Add b into a; returns a. */
  merge(a: T, b: T): T;
}

/** An open checkpoint of one run. */
export interface Checkpoint<T> {
  /** The side file ('-' writes none: see openCheckpoint). */
  readonly path: string;
  /** True when the side file holds finished deals that --resume would continue from. */
  resumable(): boolean;
  /** The tally a part (a player, or 'solve') finished in earlier sessions of the run; empty for a new run. */
  earlier(part: string): T;
  /** Note a finished task's tally (written at the next flush). */
  record(part: string, tally: T): void;
  /** Append what was recorded since the last flush; false when it could not be written (it is tried again at the next).
   * */
  flush(): boolean;
  /**
   * Write the run's files by `write`; when a write fails, first keep what finished in the checkpoint, and say in
   * the WriteError how to go on: `resume`, the command that continues the run (resumeCommand()).
   */
  keeping(write: () => void, resume: string): void;
  /** The run was stopped and will write these partial files: write what finished and the files' names, and stop the
   * timer. */
  interrupted(partials: readonly string[]): void;
  /** The run completed and its files are written: remove the checkpoint and the partial files the run wrote. */
  completed(): void;
}

/**
 * Open the checkpoint of a run writing `outputs` (`outputs[0]` the summary it goes beside), named by `run`, after
 * locking the output files. With `resume`, a missing checkpoint or one of another run is an InputError. Without
 * it, an existing checkpoint holds an unfinished run that a new start would lose: an InputError, unless `force`,
 * which removes it and starts over. A file at a partial name that the run did not write is an InputError unless
 * `force` (a stop would replace it). Every check happens here, before any work (call it last). For a summary on
 * '-' there is no side file: nothing is written and nothing can be resumed.
 */
export function openCheckpoint<T extends Covering>(
  outputs: ReadonlyArray<string | undefined>,
  run: RunIdentity,
  start: RunStart,
  kind: TallyKind<T>,
): Checkpoint<T> {
  const out = outputs[0]!;
  if (out === STDOUT_PATH && start.resume) throw new InputError(NO_RESUME_TO_STDOUT);
  lockOutputs(outputs);
  const path = checkpointPath(out);
  const earlier = new Map<string, T>();
  /** The partial files earlier sessions of the run wrote, as full paths. */
  let ours: ReadonlySet<string> = new Set();
  const resume = start.resume;
  if (out !== STDOUT_PATH && !resume && existsSync(path)) {
    if (!start.force)
      throw new InputError(`${path} holds an unfinished run: continue it with --resume, or start over with --force`);
    try {
      rmSync(path);
    } catch (err) {
      throw new InputError(
        `cannot remove ${path} to start over: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
      );
    }
  }
  if (resume) {
    if (!existsSync(path)) throw new InputError(`nothing to resume: no checkpoint ${path}`);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new InputError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
    const found = readCheckpoint<T>(text, path);
    const diff = runDifference(run, found.run);
    if (diff)
      throw new InputError(`${path} is the checkpoint of another run: ${diff.key} '${diff.b}' there, '${diff.a}' here`);
    for (const [part, tallies] of found.parts) {
      const sum = tallies.reduce((a, t) => kind.merge(a, t), kind.empty(part));
      if (!countsEachDealOnce(sum))
        throw new InputError(
          `${path} is damaged: ${part} counts ${sum.deals} deals in ranges that hold another number`,
        );
      earlier.set(part, sum);
    }
    ours = found.partials;
  }
  for (const p of fileOutputs(outputs).map(partialPath)) {
    if (!start.force && existsSync(p) && !ours.has(resolve(p))) {
      throw new InputError(
        `${p} exists and this run did not write it, but a stop would write its finished deals there: move it away, or give --force`,
      );
    }
  }
  if (out === STDOUT_PATH) {
    return {
      path: out,
      resumable: () => false,
      earlier: (part) => kind.empty(part),
      record: () => {},
      flush: () => true,
      keeping: (write) => write(),
      interrupted: () => {},
      completed: () => {},
    };
  }
  if (resume) {
    // Written again in one piece, one line a part: a line cut short by a crash goes, and the file stays small.
    writeAtomically(
      path,
      headerLine(run) +
        [...earlier].map(([part, t]) => tallyLine(part, t)).join('') +
        (ours.size > 0 ? partialsLine([...ours]) : ''),
    );
  }

  let fd: number | undefined;
  /** Whether this session made the side file, and has put a tally in it. */
  let created = false;
  let appended = false;
  const pending = new Map<string, T>();
  /** Lines to append after the tallies: the names of the partial files a stopped session writes. */
  let named = '';
  /** Append what was recorded since the last flush, whole or not at all (a failed append is cut off again and kept for
   * the next); true when it is on disk. */
  const flush = (quiet = false): boolean => {
    if (pending.size === 0 && named === '') return true;
    const text = [...pending].map(([part, t]) => tallyLine(part, t)).join('') + named;
    let size = 0;
    try {
      if (fd === undefined) {
        created = !existsSync(path);
        fd = openSync(path, 'a');
        if (fstatSync(fd).size === 0) writeAll(fd, headerLine(run));
      }
      size = fstatSync(fd).size;
      writeAll(fd, text);
      fsyncSync(fd);
      pending.clear();
      named = '';
      appended = true;
      return true;
    } catch (err) {
      if (fd !== undefined) {
        try {
          ftruncateSync(fd, size);
        } catch {
          // the next read leaves out a last line cut short
        }
      }
      if (!quiet) process.stderr.write(`patience: cannot write the checkpoint ${path}: ${reason(err)}\n`);
      return false;
    }
  };
  const every = Number(process.env['PATIENCE_CHECKPOINT_MS'] ?? CHECKPOINT_EVERY_MS);
  const timer = setInterval(() => flush(), Number.isFinite(every) && every >= 10 ? every : CHECKPOINT_EVERY_MS);
  timer.unref();
  const close = () => {
    clearInterval(timer);
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
  return {
    path,
    resumable: () => existsSync(path),
    earlier: (part) => earlier.get(part) ?? kind.empty(part),
    record(part, tally) {
      pending.set(part, kind.merge(pending.get(part) ?? kind.empty(part), tally));
    },
    flush: () => flush(),
    keeping(write, resume) {
      try {
        write();
      } catch (err) {
        if (!(err instanceof WriteError)) throw err;
        flush(true);
        close();
        if (created && !appended) rmSync(path, { force: true });
        const kept = existsSync(path);
        throw new WriteError(
          kept ? `${err.message}; deals that finished are kept in ${path}: when there is room, ${resume}` : err.message,
        );
      }
    },
    interrupted(partials) {
      const files = fileOutputs(partials);
      if (files.length > 0) named = partialsLine(files.map((p) => resolve(p)));
      flush();
      close();
    },
    completed() {
      close();
      for (const p of [...ours, path]) rmSync(p, { force: true });
    },
  };
}
