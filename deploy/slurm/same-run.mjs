// node same-run.mjs A.csv B.csv: exit 0 when the two CSV files hold the same rows, the timing columns (ms,
// ms_per_deal) aside; else print the first difference and exit 1. Used by test-local.sh.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

const TIMING = ['ms', 'ms_per_deal'];
const [a, b] = process.argv.slice(2).map((f) => parse(readFileSync(f, 'utf8'), { columns: true }));
const untimed = (rows) => rows.map((r) => JSON.stringify({ ...r, ...Object.fromEntries(TIMING.filter((c) => c in r).map((c) => [c, ''])) }));
const [x, y] = [untimed(a), untimed(b)];
const k = x.findIndex((row, i) => row !== y[i]);
if (x.length !== y.length || k >= 0) {
  console.error(`${process.argv[2]} and ${process.argv[3]} differ${k >= 0 ? ` at row ${k + 1}:\n  ${x[k]}\n  ${y[k]}` : `: ${x.length} rows against ${y.length}`}`);
  process.exit(1);
}
