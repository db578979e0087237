// The library: the package installed by name into a scratch project (npm's file: install, as `npm install
// /path/to/patience` makes it) is imported as 'patience', with its types, and each job function returns the rows
// the command writes for the same arguments.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvRows, patience, untimed } from './run-cli.js';

const ROOT = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'patience-api-'));
const at = (name: string) => join(scratch, name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

beforeAll(() => {
  writeFileSync(at('package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--offline', '--ignore-scripts', '--loglevel=error', ROOT], {
    cwd: scratch,
    stdio: 'pipe',
  });
}, 120_000);

/** Run a module in the scratch project; its stdout parsed as JSON. */
function runScratch(name: string, code: string): unknown {
  writeFileSync(at(name), code);
  return JSON.parse(execFileSync(process.execPath, [at(name)], { cwd: scratch, encoding: 'utf8' }));
}

describe("import { ... } from 'patience'", () => {
  it('runs simulate, compare and solve, and returns the rows the commands write', async () => {
    const module = join(ROOT, 'examples', 'greedy-no-bury.mjs');
    const out = runScratch(
      'jobs.mjs',
      `import { simulate, compare, solve } from 'patience';
const sim = await simulate({ game: 'sultan', deals: 200, seed: 'api', players: ['greedy', ${JSON.stringify(module)}], playerOptions: { k: '1' }, workers: 2 });
const cmp = await compare({ game: 'congress', deals: 200, seed: 'api', players: ['greedy', 'random'], workers: 1 });
const sol = await solve({ game: 'sultan', deals: 3, seed: 'api', nodes: 20000, workers: 1 });
console.log(JSON.stringify({ sim, cmp, sol }));`,
    ) as { sim: Array<Record<string, unknown>>; cmp: Record<string, unknown>; sol: Record<string, unknown> };
    const cli = async (args: string[], file: string) => {
      const run = await patience([...args, '--seed', 'api', '--quiet', '-o', at(file)]);
      expect(run.code, run.stderr).toBe(0);
      return csvRows(at(file));
    };
    // the library's rows are typed: its numbers are numbers, equal to the file's cells read as numbers
    const asText = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)]));
    const asNumbers = (row: Record<string, string>, like: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof like[k] === 'number' ? String(Number(v)) : v]));
    const sim = await cli(
      [
        'simulate',
        '--game',
        'sultan',
        '--deals',
        '200',
        '--player',
        `greedy,${module}`,
        '--player-option',
        'k=1',
        '--workers',
        '1',
      ],
      'sim.csv',
    );
    expect(untimed(out.sim.map(asText), ['ms_per_deal'])).toEqual(
      untimed(
        sim.map((r, i) => asNumbers(r, out.sim[i]!)),
        ['ms_per_deal'],
      ),
    );
    expect(out.sim[1]!['player_module']).toBe(module);
    expect([typeof out.sim[0]!['wins'], typeof out.sim[0]!['win_rate'], typeof out.sim[0]!['partial']]).toEqual([
      'number',
      'number',
      'boolean',
    ]);
    expect(out.sim[0]!['wins']).toBe(Number(sim[0]!['wins']));
    const cmp = await cli(
      ['compare', '--game', 'congress', '--deals', '200', '--players', 'greedy,random', '--workers', '1'],
      'cmp.csv',
    );
    expect(asText(out.cmp)).toEqual(asNumbers(cmp[0]!, out.cmp));
    expect((out.cmp['wins_a'] as number) + (out.cmp['wins_b'] as number)).toBe(
      Number(cmp[0]!['wins_a']) + Number(cmp[0]!['wins_b']),
    );
    expect(out.cmp['sprt_llr']).toBeNull();
    const sol = await cli(
      ['solve', '--game', 'sultan', '--deals', '3', '--nodes', '20000', '--workers', '1'],
      'sol.csv',
    );
    expect(untimed([asText(out.sol)], ['ms'])).toEqual(untimed([asNumbers(sol[0]!, out.sol)], ['ms']));
    expect(typeof out.sol['solved']).toBe('number');
  }, 120_000);

  it('gives the games, rules cards, players, and cards and moves as replay prints them', () => {
    const out = runScratch(
      'parts.mjs',
      `import { GAMES, findGame, PLAYERS, greedyPlayer, STOP, dealDeck, decodeMove, describeMove, showCard, PileRole, DEFAULTS } from 'patience';
const game = findGame('shah');
const state = game.create(Object.fromEntries(game.options.map((o) => [o.name, o.default])));
state.deal(dealDeck('1', 'shah', 0));
const moves = new Int32Array(4096);
const n = state.legalMoves(moves);
const player = greedyPlayer.create(game, {});
player.reset(() => Math.random);
const m = player.choose(state, moves, n);
console.log(JSON.stringify({ games: GAMES.map((g) => g.id), card: game.rulesCard.split('\\n')[0], players: PLAYERS.map((p) => p.id), stop: STOP,
  move: decodeMove(m), line: describeMove(state, m), stock: state.pileRoles.indexOf(PileRole.Stock) >= 0, ace: showCard(0), defaults: DEFAULTS }));`,
    ) as Record<string, unknown>;
    expect(out['games']).toContain('sultan');
    expect(out['card']).toBe('The Shah (shah)');
    expect(out['players']).toEqual([
      'naive',
      'random',
      'random-no-undo',
      'greedy',
      'learned',
      'lookahead',
      'rollout',
      'hindsight',
      'ismcts',
      'foresight',
    ]);
    expect(out['stop']).toBe(-1);
    expect(out['stock']).toBe(true);
    expect(out['ace']).toMatch(/^A/);
    // replay's first line for that deal is the same move
    const replay = execFileSync(
      process.execPath,
      [
        join(ROOT, 'dist', 'cli', 'main.js'),
        'replay',
        '--game',
        'shah',
        '--seed',
        '1',
        '--deal',
        '0',
        '--pictures',
        'end',
      ],
      { encoding: 'utf8' },
    );
    expect(replay).toContain(`   1. ${out['line'] as string}\n`);
    expect(out['move']).toMatchObject({ kindName: (out['line'] as string).split(' ')[0] });
  });

  it('ships its types: a TypeScript project type-checks against them, and a wrong column is an error', () => {
    writeFileSync(
      at('tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
      }),
    );
    writeFileSync(
      at('mine.ts'),
      `import { simulate, compare, greedyPlayer, decodeMove, STOP, type PlayerSpec, type ResultRow, type SolveRow } from 'patience';
export const mine: PlayerSpec = {
  id: 'mine', summary: 'greedy, stopping when told', uses: [],
  create: (game, settings) => {
    const inner = greedyPlayer.create(game, settings);
    return { reset: (r) => inner.reset(r), choose: (s, m, n) => (settings.options?.['stop'] ? STOP : inner.choose(s, m, n)) };
  },
};
export const rows: Promise<ResultRow[]> = simulate({ game: 'shah', deals: 10 });
export const pair = async (): Promise<number> => { const row = await compare({ game: 'shah', deals: 10, players: ['greedy', 'naive'] }); return row.wins_a + row.wins_b; };
export const won = async (): Promise<number> => (await simulate({ game: 'shah', deals: 10 }))[0]!.wins;
export const rate = (r: SolveRow): number | null => r.estimate_low;
export const stopped = (r: ResultRow): boolean => r.partial;
export const kind: string = decodeMove(0).kindName;
// @ts-expect-error: a result row has no such column
export const wrong = (r: ResultRow) => r.no_such_column;
`,
    );
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', scratch], {
      cwd: scratch,
      stdio: 'pipe',
    });
  });
});
