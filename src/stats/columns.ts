// What every column of every output file means: the text of `patience columns`, and of results/README.md.

import { COMPARE_COLUMNS, COMPARE_DEAL_COLUMNS } from './compare.js';
import { PLAY_DEAL_COLUMNS, SOLVE_DEAL_COLUMNS } from './per-deal.js';
import { COLUMNS } from './results.js';
import { SOLVE_COLUMNS } from './solvability.js';

/** A kind of output file: its command, columns and their meanings. */
export interface TableKind {
  readonly id: string;
  readonly title: string;
  readonly columns: readonly string[];
  readonly meaning: Readonly<Record<string, string>>;
}

const RUN = {
  game: 'game id (`patience list`)',
  options: 'every rule option of the game as name=value, defaults included (JSON: an object)',
  seed: "the seed of the deals; pysol: PySolFC's game numbers (deal i is its game #i), pysol-ms: its ms numbers, pysol-B (digits): its game #B+i",
  first_deal: 'the lowest deal index played',
  last_deal: 'the highest deal index played',
  deal_ranges: 'the deal indices played, as ranges (0-999999); a run stopped by Ctrl-C may leave gaps',
  partial: 'true when the run was stopped before every deal finished',
  version: 'version of patience that produced the row',
};

/** Every kind of file, in the order `patience columns` prints them. */
export const TABLES: readonly TableKind[] = [
  {
    id: 'simulate',
    title: 'patience simulate --out: one row per player',
    columns: COLUMNS,
    meaning: {
      ...RUN,
      player: 'player id',
      player_settings:
        "the settings the player uses (lookahead: depth=2 nodes=2000), then a player module's --player-option values; empty for the others (JSON: an object)",
      player_module:
        'for a player module (docs/players.md): its path as given on the command line (for rollout with a module --rollout: that module); empty for the built-in players',
      player_sha256:
        'the SHA-256 of that module file: which version of the code played (`patience merge` and --resume refuse another); empty for the built-in players',
      deals: 'deals played',
      wins: 'deals won: every card in play on the foundations',
      win_rate: 'wins / deals',
      ci_low: 'low end of the 95% Wilson score interval of the win rate',
      ci_high: 'high end of the same',
      mean_cards_on_foundations:
        'mean number of cards played to the foundations (bases laid out at the deal not counted)',
      median_cards_on_foundations: 'median of the same',
      cards_in_play: 'cards that can reach the foundations; a deal is won when all of them do',
      stalled: 'deals ended because 300 moves passed with no progress; they count as not won',
      mean_moves: 'mean moves per deal, forced moves included',
      total_moves:
        'moves summed over the deals (mean_moves unrounded is total_moves / deals; `patience merge` adds them)',
      ms_per_deal: 'thread time per deal in milliseconds (machine-dependent)',
      histogram:
        'counts of deals ending with 0, 1, 2, ... cards_in_play cards on the foundations, space-separated (JSON: an array)',
    },
  },
  {
    id: 'simulate-deals',
    title: 'patience simulate --per-deal: one row per deal and player',
    columns: PLAY_DEAL_COLUMNS,
    meaning: {
      deal: 'deal index within the seed',
      player: 'player id',
      won: 'true when the deal was won',
      cards: 'cards played to the foundations',
      moves: 'moves made',
      stalled: 'true when the runner ended the deal for want of progress',
    },
  },
  {
    id: 'solve',
    title: 'patience solve --out: one row per game and rule reading',
    columns: SOLVE_COLUMNS,
    meaning: {
      ...RUN,
      bound: 'what the figures are: an upper bound, winnable with every card known',
      deals: 'deals searched',
      solved: 'deals with a winning line found and checked',
      unsolvable: 'deals whose every reachable position was searched without a win',
      unknown: 'deals where the node budget ran out',
      solved_rate: 'solved / deals',
      ci_low: 'Wilson low end of solved / deals (unknown deals counted as lost)',
      ci_high: 'Wilson high end of (solved + unknown) / deals (unknown deals counted as won)',
      nodes: 'positions searched, summed over deals',
      ms: 'thread time spent searching, in milliseconds',
      node_budget:
        "most positions searched per deal (--nodes); a list such as '100000,1000000' is an escalation: each deal is searched at each budget in turn until one decides it",
      pruning: 'what each pruning rule cut, as name=count (JSON: an object)',
      table_mib:
        "the most memory of each solver's table of positions, in MiB (--memory); a smaller table forgets more positions and may leave more deals unknown",
      subsample:
        'share of the deals unknown before the sampled budgets that were searched at them (--subsample; 1: all of them)',
      sampled_from:
        'with --subsample below 1: the first budget only the subsample was searched at, the subsample going on through it and the budgets after it (--sample-from; the last budget unless given); empty otherwise',
      sampled:
        'deals searched at the sampled budgets of an escalation (the last budget, or those from sampled_from) after the budgets before left them unknown',
      sampled_solved: 'of those, deals solved',
      sampled_unsolvable: 'of those, deals proved unsolvable',
      estimate_low:
        "with --subsample below 1: the two-stage estimate of the winnable share, the subsample's unknown deals counted as lost",
      estimate_high: "the same, the subsample's unknown deals counted as won",
      estimate_ci_low:
        'low end of the 95% interval of the two-stage estimate (normal approximation, from estimate_low; rough when the subsample holds fewer than about 30 deals or nearly all of them end alike)',
      estimate_ci_high: 'high end of the same (from estimate_high)',
      from_per_deal:
        "with --from: the earlier run's per-deal file the run went on from, as given (its decided deals' verdicts, positions and time are taken from it); empty otherwise",
      from_sha256:
        'the SHA-256 of that file, so a row says which verdicts it holds (merge refuses another); empty otherwise',
      from_again:
        "with --from: true when --again searched that file's deals undecided below the sampled budgets again at the first budget (a verdict reached there stands); false without it; empty without --from",
    },
  },
  {
    id: 'solve-deals',
    title: 'patience solve --per-deal: one row per deal',
    columns: SOLVE_DEAL_COLUMNS,
    meaning: {
      deal: 'deal index within the seed',
      outcome: 'solved, unsolvable or unknown',
      nodes: 'positions searched',
      ms: 'time spent searching, in milliseconds',
      moves: 'length of the winning line; 0 when not solved',
      budget:
        "the budget of --nodes the deal stands at: the one that decided it, or the last it was left unknown at (with --from, a deal whose earlier verdict came at a budget not listed is searched again from the next listed one, and a deal outside the subsample that the earlier run searched at a sampled budget stands unknown at the budget before sampled_from, its verdict set aside; nodes and ms include the earlier run's)",
    },
  },
  {
    id: 'compare',
    title: 'patience compare --out: one row per comparison of A and B on the same deals',
    columns: COMPARE_COLUMNS,
    meaning: {
      ...RUN,
      a: 'label of side A: its player id, or its rule reading with --rules',
      b: 'label of side B',
      options_a: "side A's rule options as name=value, defaults included (JSON: an object)",
      options_b: "side B's rule options",
      player_a: "side A's player id",
      player_b: "side B's player id",
      player_settings_a: "side A's player settings (JSON: an object)",
      player_settings_b: "side B's player settings",
      player_module_a: "side A's player module path, as given; empty for a built-in player",
      player_module_b: "side B's player module path",
      player_sha256_a:
        "the SHA-256 of side A's player module file (--resume refuses another); empty for a built-in player",
      player_sha256_b: "the SHA-256 of side B's player module file",
      deals: 'deals both sides played (with --until decided: up to the deal where the test decided)',
      both: 'deals both won',
      only_a: 'deals only A won',
      only_b: 'deals only B won',
      neither: 'deals neither won',
      wins_a: 'deals A won (both + only_a)',
      win_rate_a: 'wins_a / deals',
      ci_low_a: "low end of the 95% Wilson interval of A's win rate",
      ci_high_a: 'high end of the same',
      wins_b: 'deals B won (both + only_b)',
      win_rate_b: 'wins_b / deals',
      ci_low_b: "low end of the 95% Wilson interval of B's win rate",
      ci_high_b: 'high end of the same',
      difference: 'win_rate_a - win_rate_b',
      difference_ci_low: 'low end of the 95% interval of the difference (difference_ci_method)',
      difference_ci_high: 'high end of the same',
      difference_ci_method: "the interval's method: Newcombe's method 10 for paired proportions",
      mcnemar_p: 'exact McNemar p-value: two-sided binomial test of only_a in only_a + only_b with p = 1/2',
      until: 'deals (a fixed number of deals) or decided (stopped by the sequential test)',
      sprt_delta:
        "the sequential test's H1: a discordant deal is A's with probability 1/2 + delta (empty without --until)",
      sprt_alpha: 'its chance of accepting H1 when H0 holds',
      sprt_beta: 'its chance of accepting H0 when H1 holds',
      sprt_llr: 'its log-likelihood ratio of H1 to H0 at the end',
      sprt_decision: 'H1 (A is better), H0 (A is not better) or undecided (--deals reached first)',
    },
  },
  {
    id: 'compare-deals',
    title: 'patience compare --per-deal: one row per deal, both sides side by side',
    columns: COMPARE_DEAL_COLUMNS,
    meaning: {
      deal: 'deal index within the seed',
      won_a: 'true when A won the deal',
      won_b: 'true when B won the deal',
      cards_a: 'cards A played to the foundations',
      cards_b: 'cards B played to the foundations',
      moves_a: 'moves A made',
      moves_b: 'moves B made',
      stalled_a: 'true when A was stopped for want of progress',
      stalled_b: 'true when B was',
    },
  },
];
