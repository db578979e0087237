// What the long-running commands (simulate, solve, compare) share: stopping on Ctrl-C after writing what
// finished, the default name of their output, and the rule flags that replay a deal.

/** An interruption watch: `signal` aborts on the first Ctrl-C; a second one exits at once (130). */
export interface Interruption {
  readonly signal: AbortSignal;
  /** Stop watching (call in a finally). */
  release(): void;
}

/** Watch for Ctrl-C: the first stops the workers (the command then writes the deals that finished). */
export function watchInterrupt(): Interruption {
  const stop = new AbortController();
  const onSigint = () => {
    if (stop.signal.aborted) process.exit(130);
    process.stderr.write('\ninterrupted: stopping the workers and writing the deals that finished\n');
    stop.abort();
  };
  process.on('SIGINT', onSigint);
  return { signal: stop.signal, release: () => process.off('SIGINT', onSigint) };
}

/** results/<game>[-<options set>]-<what>-s<seed>[-f<first>]-n<deals>.<format>, the default output of a run. */
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
  return `results/${game}${opts ? `-${opts}` : ''}-${what}-s${run.seed}${first}-n${run.deals}.${run.format ?? 'csv'}`;
}

/** The --rule flags that set these rule assignments again, for a replay command. */
export function ruleFlags(rules: readonly string[]): string {
  return rules.map((r) => ` --rule ${r}`).join('');
}
