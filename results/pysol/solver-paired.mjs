// The solver's verdicts under two readings paired deal by deal, "solved" against not (unknown or unsolvable), by
// the project's own paired statistics (src/stats/paired.ts; `npm run build` first). Usage, from the repository:
//   node results/pysol/solver-paired.mjs A-deals.csv B-deals.csv
import { readFileSync } from 'node:fs';
import { pairedSummary } from '../../dist/stats/paired.js';

const verdicts = (file) => new Map(readFileSync(file, 'utf8').trim().split('\n').slice(1).map((line) => line.split(',').slice(0, 2)));
const [a, b] = [verdicts(process.argv[2]), verdicts(process.argv[3])];
if (a.size !== b.size || [...a.keys()].some((deal) => !b.has(deal))) throw new Error('the two files hold different deals');
const counts = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
for (const [deal, outcome] of a) {
  const [sa, sb] = [outcome === 'solved', b.get(deal) === 'solved'];
  counts[sa && sb ? 'both' : sa ? 'onlyA' : sb ? 'onlyB' : 'neither']++;
}
console.log(JSON.stringify(pairedSummary(counts)));
