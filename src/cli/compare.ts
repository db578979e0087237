// `patience compare`: two players, or two rule readings with one player, on the same deals. Prints the 2x2
// table of wins, each win rate with its Wilson interval, the paired difference with Newcombe's interval and the
// exact McNemar p-value, and writes them as one row (--out) and, when asked, the deals side by side (--per-deal).
// With --until decided it plays batch after batch and walks each batch in deal order through Wald's SPRT on the
// discordant deals, stopping at the deal where the test decides: the answer never depends on worker timing.
// Ctrl-C writes the deals both sides finished, named partial, with a checkpoint that --resume continues: the
// resumed run plays only the missing deals and walks every batch again, so it ends where one run ends.
// Who plays is read in compare-sides.ts, the play is compare-play.ts, the printed report compare-report.ts.

import { InputError } from '../core/errors.js';
import { openDealPool } from '../sim/pool.js';
import { COMPARE_COLUMNS, COMPARE_DEAL_COLUMNS, compareDealRows, compareRow, pairedCounts } from '../stats/compare.js';
import { SPRT_DEFAULTS, startSprt, type SprtState } from '../stats/sprt.js';
import { emptyTally, mergeTally, recordOf, tallyOfRecord, type PlayRecord } from '../stats/tally.js';
import { openCheckpoint } from './checkpoint.js';
import { partialPath, resumeCommand, startRun } from './run-start.js';
import { checkNotInputs, pathText, reportStream, writeTogether } from './files.js';
import { tableText, type Format } from './output.js';
import { startProgress } from './progress.js';
import { commandLine, freeOut, ruleFlags, RUNS_FOLDER, settingFlags, watchingInterrupts } from './runs.js';
import { checkDealRange, workerThreads } from '../sim/run-options.js';
import { checkSettingsUsed, settingsText } from './setup.js';
import { compareSides, type Side, type SidesArgs } from './compare-sides.js';
import { playBoth, type BothPlayed } from './compare-play.js';
import { compareReport } from './compare-report.js';
import { AFTER_FAULT, checkModuleHonesty, faultLine, identityOf, optionFlags } from './player-modules.js';
import { codeOf } from '../sim/modules.js';

/** The options of `patience compare`, as parsed: who plays (SidesArgs), and the run's own. */
export interface CompareArgs extends SidesArgs {
  readonly deals: number;
  readonly first: number;
  readonly seed: string;
  readonly workers?: number;
  readonly out?: string;
  readonly perDeal?: string;
  readonly format?: Format;
  /** 'decided': stop when the sequential test decides (at most --deals). */
  readonly until?: string;
  readonly delta: number;
  readonly quiet: boolean;
  /** Replace existing output files. */
  readonly force?: boolean;
  /** Continue the run from its checkpoint. */
  readonly resume?: boolean;
  /** The player settings (and --delta) given on the command line rather than left at their defaults: each must be used.
   * */
  readonly given?: readonly string[];
  /** Run the honesty check on each side's player before the run. */
  readonly checkHonesty?: boolean;
  /** Print the stack of what a module player threw. */
  readonly debug?: boolean;
}

/** Run the comparison; returns the exit code (130 when interrupted, after writing what finished). */
export async function compare(args: CompareArgs, version: string): Promise<number> {
  checkDealRange(args.first, args.deals);
  if (args.until !== undefined && args.until !== 'decided')
    throw new InputError(`--until must be 'decided', got '${args.until}'`);
  const [a, b] = await compareSides(args);
  checkSettingsUsed(
    a.chosen.spec === b.chosen.spec ? [a.chosen.spec] : [a.chosen.spec, b.chosen.spec],
    args.given ?? [],
  );
  if (args.until === undefined && args.given?.includes('delta'))
    throw new InputError(
      '--delta sets the sequential test of --until decided, which is not asked for: leave it out, or add --until decided',
    );
  const sprt: SprtState | undefined =
    args.until === 'decided' ? startSprt({ ...SPRT_DEFAULTS, delta: args.delta }) : undefined;
  const format = args.format ?? 'csv';
  const out = args.out ?? freeOut(defaultOutPath(a.choice.game.id, a, b, args, format), args);
  checkNotInputs([out, args.perDeal], [a.chosen.module?.path, b.chosen.module?.path]);
  const start = startRun([out, args.perDeal], args);
  const workers = workerThreads(args.workers);
  const cardsA = a.choice.game.create(a.choice.options).cardsInPlay;
  const cardsB = b.choice.game.create(b.choice.options).cardsInPlay;
  const identity = {
    command: 'compare',
    game: a.choice.game.id,
    seed: args.seed,
    first: String(args.first),
    deals: String(args.deals),
    until: args.until ?? 'deals',
    delta: String(args.delta),
    version,
    a: `${a.label} ${identityOf(a.chosen, settingsText(a.chosen.spec, a.settings))} ${a.choice.optionsText}`,
    b: `${b.label} ${identityOf(b.chosen, settingsText(b.chosen.spec, b.settings))} ${b.choice.optionsText}`,
  };
  for (const side of args.checkHonesty ? [a, b] : []) {
    const line = checkModuleHonesty(side.chosen, side.choice.game, side.choice.options, side.settings);
    if (!args.quiet) process.stderr.write(line + '\n');
  }

  return watchingInterrupts(async (stop) => {
    // opened under the watch: a signal from the moment the locks are taken is seen, and they go with the watch
    const run = openCheckpoint([out, args.perDeal], identity, start, {
      empty: (part) => emptyTally(part === 'a' ? cardsA : cardsB),
      merge: mergeTally,
    });
    const before = { a: run.earlier('a'), b: run.earlier('b') };
    const pool = openDealPool(workers);
    const started = performance.now();
    // counted in deals, each played by both sides: half a deal for each side's play
    const progress = startProgress(
      `${a.choice.game.id} ${a.label} vs ${b.label}`,
      args.deals,
      args.quiet,
      process.stderr,
      Math.floor((before.a.deals + before.b.deals) / 2),
    );
    let played: BothPlayed;
    try {
      played = await playBoth([a, b], [cardsA, cardsB], args, sprt, {
        pool,
        signal: stop.signal,
        run,
        before,
        onProgress: (plays) => progress.update(Math.floor(plays / 2)),
      });
    } finally {
      stop.writing();
      progress.stop();
      await pool.close();
    }

    const { upTo, fault, busy } = played;
    const ra = recordOf(played.chunks.a, args.first, args.deals);
    const rb = recordOf(played.chunks.b, args.first, args.deals);
    const partial = stop.signal.aborted || fault !== undefined;
    const named = (path: string) => (partial ? partialPath(path) : path);
    const both = (k: number) => k < upTo && ra.done[k] === 1 && rb.done[k] === 1;
    const tallyA = tallyOfRecord(ra, cardsA, both, busy.a / Math.max(1, count(ra)));
    if (partial) run.interrupted(tallyA.deals > 0 ? [out, args.perDeal].filter((p) => p !== undefined).map(named) : []);
    const tallyB = tallyOfRecord(rb, cardsB, both, busy.b / Math.max(1, count(rb)));
    if (!args.quiet) {
      const s = (performance.now() - started) / 1000;
      process.stderr.write(
        `${a.choice.game.id} compare: ${count(ra)} deals played by A and ${count(rb)} by B in ${s.toFixed(1)} s on ${workers} workers\n`,
      );
    }
    const faultExit = (): number => {
      if (!fault) return stop.exitCode();
      const [f, side] = fault;
      const flags = ` --player ${side.chosen.module?.path ?? side.chosen.spec.id}${settingFlags(side.chosen.spec, side.settings)}${optionFlags(side.settings)}${ruleFlags([...args.rule, ...(args.rules ? side.label.split(' ') : [])])}`;
      process.stderr.write(`patience: ${faultLine(f, side.choice.game.id, args.seed, flags)}\n`);
      if (args.debug && f.detail) process.stderr.write(f.detail + '\n');
      return 2;
    };
    if (tallyA.deals === 0) {
      reportStream([out, args.perDeal]).write(
        `no deal finished on both sides; nothing written${run.resumable() ? `\nfinished deals kept in ${run.path}; ${fault ? AFTER_FAULT : `to go on: ${resumeCommand(commandLine(args.out, out))}`}` : ''}\n`,
      );
      return faultExit();
    }
    // Loaded here, not at start: the exact tests' library takes a third of a second to load, which every other
    // command (and every bad-input error) would pay.
    const { pairedSummary } = await import('../stats/paired.js');
    const summary = pairedSummary(pairedCounts(ra, rb, both));
    const row = compareRow(
      {
        game: a.choice.game.id,
        a: a.label,
        b: b.label,
        optionsA: a.choice.optionsText,
        optionsB: b.choice.optionsText,
        playerA: a.chosen.spec.id,
        playerB: b.chosen.spec.id,
        settingsA: settingsText(a.chosen.spec, a.settings),
        settingsB: settingsText(b.chosen.spec, b.settings),
        moduleA: codeOf(a.chosen),
        moduleB: codeOf(b.chosen),
        seed: args.seed,
        ranges: tallyA.ranges,
        until: sprt ? 'decided' : 'deals',
        ...(sprt ? { sprt } : {}),
        partial,
        version,
      },
      summary,
    );
    run.keeping(
      () => {
        const files: Array<[string, string]> = [[named(out), tableText([row], COMPARE_COLUMNS, format)]];
        if (args.perDeal !== undefined)
          files.push([named(args.perDeal), tableText(compareDealRows(ra, rb, upTo), COMPARE_DEAL_COLUMNS, format)]);
        writeTogether(files);
      },
      resumeCommand(commandLine(args.out, out)),
    );
    if (!partial) run.completed();

    const lines = compareReport({
      a,
      b,
      seed: args.seed,
      version,
      row,
      summary,
      tallies: [tallyA, tallyB],
      sprt,
      partial,
      resumable: run.resumable() && !fault,
    });
    const written = [out, args.perDeal]
      .filter((p) => p !== undefined)
      .map((p) => pathText(named(p)))
      .join(', ');
    lines.push(`results written to ${written}${partial ? ' (partial)' : ''}`);
    // after a player's fault, the same module would stop at the same deal again: no command to go on with
    if (partial && run.resumable())
      lines.push(
        `finished deals kept in ${run.path}; ${fault ? AFTER_FAULT : `to go on: ${resumeCommand(commandLine(args.out, out))}`}`,
      );
    reportStream([out, args.perDeal]).write(lines.join('\n') + '\n');
    return faultExit();
  });
}

function count(r: PlayRecord): number {
  let n = 0;
  for (const d of r.done) n += d;
  return n;
}

/** patience-runs/<game>-compare-<A>-vs-<B>-s<seed>-n<deals>.csv (or .json), before freeOut */
function defaultOutPath(game: string, a: Side, b: Side, args: CompareArgs, format: Format): string {
  const label = (s: Side) => s.label.replace(/[^A-Za-z0-9=._-]+/g, '_');
  const first = args.first > 0 ? `-f${args.first}` : '';
  const until = args.until === 'decided' ? '-until-decided' : '';
  return `${RUNS_FOLDER}/${game}-compare-${label(a)}-vs-${label(b)}-s${args.seed}${first}-n${args.deals}${until}.${format}`;
}
