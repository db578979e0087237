// The nested searches' playout (src/solve/playout.ts): greedy's game, turned away from every move into a position
// a dead-end rule proves lost; with it the nested search wins deals of The Zodiac that greedy's game alone leaves it
// far from (with The Zodiac's progress measure, test/nested.test.ts).

import { describe, expect, it } from 'vitest';
import type { GameState } from '../src/core/game.js';
import type { SolvingAid } from '../src/core/solving.js';
import { resolveOptions } from '../src/core/options.js';
import { findGame } from '../src/games/registry.js';
import { greedyFor, greedyOrder } from '../src/players/greedy.js';
import { playOn } from '../src/players/play-on.js';
import { STOP, type Player } from '../src/players/player.js';
import { dealDeck } from '../src/sim/deals.js';
import { NestedSearch, type Playout } from '../src/solve/nested.js';
import { ShunningDeadEnds, greedyPlayout } from '../src/solve/playout.js';
import { checkLine } from '../src/solve/verify.js';

/** A stand-in position and its aid: a move is a number, and the moves in `dead` lead to positions a rule proves lost.
 * */
function fakeState(dead: ReadonlySet<number>) {
  const made: number[] = [];
  const state = {
    apply: (m: number) => void made.push(m),
    undo: () => void made.pop(),
  };
  const aid: SolvingAid = { deadEnd: () => (made.length > 0 && dead.has(made[made.length - 1]!) ? 1 : 0) };
  return { state: state as unknown as GameState, aid, made };
}

/** A player that always makes `m`. */
const always = (m: number): Player => ({ reset: () => undefined, choose: () => m });
/** An ordering that puts the moves in descending order. */
const descending = (_: GameState, moves: Int32Array, n: number) => moves.subarray(0, n).sort().reverse();

describe('ShunningDeadEnds', () => {
  const moves = Int32Array.from([1, 2, 3, 4]);

  it("makes the inner player's move when no rule proves the position after it lost", () => {
    const { state, aid, made } = fakeState(new Set([4]));
    const player = new ShunningDeadEnds(always(2), descending, aid);
    expect(player.choose(state, moves, 4)).toBe(2);
    expect(player.tried).toBe(0); // the position looked at is the one the move makes: counted as that move
    expect(made).toEqual([]); // every move looked at is taken back
  });

  it("otherwise makes the first move in the ordering's order that keeps clear of a dead end", () => {
    const { state, aid, made } = fakeState(new Set([2, 4]));
    const player = new ShunningDeadEnds(always(2), descending, aid);
    expect(player.choose(state, moves, 4)).toBe(3); // 4 first in the order, and dead; 2 is the inner's, and dead
    expect(player.tried).toBe(2); // the two dead ends left; 3 is counted as the move made
    expect(made).toEqual([]);
    expect(Array.from(moves)).toEqual([1, 2, 3, 4]); // the caller's moves are left in their order
  });

  it('stops when every move leads to a dead end, and passes STOP on', () => {
    const { state, aid } = fakeState(new Set([1, 2, 3, 4]));
    expect(new ShunningDeadEnds(always(2), descending, aid).choose(state, moves, 4)).toBe(STOP);
    const player = new ShunningDeadEnds(always(STOP), descending, aid);
    expect(player.choose(state, moves, 4)).toBe(STOP);
    expect(player.tried).toBe(0);
  });
});

describe('greedyPlayout', () => {
  it("wins The Zodiac's deal 2 of seed 2026 within 100,000 positions of the nested search, which greedy's game alone does not within 1,000,000", () => {
    const zodiac = findGame('zodiac');
    const options = resolveOptions(zodiac.options, {});
    const state = zodiac.create(options);
    const aid = zodiac.solving!.aid(state);
    const deck = dealDeck('2026', 'zodiac', 2);
    const search = (playout: Playout, budget: number) => {
      const nested = new NestedSearch(state, greedyOrder(zodiac), playout, true, aid);
      return { line: nested.levels(2, 0, budget, () => state.deal(deck)), nodes: nested.nodes };
    };
    const shunning = search(greedyPlayout(zodiac), 100_000);
    expect(shunning.line).toBeDefined();
    expect(checkLine(zodiac.create(options), deck, Int32Array.from(shunning.line!))).toBe('');
    const greedy = greedyFor(zodiac);
    const buffer = new Int32Array(4096);
    const plain = search((s, out) => {
      playOn(s, greedy, buffer, (m) => out.push(m));
      return 0;
    }, 1_000_000);
    expect(plain.line).toBeUndefined();
    expect(plain.nodes).toBeGreaterThanOrEqual(1_000_000);
  });

  it("where the game does not ask for it (The Constitution), is greedy's game as it is; asked, it turns away from dead ends there", () => {
    const constitution = findGame('constitution');
    const options = resolveOptions(constitution.options, {});
    const deck = dealDeck('2026', 'constitution', 1);
    const play = (shun: boolean) => {
      const state = constitution.create(options);
      const asked = shun
        ? { ...constitution, solving: { ...constitution.solving!, playoutShunsDeadEnds: true } }
        : constitution;
      state.deal(deck);
      const moves: number[] = [];
      return { looked: greedyPlayout(asked)(state, moves, constitution.solving!.aid(state)), moves };
    };
    const other = constitution.create(options);
    other.deal(deck);
    const plain: number[] = [];
    playOn(other, greedyFor(constitution), new Int32Array(4096), (m) => plain.push(m));
    const asIs = play(false);
    expect(asIs.looked).toBe(0);
    expect(asIs.moves).toEqual(plain);
    const shunning = play(true); // greedy's game walks into a cannot-climb dead end in this deal
    expect(shunning.looked).toBeGreaterThan(0);
    expect(shunning.moves).not.toEqual(plain);
  });

  it('counts the dead ends it looked at and left, beside the moves it made, and leaves its moves to be undone', () => {
    const zodiac = findGame('zodiac');
    const state = zodiac.create(resolveOptions(zodiac.options, {}));
    state.deal(dealDeck('2026', 'zodiac', 2));
    const before = state.table.key().join(',');
    const moves: number[] = [];
    const tried = greedyPlayout(zodiac)(state, moves, zodiac.solving!.aid(state));
    expect(moves.length).toBeGreaterThan(0);
    expect(tried).toBeGreaterThan(0); // deal 2's greedy game walks into a dead end (the search test above)
    for (let i = 0; i < moves.length; i++) state.undo();
    expect(state.table.key().join(',')).toBe(before);
  });
});
