// npm run bench:instructions -- DIST_A DIST_B: instructions per deal of two builds, counted by valgrind's
// callgrind, for changes too small for bench/ab.ts's timings to tell apart on a shared machine (its rounds spread
// by ±5% and more). V8 compiles hot functions on a thread of its own, and under valgrind that thread runs when
// valgrind lets it, so the same build counts 0.4M or 2.6M instructions a deal as optimised code arrives early or
// late; node --no-concurrent-recompilation compiles on the main thread instead, and the counts then repeat to
// about 0.5% (The Shah: 366.7k and 363.4k a deal in two runs of one build). Each figure is the difference of a
// run of DEALS deals and one of DEALS / 5, over the deals between, so that start-up and compilation drop out;
// keep DEALS at the default 5,000 or more, for V8 is still tiering up in the first thousand deals (The Shah, this
// build against 0d36a04: -1.9% from deals 1,000-4,999, +5.2% from deals 200-999).
// Instructions are not time (a cache miss or a mispredicted branch costs more than either counts), so read them
// beside bench/ab.ts, not instead. Needs valgrind (apt-get install valgrind); each run takes a minute or two.
//
//   npm run build && npx tsx bench/instructions.ts /tmp/before/dist dist shah carpet
//   npx tsx bench/instructions.ts /tmp/before/dist dist --deals 2500 --player lookahead zodiac

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { takeFlag } from './flags.js';

const args = process.argv.slice(2);
const deals = Number(takeFlag(args, '--deals') ?? 5000);
const player = takeFlag(args, '--player') ?? 'greedy';
const [a, b, ...games] = args;
if (!a || !b || !Number.isInteger(deals) || deals < 5 || args.some((arg) => arg.startsWith('--'))) {
  process.stderr.write(
    'usage: tsx bench/instructions.ts DIST_A DIST_B [--deals N (5 or more)] [--player ID] [game ...]\n',
  );
  process.exit(2);
}
for (const dist of [a, b]) {
  if (!existsSync(resolve(dist, 'sim/batch.js'))) {
    process.stderr.write(
      `bench/instructions.ts: ${dist} is not a build (no sim/batch.js in it; npm run build makes dist)\n`,
    );
    process.exit(2);
  }
}
if (spawnSync('valgrind', ['--version']).status !== 0) {
  process.stderr.write('bench/instructions.ts: valgrind is not installed (apt-get install valgrind)\n');
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), 'instructions-'));

/** Instructions callgrind counts for one process playing `count` deals of `game` with build `dist`. */
function count(dist: string, game: string, count: number): number {
  const script = `
    const { runBatch } = await import(${JSON.stringify(resolve(dist, 'sim/batch.js'))});
    runBatch({ game: ${JSON.stringify(game)}, rules: {}, player: ${JSON.stringify(player)}, settings: { depth: 2, nodes: 2000 }, seed: 'bench', first: 0, count: ${count} });`;
  const run = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${join(scratch, 'out')}`,
      process.execPath,
      '--no-concurrent-recompilation',
      '--input-type=module',
      '-e',
      script,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const collected = /Collected : (\d+)/.exec(run.stderr);
  if (run.status !== 0 || !collected)
    throw new Error(`callgrind failed on ${dist} ${game}:\n${run.stderr.slice(-2000)}`);
  return Number(collected[1]);
}

/** Instructions per deal, start-up excluded: the run of `deals` less the run of deals / 5, over the deals between. */
function perDeal(dist: string, game: string): number {
  const few = Math.floor(deals / 5);
  return (count(dist, game, deals) - count(dist, game, few)) / (deals - few);
}

const all = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { GAMES } = await import(${JSON.stringify(resolve(a, 'games/registry.js'))}); process.stdout.write(JSON.stringify(GAMES.map((g) => g.id)));`,
    ],
    { encoding: 'utf8' },
  ),
) as string[];
process.stdout.write(
  `${player}, instructions per deal (deals ${Math.floor(deals / 5)}-${deals - 1}); A = ${a}, B = ${b}\n`,
);
try {
  for (const game of games.length > 0 ? games : all) {
    const ia = perDeal(a, game);
    const ib = perDeal(b, game);
    const change = ((ib / ia - 1) * 100).toFixed(1);
    process.stdout.write(
      `${game.padEnd(20)} A ${(ia / 1000).toFixed(1).padStart(8)}k  B ${(ib / 1000).toFixed(1).padStart(8)}k  B/A ${change.startsWith('-') ? '' : '+'}${change}%\n`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
