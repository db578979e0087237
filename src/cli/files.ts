// Writing output files safely. Before any work, checkWritable refuses a path that could not be written or that
// names a folder, a device or an existing file (unless --force); then writeAtomically writes a temporary file in
// the same folder, every byte of it checked (a write may put down fewer bytes than asked: a full disk does), fsyncs
// it and renames it over the target (through a symbolic link onto its target; an existing file's mode and owner
// kept), so a reader never sees half a file and an existing file is never damaged: a write that fails leaves it
// as it was; writeTogether does the same for the files of one run, renaming none until every one is written. The
// path '-' is standard output, written synchronously.

import fs, {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';

/** A file that could not be written whole after the work was done (exit code 1); its message is one line. */
export class WriteError extends Error {
  override name = 'WriteError';
}

/** The output path that means standard output. */
export const STDOUT_PATH = '-';

/**
 * Throw InputError unless a file can be written at path (its folder is created if missing): refused are an empty
 * path, a folder, anything that is not a regular file (such as /dev/stdout: use '-'), a symbolic link to nothing,
 * and an existing file unless `force`. '-' (standard output) always passes.
 */
export function checkWritable(path: string, force = false): void {
  if (path === STDOUT_PATH) return;
  if (path.trim() === '')
    throw new InputError("the output path is empty (give a file name, or '-' for standard output)");
  if (/[\\/]$/.test(path)) throw new InputError(`cannot write output file ${path}: it names a folder`);
  const full = resolve(path);
  const link = statOf(path, full, lstatSync)?.isSymbolicLink() === true;
  const st = statOf(path, full, statSync);
  if (st === undefined && link)
    throw new InputError(
      `cannot write output file ${path}: it is a symbolic link to ${readlinkSync(full)}, which does not exist`,
    );
  if (st?.isDirectory()) throw new InputError(`cannot write output file ${path}: it is a folder`);
  if (st !== undefined && !st.isFile())
    throw new InputError(`cannot write output file ${path}: not a regular file (for standard output give '-')`);
  if (st !== undefined && !force) throw new InputError(`output file ${path} exists; give --force to replace it`);
  const target = st !== undefined ? realpathSync(full) : full;
  const probe = `${target}.${process.pid}.probe`;
  try {
    makeFolder(dirname(target));
    closeSync(openSync(probe, 'wx'));
    rmSync(probe, { force: true });
  } catch (err) {
    throw new InputError(`cannot write output file ${path}: ${reason(err)}`);
  }
}

/**
 * Check every output path of a command with checkWritable (undefined ones are not asked for), and that no two
 * name the same file; throws InputError.
 */
export function checkOutputs(paths: ReadonlyArray<string | undefined>, force: boolean): void {
  const seen = new Map<string, string>();
  for (const path of paths) {
    if (path === undefined) continue;
    checkWritable(path, force);
    const key = path === STDOUT_PATH ? STDOUT_PATH : existsSync(path) ? realpathSync(path) : resolve(path);
    const before = seen.get(key);
    if (before !== undefined)
      throw new InputError(`two outputs name the same file: ${before === path ? path : `${before} and ${path}`}`);
    seen.set(key, path);
  }
}

/** InputError when an output names the same file as one of the command's inputs: refused even with --force, since the
 * run would replace what it reads. */
export function checkNotInputs(
  outputs: ReadonlyArray<string | undefined>,
  inputs: ReadonlyArray<string | undefined>,
): void {
  const key = (path: string) => (existsSync(path) ? realpathSync(path) : resolve(path));
  const read = new Set(inputs.filter((p): p is string => p !== undefined && p !== STDOUT_PATH).map(key));
  for (const path of outputs) {
    if (path !== undefined && path !== STDOUT_PATH && read.has(key(path)))
      throw new InputError(`output file ${path} is also an input of this command: give the output another name`);
  }
}

/** A path as a command's report names it: '-' is standard output. */
export function pathText(path: string): string {
  return path === STDOUT_PATH ? 'standard output' : path;
}

/** Where a command's own report (its summary table) goes: stderr when one of its outputs is standard output, else
 * stdout. */
export function reportStream(paths: ReadonlyArray<string | undefined>): NodeJS.WriteStream {
  return paths.includes(STDOUT_PATH) ? process.stderr : process.stdout;
}

/** Write text to path atomically (see the file's comment), or to standard output when path is '-'. */
export function writeAtomically(path: string, text: string): void {
  if (path === STDOUT_PATH) {
    writeStandardOutput(text);
    return;
  }
  const d = draft(path, text, (why, was) => `${why}; ${was ? 'the file is as it was' : 'nothing was written'}`);
  land(d);
}

/**
 * Write the files of one run so that all land or none does: every draft is written whole and synced first, then
 * standard output (if one of them is '-'), and only then is each renamed over its target. A failed draft takes
 * the others back: the WriteError says nothing was written, naming the files that are as they were.
 */
export function writeTogether(files: ReadonlyArray<readonly [path: string, text: string]>): void {
  const drafts: Draft[] = [];
  const takeBack = () => drafts.forEach((d) => rmSync(d.temporary, { force: true }));
  const untouched = () => files.map(([p]) => p).filter((p) => p !== STDOUT_PATH && existsSync(p));
  const nothing = () => `nothing was written${untouched().length > 0 ? ` (${untouched().join(', ')} as it was)` : ''}`;
  for (const [path, text] of files) {
    if (path === STDOUT_PATH) continue;
    try {
      drafts.push(draft(path, text, (why) => why));
    } catch (err) {
      takeBack();
      throw new WriteError(`${(err as Error).message}; ${nothing()}`);
    }
  }
  const out = files.find(([p]) => p === STDOUT_PATH);
  if (out !== undefined) {
    try {
      writeStandardOutput(out[1]);
    } catch (err) {
      takeBack();
      throw err;
    }
  }
  for (const d of drafts) land(d);
}

/** A file written whole beside its target, not yet renamed over it. */
interface Draft {
  readonly path: string;
  readonly temporary: string;
  readonly target: string;
}

/** Write text to a temporary file beside path's target, checked and synced; a WriteError worded by `say` (why, whether
 * the target exists) when it fails. */
function draft(path: string, text: string, say: (why: string, was: boolean) => string): Draft {
  const full = resolve(path);
  const target = existsSync(full) ? realpathSync(full) : full;
  const was = existsSync(target) ? statSync(target) : undefined;
  try {
    makeFolder(dirname(target));
  } catch (err) {
    throw new WriteError(`cannot write ${path}: ${reason(err)}`);
  }
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${++written}.tmp`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temporary, 'wx', was?.mode ?? 0o666);
    writeAll(fd, text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    if (was !== undefined) keepOwnerAndMode(temporary, was);
  } catch (err) {
    if (fd !== undefined) fs.closeSync(fd);
    rmSync(temporary, { force: true });
    throw new WriteError(say(`cannot write ${path}: ${reason(err)}`, was !== undefined));
  }
  return { path, temporary, target };
}

/** Rename a draft over its target and sync the folder. */
function land(d: Draft): void {
  try {
    fs.renameSync(d.temporary, d.target);
  } catch (err) {
    rmSync(d.temporary, { force: true });
    throw new WriteError(`cannot write ${d.path}: ${reason(err)}`);
  }
  syncFolder(dirname(d.target));
}

/** Write text to standard output, synchronously (so that a failure is known before the run says it wrote). */
function writeStandardOutput(text: string): void {
  try {
    writeAll(1, text);
  } catch (err) {
    // a reader that closed the pipe early has what it wanted (as main.ts's stdout listener says)
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
    throw new WriteError(`cannot write standard output: ${reason(err)}`);
  }
}

/** What writeAll waits on for a millisecond while a non-blocking pipe is full. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Temporary files written so far by this process (their names must differ). */
let written = 0;

/** Write all of text at fd's position: writeSync again after a short write (and, on a pipe that is full, once it
 * drains); throws on a failed write or one that puts down nothing. */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  while (done < bytes.length) {
    let n: number;
    try {
      n = fs.writeSync(fd, bytes, done, bytes.length - done);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(PAUSE, 0, 0, 1);
      continue;
    }
    if (!(n > 0)) throw Object.assign(new Error('a write put down no bytes'), { code: 'ENOSPC', syscall: 'write' });
    done += n;
  }
}

/** Give the temporary file the mode and owner of the file it replaces (a change of owner only root may make; skipped
 * otherwise). */
function keepOwnerAndMode(temporary: string, was: Stats): void {
  fs.chmodSync(temporary, was.mode & 0o7777);
  try {
    fs.chownSync(temporary, was.uid, was.gid);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EINVAL') throw err;
  }
}

/** fsync a folder, so that a rename in it survives a crash; a file system that cannot do it is let be. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // some file systems refuse fsync on a folder: the file is written, only its rename is not yet on disk
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Stats of full by `how` (lstat or stat); undefined when there is nothing there; InputError on other failures. */
function statOf(path: string, full: string, how: (p: string) => Stats): Stats | undefined {
  try {
    return how(full);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new InputError(`cannot write output file ${path}: ${reason(err)}`);
  }
}

/** Create a folder and its missing parents, one level at a time (Node's recursive mkdir loops for ever on /proc). */
function makeFolder(dir: string): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeFolder(parent);
  mkdirSync(dir);
}

/** Why a file operation failed, in words with the system's code: "no space left on device (ENOSPC)". */
export function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (!e.code) return String(err);
  const words = WORDS[e.code];
  return words !== undefined ? `${words} (${e.code})` : `${e.code}${e.syscall ? ` (${e.syscall})` : ''}`;
}

const WORDS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
};
