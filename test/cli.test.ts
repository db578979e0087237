// The patience command as a user runs it: bad input gives one line on stderr and exit code 2, never a stack
// trace or a damaged file; good input gives results that replay reproduces.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, '..', 'src', 'cli', 'main.ts');
/** The build `npm test` makes first (pretest): its workers start without compiling the sources. */
const COMPILED = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'patience-cli-'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run `patience args...` from the sources (or the build, with `compiled`); `onStart` gets the child once it has
 * written to stderr.
 */
function patience(args: string[], onStart?: (kill: (signal?: NodeJS.Signals) => void) => void, compiled = false): Promise<Run> {
  return new Promise((resolve) => {
    const command = compiled ? [COMPILED, ...args] : ['--import', 'tsx', MAIN, ...args];
    const child = spawn(process.execPath, command, { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    let started = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      if (!started && onStart) {
        started = true;
        onStart((signal = 'SIGINT') => child.kill(signal));
      }
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const BAD: Array<[string, string[], RegExp]> = [
  ['an unknown game', ['simulate', '--game', 'solitaire'], /unknown game 'solitaire'/],
  ['an unknown player', ['simulate', '--game', 'shah', '--player', 'genius'], /unknown player 'genius'/],
  ['an unknown rule option', ['simulate', '--game', 'shah', '--rule', 'speed=fast'], /unknown rule option 'speed'/],
  ['a bad rule value', ['simulate', '--game', 'shah', '--rule', 'refillSource=never'], /bad value 'never'/],
  ['a rule without a value', ['simulate', '--game', 'shah', '--rule', 'groupMoves'], /name=value/],
  ['a non-numeric count', ['simulate', '--game', 'shah', '--deals', 'many'], /--deals.*whole number/],
  ['a zero count', ['simulate', '--game', 'shah', '--deals', '0'], /at least 1/],
  ['a negative count', ['simulate', '--game', 'shah', '--deals=-5'], /at least 1/],
  ['a fractional count', ['simulate', '--game', 'shah', '--deals', '2.5'], /whole number/],
  ['a bad worker count', ['simulate', '--game', 'shah', '--workers', '-1'], /--workers/],
  ['a bad seed', ['simulate', '--game', 'shah', '--seed', 'a b'], /--seed/],
  ['an output path that cannot be written', ['simulate', '--game', 'shah', '--deals', '5', '--out', '/proc/no/such.csv'], /cannot write output file/],
  ['an output path under a file', ['simulate', '--game', 'shah', '--deals', '5', '--out', join(dir, 'file.txt', 'x.csv')], /cannot write output file/],
  ['a deck string too short', ['replay', '--game', 'shah', '--deck', 'AS KS QS'], /3 cards, expected 104/],
  ['a deck string with an unknown code', ['replay', '--game', 'shah', '--deck', `ZZ ${'AS '.repeat(103)}`], /unknown card code 'ZZ'/],
  ['a deck string with a card three times', ['replay', '--game', 'shah', '--deck', 'AS AS AS'], /AS appears more than twice/],
  ['a rules card for an unknown game', ['rules', 'carpet-of-dreams'], /unknown game/],
  ['an unknown command', ['ponder'], /unknown command/],
  ['deals past the last safe index', ['simulate', '--game', 'shah', '--first', '9007199254740991', '--deals', '10'], /runs past the last deal index/],
  ['a solve past the last safe index', ['solve', '--game', 'shah', '--first', '9007199254740990', '--deals', '3'], /runs past the last deal index/],
  ['a solve of an unknown game', ['solve', '--game', 'solitaire'], /unknown game 'solitaire'/],
  ['a solve with a zero budget', ['solve', '--game', 'shah', '--nodes', '0'], /--nodes.*at least 1/],
  ['a solutions path that cannot be written', ['solve', '--game', 'shah', '--deals', '2', '--solutions', '/proc/no/such.jsonl'], /cannot write output file/],
  ['a per-deal path that cannot be written', ['simulate', '--game', 'shah', '--deals', '2', '--per-deal', '/proc/no/such.csv'], /cannot write output file/],
  ['verify of a missing file', ['verify', join(dir, 'no-such.jsonl')], /cannot read/],
  ['verify of a file that holds no solutions', ['verify', join(dir, 'file.txt')], /line 1: not a JSON object/],
  ['an unknown flag', ['list', '--colour'], /unknown option/],
  ['a missing game', ['simulate'], /--game/],
];

describe('bad input: one line on stderr, exit code 2, no stack trace', () => {
  writeFileSync(join(dir, 'file.txt'), 'a file, not a folder\n');
  it.concurrent.each(BAD)('%s', async (_what, args, message) => {
    const run = await patience(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('leaves an existing output file untouched when the input is bad', async () => {
    const out = join(dir, 'keep.csv');
    writeFileSync(out, 'precious\n');
    const run = await patience(['simulate', '--game', 'shah', '--deals', '5', '--rule', 'nope=1', '--out', out]);
    expect(run.code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
  });
});

describe('commands', () => {
  it('list shows the games, their options with defaults, and the players', async () => {
    const run = await patience(['list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/shah\s+The Shah/);
    expect(run.stdout).toMatch(/refillSource = choice \| talonFirst \| stockOnly/);
    for (const p of ['naive', 'random', 'greedy', 'lookahead']) expect(run.stdout).toContain(p);
  });

  it("list shows a game's note under its options (Sympathie: every player plays it alike)", async () => {
    const run = await patience(['list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/sympathie\s+Sympathie\n(?:\s+\w+ = .*\n)+\s+note: no decisions under turnOrder=dealOrder/);
  });

  it('rules prints the rules card with its rulings', async () => {
    const run = await patience(['rules', 'shah']);
    expect(run.code).toBe(0);
    for (const r of ['S1 ', 'S9 ', 'S12', 'S16', 'S17']) expect(run.stdout).toContain(r);
  });

  it('simulate writes a CSV row per player, and replay reproduces a deal from its seed or its deck string', async () => {
    const out = join(dir, 'sim.csv');
    const sim = await patience(['simulate', '--game', 'shah', '--deals', '40', '--first', '100', '--player', 'naive,greedy', '--workers', '1', '--out', out, '--print-deck', '117', '--quiet']);
    expect(sim.code).toBe(0);
    const [header, ...rows] = readFileSync(out, 'utf8').trim().split('\n');
    expect(header!.split(',').slice(0, 6)).toEqual(['game', 'options', 'player', 'player_settings', 'seed', 'deals']);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^shah,edition=cadogan refillSource=choice groupMoves=false,greedy,,1,40,/);
    expect(rows[1]).toContain(',100,139,100-139,false,');
    const deck = /deck of deal 117: (.*)/.exec(sim.stdout)![1]!;
    const printed = await patience(['replay', '--game', 'shah', '--deal', '117', '--print-deck']);
    expect(printed.stdout.trim()).toBe(deck);
    const bySeed = await patience(['replay', '--game', 'shah', '--deal', '117', '--pictures', 'end']);
    const byDeck = await patience(['replay', '--game', 'shah', '--deck', deck, '--pictures', 'end']);
    expect(bySeed.code).toBe(0);
    const result = (r: Run) => /result: .*/.exec(r.stdout)![0];
    expect(result(byDeck)).toBe(result(bySeed));
    expect(bySeed.stdout).toContain('K\u2665');
    // the simulated deal 117 ended with the same number of cards on the foundations as the replay
    const one = join(dir, 'one.csv');
    await patience(['simulate', '--game', 'shah', '--deals', '1', '--first', '117', '--workers', '1', '--out', one, '--quiet']);
    const cardsSimulated = readFileSync(one, 'utf8').trim().split('\n')[1]!.split(',')[10];
    const won = result(bySeed).includes('won');
    const cardsReplayed = won ? '88' : /with (\d+) of 88/.exec(result(bySeed))![1];
    expect(Number(cardsSimulated)).toBe(Number(cardsReplayed));
  });

  it('replay --deck of an exported deck string, with its --seed and --deal, makes the moves replay by seed makes (The Carpet, random player: copies and the player generator both matter)', async () => {
    const common = ['--game', 'carpet', '--player', 'random', '--pictures', 'end'];
    const printed = await patience(['replay', '--game', 'carpet', '--seed', 'x7', '--deal', '3', '--print-deck']);
    const deck = printed.stdout.trim();
    expect(deck).toContain('*');
    const bySeed = await patience(['replay', ...common, '--seed', 'x7', '--deal', '3']);
    const byDeck = await patience(['replay', ...common, '--deck', deck, '--seed', 'x7', '--deal', '3']);
    expect(byDeck.code).toBe(0);
    const body = (r: Run) => r.stdout.split('\n').slice(1).join('\n'); // all but the title line
    expect(body(byDeck)).toBe(body(bySeed));
  });

  it('simulate --per-deal writes one row per deal and player, agreeing with the summary', async () => {
    const out = join(dir, 'pd-sum.csv');
    const perDeal = join(dir, 'pd.csv');
    const run = await patience(['simulate', '--game', 'sultan', '--deals', '30', '--first', '5', '--player', 'naive,greedy', '--workers', '2', '--out', out, '--per-deal', perDeal, '--quiet']);
    expect(run.code).toBe(0);
    const [header, ...rows] = readFileSync(perDeal, 'utf8').trim().split('\n');
    expect(header).toBe('deal,player,won,cards,moves,stalled');
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatch(/^5,naive,/);
    expect(rows[59]).toMatch(/^34,greedy,/);
    const wins = (player: string) => rows.filter((r) => r.includes(`,${player},true,`)).length;
    const summary = readFileSync(out, 'utf8').trim().split('\n').slice(1).map((r) => r.split(','));
    expect(summary.map((r) => Number(r[6]))).toEqual([wins('naive'), wins('greedy')]);
  });

  it('solve writes its summary, per-deal verdicts and winning lines; verify checks the lines and catches a false one; replay --solution plays one', async () => {
    const out = join(dir, 'solve.csv');
    const perDeal = join(dir, 'solve-deals.csv');
    const solutions = join(dir, 'wins.jsonl');
    const run = await patience(['solve', '--game', 'sultan', '--deals', '12', '--seed', '2026', '--nodes', '100000', '--out', out, '--per-deal', perDeal, '--solutions', solutions, '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('upper: winnable with every card known');
    const [header, row] = readFileSync(out, 'utf8').trim().split('\n');
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]!]));
    expect(cells['game']).toBe('sultan');
    expect(Number(cells['solved']) + Number(cells['unsolvable']) + Number(cells['unknown'])).toBe(12);
    expect(Number(cells['ci_low'])).toBeLessThanOrEqual(Number(cells['solved']) / 12);
    expect(Number(cells['ci_high'])).toBeGreaterThanOrEqual((Number(cells['solved']) + Number(cells['unknown'])) / 12);
    const verdicts = readFileSync(perDeal, 'utf8').trim().split('\n').slice(1);
    expect(verdicts).toHaveLength(12);
    const lines = readFileSync(solutions, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(Number(cells['solved']));
    expect(lines.length).toBeGreaterThan(0);
    const good = await patience(['verify', solutions]);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain(`${lines.length} verified, 0 failed`);
    // A line with one move dropped no longer wins (or breaks a rule): verify must say so and exit 1.
    const record = JSON.parse(lines[0]!) as { deal: number; moves: number[] };
    record.moves.splice(Math.floor(record.moves.length / 2), 1);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, JSON.stringify(record) + '\n');
    const caught = await patience(['verify', bad]);
    expect(caught.code).toBe(1);
    expect(caught.stdout).toContain('0 verified, 1 failed');
    const replayed = await patience(['replay', '--game', 'sultan', '--seed', '2026', '--deal', String(record.deal), '--solution', '--nodes', '100000', '--pictures', 'end']);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/the solver's winning line/);
    expect(replayed.stdout).toMatch(/result: won after \d+ moves/);
  });

  it('merge: three solve shards merged equal one run, summary and per-deal, but for timing; overlaps and other runs are refused', async () => {
    const base = ['solve', '--game', 'carpet', '--seed', 'm', '--nodes', '20000', '--workers', '1', '--quiet'];
    const one = join(dir, 'one-run.csv');
    const oneDeals = join(dir, 'one-run-deals.csv');
    expect((await patience([...base, '--deals', '9', '--out', one, '--per-deal', oneDeals])).code).toBe(0);
    const shards = [0, 3, 6].map((first) => [join(dir, `shard-${first}.csv`), join(dir, `shard-${first}-deals.csv`)] as const);
    for (const [i, [out, deals]] of shards.entries()) {
      expect((await patience([...base, '--first', String(3 * i), '--deals', '3', '--out', out, '--per-deal', deals])).code).toBe(0);
    }
    const merged = join(dir, 'merged.csv');
    const mergedDeals = join(dir, 'merged-deals.csv');
    expect((await patience(['merge', ...shards.map(([o]) => o).reverse(), '--out', merged])).code).toBe(0);
    expect((await patience(['merge', ...shards.map(([, d]) => d), '--out', mergedDeals])).code).toBe(0);
    const rows = (f: string) => parse(readFileSync(f, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    const untimed = (r: Record<string, string>) => ({ ...r, ms: '' });
    expect(rows(merged).map(untimed)).toEqual(rows(one).map(untimed));
    expect(rows(mergedDeals).map(untimed)).toEqual(rows(oneDeals).map(untimed));
    const overlap = await patience(['merge', shards[0]![0], shards[0]![0], '--out', join(dir, 'x.csv')]);
    expect(overlap.code).toBe(2);
    expect(overlap.stderr).toMatch(/both hold deals 0-2/);
    const other = join(dir, 'other-seed.csv');
    await patience([...base.map((a) => (a === 'm' ? 'n' : a)), '--first', '9', '--deals', '2', '--out', other]);
    const refused = await patience(['merge', shards[0]![0], other, '--out', join(dir, 'y.csv')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/not the same run.*seed 'n' against 'm'/);
    const gap = await patience(['merge', shards[0]![0], shards[2]![0], '--out', join(dir, 'z.csv')]);
    expect(gap.code).toBe(0);
    expect(gap.stderr).toContain('no file holds deals 3-5');
  });

  it('SIGTERM, as a cluster scheduler sends at its time limit, writes the deals that finished, marked and named partial, and exits 143', async () => {
    const out = join(dir, 'term.csv');
    const run = await patience(['solve', '--game', 'hemispheres', '--deals', '100000', '--nodes', '2000', '--workers', '2', '--out', out], (kill) => setTimeout(() => kill('SIGTERM'), 3000), true);
    expect(run.code).toBe(143);
    expect(run.stderr).toContain('interrupted (SIGTERM)');
    const [row] = parse(readFileSync(join(dir, 'term.partial.csv'), 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(row!['partial']).toBe('true');
    expect(Number(row!['deals'])).toBeGreaterThan(0);
    expect(Number(row!['deals'])).toBeLessThan(100000);
  });

  it('Ctrl-C writes the deals that finished, marked and named partial, and exits 130', async () => {
    const out = join(dir, 'partial.csv');
    // From the build: worker threads loading the sources through tsx took over 1.5 s to start on a loaded machine.
    const args = ['simulate', '--game', 'shah', '--deals', '50000000', '--workers', '2', '--out', out];
    const run = await patience(args, (kill) => setTimeout(kill, 3000), true);
    expect(run.code).toBe(130);
    // Parsed as CSV: the deal ranges of an interrupted run may have gaps, written "0-99,200-299" in quotes.
    const [row] = parse(readFileSync(join(dir, 'partial.partial.csv'), 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(row!['partial']).toBe('true');
    expect(Number(row!['deals'])).toBeGreaterThan(0);
    expect(run.stdout).toContain('(partial)');
  });
});

describe('the package', () => {
  it('ships the licence its package.json names', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { license: string };
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(import.meta.dirname, '..', 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });
});
