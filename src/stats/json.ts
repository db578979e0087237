// JSON text of result rows (--format json): one object per row with the same fields as the CSV, typed: numbers
// as numbers, true/false as booleans, empty fields as null, option and settings lists ("name=value ...") as
// objects, and the histogram as an array of counts.

/** Fields that hold "name=value name=value" lists. */
const OBJECT_FIELDS = new Set([
  'options',
  'options_a',
  'options_b',
  'player_settings',
  'player_settings_a',
  'player_settings_b',
  'pruning',
]);
/** Fields that stay text even when they look like numbers. */
const TEXT_FIELDS = new Set(['seed', 'version', 'deal_ranges', 'a', 'b', 'game', 'player', 'player_a', 'player_b']);

/** A JSON value for one field of a row. */
export function jsonValue(field: string, text: string): unknown {
  if (field === 'histogram') return text.trim() === '' ? [] : text.trim().split(/\s+/).map(Number);
  if (OBJECT_FIELDS.has(field)) {
    const o: Record<string, unknown> = {};
    for (const pair of text.split(/\s+/).filter((p) => p.length > 0)) {
      const eq = pair.indexOf('=');
      o[eq < 0 ? pair : pair.slice(0, eq)] = eq < 0 ? true : scalar(pair.slice(eq + 1));
    }
    return o;
  }
  if (TEXT_FIELDS.has(field)) return text;
  return text === '' ? null : scalar(text);
}

function scalar(text: string): string | number | boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return Number(text);
  return text;
}

/** The JSON text (an array, one object per row, fields in column order) of rows. */
export function rowsJson(rows: ReadonlyArray<Record<string, string>>, columns: readonly string[]): string {
  const objects = rows.map((r) => Object.fromEntries(columns.map((c) => [c, jsonValue(c, r[c] ?? '')])));
  return JSON.stringify(objects, null, 2) + '\n';
}
