// --pysol on the built command: PySolFC's game numbers chosen for solve, replay, hint, simulate and compare; the
// rows name the numbers; a game PySolFC does not deal as ours, and bad numbers, refused in one line with exit 2.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRows, patience } from './run-cli.js';

const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/pysol-deals.json', import.meta.url), 'utf8')) as {
  deals: Array<{ number: string; sultan: string }>;
};
const sultanDeck = (n: string) => FIXTURE.deals.find((d) => d.number === n)!.sultan;

describe('--pysol', () => {
  it("solve decides PySolFC's game under its reading; the row and the per-deal file name the number", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-pysol-'));
    const run = await patience([
      'solve',
      '--game',
      'sultan',
      '--pysol',
      '123456',
      '--rule',
      'reading=pysol',
      '--nodes',
      '100000',
      '-w',
      '1',
      '-q',
      '-o',
      join(dir, 's.csv'),
      '--per-deal',
      join(dir, 'd.csv'),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('seed pysol, deals 123456-123456');
    expect(run.stdout).toContain('replay: patience replay --game sultan --pysol 123456 --solution');
    const [row] = csvRows(join(dir, 's.csv'));
    expect([row!['seed'], row!['first_deal'], row!['last_deal'], row!['solved']]).toEqual([
      'pysol',
      '123456',
      '123456',
      '1',
    ]);
    expect(row!['options']).toBe('reading=pysol divanSize=6 divanFill=manual redealShuffle=false turnedCard=talon');
    expect(csvRows(join(dir, 'd.csv')).map((r) => [r['deal'], r['outcome']])).toEqual([['123456', 'solved']]);
  });

  it("plays PySolFC's deal under its reading (U10) unless --rule or --rules sets the reading", async () => {
    const PYSOL = 'reading=pysol divanSize=6 divanFill=manual redealShuffle=false turnedCard=talon';
    const CADOGAN = 'reading=cadogan divanSize=8 divanFill=immediate redealShuffle=true turnedCard=held';
    const dir = mkdtempSync(join(tmpdir(), 'patience-pysol-'));
    const solved = await patience([
      'solve',
      '--game',
      'sultan',
      '--pysol',
      '123456',
      '--nodes',
      '100000',
      '-w',
      '1',
      '-q',
      '-o',
      join(dir, 's.csv'),
    ]);
    expect(solved.code).toBe(0);
    expect(csvRows(join(dir, 's.csv'))[0]!['options']).toBe(PYSOL);
    const cadogan = await patience([
      'solve',
      '--game',
      'sultan',
      '--pysol',
      '123456',
      '--rule',
      'reading=cadogan',
      '--nodes',
      '100000',
      '-w',
      '1',
      '-q',
      '-o',
      join(dir, 'c.csv'),
    ]);
    expect(cadogan.code).toBe(0);
    expect(csvRows(join(dir, 'c.csv'))[0]!['options']).toBe(CADOGAN);
    const plus = await patience([
      'replay',
      '--game',
      'sultan',
      '--pysol',
      '7',
      '--rule',
      'reading=pysol-plus',
      '--pictures',
      'end',
    ]);
    expect(plus.stdout).toContain('options: reading=pysol-plus divanSize=8 divanFill=manual');
    const hinted = await patience(['hint', '--game', 'sultan', '--pysol', '7', '--samples', '2', '--format', 'json']);
    expect((JSON.parse(hinted.stdout) as { options: Record<string, unknown> }).options).toMatchObject({
      reading: 'pysol',
      turnedCard: 'talon',
    });
    const simulated = await patience([
      'simulate',
      '--game',
      'sultan',
      '--pysol',
      '1..2',
      '-p',
      'greedy',
      '-w',
      '1',
      '-q',
      '-o',
      join(dir, 'g.csv'),
    ]);
    expect(simulated.code).toBe(0);
    expect(csvRows(join(dir, 'g.csv'))[0]!['options']).toBe(PYSOL);
    const compared = await patience([
      'compare',
      '--game',
      'sultan',
      '-p',
      'greedy',
      '--rules',
      'reading=pysol',
      'reading=cadogan',
      '--pysol',
      '1..2',
      '-w',
      '1',
      '-q',
      '-o',
      join(dir, 'r.csv'),
    ]);
    expect(compared.stderr).toBe('');
    expect([csvRows(join(dir, 'r.csv'))[0]!['options_a'], csvRows(join(dir, 'r.csv'))[0]!['options_b']]).toEqual([
      PYSOL,
      CADOGAN,
    ]);
  });

  it("replay prints PySolFC's deal, and with --solution its moves in PySolFC's words", async () => {
    const deck = await patience(['replay', '--game', 'sultan', '--pysol', '12345678901234567890', '--print-deck']);
    expect(deck.stdout.trim()).toBe(sultanDeck('12345678901234567890'));
    const line = await patience([
      'replay',
      '--game',
      'sultan',
      '--pysol',
      'ms123456',
      '--solution',
      '--rule',
      'reading=pysol',
      '--nodes',
      '100000',
      '--pictures',
      'end',
    ]);
    expect(line.code).toBe(0);
    expect(line.stdout).toContain("PySolFC's game ms123456, the solver's winning line");
    expect(line.stdout).toContain(`deck: ${sultanDeck('ms123456')}`);
    expect(line.stdout).toMatch(
      /^\s+\d+\. move .. from (the waste|reserve \d on the (left|right) \(from the top\)) to the [AK]. foundation \((top|middle|bottom) (left|centre|right)\)$/m,
    );
    expect(line.stdout).toMatch(/^\s+\d+\. click the talon: its top card to the waste$/m);
    expect(line.stdout).toContain('result: won');
  });

  it("hint names PySolFC's deal's moves in PySolFC's words, as replay does; a deck given by hand in ours", async () => {
    const words = await patience(['hint', '--game', 'sultan', '--pysol', '123456', '--samples', '2', '--to', '3']);
    expect(words.code).toBe(0);
    expect(words.stdout).toContain("moves in PySolFC's words");
    expect(words.stdout).toMatch(/%\s+[+-][\d.]+\s+click the talon: its top card to the waste/);
    expect(words.stdout).toMatch(
      /%\s+[+-][\d.]+\s+move 8. from the waste to reserve \d on the (left|right) \(from the top\)/,
    );
    const json = await patience([
      'hint',
      '--game',
      'sultan',
      '--pysol',
      '123456',
      '--samples',
      '2',
      '--to',
      '3',
      '--format',
      'json',
    ]);
    expect((JSON.parse(json.stdout) as { moves: Array<{ text: string }> }).moves.map((m) => m.text)).toContain(
      'click the talon: its top card to the waste',
    );
    const ours = await patience([
      'hint',
      '--game',
      'sultan',
      '--deck',
      sultanDeck('123456'),
      '--rule',
      'reading=pysol',
      '--samples',
      '2',
      '--to',
      '3',
    ]);
    expect(ours.code).toBe(0);
    expect(ours.stdout).not.toContain("PySolFC's words");
    expect(ours.stdout).not.toContain('click the talon');
  });

  it('simulate over a range names the numbers deal by deal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-pysol-'));
    const run = await patience([
      'simulate',
      '--game',
      'sultan',
      '--pysol',
      '31998..32001',
      '-p',
      'greedy',
      '-w',
      '1',
      '-q',
      '-o',
      join(dir, 's.csv'),
      '--per-deal',
      join(dir, 'd.csv'),
    ]);
    expect(run.code).toBe(0);
    expect(csvRows(join(dir, 'd.csv')).map((r) => r['deal'])).toEqual(['31998', '31999', '32000', '32001']);
    const [row] = csvRows(join(dir, 's.csv'));
    expect([row!['seed'], row!['first_deal'], row!['last_deal'], row!['deals']]).toEqual([
      'pysol',
      '31998',
      '32001',
      '4',
    ]);
  });

  it("deals PySolFC's Zodiac under its reading (Z10), returns and rows included", async () => {
    const run = await patience(['replay', '--game', 'zodiac', '--pysol', '1']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("The Zodiac, PySolFC's game #1");
    expect(run.stdout).toContain('returns=free dealOrder=rows');
  });

  it('refuses, in one line and before any work, what it cannot do', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ['solve', '--game', 'congress', '--pysol', '5'],
        /PySolFC's Congress \(150\) differs from The Congress, so it is refused: .*Forty Thieves game/,
      ],
      [['solve', '--game', 'shah', '--pysol', '5'], /PySolFC has no game like The Shah/],
      [['solve', '--game', 'sultan', '--pysol', '0'], /out of range: 1 to 100000000000000000000/],
      [['solve', '--game', 'sultan', '--pysol', 'ms8589934592'], /out of range: ms1 to ms8589934591/],
      [['solve', '--game', 'sultan', '--pysol', '5', '--seed', '7'], /leave out --seed/],
      [['replay', '--game', 'sultan', '--pysol', '1..3'], /replay takes one game number/],
      [['hint', '--game', 'sultan', '--pysol', '3', '--deal', '2'], /leave out --deal/],
      [['simulate', '--game', 'sultan', '--seed', 'pysol'], /give --pysol N instead/],
      [['compare', '--game', 'congress', '--player', 'greedy,naive', '--pysol', '1..10'], /Forty Thieves/],
    ];
    for (const [args, message] of cases) {
      const run = await patience(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
  });
});
