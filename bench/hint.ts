// npm run bench:hint: how long `patience hint` takes on The Shah with its default settings (200 samples, no
// search), on one core, at every 15th position of greedy's games of the first six deals of seed 2026. The
// target: under 5 s a position. A bench figure, printed with the machine's load; nothing here fails a build.
//
// It measures the compiled build in dist/.

import { loadavg } from 'node:os';

const hintModule: string = '../dist/sim/hint.js';
const { hint, HINT_SAMPLES } = (await import(hintModule)) as typeof import('../src/sim/hint.js');
const playModule: string = '../dist/sim/play.js';
const { playTo } = (await import(playModule)) as typeof import('../src/sim/play.js');
const dealsModule: string = '../dist/sim/deals.js';
const { dealDeck, playerRng } = (await import(dealsModule)) as typeof import('../src/sim/deals.js');
const registry: string = '../dist/games/registry.js';
const { findGame } = (await import(registry)) as typeof import('../src/games/registry.js');
const optionsModule: string = '../dist/core/options.js';
const { resolveOptions } = (await import(optionsModule)) as typeof import('../src/core/options.js');
const greedyModule: string = '../dist/players/greedy.js';
const { greedyPlayer } = (await import(greedyModule)) as typeof import('../src/players/greedy.js');

const TARGET_MS = 5000;
const SEED = '2026';
const DEALS = 6;
const EVERY = 15;

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const game = findGame('shah');
const state = game.create(resolveOptions(game.options, {}));
const player = greedyPlayer.create(game, { depth: 2, nodes: 2000 });
const times: number[] = [];
console.log(
  `The Shah, seed ${SEED}: hint with ${HINT_SAMPLES} samples at every ${EVERY}th position of greedy's games (load ${load()})`,
);
for (let deal = 0; deal < DEALS; deal++) {
  for (let to = 0; ; to += EVERY) {
    const made = playTo(state, player, dealDeck(SEED, game.id, deal), () => playerRng(SEED, game.id, deal), to);
    if (made < to) break; // the game ended first
    const start = performance.now();
    const rows = hint(game, state, { samples: HINT_SAMPLES, seed: SEED });
    const ms = performance.now() - start;
    times.push(ms);
    const best = rows[0];
    console.log(
      `deal ${deal} move ${to}: ${rows.length} moves, ${(ms / 1000).toFixed(2)} s; best ${best ? `${best.text} ${(best.chance * 100).toFixed(1)}%` : '-'}`,
    );
  }
}
times.sort((a, b) => a - b);
const worst = times[times.length - 1]!;
const median = times[Math.floor(times.length / 2)]!;
console.log(
  `${times.length} positions: median ${(median / 1000).toFixed(2)} s, slowest ${(worst / 1000).toFixed(2)} s; target under ${TARGET_MS / 1000} s ${worst < TARGET_MS ? 'met' : 'NOT MET'} (load ${load()})`,
);
