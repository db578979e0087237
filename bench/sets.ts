// The sets of deals the fingerprint benches (moves.ts, policy.ts) run: every game under its default rules, and
// The Shah under Hoffmann's reading; with names given (a game's id or a set's name), only the sets they name.

import type { Game } from '../src/core/game.js';

/** A game under some rule options, named for the output. */
export interface RuleSet {
  readonly name: string;
  readonly game: Game;
  readonly rules: Record<string, string>;
}

/** The sets of `games` (the registry's GAMES), only those `named` when any are. */
export function ruleSets(games: readonly Game[], named: readonly string[]): RuleSet[] {
  return [
    ...games.map((g) => ({ name: g.id, game: g, rules: {} })),
    { name: 'shah-hoffmann', game: games.find((g) => g.id === 'shah')!, rules: { edition: 'hoffmann' } },
  ].filter((s) => named.length === 0 || named.includes(s.game.id) || named.includes(s.name));
}
