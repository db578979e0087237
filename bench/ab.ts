// npm run bench:ab -- DIST_A DIST_B: greedy's deals per second in every game for two builds, measured in
// alternating runs (A, B, A, B, ...), each in a fresh process on one thread, so that a refactor can show it lost
// no speed on a shared, noisy machine. Prints each game's median for A and B and the change B/A, with the load
// average before and after.
//
//   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && npm run build)
//   npm run build && npx tsx bench/ab.ts /tmp/before/dist dist            every game
//   npx tsx bench/ab.ts /tmp/before/dist dist --rounds 5 --player lookahead zodiac carpet
//
// Deals per run: 3,000 (greedy plays about 1,000-20,000 a second here), a fifth of them first as a warm-up.

import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1]! : fallback;
};
const rounds = Number(flag('--rounds', '3'));
const deals = Number(flag('--deals', '3000'));
const player = flag('--player', 'greedy');
const [a, b, ...named] = args;
if (!a || !b) {
  process.stderr.write('usage: tsx bench/ab.ts DIST_A DIST_B [--rounds N] [--deals N] [--player ID] [game ...]\n');
  process.exit(2);
}

/** One run in a fresh process: a warm-up, then `deals` deals of seed "bench"; its deals per second. */
function run(dist: string, game: string): number {
  const batch = resolve(dist, 'sim/batch.js');
  const script = `
    const { runBatch } = await import(${JSON.stringify(batch)});
    const task = (first, count) => ({ game: ${JSON.stringify(game)}, rules: {}, player: ${JSON.stringify(player)}, settings: { depth: 2, nodes: 2000 }, seed: 'bench', first, count });
    runBatch(task(${deals}, ${Math.ceil(deals / 5)}));
    const t0 = performance.now();
    runBatch(task(0, ${deals}));
    process.stdout.write(String(${deals} / ((performance.now() - t0) / 1000)));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const registry = (await import(resolve(b, 'games/registry.js'))) as { GAMES: ReadonlyArray<{ id: string }> };
const games = registry.GAMES.map((g) => g.id).filter((id) => named.length === 0 || named.includes(id));
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
process.stdout.write(`${player}, ${deals} deals a run, ${rounds} rounds alternating; A = ${a}, B = ${b}\nload average before: ${load()}\n`);
for (const game of games) {
  const ra: number[] = [];
  const rb: number[] = [];
  for (let r = 0; r < rounds; r++) {
    ra.push(run(a, game));
    rb.push(run(b, game));
  }
  const ma = median(ra);
  const mb = median(rb);
  const change = ((mb / ma - 1) * 100).toFixed(1);
  process.stdout.write(`${game.padEnd(20)} A ${ma.toFixed(0).padStart(7)}  B ${mb.toFixed(0).padStart(7)} deals/s  B/A ${mb >= ma ? '+' : ''}${change}%   (A ${ra.map((x) => x.toFixed(0)).join(' ')}; B ${rb.map((x) => x.toFixed(0)).join(' ')})\n`);
}
process.stdout.write(`load average after: ${load()}\n`);
