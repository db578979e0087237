// Checkpoints: what a long run has finished, as lines of JSON text, so that a run stopped by Ctrl-C, a
// scheduler's time limit or a crash can go on where it was. The first line names the run; each later line holds
// the tally of deals finished since the line before, for one part of the run (a player, or the solver), or names
// the partial files a stopped session wrote. Tallies add up in any order, so the sum of the lines plus the deals
// still to play is exactly an uninterrupted run, per-deal results and winning lines included (their typed arrays
// are kept as base64 of their bytes). Each line starts with a checksum of its JSON text, so that a line changed
// after it was written (by hand, or by a disk) is refused rather than added into the results.

import { createHash } from 'node:crypto';
import { InputError } from '../core/errors.js';

/** What names a run: a resumed run must agree on every field. */
export type RunIdentity = Readonly<Record<string, string>>;

/** What a checkpoint's tallies need: a deal count and the ranges they cover. */
export interface Covering {
  deals: number;
  ranges: Array<[number, number]>;
}

/** A checkpoint read back: the run it names, each part's tallies in the order written, and the partial files it wrote.
 * */
export interface CheckpointText<T> {
  readonly run: RunIdentity;
  readonly parts: ReadonlyMap<string, T[]>;
  readonly partials: ReadonlySet<string>;
}

/** The typed arrays a tally may hold, by name. */
const TYPED = { Uint8Array, Uint32Array, Float64Array } as const;

/** The checkpoint format written by this version (its header's `checkpoint` field). */
const FORMAT = 2;

/** The first line of a checkpoint: the run it belongs to. */
export function headerLine(run: RunIdentity): string {
  return summed(JSON.stringify({ checkpoint: FORMAT, run }));
}

/** One line holding a part's tally (its typed arrays as base64). */
export function tallyLine(part: string, tally: unknown): string {
  return summed(JSON.stringify({ part, tally }, encodeTyped));
}

/** A line naming the partial files a stopped session of the run wrote (a completed run removes these, and only these).
 * */
export function partialsLine(paths: readonly string[]): string {
  return summed(JSON.stringify({ partials: paths }));
}

/** A line of JSON text with its checksum in front: "<16 hex digits> <json>\n". */
function summed(json: string): string {
  return `${checksum(json)} ${json}\n`;
}

/** The first 16 hex digits of the SHA-256 of text. */
function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Read a checkpoint's text. A last line without its newline was cut short by a crash while being written and is
 * left out; any other line that is not a checkpoint's is an InputError naming `name` and the line.
 */
export function readCheckpoint<T extends Covering>(text: string, name: string): CheckpointText<T> {
  const lines = text.split('\n');
  lines.pop(); // the text after the last newline: empty, or a line cut short
  const parsed = lines.map((line, i) => {
    const m = /^([0-9a-f]{16}) (.*)$/.exec(line);
    if (m === null)
      throw new InputError(
        i === 0
          ? `${name} is not a checkpoint of this version of patience`
          : `${name} is damaged at line ${i + 1}: no checksum`,
      );
    if (checksum(m[2]!) !== m[1])
      throw new InputError(
        `${name} is damaged at line ${i + 1}: it fails its checksum, so it was changed after patience wrote it`,
      );
    try {
      return JSON.parse(m[2]!, decodeTyped) as Record<string, unknown>;
    } catch {
      throw new InputError(`${name} is damaged at line ${i + 1}: not JSON`);
    }
  });
  const head = parsed[0];
  if (head === undefined || head['checkpoint'] !== FORMAT || typeof head['run'] !== 'object' || head['run'] === null) {
    throw new InputError(`${name} is not a checkpoint of this version of patience`);
  }
  const parts = new Map<string, T[]>();
  const partials = new Set<string>();
  parsed.slice(1).forEach((line, i) => {
    const paths = line['partials'];
    if (Array.isArray(paths) && paths.every((p) => typeof p === 'string')) {
      for (const p of paths) partials.add(p);
      return;
    }
    const tally = line['tally'] as T | undefined;
    if (typeof line['part'] !== 'string' || !isCovering(tally))
      throw new InputError(`${name} is damaged at line ${i + 2}: not a tally`);
    parts.set(line['part'], [...(parts.get(line['part']) ?? []), tally]);
  });
  return { run: head['run'] as RunIdentity, parts, partials };
}

/** The first field on which two runs differ, with both values; undefined when they are the same run. */
export function runDifference(a: RunIdentity, b: RunIdentity): { key: string; a: string; b: string } | undefined {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[key] !== b[key]) return { key, a: a[key] ?? '(none)', b: b[key] ?? '(none)' };
  }
  return undefined;
}

/** True when a tally counts each deal of its ranges once: as many deals as its ranges hold. */
export function countsEachDealOnce(t: Covering): boolean {
  return t.deals === t.ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
}

function isCovering(t: unknown): t is Covering {
  const c = t as Covering | undefined;
  return typeof c === 'object' && c !== null && Number.isSafeInteger(c.deals) && Array.isArray(c.ranges);
}

/** JSON replacer: a typed array becomes { $typed: its type, base64: its bytes }. */
function encodeTyped(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array || value instanceof Uint32Array || value instanceof Float64Array) {
    return {
      $typed: value.constructor.name,
      base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'),
    };
  }
  return value;
}

/** JSON reviver: the inverse of encodeTyped. */
function decodeTyped(_key: string, value: unknown): unknown {
  const v = value as { $typed?: unknown; base64?: unknown } | null;
  if (typeof v !== 'object' || v === null || typeof v.$typed !== 'string' || typeof v.base64 !== 'string') return value;
  const make = TYPED[v.$typed as keyof typeof TYPED];
  if (make === undefined) return value;
  const bytes = Buffer.from(v.base64, 'base64');
  // copied into a buffer of its own: a Float64Array needs its start aligned to 8 bytes
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new make(copy.buffer, 0, bytes.byteLength / make.BYTES_PER_ELEMENT);
}
