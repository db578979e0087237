// `patience merge FILES... --out F`: put together the shards of one run (summaries of simulate or solve, or their
// per-deal files), each shard a disjoint range of deals. Counts are added and the intervals worked out again;
// files of different runs, or whose deals overlap, are refused in one line; gaps between the ranges are reported.

import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../core/errors.js';
import { PLAY_DEAL_COLUMNS, SOLVE_DEAL_COLUMNS } from '../stats/per-deal.js';
import { dealGaps, mergeDealRows, mergeResultRows, mergeSolveRows, type Row } from '../stats/merge.js';
import { COLUMNS } from '../stats/results.js';
import { SOLVE_COLUMNS } from '../stats/solvability.js';
import { checkNotInputs, checkWritable, pathText, reportStream, writeAtomically } from './files.js';

/** The kinds of file merge takes, told apart by their header. */
const KINDS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['solve summary', SOLVE_COLUMNS],
  ['simulate summary', COLUMNS],
  ['simulate per-deal', PLAY_DEAL_COLUMNS],
  ['solve per-deal', SOLVE_DEAL_COLUMNS],
];

/** Merge the files into `out` (an existing one is replaced only with `force`); returns the exit code. */
export function merge(files: readonly string[], out: string, force = false): number {
  if (files.length < 2) throw new InputError('merge needs at least two files');
  checkNotInputs([out], files);
  checkWritable(out, force);
  const read = files.map((f) => readTable(f));
  const kind = read[0]!.kind;
  read.forEach((t, i) => {
    if (t.kind !== kind) throw new InputError(`${files[i]} is a ${t.kind} file, ${files[0]} a ${kind} file`);
  });
  const columns = KINDS.find(([k]) => k === kind)![1];
  if (kind === 'solve summary') {
    read.forEach((t, i) => {
      if (t.rows.length !== 1)
        throw new InputError(`${files[i]} holds ${t.rows.length} rows; a solve summary holds one`);
    });
    const { row, gaps } = mergeSolveRows(
      read.map((t) => t.rows[0]!),
      files,
    );
    writeAtomically(out, stringify([row], { header: true, columns: [...columns] }));
    for (const [lo, hi] of gaps) process.stderr.write(`merge: no file holds deals ${lo}-${hi}\n`);
    reportStream([out]).write(
      `${files.length} files, ${row.deals} deals (${row.deal_ranges}): solved ${row.solved}, unsolvable ${row.unsolvable}, unknown ${row.unknown}; written to ${pathText(out)}\n`,
    );
    return 0;
  }
  if (kind === 'simulate summary') {
    const { rows, gaps } = mergeResultRows(
      read.map((t) => t.rows),
      files,
    );
    writeAtomically(out, stringify(rows, { header: true, columns: [...columns] }));
    for (const [player, lo, hi] of gaps) process.stderr.write(`merge: no file holds deals ${lo}-${hi} of ${player}\n`);
    const players = rows.map((r) => `${r.player} ${r.wins} wins`).join(', ');
    reportStream([out]).write(
      `${files.length} files, ${rows[0]!.deals} deals (${rows[0]!.deal_ranges}): ${players}; written to ${pathText(out)}\n`,
    );
    return 0;
  }
  const rows = mergeDealRows(
    read.map((t) => t.rows),
    files,
  );
  writeAtomically(out, stringify(rows as Row[], { header: true, columns: [...columns] }));
  for (const [player, lo, hi] of dealGaps(rows))
    process.stderr.write(`merge: no file holds deals ${lo}-${hi}${player ? ` of ${player}` : ''}\n`);
  reportStream([out]).write(`${files.length} files, ${rows.length} rows; written to ${pathText(out)}\n`);
  return 0;
}

/** A file's rows and kind; InputError for a file that cannot be read or is of no kind merge takes. */
function readTable(file: string): { kind: string; rows: Row[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  let rows: Row[];
  let header: string[];
  try {
    header = (parse(text, { to_line: 1 }) as string[][])[0] ?? [];
    rows = parse(text, { columns: true }) as Row[];
  } catch {
    throw new InputError(`${file} is not a CSV file`);
  }
  const kind = KINDS.find(([, cols]) => cols.length === header.length && cols.every((c, i) => header[i] === c));
  if (!kind)
    throw new InputError(
      `${file} is not a file merge takes (a summary or per-deal file of simulate or solve, CSV, with this version's columns)`,
    );
  return { kind: kind[0], rows };
}
