// Progress on stderr: a cli-progress bar when stderr is a terminal, else a plain line every PLAIN_EVERY_MS. The ETA
// is worked out here and shown as "--" until a deal has finished; its payload key is not `eta`, which cli-progress
// fills with its own value (bare seconds, 0 at the start) over the payload's. A resumed run starts the count at the
// deals its checkpoint holds, and its speed and ETA come from the deals it plays itself.

import cliProgress from 'cli-progress';
import { counted } from './output.js';

const PLAIN_EVERY_MS = 15_000;
/** The ETA shown before any deal has finished. */
const NO_ETA = '--';

/** Reports deals done out of a total. */
export interface Progress {
  update(done: number): void;
  /** Stop reporting (always call, or the terminal keeps a hidden cursor). */
  stop(): void;
}

/**
 * A progress reporter for a run of `total` deals labelled `label`, written to `stream` (stderr); `already` deals
 * were done before (by the sessions a resumed run continues): counted as done, but not in the speed.
 */
export function startProgress(
  label: string,
  total: number,
  quiet: boolean,
  stream: NodeJS.WriteStream = process.stderr,
  already = 0,
): Progress {
  if (quiet) return { update() {}, stop() {} };
  const start = performance.now();
  const rate = (done: number) => (done - already) / Math.max(1e-3, (performance.now() - start) / 1000);
  const eta = (done: number) => (done > already ? formatSeconds((total - done) / rate(done)) : NO_ETA);
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} |{bar}| {value}/{total} deals | {dealsPerSecond} deals/s | ETA {timeLeft}`,
        stream,
        hideCursor: true,
        clearOnComplete: false,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, already, { dealsPerSecond: '0', timeLeft: NO_ETA });
    return {
      update(done) {
        bar.update(done, { dealsPerSecond: rate(done).toFixed(0), timeLeft: eta(done) });
      },
      stop() {
        bar.stop();
      },
    };
  }
  let last = start;
  stream.write(
    already > 0
      ? `${label}: ${total - already} of ${total} deals to play (${already} done before)\n`
      : `${label}: ${counted(total, 'deal')} to play\n`,
  );
  return {
    update(done) {
      const now = performance.now();
      if (now - last < PLAIN_EVERY_MS && done < total) return;
      last = now;
      const pct = ((100 * done) / total).toFixed(1);
      stream.write(`${label}: ${done}/${total} deals (${pct}%), ${rate(done).toFixed(0)} deals/s, ETA ${eta(done)}\n`);
    },
    stop() {},
  };
}

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return NO_ETA;
  if (s < 90) return `${Math.round(s)}s`;
  if (s < 5400) return `${Math.round(s / 60)}m`;
  return `${(s / 3600).toFixed(1)}h`;
}
