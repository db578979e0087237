// Writing output files safely. Before any work, checkWritable refuses a path that could not be written or that
// names a folder, a device or an existing file (unless --force); then writeAtomically writes through
// write-file-atomic (a temporary file in the same folder, fsync, rename; through a symbolic link onto its
// target; an existing file's mode kept), so a reader never sees half a file and an existing file is never
// damaged. The path '-' is standard output.

import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, rmSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { InputError } from '../core/errors.js';

/** The output path that means standard output. */
export const STDOUT_PATH = '-';

/**
 * Throw InputError unless a file can be written at path (its folder is created if missing): refused are an empty
 * path, a folder, anything that is not a regular file (such as /dev/stdout: use '-'), a symbolic link to nothing,
 * and an existing file unless `force`. '-' (standard output) always passes.
 */
export function checkWritable(path: string, force = false): void {
  if (path === STDOUT_PATH) return;
  if (path.trim() === '') throw new InputError("the output path is empty (give a file name, or '-' for standard output)");
  if (/[\\/]$/.test(path)) throw new InputError(`cannot write output file ${path}: it names a folder`);
  const full = resolve(path);
  const link = statOf(path, full, lstatSync)?.isSymbolicLink() === true;
  const st = statOf(path, full, statSync);
  if (st === undefined && link) throw new InputError(`cannot write output file ${path}: it is a symbolic link to ${readlinkSync(full)}, which does not exist`);
  if (st?.isDirectory()) throw new InputError(`cannot write output file ${path}: it is a folder`);
  if (st !== undefined && !st.isFile()) throw new InputError(`cannot write output file ${path}: not a regular file (for standard output give '-')`);
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
    if (before !== undefined) throw new InputError(`two outputs name the same file: ${before === path ? path : `${before} and ${path}`}`);
    seen.set(key, path);
  }
}

/** A path as a command's report names it: '-' is standard output. */
export function pathText(path: string): string {
  return path === STDOUT_PATH ? 'standard output' : path;
}

/** Where a command's own report (its summary table) goes: stderr when one of its outputs is standard output, else stdout. */
export function reportStream(paths: ReadonlyArray<string | undefined>): NodeJS.WriteStream {
  return paths.includes(STDOUT_PATH) ? process.stderr : process.stdout;
}

/** Write text to path atomically (see the file's comment), or to standard output when path is '-'. */
export function writeAtomically(path: string, text: string): void {
  if (path === STDOUT_PATH) {
    process.stdout.write(text);
    return;
  }
  const full = resolve(path);
  try {
    makeFolder(dirname(full));
    writeFileAtomic.sync(full, text);
  } catch (err) {
    throw new InputError(`cannot write output file ${path}: ${reason(err)}`);
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

function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ? `${e.code}${e.syscall ? ` (${e.syscall})` : ''}` : String(err);
}
