// What `patience compare` prints of its result: the 2x2 table of wins, each side's row of the results table, the
// paired difference with Newcombe's interval and the exact McNemar p-value, and the sequential test's verdict.

import type { CompareRow } from '../stats/compare.js';
import type { PairedSummary } from '../stats/paired.js';
import { formatTable, resultRow } from '../stats/results.js';
import type { SprtState } from '../stats/sprt.js';
import type { Tally } from '../stats/tally.js';
import type { Side } from './compare-sides.js';

/** What the report tells: the sides and the run, the row written and its summary, each side's tally, the test. */
export interface CompareOutcome {
  readonly a: Side;
  readonly b: Side;
  readonly seed: string;
  readonly version: string;
  readonly row: CompareRow;
  readonly summary: PairedSummary;
  readonly tallies: readonly [Tally, Tally];
  /** The sequential test of --until decided, if asked for. */
  readonly sprt: SprtState | undefined;
  readonly partial: boolean;
  /** Whether --resume goes on from where the run stopped (its checkpoint kept, and no player's fault). */
  readonly resumable: boolean;
}

/** The report's lines, before the names of the files written. */
export function compareReport({
  a,
  b,
  seed,
  version,
  row,
  summary,
  tallies: [tallyA, tallyB],
  sprt,
  partial,
  resumable,
}: CompareOutcome): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(Math.abs(x) > 0 && Math.abs(x) < 0.001 ? 4 : 2)}%`;
  const c = summary.counts;
  const w = Math.max(a.label.length, b.label.length, 'neither'.length);
  const lines = [
    `${a.choice.game.title}  seed ${seed}, deals ${row.deal_ranges}: A = ${a.label} (${sideText(a)}), B = ${b.label} (${sideText(b)})`,
    '',
    `${''.padEnd(w)}  ${'B won'.padStart(10)}  ${'B lost'.padStart(10)}`,
    `${'A won'.padEnd(w)}  ${String(c.both).padStart(10)}  ${String(c.onlyA).padStart(10)}`,
    `${'A lost'.padEnd(w)}  ${String(c.onlyB).padStart(10)}  ${String(c.neither).padStart(10)}`,
    '',
    formatTable([
      resultRow(
        {
          game: a.choice.game.id,
          options: a.choice.optionsText,
          player: a.label,
          playerSettings: row.player_settings_a,
          seed,
          version,
          partial,
        },
        tallyA,
      ),
      resultRow(
        {
          game: b.choice.game.id,
          options: b.choice.optionsText,
          player: b.label,
          playerSettings: row.player_settings_b,
          seed,
          version,
          partial,
        },
        tallyB,
      ),
    ]),
    '',
    `both won ${c.both}, only A (${a.label}) ${c.onlyA}, only B (${b.label}) ${c.onlyB}, neither ${c.neither}`,
    `A - B = ${pct(summary.difference)}  (95% CI ${pct(summary.differenceCi[0])} to ${pct(summary.differenceCi[1])}, Newcombe's paired interval)`,
    `exact McNemar test: p = ${summary.pValue.toPrecision(3)} (two-sided binomial test of ${c.onlyA} vs ${c.onlyB} discordant deals)`,
  ];
  if (sprt) {
    const verdict =
      sprt.decision === 'H1'
        ? `decided: A (${a.label}) wins more discordant deals (H1, p >= 1/2 + ${sprt.settings.delta})`
        : sprt.decision === 'H0'
          ? `decided: A (${a.label}) is not better than B (H0, p = 1/2 rather than 1/2 + ${sprt.settings.delta})`
          : partial
            ? `undecided: interrupted after ${tallyA.deals} deals${resumable ? ', and --resume goes on from there (the command is below)' : ''}`
            : `undecided after ${tallyA.deals} deals (--deals reached)`;
    lines.push(
      `sequential test on ${sprt.discordant} discordant deals (A won ${sprt.onlyA}): ${verdict}; log-likelihood ratio ${sprt.llr.toFixed(3)}`,
    );
  }
  return lines;
}

/** A side's player and rule options, for the report's first line. */
function sideText(side: Side): string {
  return side.choice.optionsText === '' ? side.chosen.spec.id : `${side.chosen.spec.id}; ${side.choice.optionsText}`;
}
