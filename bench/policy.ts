// npm run bench:policy: the policy search's speed (positions per second, on one thread) and a fingerprint of what
// it finds, for checking that a change of its code leaves every line and count exactly as it was, so that the
// solver's verdicts stand. For each game (and The Shah's Hoffmann reading) it searches the first deals of seed
// "policy" from the deal, each to BUDGET positions, drawing by the deck as the solver does, and prints the
// SHA-256 of every line found and every count; `--write FILE` keeps the fingerprints, `--check FILE` compares
// with kept ones (give the same --deals and --nodes) and exits 1 on any difference, naming the set and the first
// deal that differs, or on a set it has nothing to compare with.
//
//   npm run bench:policy -- --write /tmp/before.json       before the change
//   npm run bench:policy -- --check /tmp/before.json       after it
//   npm run bench:policy -- --deals 4 --nodes 5000000 napoleons-square hemispheres
//
// It measures the compiled build in dist/, which is what `npx patience solve` runs.

import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { takeFlag } from './flags.js';
import { ruleSets } from './sets.js';

const load = async <T>(path: string): Promise<T> => (await import(path)) as T;
const { GAMES } = await load<typeof import('../src/games/registry.js')>('../dist/games/registry.js');
const { resolveOptions } = await load<typeof import('../src/core/options.js')>('../dist/core/options.js');
const { deckHash } = await load<typeof import('../src/core/deck.js')>('../dist/core/deck.js');
const { dealDeck } = await load<typeof import('../src/sim/deals.js')>('../dist/sim/deals.js');
const { PolicySearch } = await load<typeof import('../src/solve/policy.js')>('../dist/solve/policy.js');
const { checkLine } = await load<typeof import('../src/solve/verify.js')>('../dist/solve/verify.js');

const SEED = 'policy';
const args = process.argv.slice(2);
const write = takeFlag(args, '--write');
const check = takeFlag(args, '--check');
const deals = Number(takeFlag(args, '--deals') ?? 10);
const budget = Number(takeFlag(args, '--nodes') ?? 1_000_000);
const named = args.filter((a) => !a.startsWith('--'));

const sets = ruleSets(GAMES, named);

type Prints = Record<string, { deals: number; budget: number; digest: string; perDeal: string[] }>;
const kept: Prints = check ? (JSON.parse(readFileSync(check, 'utf8')) as Prints) : {};
const found: Prints = {};
let differ = 0;

process.stdout.write(
  `policy search: ${deals} deals a set, ${budget.toLocaleString('en')} positions each; load ${loadavg()[0]!.toFixed(2)}\n`,
);
for (const set of sets) {
  const options = resolveOptions(set.game.options, set.rules);
  const state = set.game.create(options);
  const search = new PolicySearch(state);
  const all = createHash('sha256');
  const perDeal: string[] = [];
  let positions = 0;
  let won = 0;
  let ms = 0;
  for (let i = 0; i < deals; i++) {
    const deck = dealDeck(SEED, set.game.id, i);
    state.deal(deck);
    const start = performance.now();
    const line = search.levels(String(deckHash(deck)), 0, budget, () => state.deal(deck));
    ms += performance.now() - start;
    positions += search.nodes;
    if (line !== undefined) {
      won++;
      const wrong = checkLine(set.game.create(options), deck, Int32Array.from(line));
      if (wrong !== '') throw new Error(`${set.name} deal ${i}: the line found does not win: ${wrong}`);
    }
    const text = `${i}:${search.nodes}:${line === undefined ? '-' : line.join(',')}\n`;
    all.update(text);
    perDeal.push(createHash('sha256').update(text).digest('hex').slice(0, 12));
  }
  const digest = all.digest('hex');
  found[set.name] = { deals, budget, digest, perDeal };
  let verdict = '';
  const before = kept[set.name];
  if (check) {
    if (!before) verdict = 'NOT KEPT';
    else if (before.deals !== deals || before.budget !== budget)
      verdict = `KEPT FOR ${before.deals} deals at ${before.budget}`;
    else if (before.digest === digest) verdict = 'same';
    else verdict = `DIFFERS from deal ${perDeal.findIndex((d, k) => d !== before.perDeal[k])}`;
    if (verdict !== 'same') differ++; // nothing to compare with counts as a difference: a check must compare
  }
  const rate = positions / (ms / 1000);
  process.stdout.write(
    `${set.name.padEnd(22)} won ${String(won).padStart(3)}  ${(rate / 1e6).toFixed(2)} M positions/s  ${(ms / 1000).toFixed(1)} s  ${digest.slice(0, 16)}  ${verdict}\n`,
  );
}
process.stdout.write(`load ${loadavg()[0]!.toFixed(2)}\n`);
if (write) writeFileSync(write, JSON.stringify(found, null, 1));
if (differ > 0) process.exit(1);
