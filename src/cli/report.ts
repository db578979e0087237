// `patience report [paths...]`: read results CSV files (or folders of them), tell each by its header, and write one
// self-contained HTML page with a chart of win rates and one of cards on the foundations per game, and tables.

import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'csv-parse/sync';
import { InputError } from '../core/errors.js';
import { GAMES } from '../games/registry.js';
import { PLAYERS } from '../planners/registry.js';
import { buildSections, fileKind, histogramFault, type Row } from '../report/model.js';
import { reportHtml, type DrawnSection } from '../report/html.js';
import { counted } from './output.js';
import { checkNotInputs, checkOutputs, checkWritable, pathText, reportStream, writeAtomically } from './files.js';

/** The options of `patience report`, as parsed. */
export interface ReportArgs {
  readonly paths: readonly string[];
  readonly out: string;
  /** Also write each chart as <game>-win-rates.svg and <game>-cards.svg here. */
  readonly charts?: string;
  /** Replace existing output files (the report and the charts). */
  readonly force?: boolean;
}

/** Make the report; returns the exit code. */
export async function report(args: ReportArgs, version = readVersion()): Promise<number> {
  const force = args.force === true;
  const files = findFiles(args.paths);
  checkNotInputs(
    [args.out],
    files.map((f) => f.path),
  );
  checkWritable(args.out, force);
  if (args.charts !== undefined) checkWritable(join(args.charts, 'probe.svg'));
  const rows = { simulate: [] as Row[], solve: [] as Row[], compare: [] as Row[] };
  const used: string[] = [];
  const skipped: string[] = [];
  for (const { path, explicit } of files) {
    const [header, records] = readCsv(path);
    const kind = fileKind(header);
    if (kind === 'other') {
      if (explicit)
        throw new InputError(
          `${path} is not a results file of simulate, solve or compare (its header: ${header.slice(0, 4).join(',')}...)`,
        );
      skipped.push(path);
      continue;
    }
    if (kind === 'simulate') {
      for (const record of records) {
        const fault = histogramFault(record);
        if (fault !== undefined) throw new InputError(`${path} is damaged: ${fault}`);
      }
    }
    rows[kind].push(...records);
    used.push(path);
  }
  if (used.length === 0) throw new InputError(`no results files found in ${args.paths.join(', ')}`);
  if (skipped.length > 0) process.stderr.write(`${skippedText(skipped)}\n`);

  const sections = buildSections(
    rows,
    Object.fromEntries(GAMES.map((g) => [g.id, g.title])),
    GAMES.map((g) => g.id),
    PLAYERS.map((p) => p.id),
  );
  const charts = (game: string) =>
    args.charts === undefined
      ? []
      : [join(args.charts, `${game}-win-rates.svg`), join(args.charts, `${game}-cards.svg`)];
  checkOutputs([args.out, ...sections.flatMap((s) => charts(s.game).slice(0, s.cardsSpec ? 2 : 1))], force);
  // Loaded here, not at start: Vega takes half a second to load, which every other command would pay.
  const { renderSvg } = await import('../report/render.js');
  const drawn: DrawnSection[] = [];
  for (const section of sections) {
    drawn.push({
      section,
      winSvg: await renderSvg(section.winSpec),
      cardsSvg: section.cardsSpec ? await renderSvg(section.cardsSpec) : undefined,
      foresightSvg: section.foresightSpec ? await renderSvg(section.foresightSpec) : undefined,
    });
  }
  writeAtomically(args.out, reportHtml(drawn, used, version));
  if (args.charts !== undefined) {
    for (const d of drawn) {
      const [winPath, cardsPath] = charts(d.section.game);
      writeAtomically(winPath!, d.winSvg + '\n');
      if (d.cardsSvg) writeAtomically(cardsPath!, d.cardsSvg + '\n');
    }
  }
  const counts = `${counted(rows.simulate.length, 'player row')}, ${counted(rows.solve.length, 'solver row')}, ${counted(rows.compare.length, 'comparison')}`;
  reportStream([args.out]).write(
    `report of ${counted(sections.length, 'game')} (${counts}) from ${counted(used.length, 'file')} written to ${pathText(args.out)}${args.charts !== undefined ? `, charts in ${args.charts}` : ''}\n`,
  );
  return 0;
}

/** One line for the files of a folder that are not summaries (per-deal files and the like): how many, and the first
 * few. */
function skippedText(paths: readonly string[]): string {
  const shown = paths.slice(0, 3).join(', ');
  const more = paths.length > 3 ? ` and ${paths.length - 3} more` : '';
  const what = paths.length === 1 ? 'file that is not a summary' : 'files that are not summaries';
  return `report: skipped ${paths.length} ${what} of simulate, solve or compare (per-deal files and the like): ${shown}${more}`;
}

/**
 * The .csv files named or found (recursively, sorted) in the folders named; throws InputError on a missing path
 * and on a file that would be read twice (named twice, or named and also found in a folder named).
 */
function findFiles(paths: readonly string[]): Array<{ path: string; explicit: boolean }> {
  const out: Array<{ path: string; explicit: boolean }> = [];
  for (const p of paths) {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch {
      throw new InputError(`cannot read ${p}: no such file or folder`);
    }
    if (st.isDirectory()) out.push(...walk(p).map((path) => ({ path, explicit: false })));
    else out.push({ path: p, explicit: true });
  }
  const seen = new Map<string, string>();
  for (const { path } of out) {
    const key = realpathSync(path);
    const before = seen.get(key);
    if (before !== undefined)
      throw new InputError(
        `${path} would be read twice${before !== path ? ` (also as ${before})` : ''}: name each file or folder once`,
      );
    seen.set(key, path);
  }
  return out;
}

function walk(dir: string): string[] {
  const found: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) found.push(...walk(p));
    else if (e.isFile() && e.name.endsWith('.csv')) found.push(relative('.', p) || p);
  }
  return found;
}

/** The header and rows of a CSV file; throws InputError when it cannot be read or parsed. */
function readCsv(path: string): [string[], Row[]] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new InputError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  try {
    const records = parse(text, { columns: true, skip_empty_lines: true }) as Row[];
    const header = (parse(text.split('\n', 1)[0] ?? '', {}) as string[][])[0] ?? [];
    return [header, records];
  } catch (err) {
    throw new InputError(`cannot parse ${path} as CSV: ${(err as Error).message.split('\n')[0]}`);
  }
}

function readVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
}
