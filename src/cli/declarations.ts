// The options whose name means one thing in one command and another in the next (--nodes, --samples), and those
// whose default or check the library shares (sim/run-options.ts: --deals, --first, --player, --workers, ...), each
// declared once: its flags, how its text is read, its default, and what it means in every command that takes it. A
// command's commander Option is made from its declaration, and the help of a name with several meanings says what
// it means elsewhere.

import { DEFAULT_SETTINGS } from '../players/player.js';
import type { Declaration } from './declaring.js';
import { PLAYERS } from '../planners/registry.js';
import { HINT_SAMPLES } from '../sim/hint.js';
import { DEFAULT_TRAINING } from '../sim/train.js';
import {
  DEFAULT_BUDGET,
  DEFAULT_DEAL,
  DEFAULT_DEALS,
  DEFAULT_FIRST,
  DEFAULT_MEMORY_MIB,
  DEFAULT_PLAYER,
  DEFAULT_SEED,
} from '../sim/run-options.js';
import {
  budgetList,
  idList,
  nonNegativeInteger,
  oneBudget,
  positiveInteger,
  seedText,
  share,
  workerCount,
} from './parse.js';

/** The players that use a setting, for its help. */
const usedBy = (setting: keyof typeof DEFAULT_SETTINGS) =>
  PLAYERS.filter((p) => p.uses.includes(setting))
    .map((p) => p.id)
    .join(', ');

/** -n, --deals: how many deals, from --first. */
export const DEALS: Declaration = {
  flags: '-n, --deals <n>',
  parse: positiveInteger,
  meanings: [
    { commands: ['simulate'], help: 'number of deals', default: DEFAULT_DEALS.simulate },
    {
      commands: ['compare'],
      help: 'number of deals (with --until decided: the most deals)',
      default: DEFAULT_DEALS.compare,
    },
    { commands: ['solve'], help: 'number of deals', default: DEFAULT_DEALS.solve },
    {
      commands: ['train'],
      help: 'training deals: deals 0..n-1 of the seed; the next n are held out',
      default: DEFAULT_TRAINING.deals,
    },
  ],
};

/** -s, --seed: which deals; in hint, also its samples. */
export const SEED: Declaration = {
  flags: '-s, --seed <seed>',
  parse: seedText,
  default: DEFAULT_SEED,
  meanings: [
    { commands: ['simulate', 'compare'], help: 'seed: deal i of a seed is always the same deal' },
    { commands: ['solve'], help: 'seed: deal i of a seed is the same deal as in simulate' },
    { commands: ['replay'], help: 'seed of the deal' },
    { commands: ['hint'], help: "seed of the deal; it also keys the hint's samples" },
    { commands: ['train'], help: "training seed (never the tables' seed 2026)", default: DEFAULT_TRAINING.seed },
  ],
};

/** --nodes: the lookahead's positions per decision, or the solver's budget per deal. */
export const NODES: Declaration = {
  flags: '--nodes <n>',
  meanings: [
    {
      commands: ['simulate', 'compare'],
      help: 'lookahead: positions searched per decision',
      short: "the lookahead's positions per decision",
      parse: positiveInteger,
      default: DEFAULT_SETTINGS.nodes,
    },
    {
      commands: ['solve'],
      help: 'the solver: most positions searched per deal, past which it is unknown; a list such as 1e5,1e7 escalates: each deal is searched at each budget in turn until one decides it',
      short: "the solver's budget of positions a deal",
      parse: budgetList,
      default: [DEFAULT_BUDGET],
      defaultText: String(DEFAULT_BUDGET),
    },
    // both, so its help says both and the others' need not name it
    {
      commands: ['replay'],
      help: `lookahead positions per decision (default ${DEFAULT_SETTINGS.nodes}); with --solution the solver's budget, or an escalation such as 1e5,1e6 as solve takes it (default ${DEFAULT_BUDGET})`,
      parse: budgetList,
    },
  ],
};

/** --samples: the rollout player's samples per decision, a position's samples solved, or the hint's samples. */
export const SAMPLES: Declaration = {
  flags: '--samples <k>',
  parse: positiveInteger,
  meanings: [
    {
      commands: ['simulate', 'replay'],
      help: `${usedBy('samples')}: samples of the unseen cards per decision`,
      short: "the rollout player's samples per decision",
      default: DEFAULT_SETTINGS.samples,
    },
    {
      commands: ['solve'],
      help: "with --position: solve k samples of its unseen cards ('?'), keyed by --seed, and say in how many a win exists",
      short: "the samples of a position's unseen cards solved",
    },
    {
      commands: ['hint'],
      help: 'samples of the unseen cards; every move is played out on the same ones',
      short: "the hint's samples, every move played out on each",
      default: HINT_SAMPLES,
    },
  ],
};

/** --memory: the most memory of each solver's table. */
export const MEMORY: Declaration = {
  flags: '--memory <MiB>',
  parse: positiveInteger,
  default: DEFAULT_MEMORY_MIB,
  meanings: [
    {
      commands: ['solve', 'replay'],
      help: "most memory of each worker's table of positions (one per budget, each taking only what its budget needs); a table that fills forgets the positions that cost least to search again; from budgets of 1e8 the nested search's remembered scores take more (at most 96 MiB a level; about 150 MiB measured)",
    },
  ],
};

/** --subsample: the share of the still unknown deals searched at the sampled budgets. */
export const SUBSAMPLE: Declaration = {
  flags: '--subsample <share>',
  parse: share,
  meanings: [
    {
      commands: ['solve'],
      help: 'search only this random share (seeded per deal) of the deals still unknown before the last budget (or --sample-from) at it and above, and print a two-stage estimate',
    },
  ],
};

/** --sample-from: the first budget of the subsample's stage. */
export const SAMPLE_FROM: Declaration = {
  flags: '--sample-from <n>',
  parse: oneBudget,
  meanings: [
    {
      commands: ['solve'],
      help: 'with --subsample: the budget of --nodes from which only the subsample is searched (default: the last), so that the subsample goes on through several budgets',
    },
  ],
};

/** --first: the index of a run's first deal. */
export const FIRST: Declaration = {
  flags: '--first <i>',
  parse: nonNegativeInteger,
  default: DEFAULT_FIRST,
  meanings: [{ commands: ['simulate', 'solve', 'compare'], help: 'index of the first deal' }],
};

/** -d, --deal: the one deal a command looks at. */
export const DEAL: Declaration = {
  flags: '-d, --deal <i>',
  parse: nonNegativeInteger,
  default: DEFAULT_DEAL,
  meanings: [{ commands: ['replay', 'hint'], help: 'deal index within the seed' }],
};

/** -w, --workers: the worker threads of a run (sim/run-options.ts workerThreads: every core unless given). */
export const WORKERS: Declaration = {
  flags: '-w, --workers <n>',
  parse: workerCount,
  meanings: [
    { commands: ['simulate', 'solve', 'compare'], help: 'worker threads, at most the cores (default: all cores)' },
  ],
};

/** The built-in players' ids, for help texts. */
const playerList = PLAYERS.map((p) => p.id).join(', ');
/** --player as the runs read it, a list of ids, and as replay and hint do, one. */
const playerIdList = { parse: idList, default: [DEFAULT_PLAYER], defaultText: DEFAULT_PLAYER };
const onePlayer = { flags: '-p, --player <id>', default: DEFAULT_PLAYER };

/** -p, --player: who plays (a list in the runs, one in replay); in hint, whose game leads to the position. */
export const PLAYER: Declaration = {
  flags: '-p, --player <ids>',
  meanings: [
    {
      commands: ['simulate'],
      help: `players, comma-separated (${playerList}, or a player module's path: docs/players.md); --players is the same`,
      ...playerIdList,
    },
    {
      commands: ['compare'],
      help: `two players, comma-separated, or one with --rules (${playerList}, or a player module's path); --players is the same`,
      ...playerIdList,
    },
    {
      commands: ['replay'],
      help: `player (${playerList}, or a player module's path); --players is the same`,
      ...onePlayer,
    },
    {
      commands: ['hint'],
      help: `whose game leads to the position (${playerList}; at its default settings)`,
      ...onePlayer,
    },
  ],
};

/** --players: --player's plural spelling, taken as the same option (options.ts playerIds), hidden from help. */
export const PLAYERS_SPELLING: Declaration = {
  flags: '--players <ids>',
  hidden: true,
  meanings: [
    { commands: ['simulate', 'compare'], help: 'the same as --player', parse: idList },
    { commands: ['replay'], flags: '--players <id>', help: 'the same as --player' },
  ],
};

/** Every declaration, for the help test. */
export const DECLARATIONS: readonly Declaration[] = [
  DEALS,
  SEED,
  FIRST,
  DEAL,
  NODES,
  SAMPLES,
  MEMORY,
  SUBSAMPLE,
  SAMPLE_FROM,
  WORKERS,
  PLAYER,
  PLAYERS_SPELLING,
];
