// npm run bench:moves: a fingerprint of every move every player makes, for checking that a change of the code
// leaves play exactly as it was ("behaviour identical" for a refactor). For each game (and The Shah's Hoffmann
// reading) and each player it plays the first deals of seed "moves" and prints the SHA-256 of all their move
// lists and outcomes; `--write FILE` keeps the fingerprints, `--check FILE` compares with kept ones and exits 1
// on any difference, naming the set, the player and the first deal whose moves differ.
//
//   npm run bench:moves -- --write /tmp/before.json       before the change
//   npm run bench:moves -- --check /tmp/before.json       after it
//   npm run bench:moves -- --check F zodiac carpet        only the games named
//   npm run bench:moves -- --scale 0.1 ...                a tenth of the deals, for a look
//
// Deals per player (DEALS): 20,000 for every player, but the lookahead's 2,000 in The Constitution and The
// Zodiac (about 11 deals/s there), the rollout's 10 (seconds a deal) and the searching players' 5, with small
// searches. It measures the compiled build in dist/.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { takeFlag } from './flags.js';
import { ruleSets } from './sets.js';

const load = async <T>(path: string): Promise<T> => (await import(path)) as T;
const { GAMES } = await load<typeof import('../src/games/registry.js')>('../dist/games/registry.js');
const { PLAYERS } = await load<typeof import('../src/planners/registry.js')>('../dist/planners/registry.js');
const { resolveOptions } = await load<typeof import('../src/core/options.js')>('../dist/core/options.js');
const { DEFAULT_SETTINGS } = await load<typeof import('../src/players/player.js')>('../dist/players/player.js');
const { dealDeck, playerRng } = await load<typeof import('../src/sim/deals.js')>('../dist/sim/deals.js');
const { playDeal } = await load<typeof import('../src/sim/play.js')>('../dist/sim/play.js');

const SEED = 'moves';
/** Deals per player, and the exceptions by set. */
const DEALS: Record<string, number> = {
  naive: 20000,
  random: 20000,
  'random-no-undo': 20000,
  greedy: 20000,
  lookahead: 20000,
  rollout: 10,
  hindsight: 5,
  foresight: 5,
  ismcts: 5,
};
/** Settings besides the defaults, by player: the searching players' searches kept small (a fingerprint, not a result).
 * */
const SETTINGS: Record<string, Partial<typeof DEFAULT_SETTINGS>> = {
  hindsight: { searchNodes: 5000, searches: 2 },
  foresight: { searchNodes: 5000, searches: 2 },
  ismcts: { iterations: 100 },
};
const FEWER: Record<string, Record<string, number>> = {
  constitution: { lookahead: 2000 },
  zodiac: { lookahead: 2000 },
};

const args = process.argv.slice(2);
const write = takeFlag(args, '--write');
const check = takeFlag(args, '--check');
const scale = Number(takeFlag(args, '--scale') ?? 1);
const named = args.filter((a) => !a.startsWith('--'));

const sets = ruleSets(GAMES, named);

type Prints = Record<string, { deals: number; digest: string; perDeal: string[] }>;
const kept: Prints = check ? (JSON.parse(readFileSync(check, 'utf8')) as Prints) : {};
const found: Prints = {};
let differ = 0;

for (const set of sets) {
  const state = set.game.create(resolveOptions(set.game.options, set.rules));
  const buffer = new Int32Array(4096);
  for (const spec of PLAYERS) {
    const key = `${set.name} ${spec.id}`;
    const deals = Math.max(1, Math.round((FEWER[set.name]?.[spec.id] ?? DEALS[spec.id] ?? 1000) * scale));
    const player = spec.create(set.game, { ...DEFAULT_SETTINGS, ...SETTINGS[spec.id] });
    const all = createHash('sha256');
    const perDeal: string[] = []; // a short digest per block of 100 deals, to name where a difference starts
    let block = createHash('sha256');
    const start = performance.now();
    for (let i = 0; i < deals; i++) {
      const moves: number[] = [];
      const deck = dealDeck(SEED, set.game.id, i);
      const r = playDeal(
        state,
        player,
        deck,
        () => playerRng(SEED, set.game.id, i),
        buffer,
        (m) => moves.push(m),
      );
      const line = `${i}:${r.won ? 1 : 0}:${r.cards}:${r.stalled ? 1 : 0}:${moves.join(',')}\n`;
      all.update(line);
      block.update(line);
      if (i % 100 === 99 || i === deals - 1) {
        perDeal.push(block.digest('hex').slice(0, 12));
        block = createHash('sha256');
      }
    }
    const digest = all.digest('hex');
    found[key] = { deals, digest, perDeal };
    const ms = performance.now() - start;
    let verdict = '';
    const before = kept[key];
    if (check) {
      if (!before) verdict = 'not kept';
      else if (before.deals !== deals) verdict = `kept for ${before.deals} deals`;
      else if (before.digest === digest) verdict = 'same';
      else {
        const b = before.perDeal.findIndex((d, k) => d !== perDeal[k]);
        verdict = `DIFFERENT (first in deals ${b * 100}-${b * 100 + 99})`;
        differ++;
      }
    }
    process.stdout.write(
      `${key.padEnd(34)} ${String(deals).padStart(6)} deals ${(ms / 1000).toFixed(1).padStart(6)} s  ${digest.slice(0, 16)}  ${verdict}\n`,
    );
  }
}

if (write) {
  writeFileSync(write, JSON.stringify(found, null, 1) + '\n');
  process.stdout.write(`fingerprints written to ${write}\n`);
}
if (check) {
  process.stdout.write(differ === 0 ? 'every move list the same\n' : `${differ} player(s) play differently\n`);
  process.exitCode = differ === 0 ? 0 : 1;
}
