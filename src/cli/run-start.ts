// How a long run (simulate, solve, compare) starts, and starts again: the names of its side files (the checkpoint
// beside its summary, the `.partial` names its files carry while it is unfinished), the check of its outputs before
// any work, the start its flags ask for (--resume, --force), and the command that resumes it (checkpoint.ts keeps
// the checkpoint itself).

import { existsSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { checkOutputs, STDOUT_PATH } from './files.js';
import { lockPath } from './lock.js';

/** The refusal of --resume with -o -. */
export const NO_RESUME_TO_STDOUT =
  '--resume needs the checkpoint beside an output file, and -o - (standard output) keeps none: give -o a file name';

/** How a run starts, as its flags ask: from its checkpoint (--resume), and over existing files (--force). */
export interface RunStart {
  /** Continue the run from its checkpoint. */
  readonly resume: boolean;
  /** Replace existing output files; without resume, also discard an unfinished checkpoint and start over. */
  readonly force: boolean;
}

/** The output paths that name files (not standard output). */
export function fileOutputs(outputs: ReadonlyArray<string | undefined>): string[] {
  return outputs.filter((p): p is string => p !== undefined && p !== STDOUT_PATH);
}

/** The side file that holds the checkpoint of a run writing `out`. */
export function checkpointPath(out: string): string {
  return `${out}.checkpoint`;
}

/** The name a file has while its run is unfinished: `.partial` before its extension (shah.partial.csv); '-' stays '-'.
 * */
export function partialPath(path: string): string {
  if (path === STDOUT_PATH) return path;
  const ext = extname(path);
  return join(dirname(path), `${basename(path, ext)}.partial${ext}`);
}

/**
 * Check a run's output paths with checkOutputs, `outputs[0]` being the summary the checkpoint goes beside. A resumed
 * run replaces the files of its own earlier sessions, so it needs no --force for them: its checkpoint, which
 * openCheckpoint then reads, shows that a run of this very command line was started over these paths, which a
 * fresh start allows only where no file was (or with --force). Other refusals (a folder, a device, a link to
 * nothing, two outputs naming one file, an output named as one of the run's side files) stand. --resume with the
 * summary on standard output is refused: such a run keeps no checkpoint.
 */
export function checkRunOutputs(outputs: ReadonlyArray<string | undefined>, start: RunStart): void {
  if (start.resume && outputs[0] === STDOUT_PATH) {
    throw new InputError(NO_RESUME_TO_STDOUT);
  }
  checkOutputs(outputs, start.force || start.resume);
  const files = fileOutputs(outputs);
  const side = new Map<string, string>();
  if (outputs[0] !== undefined && outputs[0] !== STDOUT_PATH)
    side.set(resolve(checkpointPath(outputs[0])), `the checkpoint this run keeps beside ${outputs[0]}`);
  for (const p of files) {
    side.set(resolve(lockPath(p)), `the lock this run holds on ${p}`);
    side.set(resolve(partialPath(p)), `the name this run gives ${p} while unfinished`);
  }
  for (const p of files) {
    const what = side.get(resolve(p));
    if (what !== undefined) throw new InputError(`output file ${p} is ${what}: give it another name`);
  }
}

/**
 * How a run starts, its outputs checked (checkRunOutputs): as its flags ask, except that --resume with no checkpoint
 * beside `outputs[0]` (a run stopped before its first checkpoint, as by SIGKILL in its first seconds, or never
 * started) starts the run afresh, saying so on stderr, so that a loop retrying the same --resume command goes on;
 * a fresh start then refuses existing files without --force, as any start does.
 */
export function startRun(
  outputs: ReadonlyArray<string | undefined>,
  flags: { readonly resume?: boolean; readonly force?: boolean },
): RunStart {
  const out = outputs[0];
  const afresh = flags.resume === true && out !== undefined && out !== STDOUT_PATH && !existsSync(checkpointPath(out));
  const start = { resume: flags.resume === true && !afresh, force: flags.force === true };
  checkRunOutputs(outputs, start);
  if (afresh)
    process.stderr.write(`nothing to resume (no checkpoint ${checkpointPath(out)}): starting the run afresh\n`);
  return start;
}

/** The command that resumes this run: the command line as given, with --resume. */
export function resumeCommand(argv: readonly string[] = process.argv.slice(2)): string {
  const args = argv.includes('--resume') ? argv : [...argv, '--resume'];
  return ['patience', ...args.map(shellWord)].join(' ');
}

/** A word as a POSIX shell reads it back: quoted when it holds anything but plain characters. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./=:,+@%-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
