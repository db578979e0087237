// Positions as text (core/position.ts): bad text gets one line naming the line and the problem; unseen cards are
// dealt where a sample would deal them; and, through the built command, replay --to writes a position that
// replay --position and solve --position start from. The round trip in every game is in conformance.test.ts.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/core/errors.js';
import { PileRole } from '../src/core/game.js';
import { resolveOptions } from '../src/core/options.js';
import { UNSEEN, makePosition, parsePosition, positionGame } from '../src/core/position.js';
import { fillUnseen, positionState } from '../src/core/position-load.js';
import { seededRng } from '../src/core/random.js';
import { findGame } from '../src/games/registry.js';
import { dealDeck } from '../src/sim/deals.js';
import { patience } from './run-cli.js';

const shah = findGame('shah');

/** The Shah's position after its deal of deal 3 of seed 'pos', as makePosition writes it. */
function shahText(): string {
  const state = shah.create(resolveOptions(shah.options, {}));
  state.deal(dealDeck('pos', 'shah', 3));
  return makePosition(shah, state);
}

/** The text with the line starting with `start` replaced by `line`. */
function edit(text: string, start: string, line: string): string {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.startsWith(start));
  expect(i, start).toBeGreaterThanOrEqual(0);
  lines[i] = line;
  return lines.join('\n');
}

/** The one-line message parsePosition throws for the text. */
function problem(text: string, given?: Record<string, string | boolean>): string {
  try {
    parsePosition(shah, given, text);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  }
  throw new Error('the text was accepted');
}

/** The line number of the line starting with `start`. */
function lineOf(text: string, start: string): number {
  return text.split('\n').findIndex((l) => l.startsWith(start)) + 1;
}

describe('bad position text', () => {
  const text = shahText();
  const stock = text.split('\n').find((l) => l.startsWith('stock:'))!;
  const stockCards = stock.slice('stock:'.length).trim().split(' ');
  /** A stock card other than the two of spades moved onto foundation 1's ace of spades. */
  const outOfSequence = () => {
    const k = stockCards.findIndex((c) => c !== '2S' && c !== '2S*');
    const moved = edit(text, 'stock:', `stock: ${stockCards.filter((_, i) => i !== k).join(' ')}`);
    return edit(moved, 'foundation 1:', `foundation 1: AS ${stockCards[k]!.replace('*', '')}`);
  };
  /** Foundation 1's ace of spades swapped with a stock card. */
  const offBase = () => {
    const k = stockCards.findIndex((c) => !c.startsWith('A'));
    const swapped = edit(text, 'stock:', `stock: ${stockCards.map((c, i) => (i === k ? 'AS' : c)).join(' ')}`);
    return edit(swapped, 'foundation 1:', `foundation 1: ${stockCards[k]!.replace('*', '')}`);
  };
  const cases: Array<[string, string, RegExp]> = [
    [
      'a card a third time',
      edit(text, 'talon:', `talon: ${stockCards[0]} ${stockCards[0]}`),
      /^line \d+: \w\w a third time \(there are two packs\)$/,
    ],
    [
      'a pile the game does not have',
      edit(text, 'talon:', 'outer 9: 5H'),
      /^line \d+: The Shah has no pile 'outer 9' \(its piles: foundation 1, .*\)$/,
    ],
    [
      'a count not adding up to 104',
      edit(text, 'stock:', `stock: ${stockCards.slice(1).join(' ')}`),
      /^103 cards given and 0 unseen make 103, not 104; missing \w\w$/,
    ],
    [
      'unseen cards counted wrong',
      edit(text, 'stock:', `stock: ?x${stockCards.length + 1}`),
      new RegExp(`^\\d+ cards given and ${stockCards.length + 1} unseen make 105, not 104$`),
    ],
    [
      'a foundation out of sequence',
      outOfSequence(),
      /^line 3: \w\w cannot lie on AS in foundation 1 \(a foundation is one suit in sequence\)$/,
    ],
    [
      'a foundation on another base',
      offBase(),
      /^line 3: foundation 1 starts with \w\w, but its base, laid at the deal, is of rank A$/,
    ],
    [
      'unseen cards outside a hidden pile',
      edit(text, 'talon:', 'talon: ?x2'),
      /^line \d+: unseen cards \('\?x2'\) can lie only in a hidden pile \(stock\), not in talon$/,
    ],
    [
      'a variable the game does not have',
      edit(text, 'phase =', 'round = 2'),
      /^line \d+: The Shah has no variable 'round' \(its variables: phase\)$/,
    ],
    [
      'a variable that is not a number',
      edit(text, 'phase =', 'phase = free'),
      /^line \d+: variable phase must be a whole number \(32 bits\), not 'free'$/,
    ],
    [
      'a variable too large',
      edit(text, 'phase =', 'phase = 99999999999'),
      /^line \d+: variable phase must be a whole number \(32 bits\), not '99999999999'$/,
    ],
    ['a pile left out', edit(text, 'talon:', ''), /^no line for pile 'talon' \(write 'talon:' for an empty one\)$/],
    [
      'a pile twice',
      edit(text, 'talon:', 'current card:'),
      /^line \d+: pile current card given twice \(first on line \d+\)$/,
    ],
    ['an unknown card code', edit(text, 'talon:', 'talon: 1X'), /^line \d+: unknown card code '1X'$/],
    ['another game', edit(text, 'game:', 'game: sultan'), /^line 1: the position is of 'sultan', not shah$/],
    [
      'an unknown rule option',
      edit(text, 'rules:', 'rules: speed=fast'),
      /^line 2: unknown rule option 'speed' for shah/,
    ],
    [
      'a line of neither kind',
      edit(text, 'talon:', 'talon'),
      /^line \d+: 'talon' is neither 'pile: cards' nor 'variable = number'$/,
    ],
  ];
  it.each(cases)('%s: one line naming it', (_name, bad, message) => {
    const why = problem(bad);
    expect(why).toMatch(message);
    expect(why).not.toContain('\n');
  });

  it('names the line the problem is on', () => {
    const bad = edit(text, 'talon:', `talon: ${stockCards[0]} ${stockCards[0]}`);
    expect(problem(bad)).toMatch(new RegExp(`^line ${lineOf(bad, 'talon:')}: `));
  });

  it('rule options given apart from the text must agree with it', () => {
    expect(problem(text, { refillSource: 'talon' })).toMatch(
      /^line 2: rule option refillSource is choice here but talon elsewhere/,
    );
    expect(parsePosition(shah, { refillSource: 'choice' }, text).options['refillSource']).toBe('choice');
  });

  it('reads hand-written text: any case, 10 for T, comments and blank lines', () => {
    const hand =
      '# a comment\n\n' +
      text.replace(/^talon:(.*)$/m, (_, cards: string) => `talon:${cards.toLowerCase().replace(/t/g, '10')}`);
    expect(makePosition(shah, positionState(parsePosition(shah, undefined, hand)))).toBe(text);
    expect(positionGame(hand)).toBe('shah');
  });
});

describe('unseen cards', () => {
  it('are the cards the text does not name, dealt into the hidden piles, in order or shuffled', () => {
    const text = shahText();
    const hidden = edit(
      text,
      'stock:',
      'stock: ?x88'.replace(
        '88',
        String(
          text
            .split('\n')
            .find((l) => l.startsWith('stock:'))!
            .split(' ').length - 1,
        ),
      ),
    );
    const position = parsePosition(shah, undefined, hidden);
    expect(position.unseen).toBeGreaterThan(0);
    const state = shah.create(position.options);
    const a = fillUnseen(position, state, seededRng('a'));
    const b = fillUnseen(position, state, seededRng('b'));
    expect(a.unseen).toBe(0);
    expect(a.piles.flat().includes(UNSEEN)).toBe(false);
    expect([...a.piles.flat()].sort((x, y) => x - y)).toEqual([...b.piles.flat()].sort((x, y) => x - y));
    expect(a.piles).not.toEqual(b.piles);
    // every other pile as written
    a.piles.forEach((pile, p) => {
      if (state.pileRoles[p] !== PileRole.Stock) expect(pile).toEqual(position.piles[p]);
    });
  });

  it("in Sympathie each lands among its own player's face-down cards, as a sample deals them", () => {
    const game = findGame('sympathie');
    const state = game.create(resolveOptions(game.options, {}));
    state.deal(dealDeck('pos', game.id, 1));
    const position = parsePosition(game, undefined, makePosition(game, state, { hideUnseen: true }));
    expect(position.unseen).toBeGreaterThan(0);
    const groups = state.unseenGroups!;
    const filled = fillUnseen(position, state, seededRng('s'));
    filled.piles.forEach((pile, p) => {
      if (state.pileRoles[p] === PileRole.Stock) for (const c of pile) expect(groups.ofCard[c]).toBe(groups.ofPile[p]);
    });
  });

  it("in Sympathie a player's face-down cards must be as many as his own pack's cards not named", () => {
    const game = findGame('sympathie');
    const state = game.create(resolveOptions(game.options, {}));
    state.deal(dealDeck('pos', game.id, 1));
    const lines = makePosition(game, state, { hideUnseen: true }).split('\n');
    const hidden = lines.map((l, i) => [l, i] as const).filter(([l]) => /: \?x\d+$/.test(l));
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    const [first, firstLine] = hidden[0]!;
    const [last, lastLine] = hidden[hidden.length - 1]!;
    lines[firstLine] = first.replace(/\d+$/, (n) => String(Number(n) + 1));
    lines[lastLine] = last.replace(/\d+$/, (n) => String(Number(n) - 1));
    let why = '';
    try {
      parsePosition(game, undefined, lines.join('\n'));
    } catch (err) {
      why = (err as Error).message;
    }
    expect(why).toMatch(
      new RegExp(
        `^line ${firstLine + 1}: .* hold \\d+ unseen cards, but \\d+ of the cards that can lie there are not named$`,
      ),
    );
  });
});

describe('the commands that start from a position', () => {
  it("--position takes the game from the file's game line, and refuses a --game that disagrees", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-position-'));
    const file = join(dir, 'sultan.pos');
    const to = await patience(['replay', '--game', 'sultan', '--seed', '2026', '--deal', '0', '--to', '5', '-o', file]);
    expect(to.code, to.stderr).toBe(0);
    const solved = await patience(['solve', '--position', file, '--nodes', '1000']);
    expect(solved.code, solved.stderr).toBe(0);
    expect(solved.stdout).toMatch(/^The Sultan /);
    const again = await patience(['replay', '--position', file, '--to', '0']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(readFileSync(file, 'utf8'));
    const hinted = await patience(['hint', '--position', file, '--samples', '2']);
    expect(hinted.code, hinted.stderr).toBe(0);
    for (const command of ['solve', 'replay', 'hint']) {
      const wrong = await patience([command, '--game', 'shah', '--position', file]);
      expect(wrong.stderr, command).toBe(
        `patience: --game shah, but ${file} is a position of sultan: leave --game out, or give the file's game\n`,
      );
      expect(wrong.code).toBe(2);
      const none = await patience([command]);
      expect(none.code, command).toBe(2);
      expect(none.stderr).toMatch(/--game/);
    }
  });

  it('an outer pile that no play could build (a jack on a ten) is accepted with a one-line warning (S1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-position-'));
    const file = join(dir, 'shah-12.pos');
    const to = await patience([
      'replay',
      '--game',
      'shah',
      '--seed',
      '2026',
      '--deal',
      '0',
      '--player',
      'greedy',
      '--to',
      '12',
      '-o',
      file,
    ]);
    expect(to.code, to.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^outer 8: JC$/m);
    const clean = await patience(['solve', '--game', 'shah', '--position', file, '--nodes', '1000']);
    expect(clean.stderr).toBe('');
    const odd = join(dir, 'odd.pos');
    writeFileSync(odd, text.replace(/^outer 8: JC$/m, 'outer 8: TC JC').replace(/^(stock:.*) TC /m, '$1 '));
    const run = await patience(['solve', '--game', 'shah', '--position', odd, '--nodes', '1000']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      `patience: warning: ${odd}: no play builds outer 8 as it lies: JC on TC (an outer pile takes the same suit one rank lower); read as given\n`,
    );
  });

  it('binary bytes in a position file are escaped and cut in the error line, never written raw', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-position-'));
    const file = join(dir, 'binary.pos');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('game: shah\nouter 1: TC JC\x01\x1b[31m'),
        Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256)),
        Buffer.from('\n'),
      ]),
    );
    const run = await patience(['solve', '--game', 'shah', '--position', file]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffd]/);
    expect(run.stderr).toContain("'JC\\x01\\x1b[31m");
    expect(run.stderr.length).toBeLessThan(200);
  });

  it('replay --to writes the position after move N; replay --position and solve --position start there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patience-position-'));
    const file = join(dir, 'sultan.pos');
    // The solver's winning line of this deal (the solve command's own example) taken to move 30.
    const to = await patience([
      'replay',
      '--game',
      'sultan',
      '--seed',
      '2026',
      '--deal',
      '0',
      '--solution',
      '--nodes',
      '100000',
      '--to',
      '30',
      '-o',
      file,
    ]);
    expect(to.code, to.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual([
      'game: sultan',
      'rules: reading=cadogan divanSize=8 divanFill=immediate redealShuffle=true turnedCard=held',
    ]);
    expect(
      (
        await patience([
          'replay',
          '--game',
          'sultan',
          '--seed',
          '2026',
          '--deal',
          '0',
          '--solution',
          '--nodes',
          '100000',
          '--to',
          '30',
          '-o',
          file,
        ])
      ).stderr,
    ).toMatch(/exists; give --force/);
    const solved = await patience(['solve', '--game', 'sultan', '--position', file, '--nodes', '100000']);
    expect(solved.code, solved.stderr).toBe(0);
    expect(solved.stdout).toMatch(/solver \(every card known; at most 100,000 positions\): solved, /);
    expect(solved.stdout).toContain(
      "checked: replayed from the position, every move passes the game's own legality test and the last position is won",
    );
    const played = await patience([
      'replay',
      '--game',
      'sultan',
      '--position',
      file,
      '--player',
      'greedy',
      '--pictures',
      'end',
    ]);
    expect(played.code, played.stderr).toBe(0);
    expect(played.stdout).toContain(`position: ${file}`);
    expect(played.stdout).toMatch(/result: (won|lost)/);
    // a position printed at move 0 of a replay from the position is the position itself
    const again = await patience(['replay', '--game', 'sultan', '--position', file, '--to', '0']);
    expect(again.stdout).toBe(text);

    // The same with the stock unseen: refused in one line, or solved in samples and labelled an upper bound.
    const unseen = join(dir, 'unseen.pos');
    writeFileSync(
      unseen,
      text.replace(
        /^stock:(.*)$/m,
        (_, cards: string) =>
          `stock: ?x${
            cards
              .trim()
              .split(/\s+/)
              .filter((s) => s.length > 0).length
          }`,
      ),
    );
    for (const command of ['solve', 'replay']) {
      const refused = await patience([command, '--game', 'sultan', '--position', unseen]);
      expect(refused.code).toBe(2);
      expect(refused.stderr, command).toMatch(
        /^patience: .*unseen\.pos: \d+ unseen cards \('\?'\): (the solver|replay) needs every card/,
      );
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    }
    const sampled = await patience([
      'solve',
      '--game',
      'sultan',
      '--position',
      unseen,
      '--samples',
      '3',
      '--seed',
      't',
      '--nodes',
      '20000',
    ]);
    expect(sampled.code, sampled.stderr).toBe(0);
    expect(sampled.stdout).toMatch(/3 samples of the \d+ unseen cards \(seed t\)/);
    expect(sampled.stdout).toMatch(/upper bound on the chance of winning from here: /);

    // Bad text: one line naming the file and the line, exit 2.
    const bad = join(dir, 'bad.pos');
    writeFileSync(bad, text.replace(/^talon:.*$/m, 'tableau: 5H'));
    const refused = await patience(['solve', '--game', 'sultan', '--position', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(`^patience: ${bad.replace(/[.]/g, '\\.')}: line \\d+: The Sultan has no pile 'tableau'`),
    );
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);
});
