// `patience columns [kind]`: the meaning of every column of the files the commands write.

import { InputError } from '../core/errors.js';
import { TABLES } from '../stats/columns.js';

/** The kinds of file `patience columns` knows. */
export const TABLE_KINDS = TABLES.map((t) => t.id);

/** The text for one kind of file, or all of them. */
export function columnsText(kind?: string): string {
  const tables = kind === undefined ? TABLES : TABLES.filter((t) => t.id === kind);
  if (tables.length === 0) throw new InputError(`unknown kind of file '${kind}' (one of: ${TABLE_KINDS.join(', ')})`);
  return tables
    .map((t) => {
      const width = Math.max(...t.columns.map((c) => c.length));
      return [`${t.title}`, ...t.columns.map((c) => `  ${c.padEnd(width)}  ${t.meaning[c] ?? ''}`)].join('\n');
    })
    .join('\n\n');
}
