// The format of output files (--format csv|json) and the text of a table of rows in it.

import { InvalidArgumentError } from 'commander';
import { rowsCsv } from '../stats/compare.js';
import { rowsJson } from '../stats/json.js';

/** Output file formats. */
export const FORMATS = ['csv', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Parse --format. */
export function formatName(text: string): Format {
  if ((FORMATS as readonly string[]).includes(text)) return text as Format;
  throw new InvalidArgumentError(`It must be one of ${FORMATS.join(', ')}.`);
}

/** The text of rows in a format: CSV with a header line, or a JSON array of objects. */
export function tableText(
  rows: ReadonlyArray<Record<string, string>>,
  columns: readonly string[],
  format: Format,
): string {
  return format === 'json' ? rowsJson(rows, columns) : rowsCsv(rows, columns);
}

/** A count and its noun, the noun plural unless the count is one: "1 game", "2 games", "0 comparisons". */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? noun : plural}`;
}
