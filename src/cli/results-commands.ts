// The results commands: report, columns and merge, which read, describe and put together the files that the run
// commands write (report.ts, columns.ts, merge.ts do the work).

import { Argument, Option, type Command } from 'commander';
import { columnsText, TABLE_KINDS } from './columns.js';
import { merge } from './merge.js';
import { examples, forceOption } from './options.js';
import { report, type ReportArgs } from './report.js';

/** Add report, columns and merge to the program; actions set `exit.code`. */
export function addResultsCommands(program: Command, exit: { code: number }): void {
  program
    .command('report')
    .description(
      'make one self-contained HTML report (charts and tables, no network needed to view it) from results files',
    )
    .addArgument(
      new Argument('[paths...]', 'results CSV files or folders (searched recursively for .csv files)').default(
        ['results'],
        'results',
      ),
    )
    .addOption(new Option('-o, --out <path>', "HTML file to write, '-' for standard output").default('report.html'))
    .addOption(new Option('--charts <dir>', 'also write each chart as an SVG file in this folder'))
    .addOption(forceOption(false))
    .addHelpText(
      'after',
      [
        '',
        'Files are recognised by their header: simulate summaries (win rates, histograms), solve summaries (the',
        'solvability interval, columns bound/solved) and compare rows (columns only_a/only_b); other CSV files in a',
        'folder (per-deal files) are skipped with a note on stderr.',
        "An existing page or chart is replaced only with --force. The repository's own report is made again, as its",
        'results change, by `patience report results --out results/report.html --charts results/charts --force`.',
        examples(
          'patience report patience-runs --out runs.html --charts charts',
          'patience report patience-runs/shah-naive+greedy-s2026-n1000.csv carpet.csv -o shah-and-carpet.html',
        ),
      ].join('\n'),
    )
    .action(async (paths: string[], opts: Omit<ReportArgs, 'paths'>) => {
      exit.code = await report({ ...opts, paths });
    });

  program
    .command('columns')
    .description('describe the columns of the files that simulate, solve and compare write')
    .argument('[kind]', `one of ${TABLE_KINDS.join(', ')} (default: all)`)
    .addHelpText('after', examples('patience columns', 'patience columns simulate-deals'))
    .action((kind?: string) => {
      process.stdout.write(columnsText(kind) + '\n');
    });

  program
    .command('merge')
    .description(
      'put together the shards of one run (summaries of simulate or solve, or per-deal files), each over its own deals',
    )
    .argument('<files...>', 'the shards: files of one kind, from runs that differ only in their deals')
    .requiredOption('-o, --out <path>', "the merged file to write, '-' for standard output")
    .addOption(forceOption(false))
    .addHelpText(
      'after',
      [
        '',
        'Counts and histograms are added and the intervals worked out again; files of different runs (game, options,',
        'players and their settings, seed, budget, version) or whose deals overlap are refused, and gaps between the',
        'deal ranges are reported. Shards are easiest made with --shard i/N (simulate, solve).',
        examples(
          'patience solve --game sultan --first 0 --deals 10 --seed 2026 --nodes 100000 -o a.csv',
          'patience solve --game sultan --first 10 --deals 10 --seed 2026 --nodes 100000 -o b.csv',
          'patience merge a.csv b.csv -o sultan-0-19.csv',
          'patience simulate --game shah --deals 1000 --seed 2026 --shard 0/2 -o s0.csv',
          'patience simulate --game shah --deals 1000 --seed 2026 --shard 1/2 -o s1.csv',
          'patience merge s0.csv s1.csv -o shah-greedy.csv',
        ),
      ].join('\n'),
    )
    .action((files: string[], opts: { out: string; force?: boolean }) => {
      exit.code = merge(files, opts.out, opts.force === true);
    });
}
