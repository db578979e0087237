// The example player modules (examples/*.mjs) as a user runs them: each plays a few hundred deals of its game
// on two worker threads, through `patience simulate`, with the rows of one thread; each stays a short read.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRows, patience, untimed } from './run-cli.js';

const EXAMPLES = join(import.meta.dirname, '..', 'examples');
const dir = mkdtempSync(join(tmpdir(), 'patience-examples-'));

const cases: Array<[string, string, string[], number]> = [
  ['greedy-no-bury.mjs', 'congress', ['--player-option', 'k=1'], 300],
  ['sultan-rescue.mjs', 'sultan', [], 300],
  ['greedy-explore.mjs', 'congress', ['--player-option', 'eps=0.1'], 300],
  ['pimc.mjs', 'shah', ['--player-option', 'samples=2', '--player-option', 'nodes=1000'], 20],
  ['hindsight-carry.mjs', 'shah', ['--samples', '4', '--search-nodes', '5000', '--searches', '2'], 10],
];

describe.each(cases)('examples/%s', (file, game, extra, deals) => {
  it(`plays ${deals} deals of ${game} on two workers as on one, and is 20-60 lines`, async () => {
    const path = join(EXAMPLES, file);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeGreaterThanOrEqual(20);
    expect(lines).toBeLessThanOrEqual(60);
    const rows = [];
    for (const workers of ['2', '1']) {
      const out = join(dir, `${file}-${workers}.csv`);
      const run = await patience([
        'simulate',
        '--game',
        game,
        '--deals',
        String(deals),
        '--seed',
        'examples',
        '--player',
        path,
        ...extra,
        '--workers',
        workers,
        '--quiet',
        '-o',
        out,
      ]);
      expect(run.code, run.stderr).toBe(0);
      rows.push(untimed(csvRows(out), ['ms_per_deal']));
    }
    expect(rows[0]).toEqual(rows[1]);
    expect(rows[0]![0]!['deals']).toBe(String(deals));
    expect(Number(rows[0]![0]!['mean_cards_on_foundations'])).toBeGreaterThan(0);
  });
});
