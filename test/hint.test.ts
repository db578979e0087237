// The hint (src/sim/hint.ts) on positions whose best move is known, reached by greedy's game of a deck: a
// position one move from a win, and one where a move loses at once while another wins, in The Shah, The Carpet
// and The Zodiac; the leak test (positions that differ only in unseen cards get the same hint); and the solver's
// search from a position as it stands (Solver.solveHere), which the hint's --solve uses.

import { describe, expect, it } from 'vitest';
import { stackedDeck, type Deck } from '../src/core/deck.js';
import { PileRole, type Game, type GameState } from '../src/core/game.js';
import { resolveOptions } from '../src/core/options.js';
import { seededRng } from '../src/core/random.js';
import { GAMES, findGame } from '../src/games/registry.js';
import { PLAYERS } from '../src/planners/registry.js';
import { greedyOrder, greedyPlayer } from '../src/players/greedy.js';
import { DEFAULT_SETTINGS } from '../src/players/player.js';
import { dealDeck } from '../src/sim/deals.js';
import { hint, type HintRow } from '../src/sim/hint.js';
import { playTo } from '../src/sim/play.js';
import { Outcome, Solver, defaultPlan } from '../src/solve/solver.js';
import { legal, pile } from './helpers.js';

/** A state of `id` (default rules) at the position greedy's game of `deck` reaches after `to` moves. */
function position(id: string, deck: Deck, to: number): { game: Game; state: GameState } {
  const game = findGame(id);
  const state = game.create(resolveOptions(game.options, {}));
  const made = playTo(state, greedyPlayer.create(game, DEFAULT_SETTINGS), deck, () => seededRng('unused'), to);
  expect(made).toBe(to);
  return { game, state };
}

/** The row of the move that `text` names (describeMove's words). */
const row = (rows: readonly HintRow[], text: string): HintRow => {
  const r = rows.find((x) => x.text === text);
  if (!r) throw new Error(`no move '${text}' among ${rows.map((x) => x.text).join(' / ')}`);
  return r;
};

/** Whether the move wins at once, or after the compulsory moves alone (the only legal move each time). */
function winsAtOnce(state: GameState, move: number): boolean {
  state.apply(move);
  let made = 1;
  for (let moves = legal(state); !state.isWon() && moves.length === 1; moves = legal(state), made++)
    state.apply(moves[0]!);
  const won = state.isWon();
  for (; made > 0; made--) state.undo();
  return won;
}

/** Whether no line wins after the move: the solver, which sees every card, searched every position from there. */
function provedLost(game: Game, state: GameState, move: number, nodes = 100_000): boolean {
  state.apply(move);
  const lost =
    new Solver(state, {
      budget: nodes,
      order: greedyOrder(game),
      plan: defaultPlan(nodes, 2 ** 24),
      solving: game.solving,
    }).solveHere().outcome === Outcome.Unsolvable;
  state.undo();
  return lost;
}

const SAMPLES = 40;

describe('the hint ranks a move that wins at once first, with chance 1', () => {
  it.each([
    // The Shah's stock in rank order (its facts' winnable deck): three moves from the end, the last card can be
    // played (then the two closing deals win) or the deal taken first.
    ['shah', stackedDeck(findGame('shah').facts!.winnable), 87, 'play Q♠ from inner 5 to foundation 5'],
    // The Carpet's winnable deck: the last card, the current A♣, can be played, laid on the talon, or the talon
    // re-dealt.
    ['carpet', stackedDeck(findGame('carpet').facts!.winnable), 127, 'play A♣ from current card to down C'],
  ])('%s', (id, deck, to, best) => {
    const { game, state } = position(id, deck, to);
    const rows = hint(game, state, { samples: SAMPLES, seed: 'known' });
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[0]!.text).toBe(best);
    expect(winsAtOnce(state, rows[0]!.move)).toBe(true);
    expect(rows[0]!.chance).toBe(1);
    expect(rows[0]!.low).toBeGreaterThan(0.9);
    expect(rows[0]!.lostAll).toBe(false);
  });
});

/** The games whose winnable deck's last 80 positions offer no choice that the hint's ranking decides. */
const EVERY_MOVE_WINS_NEAR_THE_END = [
  'shah',
  'petits-paquets',
  'napoleons-square',
  'duchesse-de-luynes',
  'sympathie',
  'carpet',
  'fish-bone',
];

describe('in every game, near the end of its winnable deck, the hint ranks a move that wins at once above one that may not', () => {
  it.each(GAMES.map((g) => [g.id, g] as const))('%s', (id, game) => {
    const deck = stackedDeck(game.facts!.winnable);
    const winner = PLAYERS.find((p) => p.id === (game.facts!.winner ?? 'naive'))!;
    const reach = (to: number) => {
      const state = game.create(resolveOptions(game.options, {}));
      const made = playTo(state, winner.create(game, DEFAULT_SETTINGS), deck, () => seededRng('winner'), to);
      return { state, made };
    };
    const end = reach(100_000);
    expect(end.state.isWon()).toBe(true);
    // Walk back from the win to the last position with a move that wins at once beside one the hint does not
    // give chance 1, so that the ranking decides which comes first.
    for (let to = end.made - 1; to >= Math.max(0, end.made - 80); to--) {
      const { state } = reach(to);
      const moves = legal(state);
      if (moves.length < 2 || !moves.some((m) => winsAtOnce(state, m))) continue;
      const rows = hint(game, state, { samples: 20, seed: 'known' });
      if (rows.every((r) => r.chance === 1)) continue;
      expect(rows[0]!.chance).toBe(1);
      expect(winsAtOnce(state, rows[0]!.move)).toBe(true);
      return;
    }
    // No such position near the end of the win: every move there wins in every sample (or, in Sympathie, there
    // is no choice at all). The Shah and The Carpet are tested above on positions of their own.
    expect(EVERY_MOVE_WINS_NEAR_THE_END).toContain(id);
  });
});

describe('where one move loses and another wins, the hint ranks them so and marks the loser', () => {
  it.each([
    // Deal 18 of seed 'find' (a deal greedy wins), after 167 moves, the stock used up: the Shah's grace of 7♦
    // onto inner 3 leaves a position no line wins, playing 7♦ wins.
    [
      'shah',
      dealDeck('find', 'shah', 18),
      167,
      'play 7♦ from outer 5 to foundation 7',
      'grace 7♦ from outer 5 to inner 3',
    ],
    // Deal 0 of seed 'find' after 175 moves: playing 2♣ from the talon wins; laying A♣ on it buries the 2♣.
    [
      'carpet',
      dealDeck('find', 'carpet', 0),
      175,
      'play 2♣ from talon to down C',
      'talon A♣ from carpet (2,5) to talon',
    ],
    // Deal 118 of seed 'find' after 326 moves: playing 2♦ wins; marrying A♦ onto it leaves no move.
    [
      'zodiac',
      dealDeck('find', 'zodiac', 118),
      326,
      'play 2♦ from zodiac 1 to king pile D',
      'marry A♦ from equator 1 to zodiac 1',
    ],
  ])('%s', (id, deck, to, winning, losing) => {
    const { game, state } = position(id, deck, to);
    const rows = hint(game, state, { samples: SAMPLES, seed: 'known' });
    const good = row(rows, winning);
    const bad = row(rows, losing);
    expect(provedLost(game, state, bad.move)).toBe(true);
    expect(good.chance).toBe(1);
    expect(rows[0]!.chance).toBe(1);
    expect(rows.indexOf(good)).toBeLessThan(rows.indexOf(bad));
    expect(bad.chance).toBe(0);
    expect(bad.lostAll).toBe(true);
    expect(good.lostAll).toBe(false);
    expect(rows.filter((r) => r.rollout)).toHaveLength(1);
    // with the search: the winning move has a winnable sample, the losing one none (each proved lost)
    const searched = hint(game, state, { samples: 4, seed: 'known', solveNodes: 1000 });
    expect(row(searched, winning).winnable?.verdict).toBe('yes');
    expect(row(searched, losing).winnable).toEqual({ verdict: 'no', searched: 4, unsolvable: 4 });
  });
});

describe('the hint', () => {
  it("never reads a hidden pile: two positions that differ only in the stock's order get the same hint from the same seed", () => {
    const a = position('shah', dealDeck('2026', 'shah', 3), 30);
    const b = position('shah', dealDeck('2026', 'shah', 3), 30);
    const stock = pile(b.state, 'stock');
    const t = b.state.table;
    expect(b.state.pileRoles[stock]).toBe(PileRole.Stock);
    const cards = Array.from({ length: t.size(stock) }, (_, i) => t.at(stock, i));
    expect(cards.length).toBeGreaterThan(20);
    t.begin();
    t.relay(stock, Uint8Array.from(cards.reverse()));
    expect(t.at(stock, 0)).not.toBe(a.state.table.at(stock, 0));
    const ha = hint(a.game, a.state, { samples: SAMPLES, seed: 'leak' });
    const hb = hint(b.game, b.state, { samples: SAMPLES, seed: 'leak' });
    expect(hb).toEqual(ha);
    expect(ha.some((r) => r.cards !== ha[0]!.cards || r.wins !== ha[0]!.wins)).toBe(true); // not a hint that says nothing
    // and another seed draws other samples
    expect(hint(a.game, a.state, { samples: SAMPLES, seed: 'other' })).not.toEqual(ha);
  });

  it('leaves the position exactly as it was, lists every legal move once, and counts within its samples', () => {
    const { game, state } = position('shah', dealDeck('2026', 'shah', 3), 30);
    const key = Array.from(state.table.key());
    const moves = legal(state);
    const rows = hint(game, state, { samples: SAMPLES, seed: 'x', solveNodes: 200 });
    expect(Array.from(state.table.key())).toEqual(key);
    expect(legal(state)).toEqual(moves);
    expect(
      rows
        .map((r) => r.move)
        .filter((m) => m >= 0)
        .sort(),
    ).toEqual([...moves].sort());
    for (const r of rows) {
      expect(r.wins).toBeGreaterThanOrEqual(0);
      expect(r.wins).toBeLessThanOrEqual(SAMPLES);
      expect(r.low).toBeLessThanOrEqual(r.chance);
      expect(r.high).toBeGreaterThanOrEqual(r.chance);
    }
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.wins).toBeGreaterThanOrEqual(rows[i]!.wins);
  });

  it('gives no rows where there is no move', () => {
    const { game, state } = position('carpet', dealDeck('find', 'carpet', 0), 175);
    const losing = legal(state).find((m) => provedLost(game, state, m))!;
    state.apply(losing);
    expect(legal(state)).toEqual([]);
    expect(hint(game, state, { samples: 4, seed: 'x' })).toEqual([]);
  });
});

describe('Solver.solveHere: a search from the position as it stands', () => {
  it('finds a line that wins from there, leaves the state as it was, and proves a dead position lost', () => {
    const { game, state } = position('shah', stackedDeck(findGame('shah').facts!.winnable), 20);
    const key = Array.from(state.table.key());
    const solver = new Solver(state, {
      budget: 100_000,
      order: greedyOrder(game),
      plan: defaultPlan(100_000, 2 ** 24),
      solving: game.solving,
    });
    const verdict = solver.solveHere();
    expect(verdict.outcome).toBe(Outcome.Solved);
    expect(Array.from(state.table.key())).toEqual(key);
    for (const m of verdict.line) {
      expect(legal(state)).toContain(m);
      state.apply(m);
    }
    expect(state.isWon()).toBe(true);
    for (let i = 0; i < verdict.line.length; i++) state.undo();
    const dead = position('carpet', dealDeck('find', 'carpet', 0), 175);
    const talon = legal(dead.state).find((m) => provedLost(dead.game, dead.state, m))!;
    dead.state.apply(talon);
    expect(legal(dead.state)).toEqual([]);
    expect(
      new Solver(dead.state, {
        budget: 1000,
        order: greedyOrder(dead.game),
        plan: defaultPlan(1000, 2 ** 24),
        solving: dead.game.solving,
      }).solveHere().outcome,
    ).toBe(Outcome.Unsolvable);
  });
});
