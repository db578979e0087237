import { describe, expect, it } from 'vitest';
import { shuffleInPlace, seededRng } from '../src/core/random.js';
import { PileRole, pilesWithRole, type GameState } from '../src/core/game.js';
import { reveals, type Move } from '../src/core/move.js';
import { resolveOptions } from '../src/core/options.js';
import { GAMES } from '../src/games/registry.js';
import { STOP, type Player } from '../src/players/player.js';
import { PLAYERS, findPlayer } from '../src/players/registry.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { runBatch } from '../src/sim/batch.js';
import { meanOf } from '../src/stats/results.js';

const SETTINGS = { depth: 2, nodes: 2000 };

/** Play one deal, checking every choice is legal and that no revealing move is applied while choosing. */
function playChecked(state: GameState, player: Player, deckIndex: number, gameId: string): number {
  state.deal(dealDeck('players', gameId, deckIndex));
  player.reset(() => playerRng('players', gameId, deckIndex));
  const apply = state.apply.bind(state);
  let choosing = false;
  state.apply = (m: Move) => {
    if (choosing && reveals(m)) throw new Error('a player tried out a move that reveals an unseen card');
    if (choosing && !state.isLegal(m)) throw new Error(`a player tried out an illegal move ${m}`);
    apply(m);
  };
  const buf = new Int32Array(4096);
  let moves = 0;
  try {
    for (; moves < 3000; moves++) {
      const n = state.legalMoves(buf);
      if (n === 0) break;
      const before = state.table.fingerprint();
      choosing = true;
      const m = player.choose(state, buf, n);
      choosing = false;
      expect(state.table.fingerprint(), 'choosing leaves the position as it was').toBe(before);
      if (m === STOP) break;
      expect(Array.from(buf.subarray(0, n))).toContain(m);
      expect(state.isLegal(m)).toBe(true);
      apply(m);
    }
  } finally {
    state.apply = apply;
  }
  return moves;
}

describe.each(GAMES.map((g) => [g.id, g] as const))('players on %s', (_id, game) => {
  it.each(PLAYERS.map((p) => [p.id, p] as const))('%s chooses only legal moves and tries out only legal moves that reveal nothing', (_pid, spec) => {
    const state = game.create(resolveOptions(game.options, {}));
    const player = spec.create(game, SETTINGS);
    for (let i = 0; i < 20; i++) expect(playChecked(state, player, i, game.id)).toBeGreaterThan(0);
  });

  it.each(['naive', 'greedy', 'lookahead'])('%s decides the same whatever the order of the unseen stock', (pid) => {
    // Play a deal with the player, then at checkpoints rebuild the position from a deck whose unseen stock is
    // shuffled differently: the player must make the same choice there.
    const spec = findPlayer(pid);
    const state = game.create(resolveOptions(game.options, {}));
    const other = game.create(resolveOptions(game.options, {}));
    const buf = new Int32Array(4096);
    for (let deal = 0; deal < 3; deal++) {
      const deck = dealDeck('hidden', game.id, deal);
      state.deal(deck);
      const history: Move[] = [];
      let checked = 0;
      for (let step = 0; step < 600; step++) {
        const n = state.legalMoves(buf);
        if (n === 0) break;
        const player = spec.create(game, SETTINGS);
        player.reset(() => seededRng('x'));
        const m = player.choose(state, buf, n);
        if (step % 7 === 0) {
          // The same moves from the same deck, then the unseen stock shuffled where it lies (after a re-deal the
          // stock is the old talon, no longer the deck's last cards).
          other.deal(deck);
          for (const h of history) other.apply(h);
          shuffleStock(other, seededRng(`s${step}`));
          const twin = spec.create(game, SETTINGS);
          twin.reset(() => seededRng('x'));
          const n2 = other.legalMoves(buf);
          expect(n2).toBe(n);
          expect(twin.choose(other, buf, n2)).toBe(m);
          checked++;
        }
        if (m === STOP) break;
        state.apply(m);
        history.push(m);
      }
      expect(checked).toBeGreaterThan(5);
    }
  });

  it('greedy and lookahead put clearly more cards on the foundations than naive and random on the same deals', () => {
    const mean = (player: string, count: number) =>
      meanOf(runBatch({ game: game.id, rules: {}, player, settings: SETTINGS, seed: 'compare', first: 0, count }).histogram);
    const naive = mean('naive', 300);
    const random = mean('random', 300);
    const greedy = mean('greedy', 300);
    const lookahead = mean('lookahead', 100);
    expect(greedy).toBeGreaterThan(naive + 5);
    expect(greedy).toBeGreaterThan(random + 5);
    expect(lookahead).toBeGreaterThan(naive + 3);
  });
});

/** Shuffle the cards of every stock pile where they lie (the unseen order changes, nothing else). */
function shuffleStock(state: GameState, rng: () => number): void {
  const t = state.table;
  for (const p of pilesWithRole(state.pileRoles, PileRole.Stock)) {
    const order = new Uint8Array(t.size(p));
    for (let i = 0; i < order.length; i++) order[i] = t.at(p, i);
    shuffleInPlace(rng, order);
    t.reorder(p, order);
  }
}
