// Writing output files safely: check early that the place can be written, then write to a temporary name in
// the same folder and rename, so a reader never sees half a file and an existing file is never damaged.

import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError } from '../core/errors.js';

/** Throw InputError unless a file can be written at path (its folder is created if missing). */
export function checkWritable(path: string): void {
  const full = resolve(path);
  const probe = `${full}.${process.pid}.probe`;
  try {
    makeFolder(dirname(full));
    closeSync(openSync(probe, 'wx'));
    rmSync(probe, { force: true });
  } catch (err) {
    throw new InputError(`cannot write output file ${path}: ${reason(err)}`);
  }
}

/** Write text to path through a temporary file and a rename. */
export function writeAtomically(path: string, text: string): void {
  const full = resolve(path);
  const temp = `${full}.${process.pid}.tmp`;
  try {
    makeFolder(dirname(full));
    writeFileSync(temp, text);
    renameSync(temp, full);
  } catch (err) {
    rmSync(temp, { force: true });
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
