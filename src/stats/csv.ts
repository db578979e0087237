// CSV text of result rows, through csv-stringify, with the fixed column list.

import { stringify } from 'csv-stringify/sync';
import { COLUMNS, type ResultRow } from './results.js';

/** The CSV text (header line first) of the rows. */
export function resultsCsv(rows: readonly ResultRow[]): string {
  return stringify(rows as ResultRow[], { header: true, columns: [...COLUMNS] });
}
