// npm run bench:ab -- DIST_A DIST_B: greedy's speed in every game for two builds, so that a refactor can show it
// lost no speed on a shared, noisy machine. Each round is one fresh process that loads both builds, warms both,
// then plays the same deals with A and B in turn, slice by slice (A B, B A, A B, ...), and sums each build's CPU
// time. Interleaving slices of a second or less cancels the slow drifts of a shared host that made separate
// processes differ by 30%. Prints each game's deals per CPU second for A and B, the change B/A per round and its
// median, with the load average before and after. Compare a build with a copy of itself to see the noise floor
// (`cp -r dist dist-copy` in the project, where it finds node_modules: a copy under another path loads as
// separate modules). process.cpuUsage() counts the whole process, so the garbage collector's and compiler's
// threads working for one build may be charged to the other's slice; the alternating order evens that out.
// V8 may compile the same code differently from one process to the next (which function it inlines into which
// depends on the order its compilations finish), so a game's rounds can fall in two groups several per cent apart
// (The Sultan's and Napoleon's Square's did): take 7 rounds or more, and read the median beside the noise floor.
//
//   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && npm run build)
//   npm run build && npx tsx bench/ab.ts /tmp/before/dist dist            every game
//   npx tsx bench/ab.ts /tmp/before/dist dist --rounds 5 --player lookahead zodiac carpet
//
// Per round: a warm-up of 2,000 deals each (deals 100,000 on), then 30 slices of 300 deals (deals 0-299) each.

import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { takeFlag } from './flags.js';

const args = process.argv.slice(2);
const rounds = Number(takeFlag(args, '--rounds') ?? 3);
const deals = Number(takeFlag(args, '--deals') ?? 300);
const slices = Number(takeFlag(args, '--slices') ?? 30);
const player = takeFlag(args, '--player') ?? 'greedy';
const [a, b, ...named] = args;
if (!a || !b) {
  process.stderr.write(
    'usage: tsx bench/ab.ts DIST_A DIST_B [--rounds N] [--deals N] [--slices N] [--player ID] [game ...]\n',
  );
  process.exit(2);
}

/** One round in a fresh process: both builds' CPU milliseconds over the same slices, taken in turn. */
function round(game: string): { a: number; b: number } {
  const script = `
    const A = (await import(${JSON.stringify(resolve(a!, 'sim/batch.js'))})).runBatch;
    const B = (await import(${JSON.stringify(resolve(b!, 'sim/batch.js'))})).runBatch;
    const task = (first, count) => ({ game: ${JSON.stringify(game)}, rules: {}, player: ${JSON.stringify(player)}, settings: { depth: 2, nodes: 2000 }, seed: 'bench', first, count });
    const warm = Math.max(20, Math.min(2000, ${deals} * 7));
    A(task(100000, warm)); B(task(100000, warm));
    const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
    let ta = 0, tb = 0;
    for (let s = 0; s < ${slices}; s++) {
      for (const side of s % 2 ? ['b', 'a'] : ['a', 'b']) {
        const t0 = cpu();
        (side === 'a' ? A : B)(task(0, ${deals}));
        if (side === 'a') ta += cpu() - t0; else tb += cpu() - t0;
      }
    }
    process.stdout.write(JSON.stringify({ a: ta, b: tb }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as {
    a: number;
    b: number;
  };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
const registry = (await import(resolve(b, 'games/registry.js'))) as { GAMES: ReadonlyArray<{ id: string }> };
const games = registry.GAMES.map((g) => g.id).filter((id) => named.length === 0 || named.includes(id));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
process.stdout.write(
  `${player}, ${rounds} rounds of ${slices} slices of ${deals} deals, A and B in turn; A = ${a}, B = ${b}\nload average before: ${load()}\n`,
);
for (const game of games) {
  const runs = Array.from({ length: rounds }, () => round(game));
  const perSecond = (ms: number) => (deals * slices) / (ms / 1000);
  const changes = runs.map((r) => (r.a / r.b - 1) * 100);
  const ma = median(runs.map((r) => perSecond(r.a)));
  const mb = median(runs.map((r) => perSecond(r.b)));
  process.stdout.write(
    `${game.padEnd(20)} A ${ma.toFixed(0).padStart(7)}  B ${mb.toFixed(0).padStart(7)} deals/s  B/A ${pct(median(changes))}   (rounds: ${changes.map(pct).join(' ')})\n`,
  );
}
process.stdout.write(`load average after: ${load()}\n`);
