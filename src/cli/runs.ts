// What the long-running commands (simulate, solve, compare) share: stopping on Ctrl-C or SIGTERM (what a
// cluster scheduler sends at its time limit) after writing what finished, the default name of their output (in
// patience-runs/, never one an earlier run used), and the rule and player flags that replay a deal.

import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { DEFAULT_SETTINGS, type PlayerSettings, type PlayerSpec } from '../players/player.js';
import { checkpointPath, partialPath } from './run-start.js';
import { unlockAll } from './lock.js';

/**
 * An interruption watch: `signal` aborts on the first SIGINT or SIGTERM while the work goes on, and a second one
 * exits at once; once writing() is called, a signal stops nothing and changes no exit code.
 */
export interface Interruption {
  readonly signal: AbortSignal;
  /** The exit code: 0, or 128 + the signal's number once the work was interrupted (130 for SIGINT, 143 for SIGTERM). */
  exitCode(): number;
  /** The work is over: from now on a signal aborts nothing and changes no exit code; the files are written whole. */
  writing(): void;
}

/** Exit codes by signal: 128 + its number. */
const CODES: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Run `work` under a watch for Ctrl-C and SIGTERM, held until it ends however it ends, its files written and its
 * locks let go: the first signal stops the workers (the command then writes the deals that finished); its exit code.
 * `work` takes its locks (openCheckpoint) under the watch, so that no signal finds them held and no watch.
 */
export async function watchingInterrupts(work: (stop: Interruption) => Promise<number>): Promise<number> {
  const stop = new AbortController();
  let code = 0;
  let writing = false;
  let told = false;
  const on = (signal: 'SIGINT' | 'SIGTERM') => () => {
    if (writing) {
      // the files are being written (synchronously: the signal is seen once they are); nothing more to stop
      if (!told)
        process.stderr.write(
          code === 0
            ? `\ninterrupted (${signal}) after the work was done: its files are written in full all the same\n`
            : `\nalready stopping: the deals that finished are written\n`,
        );
      told = true;
      return;
    }
    if (stop.signal.aborted) process.exit(code);
    code = CODES[signal];
    process.stderr.write(`\ninterrupted (${signal}): stopping the workers and writing the deals that finished\n`);
    stop.abort();
  };
  const onSigint = on('SIGINT');
  const onSigterm = on('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  try {
    const exit = await work({
      signal: stop.signal,
      exitCode: () => code,
      writing: () => {
        writing = true;
      },
    });
    // a signal that came during the writes (synchronous) reaches its listener only when the event loop turns
    await new Promise((turned) => setImmediate(() => setImmediate(turned)));
    return exit;
  } finally {
    // the locks go (one command a process: its own, taken by openCheckpoint) while the watch holds; a signal after
    // it lets go ends the process with no 'exit' handler run
    unlockAll();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
}

/** The folder of the runs' default outputs (in the working folder; never the tracked results/). */
export const RUNS_FOLDER = 'patience-runs';

/** patience-runs/<game>[-<options set>]-<what>-s<seed>[-f<first>]-n<deals>.<format>, the default output of a run (see
 * freeOut). */
export function defaultOutPath(
  game: string,
  given: Readonly<Record<string, unknown>>,
  what: string,
  run: { readonly seed: string; readonly first: number; readonly deals: number; readonly format?: string },
): string {
  const opts = Object.entries(given)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('_');
  const first = run.first > 0 ? `-f${run.first}` : '';
  return `${RUNS_FOLDER}/${game}${opts ? `-${opts}` : ''}-${what}-s${run.seed}${first}-n${run.deals}.${run.format ?? 'csv'}`;
}

/**
 * The output of a run given no --out, from its default name: the name itself with --force or --resume (which replace or
 * continue that run), else the first of name, name-2, name-3, ... that neither a file nor a run's side files
 * (partial files, checkpoint) use, so that a run repeated never collides with an earlier one.
 */
export function freeOut(name: string, flags: { readonly resume?: boolean; readonly force?: boolean }): string {
  if (flags.resume === true || flags.force === true) return name;
  const ext = extname(name);
  const used = (path: string) => existsSync(path) || existsSync(partialPath(path)) || existsSync(checkpointPath(path));
  let path = name;
  for (let k = 2; used(path); k++) path = `${name.slice(0, name.length - ext.length)}-${k}${ext}`;
  return path;
}

/** The command line as given, with `--out <out>` when the run chose its own output name, so that --resume finds it. */
export function commandLine(givenOut: string | undefined, out: string): string[] {
  const argv = process.argv.slice(2);
  return givenOut === undefined ? [...argv, '--out', out] : argv;
}

/** The --rule flags that set these rule assignments again, for a replay command. */
export function ruleFlags(rules: readonly string[]): string {
  return rules.map((r) => ` --rule ${r}`).join('');
}

/** The flags that set again every setting a player uses (PlayerSpec.uses: --depth, --nodes, ...), for a replay command.
 * */
export function settingFlags(player: PlayerSpec, settings: PlayerSettings): string {
  return player.uses.map((k) => ` ${settingFlag(k)} ${String(settings[k] ?? DEFAULT_SETTINGS[k])}`).join('');
}

/** The option that sets a player setting: searchNodes is --search-nodes. */
export function settingFlag(name: string): string {
  return `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
