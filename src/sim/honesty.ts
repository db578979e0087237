// The honesty check: a player's moves may depend only on what it has seen. Two decks that agree on every card a
// first play saw (the unseen cards permuted among those of their rank and copy) are played in lockstep, each
// with the player keyed by the same seed and deal; while what is in sight is the same, the moves must be. A
// player that reads the stock, or applies a move that turns up a card, sooner or later moves apart. Each deck is
// first played twice alike: a player whose dice are not its generator's (Math.random) moves apart even there,
// and is reported as not reproducible rather than as a leak. The check can find a leak, never prove there is
// none: it looks at `deals` deals of `limit` moves.

import { CARD_COUNT, copyOf, rankOf } from '../core/card.js';
import { PileRole, type Game, type GameState } from '../core/game.js';
import type { Options } from '../core/options.js';
import { seededRng, shuffleInPlace } from '../core/random.js';
import { STOP, type PlayerSettings, type PlayerSpec } from '../players/player.js';
import { dealDeck, playerRng } from './deals.js';

/** What the check saw: the moves it compared, and the first that differed, if one did: on two decks that differ in
 * unseen cards (a leak), or on the same deck played twice (not reproducible). */
export interface HonestyFinding {
  readonly agreed: number;
  readonly leak?: { readonly deal: number; readonly move: number };
  readonly unreproducible?: { readonly deal: number; readonly move: number };
}

/** Mark every card that lies in a pile a player may read. */
function markSeen(state: GameState, seen: Uint8Array): void {
  const t = state.table;
  for (let p = 0; p < t.pileCount; p++)
    if (state.pileRoles[p] !== PileRole.Stock) for (let i = 0; i < t.size(p); i++) seen[t.at(p, i)] = 1;
}

/** Every pile a player may read, card by card, the stock's size and the variables: what is in sight. */
export function inSight(state: GameState): string {
  const t = state.table;
  const parts: string[] = [];
  for (let p = 0; p < t.pileCount; p++) {
    if (state.pileRoles[p] === PileRole.Stock) parts.push(`#${t.size(p)}`);
    else parts.push(Array.from({ length: t.size(p) }, (_, i) => t.at(p, i)).join(','));
  }
  return parts.join('|') + '#' + Array.from(t.vars).join(',');
}

/** Play `spec` on deals 0..deals-1 of seed 'leak' against decks that differ only in unseen cards. */
export function checkHonesty(
  game: Game,
  options: Options,
  spec: PlayerSpec,
  settings: PlayerSettings,
  deals = 2,
  limit = 150,
): HonestyFinding {
  const a = game.create(options);
  const b = game.create(options);
  const buf = new Int32Array(4096);
  const bufB = new Int32Array(4096);
  let agreed = 0;
  for (let deal = 0; deal < deals; deal++) {
    const deck = dealDeck('leak', game.id, deal);
    // The cards a first play leaves unseen for `limit` moves.
    const seen = new Uint8Array(CARD_COUNT);
    const first = spec.create(game, settings);
    first.reset(() => playerRng('leak', game.id, deal));
    a.deal(deck);
    markSeen(a, seen);
    for (let step = 0; step < limit; step++) {
      const n = a.legalMoves(buf);
      if (n === 0) break;
      const m = first.choose(a, buf, n);
      if (m === STOP) break;
      a.apply(m);
      markSeen(a, seen);
    }
    // Another deck: the unseen cards permuted among those of their rank and copy (so that games which lay cards
    // out by rank, such as Les Petits Paquets' exiles or The Carpet's bases, or by copy, as Sympathie deals each
    // pack to its player, lay the other deck out alike).
    const other = Uint8Array.from(deck);
    const rng = seededRng(`leak-perm:${game.id}:${deal}`);
    for (let r = 0; r < 26; r++) {
      const at = [...other.keys()].filter(
        (k) => seen[other[k]!] === 0 && rankOf(other[k]!) === (r >> 1) + 1 && copyOf(other[k]!) === (r & 1),
      );
      const cards = Uint8Array.from(at.map((k) => other[k]!));
      shuffleInPlace(rng, cards);
      at.forEach((k, j) => (other[k] = cards[j]!));
    }
    // The same deck twice first: a player that plays it two ways draws from something other than its generator,
    // and would seem to leak on any two decks.
    const twice = lockstep(deal, deck, deck, false);
    if (twice !== undefined) return { agreed, unreproducible: { deal, move: twice } };
    const moved = lockstep(deal, deck, other, true);
    if (moved !== undefined) return { agreed, leak: { deal, move: moved } };
  }
  return { agreed };

  /** Play decks da and db in lockstep, each with a fresh player keyed by the same seed and deal, while what is in sight
   * agrees; the first move (from 1) that differs, if one does (`counted`: the moves that agree count in `agreed`). */
  function lockstep(deal: number, da: Uint8Array, db: Uint8Array, counted: boolean): number | undefined {
    const pa = spec.create(game, settings);
    const pb = spec.create(game, settings);
    pa.reset(() => playerRng('leak', game.id, deal));
    pb.reset(() => playerRng('leak', game.id, deal));
    a.deal(da);
    b.deal(db);
    for (let step = 0; step < limit; step++) {
      if (inSight(a) !== inSight(b)) break;
      const n = a.legalMoves(buf);
      if (b.legalMoves(bufB) !== n) return step + 1;
      if (n === 0) break;
      const ma = pa.choose(a, buf, n);
      const mb = pb.choose(b, bufB, n);
      if (ma !== mb) return step + 1;
      if (counted) agreed++;
      if (ma === STOP) break;
      a.apply(ma);
      b.apply(mb);
    }
    return undefined;
  }
}
