// npm run bench:deal-costs: one player's deals on one thread, each with its CPU time (process.cpuUsage), and for
// hindsight the searches it made: what a searching player costs deal by deal, beside whatever else the machine
// runs (CPU time, not wall time). It measures the source through tsx.
//
//   npm run bench:deal-costs -- --player hindsight --game shah --seed tune1 --first 0 --deals 12
//   npm run bench:deal-costs -- --player ismcts --iterations 3000 --deals 60
//   npm run bench:deal-costs -- --player hindsight --search-nodes 20000 --searches 4
//
// Never on seed 2026 for tuning: the tables' seed (docs/DEVELOPING.md).

import { loadavg } from 'node:os';
import { resolveOptions } from '../src/core/options.js';
import { GAMES } from '../src/games/registry.js';
import { hindsightWithJudge } from '../src/planners/hindsight.js';
import { findPlayer } from '../src/planners/registry.js';
import { DEFAULT_SETTINGS, type PlayerSettings } from '../src/players/player.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';
import { takeFlag } from './flags.js';

const args = process.argv.slice(2);
const gameId = takeFlag(args, '--game') ?? 'shah';
const seed = takeFlag(args, '--seed') ?? 'tune1';
const first = Number(takeFlag(args, '--first') ?? 0);
const deals = Number(takeFlag(args, '--deals') ?? 12);
const playerId = takeFlag(args, '--player') ?? 'hindsight';
const rules = (takeFlag(args, '--rule') ?? '').split(',').filter((r) => r !== '');
const number = (name: string, fallback: number) => Number(takeFlag(args, name) ?? fallback);
const settings: PlayerSettings = {
  ...DEFAULT_SETTINGS,
  samples: number('--samples', DEFAULT_SETTINGS.samples),
  searchNodes: number('--search-nodes', DEFAULT_SETTINGS.searchNodes),
  searches: number('--searches', DEFAULT_SETTINGS.searches),
  iterations: number('--iterations', DEFAULT_SETTINGS.iterations),
};
if (seed === '2026')
  process.stderr.write("bench:deal-costs: seed 2026 is the tables' seed: report on it, never tune on it\n");
const game = GAMES.find((g) => g.id === gameId)!;
const given = Object.fromEntries(rules.map((r) => r.split('=') as [string, string]));
const state = game.create(resolveOptions(game.options, given));
const judged = playerId === 'hindsight' ? hindsightWithJudge(game, settings) : undefined;
const player = judged?.player ?? findPlayer(playerId).create(game, settings);
process.stdout.write(
  `${playerId} on ${gameId} ${rules.join(' ')} seed ${seed}, deals ${first}-${first + deals - 1}; load ${loadavg()[0]!.toFixed(2)}\n`,
);
let [wins, total] = [0, 0];
const cpus: number[] = [];
for (let d = first; d < first + deals; d++) {
  const before = process.cpuUsage();
  const r = playDeal(
    state,
    player,
    dealDeck(seed, game.id, d),
    () => playerRng(seed, game.id, d),
    new Int32Array(4096),
  );
  const used = process.cpuUsage(before);
  const cpu = (used.user + used.system) / 1e6;
  cpus.push(cpu);
  total += cpu;
  if (r.won) wins++;
  const c = judged?.judge.counts;
  const searched = c
    ? ` decisions=${c.decisions} searches=${c.searches} found=${c.found} positions/search=${Math.round(c.positions / Math.max(1, c.searches))}`
    : '';
  process.stdout.write(`deal ${d} won=${r.won} cards=${r.cards} moves=${r.moves} cpu=${cpu.toFixed(2)}s${searched}\n`);
}
const sorted = [...cpus].sort((a, b) => a - b);
process.stdout.write(
  `${playerId}: ${wins} of ${deals} won; CPU ${total.toFixed(1)} s, median ${sorted[Math.floor((sorted.length - 1) / 2)]!.toFixed(2)} s a deal; load ${loadavg()[0]!.toFixed(2)}\n`,
);
