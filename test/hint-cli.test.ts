// `patience hint` and `replay --hint` as a user runs them (the build in dist/): the text a person reads, the JSON a
// program reads, the same hint from both commands at the same position, and bad input as one line with exit code 2.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HINT_SAMPLES } from '../src/sim/hint.js';
import { patience } from './run-cli.js';

const AT = ['--game', 'shah', '--seed', '2026', '--deal', '3', '--to', '30'];

describe('patience hint', () => {
  it('prints the position, what the columns mean, and every move best first with its chance and marks', async () => {
    const run = await patience(['hint', ...AT, '--samples', '60']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe("The Shah, deal 3 of seed 2026, after 30 moves of greedy's game");
    expect(run.stdout).toContain('stock 49'); // the picture
    expect(run.stdout).toContain('hint: 60 samples of the unseen cards (seed 2026)');
    const header = lines.findIndex((l) => l.startsWith('chance  95% interval'));
    const rows = lines.slice(header + 1);
    expect(rows.length).toBeGreaterThan(1);
    const chances = rows.map((l) => Number(/^\s*([\d.]+)%/.exec(l)![1]));
    expect(chances).toEqual([...chances].sort((a, b) => b - a));
    expect(rows.filter((l) => /\[rollout/.test(l))).toHaveLength(1);
    for (const l of rows) expect(l).toMatch(/^\s*[\d.]+%\s+[\d.]+% -\s+[\d.]+%\s+[+-][\d.]+\s+\S/);
  });

  it('--format json gives one object: the run and every move, the same as the text', async () => {
    const [json, text] = await Promise.all([
      patience(['hint', ...AT, '--samples', '60', '--format', 'json']),
      patience(['hint', ...AT, '--samples', '60']),
    ]);
    expect(json.code).toBe(0);
    const record = JSON.parse(json.stdout) as {
      game: string;
      seed: string;
      deal: number;
      to: number;
      samples: number;
      version: string;
      moves: Array<{
        text: string;
        chance: number;
        low: number;
        high: number;
        rollout: boolean;
        lost_in_every_sample: boolean;
        wins: number;
      }>;
    };
    expect(record).toMatchObject({ game: 'shah', seed: '2026', deal: 3, to: 30, samples: 60, line: 'greedy' });
    expect(record.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(record.moves.length).toBeGreaterThan(1);
    for (const m of record.moves) {
      expect(m.chance).toBe(m.wins / 60);
      expect(m.lost_in_every_sample).toBe(m.wins === 0);
      expect(text.stdout).toContain(m.text);
    }
    expect(record.moves.filter((m) => m.rollout)).toHaveLength(1);
  });

  it('--solve adds whether some sample can still be won with every card known, labelled an upper bound', async () => {
    const run = await patience(['hint', ...AT, '--samples', '10', '--solve', '500']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('a win, every card known');
    expect(run.stdout).toContain('an upper bound');
    const json = JSON.parse(
      (await patience(['hint', ...AT, '--samples', '10', '--solve', '500', '--format', 'json'])).stdout,
    ) as { solve_nodes: number; moves: Array<{ winnable_upper_bound: string }> };
    expect(json.solve_nodes).toBe(500);
    for (const m of json.moves) expect(['yes', 'no', 'unknown']).toContain(m.winnable_upper_bound);
  });

  it('replay --hint shows, before a move, the hint `patience hint --to` gives there, and makes the same moves as replay', async () => {
    const [hinted, plain, at] = await Promise.all([
      patience(['replay', '--game', 'shah', '--seed', '2026', '--deal', '3', '--hint', '30', '--pictures', 'end']),
      patience(['replay', '--game', 'shah', '--seed', '2026', '--deal', '3', '--pictures', 'end']),
      patience(['hint', '--game', 'shah', '--seed', '2026', '--deal', '3', '--to', '9', '--samples', '30']),
    ]);
    expect(hinted.code).toBe(0);
    const moveLines = (s: string) => s.split('\n').filter((l) => /^\s*\d+\. /.test(l));
    expect(moveLines(hinted.stdout)).toEqual(moveLines(plain.stdout));
    // the block printed before move 10 is the hint at the position after 9 moves
    const lines = hinted.stdout.split('\n');
    const tenth = lines.findIndex((l) => /^\s+10\. /.test(l));
    const start = lines.slice(0, tenth).findLastIndex((l) => l.trim().startsWith('chance  95% interval'));
    expect(start).toBeGreaterThan(0);
    const block = lines.slice(start, tenth).map((l) => l.trim());
    const atLines = at.stdout.trimEnd().split('\n');
    const own = atLines.slice(atLines.findIndex((l) => l.startsWith('chance  95% interval'))).map((l) => l.trim());
    expect(block).toEqual(own);
  });

  it("--solution reaches the position along the solver's winning line", async () => {
    const run = await patience([
      'hint',
      '--game',
      'sultan',
      '--seed',
      '2026',
      '--deal',
      '3',
      '--solution',
      '--to',
      '40',
      '--samples',
      '20',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(
      "The Sultan, deal 3 of seed 2026, after 40 moves of the solver's winning line",
    );
  });

  it('--position hints a saved position as --to does, and the same with its stock written unseen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-hint-'));
    const file = join(dir, 'shah.pos');
    const saved = await patience(['replay', ...AT, '-o', file]);
    expect(saved.code).toBe(0);
    const hidden = join(dir, 'unseen.pos');
    const text = readFileSync(file, 'utf8');
    const stock = /^stock: (.*)$/m.exec(text)![1]!.split(' ').length;
    writeFileSync(hidden, text.replace(/^stock: .*$/m, `stock: ?x${stock}`));
    const rows = (s: string) => s.slice(s.indexOf('chance  95% interval'));
    const unreached = join(dir, 'phase.pos');
    writeFileSync(unreached, text.replace(/^phase = \d+$/m, 'phase = 99'));
    const asSeen = await patience(['replay', ...AT, '--unseen']);
    expect(asSeen.stdout).toBe(readFileSync(hidden, 'utf8')); // --unseen writes the stock as the player sees it
    const [direct, fromFile, unseen, clash, wrongPhase] = await Promise.all([
      patience(['hint', ...AT, '--samples', '40']),
      patience(['hint', '--game', 'shah', '--position', file, '--samples', '40']),
      patience(['hint', '--game', 'shah', '--position', hidden, '--samples', '40']),
      patience(['hint', '--game', 'shah', '--position', file, '--deal', '4']),
      patience(['solve', '--game', 'shah', '--position', unreached, '--nodes', '1000']),
    ]);
    // a variable no play gives (The Shah's phase): refused before any work, not searched into a failed check
    expect(wrongPhase.code).toBe(2);
    expect(wrongPhase.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(wrongPhase.stderr).toMatch(/^patience: .*phase\.pos: no play reaches this position/);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout.split('\n')[0]).toBe(`The Shah, the position in ${file}`);
    expect(rows(fromFile.stdout)).toBe(rows(direct.stdout));
    expect(rows(unseen.stdout)).toBe(rows(direct.stdout));
    const json = JSON.parse(
      (await patience(['hint', '--game', 'shah', '--position', file, '--samples', '5', '--format', 'json'])).stdout,
    ) as { position: string; position_seen: string };
    expect(json.position).toBe(file);
    expect(json.position_seen).toBe(asSeen.stdout); // what the hint read: the position as a player sees it
    expect(clash.code).toBe(2);
    expect(clash.stderr).toMatch(/^patience: .*--position.*--deal/);
  });

  it("replay --to --unseen writes Sympathie's face-down cards as ?, marking copies, and the hint reads it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-hint-'));
    const file = join(dir, 'sympathie.pos');
    const saved = await patience(['replay', '--game', 'sympathie', '--deal', '1', '--to', '6', '--unseen', '-o', file]);
    expect(saved.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^A packet 1 face down: \?x\d+$/m);
    const run = await patience(['hint', '--game', 'sympathie', '--position', file, '--samples', '10']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('replay --hint with no number takes the default samples', async () => {
    const run = await patience(['replay', '--game', 'sympathie', '--deal', '1', '--hint', '--pictures', 'end']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`hint: ${HINT_SAMPLES} samples`);
  });

  it.concurrent.each([
    [
      '--to past the end of the game',
      ['hint', '--game', 'shah', '--to', '100000'],
      /ends after \d+ moves: --to 100000 is past its end/,
    ],
    ['an unknown game', ['hint', '--game', 'nope'], /unknown game/],
    ['an unknown player', ['hint', '--game', 'shah', '--player', 'nobody'], /unknown player 'nobody'/],
    ['no samples', ['hint', '--game', 'shah', '--samples', '0'], /at least 1/],
    ['a bad format', ['hint', '--game', 'shah', '--format', 'csv'], /--format/],
    ['a bad --hint for replay', ['replay', '--game', 'shah', '--hint', 'x'], /--hint/],
    ['--force without -o for replay', ['replay', '--game', 'shah', '--force'], /--force goes with -o/],
    [
      '--player with --position for hint',
      ['hint', '--game', 'shah', '--position', 'x.pos', '--player', 'random'],
      /--position .* --player/,
    ],
    [
      '--to along a solver line not found',
      ['replay', '--game', 'shah', '--deal', '13', '--solution', '--nodes', '10', '--to', '5'],
      /found no winning line of deal 13 .* to follow to move 5/,
    ],
  ])('bad input, %s: one line on stderr, exit code 2', async (_what, args, message) => {
    const run = await patience(args as string[]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^patience: /);
    expect(lines[0]).toMatch(message);
  });
});
