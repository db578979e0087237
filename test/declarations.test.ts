// The options declared once (src/cli/declarations.ts): every command that takes one takes it as declared, a name
// means one thing in each command, and the help of a name that means two things says what it means elsewhere.

import { describe, expect, it } from 'vitest';
import { DECLARATIONS, NODES, SAMPLES } from '../src/cli/declarations.js';
import { isDeclared, optionFor } from '../src/cli/declaring.js';
import { compare, simulate, solve } from '../src/api/run.js';
import { buildProgram } from '../src/cli/program.js';
import { InputError } from '../src/core/errors.js';
import { mostWorkers, workerThreads } from '../src/sim/run-options.js';

const program = buildProgram('test', { code: 0 });
const longOf = (flags: string) => flags.split(/[ ,]+/).find((f) => f.startsWith('--'))!;

describe('the declared options', () => {
  it('are taken by every command that has them as declared: the same help, parser and default', () => {
    const checked: string[] = [];
    for (const command of program.commands) {
      for (const option of command.options) {
        const declaration = DECLARATIONS.find((d) => longOf(d.flags) === option.long);
        if (declaration === undefined) continue;
        const made = optionFor(declaration, command.name());
        expect(
          [option.flags, option.description, option.parseArg, option.defaultValue, option.hidden],
          `${command.name()} ${option.long}`,
        ).toEqual([made.flags, made.description, made.parseArg, made.defaultValue, made.hidden]);
        expect(isDeclared(option), `${command.name()} ${option.long} made by hand, not by optionFor`).toBe(true);
        checked.push(`${command.name()} ${option.long}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'simulate --nodes',
        'solve --nodes',
        'replay --nodes',
        'hint --samples',
        'solve --memory',
        'replay --memory',
        'solve --subsample',
        'simulate --first',
        'solve --first',
        'compare --first',
        'replay --deal',
        'hint --deal',
        'simulate --workers',
        'solve --workers',
        'compare --workers',
        'simulate --player',
        'compare --player',
        'replay --player',
        'hint --player',
        'simulate --players',
        'compare --players',
        'replay --players',
      ]),
    );
  });

  it('mean one thing in each command, and only in commands that take them', () => {
    for (const d of DECLARATIONS) {
      const commands = d.meanings.flatMap((m) => m.commands);
      expect(new Set(commands).size, d.flags).toBe(commands.length);
      for (const m of d.meanings) expect(longOf(m.flags ?? d.flags), m.help).toBe(longOf(d.flags));
      for (const name of commands)
        expect(
          program.commands.find((c) => c.name() === name)?.options.some((o) => o.long === longOf(d.flags)),
          `${name} ${d.flags}`,
        ).toBe(true);
    }
    expect(() => optionFor(NODES, 'merge')).toThrow(/not declared for merge/);
  });

  it("say in each command's help what --nodes and --samples mean there, and what they mean elsewhere", () => {
    const help = (command: string, d: typeof NODES) => optionFor(d, command).description;
    expect(help('simulate', NODES)).toMatch(
      /^lookahead: positions searched per decision \(--nodes in solve: the solver's budget of positions a deal\)$/,
    );
    expect(help('solve', NODES)).toMatch(
      /^the solver: most positions searched per deal.*\(--nodes in simulate, compare: the lookahead's positions per decision\)$/,
    );
    expect(help('replay', NODES)).toMatch(/lookahead positions per decision .*with --solution the solver's budget/);
    expect(help('simulate', SAMPLES)).toMatch(
      /^rollout, hindsight, foresight: samples of the unseen cards per decision \(--samples in solve: .*; in hint: /,
    );
    expect(help('hint', SAMPLES)).toMatch(
      /\(--samples in simulate, replay: the rollout player's samples per decision; in solve: /,
    );
  });
});

describe("the library's --workers: the command line's default and check", () => {
  it('defaults to every core, takes 1 to the cores, and refuses the rest naming --workers', () => {
    expect(workerThreads()).toBe(mostWorkers());
    expect(workerThreads(1)).toBe(1);
    expect(workerThreads(mostWorkers())).toBe(mostWorkers());
    for (const bad of [0, -1, 1.5, mostWorkers() + 1, Number.NaN])
      expect(() => workerThreads(bad), String(bad)).toThrow(InputError);
    expect(() => workerThreads(0)).toThrow(/^--workers must be a whole number from 1 to \d+, the cores/);
  });

  it('is checked by simulate, compare and solve before any deal', async () => {
    const workers = mostWorkers() + 1;
    await expect(simulate({ game: 'sultan', deals: 1, workers })).rejects.toThrow(/--workers/);
    await expect(compare({ game: 'sultan', deals: 1, players: ['greedy', 'random'], workers })).rejects.toThrow(
      /--workers/,
    );
    await expect(solve({ game: 'sultan', deals: 1, workers: 0 })).rejects.toThrow(/--workers/);
  });
});
