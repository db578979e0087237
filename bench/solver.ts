// npm run bench:solver (and the end of npm run bench): the solver's speed and verdicts per game on one thread (in this
// process, no pool): positions
// per second, deals per second, deals decided (solved or proved unsolvable) per CPU-minute, the measure a change
// to the search is judged by, and how many deals came out solved, unsolvable and unknown, with what each
// pruning cut and the machine's load average before and after. Every claimed win is replayed by verify.ts.
//
//   npm run bench:solver                                   every game, 50 deals, budget 200,000 positions
//   npm run bench:solver -- --deals 200 --nodes 1000000 shah sultan
//   npm run bench:solver -- --rule edition=hoffmann shah
//   npm run bench:solver -- --no-nested shah               without the win finders (the default plan otherwise)
//   npm run bench:solver -- --no-beam shah                 without the beam searches
//   npm run bench:solver -- --no-policy shah               without the policy searches (tried from --nodes 1e8)
//
// It measures the compiled build in dist/, which is what `npx patience solve` runs. Target: at least
// 1,000,000 positions per second on The Shah.

import { cpus, loadavg } from 'node:os';
import { takeFlag } from './flags.js';

const load = async <T>(path: string): Promise<T> => (await import(path)) as T;
const { GAMES } = await load<typeof import('../src/games/registry.js')>('../dist/games/registry.js');
const { parseRuleAssignments, resolveOptions } =
  await load<typeof import('../src/core/options.js')>('../dist/core/options.js');
const { Solver, defaultPlan, prunedNames, without } =
  await load<typeof import('../src/solve/solver.js')>('../dist/solve/solver.js');
const { greedyOrder } = await load<typeof import('../src/players/greedy.js')>('../dist/players/greedy.js');
const { dealDeck } = await load<typeof import('../src/sim/deals.js')>('../dist/sim/deals.js');
const { checkLine } = await load<typeof import('../src/solve/verify.js')>('../dist/solve/verify.js');
const { PROBE_PLAYERS, playerProbe } = await load<typeof import('../src/sim/probes.js')>('../dist/sim/probes.js');
const { DEFAULT_SETTINGS } = await load<typeof import('../src/players/player.js')>('../dist/players/player.js');
const { greedyPlayout } = await load<typeof import('../src/solve/playout.js')>('../dist/solve/playout.js');

const args = process.argv.slice(2);
const quick = args.includes('--quick'); // npm run bench -- --quick: a fifth of the deals
if (quick) args.splice(args.indexOf('--quick'), 1);
const nested = !args.includes('--no-nested'); // the nested searches, as `patience solve` runs them
if (!nested) args.splice(args.indexOf('--no-nested'), 1);
const beam = !args.includes('--no-beam'); // the beam searches, as `patience solve` runs them
if (!beam) args.splice(args.indexOf('--no-beam'), 1);
const policy = !args.includes('--no-policy'); // the policy searches, as `patience solve` runs them
if (!policy) args.splice(args.indexOf('--no-policy'), 1);
const deals = Number(takeFlag(args, '--deals') ?? (quick ? 10 : 50));
const budget = Number(takeFlag(args, '--nodes') ?? 200_000);
const rules: string[] = [];
for (let rule = takeFlag(args, '--rule'); rule !== undefined; rule = takeFlag(args, '--rule')) rules.push(rule);
const only = args;

let shahSpeed: number | undefined;
const la = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(
  `solver bench: ${deals} deals per game (seed bench), budget ${budget.toLocaleString('en')} positions, one thread${nested ? '' : ', no win finders'}${beam ? '' : ', no beam searches'}${policy ? '' : ', no policy searches'}`,
);
console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, node ${process.version}; load average before: ${la()}`,
);
console.log(
  `${'game'.padEnd(20)} ${'solved'.padStart(6)} ${'unsolv.'.padStart(7)} ${'unknown'.padStart(7)} ${'positions/s'.padStart(12)} ${'deals/s'.padStart(8)} ${'decided/cpu-min'.padStart(15)}  pruning`,
);
/** Solve `deals` deals of a game (with the probes, as `patience solve` does, unless `probing` is false) and print a
 * line. */
function run(game: (typeof GAMES)[number], label: string, probing: boolean): number {
  const options = resolveOptions(
    game.options,
    rules.length > 0 ? parseRuleAssignments(game.id, game.options, rules) : {},
  );
  const state = game.create(options);
  const probes = probing ? PROBE_PLAYERS.map((id) => playerProbe(game, id, DEFAULT_SETTINGS)) : [];
  const plan = without(defaultPlan(budget), ...(beam ? [] : ['beam']), ...(policy ? [] : ['policy']));
  const solver = new Solver(state, {
    budget,
    order: greedyOrder(game),
    probes,
    plan,
    playout: nested ? greedyPlayout(game) : undefined,
    solving: game.solving,
  });
  const counts = [0, 0, 0, 0];
  let nodes = 0;
  let ms = 0;
  let failed = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < deals; i++) {
    const deck = dealDeck('bench', game.id, i);
    const verdict = solver.solve(deck);
    counts[verdict.outcome]!++;
    nodes += verdict.nodes;
    ms += verdict.ms;
    if (verdict.outcome === 1 && checkLine(game.create(options), deck, verdict.line) !== '') failed++;
  }
  const used = process.cpuUsage(cpu);
  const cpuMinutes = (used.user + used.system) / 60e6; // the verification's replays included: they are part of a verdict
  const pruning = prunedNames(game.solving)
    .map((name, k) => (solver.pruned[k]! > 0 ? `${name} ${solver.pruned[k]!.toLocaleString('en')}` : ''))
    .filter((s) => s !== '')
    .join(', ');
  const line = [
    label.padEnd(20),
    String(counts[1]).padStart(6),
    String(counts[2]).padStart(7),
    String(counts[3]).padStart(7),
    ((nodes / ms) * 1000).toFixed(0).padStart(12),
    ((deals / ms) * 1000).toFixed(1).padStart(8),
    ((counts[1]! + counts[2]!) / cpuMinutes).toFixed(1).padStart(15),
  ].join(' ');
  console.log(`${line}  ${pruning || '-'}${failed > 0 ? `  FAILED VERIFY: ${failed}` : ''}`);
  return (nodes / ms) * 1000;
}

for (const game of GAMES) {
  if (only.length > 0 && !only.includes(game.id) && game.id !== 'shah') continue; // The Shah, the reference, always
  run(game, game.id, true);
  // The speed target is the search's own: the probes' games (a lookahead's) are slower per position.
  if (game.id === 'shah') shahSpeed = run(game, 'shah (search only)', false);
}
console.log(`load average after: ${la()}`);
if (shahSpeed !== undefined) {
  const ok = shahSpeed >= 1_000_000;
  console.log(
    `${ok ? 'met    ' : 'NOT MET'}  solver >= 1,000,000 positions/s on The Shah (one thread): ${shahSpeed.toFixed(0)} positions/s`,
  );
}
