// `patience hint`: the position a deal reaches after --to moves of a player's game (or of the solver's winning
// line), and every legal move there with its chance of winning for a player who sees what a person sees
// (sim/hint.ts), as text for a person or JSON for programs.

import { Option, type Command } from 'commander';
import { makeExactDeck, parseDeck, type Deck } from '../core/deck.js';
import { InputError } from '../core/errors.js';
import type { Game, GameState } from '../core/game.js';
import type { Options } from '../core/options.js';
import { DEFAULT_SETTINGS, STOP, type Player } from '../players/player.js';
import { PLAYERS } from '../planners/registry.js';
import { dealDeck, dealName, playerRng } from '../sim/deals.js';
import { hint, type HintRow, type HintSettings } from '../sim/hint.js';
import { linePlayer, playTo } from '../sim/play.js';
import { escalate, escalationSolvers } from '../sim/solve-batch.js';
import { DEFAULT_BUDGET, solverSettings } from '../sim/run-options.js';
import { Outcome } from '../solve/solver.js';
import { chooseGame, type GameChoice } from './setup.js';
import { counted } from './output.js';
import { gameOfRun, readPosition } from './position-file.js';
import { positionState } from '../core/position-load.js';
import { makePosition } from '../core/position.js';
import { formatOptions } from '../core/options.js';
import { rulesHelp } from './list.js';
import { examples, ruleOption, positionGameOption } from './options.js';
import { nonNegativeInteger, positiveInteger } from './parse.js';
import { DEAL, PLAYER, SAMPLES, SEED } from './declarations.js';
import { optionFor } from './declaring.js';
import { pysolWordsNote, pysolOption, pysolWords, withPysol } from './pysol.js';
import type { Move } from '../core/move.js';

/** Positions the search of --solve may visit in each sample unless told otherwise: a modest search. */
export const HINT_SOLVE_NODES = 10_000;

/** The options of `patience hint`, as parsed. */
export interface HintArgs {
  readonly game: string;
  readonly seed: string;
  readonly deal: number;
  readonly deck?: string;
  readonly rule: readonly string[];
  /** Whose game leads to the position: a built-in player's id (at its default settings). */
  readonly player: string;
  /** Follow the solver's winning line instead (every card known), found within DEFAULT_BUDGET positions. */
  readonly solution?: boolean;
  /** Moves made before the hint. */
  readonly to: number;
  readonly samples: number;
  /** --solve: true for the default budget, or positions per sample. */
  readonly solve?: boolean | number;
  readonly format: 'text' | 'json';
  /** Hint the position in this file (core/position.ts's notation; '-': standard input) instead of a deal's. */
  readonly position?: string;
}

/** Print the hint for the position the arguments name; returns the exit code. */
export function hintCommand(args: HintArgs, version: string): number {
  const choice = chooseGame(args.game, args.rule);
  const game = choice.game;
  if (!args.solution && !PLAYERS.some((p) => p.id === args.player)) {
    throw new InputError(`unknown player '${args.player}' (known: ${PLAYERS.map((p) => p.id).join(', ')})`);
  }
  const solveNodes = args.solve === true ? HINT_SOLVE_NODES : args.solve === false ? undefined : args.solve;
  const settings: HintSettings = {
    samples: args.samples,
    seed: args.seed,
    ...(solveNodes !== undefined ? { solveNodes } : {}),
  };
  if (args.position !== undefined) {
    const position = readPosition(args.position, choice);
    // Unseen cards are laid in card order: the hint deals its samples from what is in sight, never from them.
    const state = positionState(position);
    const at = { ...choice, options: position.options, optionsText: formatOptions(game.options, position.options) };
    // The record names the file and the position as the hint read it: what is in sight, the hidden piles as ?.
    const seen = makePosition(game, state, { hideUnseen: true });
    const source: HintSource = {
      where: `${game.title}, the position in ${args.position}`,
      record: { position: args.position, position_seen: seen },
    };
    process.stdout.write(hintOutput(at, state, settings, source, args.format, version));
    return 0;
  }
  const deck: Deck = args.deck !== undefined ? parseDeck(args.deck) : dealDeck(args.seed, game.id, args.deal);
  const state = game.create(choice.options);
  const which = args.deck !== undefined ? 'a given deck' : dealName(args.seed, args.deal);
  const line = args.solution
    ? solutionLine(game, choice.options, deck, which)
    : PLAYERS.find((p) => p.id === args.player)!.create(game, DEFAULT_SETTINGS);
  const whose = args.solution ? "the solver's winning line" : `${args.player}'s game`;
  const made = playTo(state, line, deck, () => playerRng(args.seed, game.id, args.deal), args.to);
  if (made < args.to)
    throw new InputError(`${whose} of ${which} ends after ${counted(made, 'move')}: --to ${args.to} is past its end`);
  const source: HintSource = {
    where: `${game.title}, ${which}, after ${counted(args.to, 'move')} of ${whose}`,
    record: {
      deal: args.deck !== undefined ? null : args.deal,
      deck: makeExactDeck(deck),
      line: args.solution ? 'solution' : args.player,
      to: args.to,
    },
  };
  process.stdout.write(
    hintOutput(
      choice,
      state,
      settings,
      source,
      args.format,
      version,
      pysolWords(game, args.seed, args.deck === undefined),
    ),
  );
  return 0;
}

/** Where a hinted position comes from: the text's first line, and the JSON record's fields that say so. */
export interface HintSource {
  readonly where: string;
  readonly record: Readonly<Record<string, unknown>>;
}

/** The rows with their moves named by `words` (a PySolFC deal's, cli/pysol.ts); as they are without. */
export function inWords(rows: HintRow[], state: GameState, words?: (state: GameState, m: Move) => string): HintRow[] {
  return words === undefined ? rows : rows.map((r) => (r.move === STOP ? r : { ...r, text: words(state, r.move) }));
}

/** The hint of a position as `patience hint` prints it: text for a person (with the picture), or one JSON object; moves
 * named by `words` if given. */
export function hintOutput(
  choice: GameChoice,
  state: GameState,
  settings: HintSettings,
  source: HintSource,
  format: 'text' | 'json',
  version: string,
  words?: (state: GameState, m: Move) => string,
): string {
  const rows = inWords(hint(choice.game, state, settings), state, words);
  if (format === 'json') {
    const run = {
      game: choice.game.id,
      options: choice.options,
      seed: settings.seed,
      ...source.record,
      samples: settings.samples,
      solve_nodes: settings.solveNodes ?? null,
      version,
    };
    return JSON.stringify({ ...run, moves: rows.map(jsonRow) }) + '\n';
  }
  const out = [
    source.where,
    `options: ${choice.optionsText}`,
    ...(words ? [pysolWordsNote(choice.game)] : []),
    '',
    state.picture(),
    '',
    ...hintLegend(settings, version),
    '',
    ...hintText(state, rows, settings),
  ];
  return out.join('\n') + '\n';
}

/** Add `patience hint` to the program; its action sets `exit.code`. */
export function addHintCommand(program: Command, exit: { code: number }, version: string): void {
  program
    .command('hint')
    .description(
      'every legal move of a position with its chance of winning for a player who sees what a person sees, best first',
    )
    .addOption(positionGameOption())
    .addOption(optionFor(SEED, 'hint'))
    .addOption(optionFor(DEAL, 'hint'))
    .addOption(new Option('--deck <cards>', 'this deck instead: 104 card codes, first dealt first'))
    .addOption(ruleOption())
    .addOption(optionFor(PLAYER, 'hint'))
    .addOption(
      new Option('--solution', "follow the solver's winning line instead (every card known)").conflicts(['player']),
    )
    .addOption(
      new Option('--to <m>', 'the position after m moves of that game').argParser(nonNegativeInteger).default(0),
    )
    .addOption(
      new Option(
        '--position <file>',
        "the position in this file instead ('-': standard input; `patience replay --to` writes one)",
      ).conflicts(['deal', 'deck', 'solution', 'to', 'player']),
    )
    .addOption(optionFor(SAMPLES, 'hint'))
    .addOption(
      new Option(
        '--solve [nodes]',
        `also search, for each move, whether some sample can still be won with every card known (an upper bound), at most this many positions a sample (default ${HINT_SOLVE_NODES})`,
      ).argParser(positiveInteger),
    )
    .addOption(
      new Option('--format <format>', 'text for a person, json (one object) for programs')
        .choices(['text', 'json'])
        .default('text'),
    )
    .addOption(pysolOption(false))
    .addHelpText(
      'after',
      [
        '',
        'Each move is made in every sample of the unseen cards (dealt afresh from what is in sight, never from the',
        'hidden piles), and greedy plays the deal out; its chance is the share of samples won, with a 95% Wilson',
        "interval. Marks: [rollout] the rollout player's move; [lost in every sample] no play-out after it won.",
        examples(
          'patience hint --game shah --seed 2026 --deal 3 --to 30',
          'patience hint --game shah --seed 2026 --deal 13 --to 140 --samples 50 --solve 1000 --format json',
          'patience replay --game shah --seed 2026 --deal 3 --hint 20 --pictures end',
        ),
      ].join('\n') + rulesHelp(),
    )
    .action((given: HintArgs & { solution?: boolean; pysol?: string }, command: Command) => {
      const opts = withPysol({ ...given, game: gameOfRun(given.game, given.position) }, command, 'single');
      exit.code = hintCommand({ ...opts, solution: opts.solution === true }, version);
    });
}

/** A row as JSON: the move's number and words, the chance and its interval, the marks. */
function jsonRow(r: HintRow): Record<string, unknown> {
  return {
    move: r.move === STOP ? 'stop' : r.move,
    text: r.text,
    wins: r.wins,
    samples: r.samples,
    chance: r.chance,
    low: r.low,
    high: r.high,
    cards: Math.round(r.cards * 100) / 100,
    rollout: r.rollout,
    lost_in_every_sample: r.lostAll,
    ...(r.winnable
      ? { winnable_upper_bound: r.winnable.verdict, searched: r.winnable.searched, proved_lost: r.winnable.unsolvable }
      : {}),
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The hint's rows as lines of a table for a person; one line when there is no move. */
export function hintText(state: GameState, rows: readonly HintRow[], settings: HintSettings, indent = ''): string[] {
  if (rows.length === 0) return [`${indent}no legal move: the game is over, ${state.isWon() ? 'won' : 'lost'}`];
  const solve = settings.solveNodes !== undefined;
  const lines = [`${indent}chance  95% interval     cards  ${solve ? 'a win, every card known     ' : ''}move`];
  for (const r of rows) {
    const interval = `${percent(r.low).padStart(6)} - ${percent(r.high).padStart(6)}`;
    const cards = (r.cards >= 0 ? '+' : '') + r.cards.toFixed(1);
    const marks = [r.rollout ? 'rollout' : '', r.lostAll ? `lost in every sample` : ''].filter((m) => m !== '');
    const verdict = r.winnable?.verdict;
    const winnable = !r.winnable
      ? ''
      : `${(verdict === 'yes' ? 'yes' : verdict === 'no' ? 'no (every sample)' : `unknown, ${r.winnable.unsolvable} proved lost`).padEnd(26)}  `;
    lines.push(
      `${indent}${percent(r.chance).padStart(6)}  ${interval}  ${cards.padStart(6)}  ${winnable}${r.text}${marks.length > 0 ? `   [${marks.join('; ')}]` : ''}`,
    );
  }
  return lines;
}

/** What the hint's columns and marks mean, as lines. */
export function hintLegend(settings: HintSettings, version: string): string[] {
  const lines = [
    `hint: ${settings.samples} samples of the unseen cards (seed ${settings.seed}), every move played out by greedy in each; patience ${version}`,
    "chance: the share of samples greedy's play-out after the move won (95% Wilson interval); cards: put up on average",
    `[rollout]: the rollout player's move (its default ${DEFAULT_SETTINGS.samples} samples); [lost in every sample]: no play-out after it won, no proof it cannot win`,
  ];
  if (settings.solveNodes !== undefined)
    lines.push(
      `a win, every card known: whether some sample can still be won by a search that sees every card (${settings.solveNodes} positions a sample): an upper bound, no player's chance`,
    );
  return lines;
}

/** A player that makes the solver's winning line for the deck (every card known), then stops; InputError if none is
 * found. */
function solutionLine(game: Game, options: Options, deck: Deck, which: string): Player {
  const { budgets, tableBytes } = solverSettings({});
  const { verdict } = escalate(escalationSolvers(game, options, budgets, tableBytes), deck);
  if (verdict.outcome !== Outcome.Solved)
    throw new InputError(
      `the solver found no winning line for ${which} within ${DEFAULT_BUDGET} positions: follow a player's game (--player)`,
    );
  return linePlayer(verdict.line);
}
