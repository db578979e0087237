// random-no-undo: the random floor without the back-and-forth. A uniformly random legal move at each decision,
// except the move that exactly undoes its previous one: the move that would bring back, in every pile a player
// sees (every pile's size, the cards of every pile but the stock, and the game's variables), the position from
// before its previous move. Checked by applying each drawn move and comparing, so it holds in every game
// whatever kinds of move undo each other (a marriage married back, a card laid on the talon and filled back).
// A move that turns up an unseen card changes the stock, so it never undoes anything and is never tried out.
// When every legal move would undo the previous one, it stops. Its first draw is the old random player's, so
// until the first time that one would undo its move the two play alike.

import { PileRole, type GameState } from '../core/game.js';
import { reveals } from '../core/move.js';
import { randomInt, type Rng } from '../core/random.js';
import type { Table } from '../core/table.js';
import { STOP, type Player, type PlayerSpec } from './player.js';

/** A position as a player sees it: every pile's size, the cards of every pile but the stock, the variables. */
class SeenPosition {
  private len = new Uint8Array(0);
  private cards = new Uint8Array(0);
  private vars = new Int32Array(0);
  private roles: Uint8Array | undefined; // the pile roles open was worked out for
  private open: boolean[] = []; // per pile: not the stock, so its cards are seen
  private held = false;

  /** Forget the position held (a new deal). */
  clear(): void {
    this.held = false;
  }

  /** Whether a position is held. */
  has(): boolean {
    return this.held;
  }

  /** Hold the position of table t (roles: the game's pile roles). */
  take(t: Table, roles: Uint8Array): void {
    if (this.len.length !== t.pileCount || this.cards.length !== t.cards.length || this.vars.length !== t.vars.length) {
      this.len = new Uint8Array(t.pileCount);
      this.cards = new Uint8Array(t.cards.length);
      this.vars = new Int32Array(t.vars.length);
    }
    if (this.roles !== roles) {
      this.roles = roles;
      this.open = Array.from(roles, (r) => r !== PileRole.Stock);
    }
    this.len.set(t.len);
    this.vars.set(t.vars);
    for (let p = 0; p < t.pileCount; p++) {
      if (!this.open[p]) continue;
      const base = p * t.cap;
      for (let i = base, end = base + t.len[p]!; i < end; i++) this.cards[i] = t.cards[i]!;
    }
    this.held = true;
  }

  /** Whether table t shows the position held. */
  matches(t: Table): boolean {
    const len = t.len;
    for (let p = 0; p < len.length; p++) if (len[p] !== this.len[p]) return false;
    for (let v = 0; v < t.vars.length; v++) if (t.vars[v] !== this.vars[v]) return false;
    for (let p = 0; p < len.length; p++) {
      if (!this.open[p]) continue;
      const base = p * t.cap;
      for (let i = base, end = base + len[p]!; i < end; i++) if (t.cards[i] !== this.cards[i]) return false;
    }
    return true;
  }
}

class RandomNoUndoPlayer implements Player {
  private rng: Rng = Math.random;
  private readonly before = new SeenPosition(); // the position before the previous move
  private pool = new Int32Array(64); // indices of the moves not yet drawn

  reset(makeRng: () => Rng): void {
    this.rng = makeRng();
    this.before.clear();
  }

  choose(state: GameState, moves: Int32Array, n: number): number {
    const m = this.draw(state, moves, n);
    if (m !== STOP) this.before.take(state.table, state.pileRoles);
    return m;
  }

  /** A uniform draw among moves[0..n) that do not undo the previous move (drawn without replacement); STOP if none. */
  private draw(state: GameState, moves: Int32Array, n: number): number {
    const first = randomInt(this.rng, n);
    if (!this.undoes(state, moves[first]!)) return moves[first]!;
    if (this.pool.length < n) this.pool = new Int32Array(n);
    const pool = this.pool;
    for (let i = 0; i < n; i++) pool[i] = i;
    pool[first] = n - 1;
    for (let left = n - 1; left > 0; left--) {
      const k = randomInt(this.rng, left);
      const m = moves[pool[k]!]!;
      if (!this.undoes(state, m)) return m;
      pool[k] = pool[left - 1]!;
    }
    return STOP;
  }

  /** Whether making m now brings back the position from before the previous move. */
  private undoes(state: GameState, m: number): boolean {
    if (!this.before.has() || reveals(m)) return false;
    state.apply(m);
    const back = this.before.matches(state.table);
    state.undo();
    return back;
  }
}

/** The random player that never makes the move that exactly undoes its previous one. */
export const randomNoUndoPlayer: PlayerSpec = {
  id: 'random-no-undo',
  summary: 'a uniformly random legal move at each decision, never the one that exactly undoes its previous move',
  uses: [],
  create: () => new RandomNoUndoPlayer(),
};
