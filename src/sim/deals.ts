// Reproducible deals: deal i of seed s for a game comes from its own generator, keyed by seed, game and i, so a
// result never depends on worker count, batch size or order. Three kinds of seed name PySolFC's game numbers
// instead (core/pysol-deal.ts, with the game's shuffle hook): deal i of `pysol` is PySolFC's game #i, of
// `pysol-ms` its game ms<i>, of `pysol-<B>` its game #B+i (for numbers past the largest deal index).

import { shuffledDeck, type Deck } from '../core/deck.js';
import { InputError } from '../core/errors.js';
import { pysolDeck } from '../core/pysol-deal.js';
import { makePysolNumber, parsePysolNumber, type PysolNumber } from '../core/pysol-random.js';
import { seededRng, type Rng } from '../core/random.js';
import { findGame } from '../games/registry.js';

/** The deck of deal `index` of `seed` for game `gameId`. */
export function dealDeck(seed: string, gameId: string, index: number, out?: Deck): Deck {
  const p = pysolNumberOf(seed, index);
  if (p !== undefined) return pysolDeck(p, pysolHook(gameId), out);
  return shuffledDeck(seededRng(`${seed}:${gameId}:${index}`), out);
}

/** The generator a player uses for its own random choices in that deal (separate from the deck's). */
export function playerRng(seed: string, gameId: string, index: number): Rng {
  return seededRng(`${seed}:${gameId}:${index}:play`);
}

/** Whether a seed names PySolFC's game numbers: `pysol`, `pysol-ms` or `pysol-<digits>`. */
export function isPysolSeed(seed: string): boolean {
  return /^pysol(-ms|-[0-9]+)?$/.test(seed);
}

/** PySolFC's game number that deal `index` of a PySolFC seed names; undefined for any other seed. */
export function pysolNumberOf(seed: string, index: number): PysolNumber | undefined {
  if (!isPysolSeed(seed)) return undefined;
  if (seed === 'pysol-ms') return { n: BigInt(index), ms: true };
  const base = seed === 'pysol' ? 0n : BigInt(seed.slice('pysol-'.length));
  return { n: base + BigInt(index), ms: false };
}

/** The deals of a PySolFC game number, or of a range "A..B" of them: as a seed, first deal index and count. */
export interface PysolDeals {
  readonly seed: string;
  readonly first: number;
  readonly deals: number;
}

/** Parse "N" or "A..B" (each as parsePysolNumber reads it, both "ms" or neither); throws InputError. */
export function parsePysolDeals(text: string): PysolDeals {
  const [a, b = a, ...more] = text.split('..');
  if (more.length > 0 || a === undefined)
    throw new InputError(`--pysol '${text}' must be one game number or a range A..B`);
  const from = parsePysolNumber(a);
  const to = parsePysolNumber(b);
  if (from.ms !== to.ms) throw new InputError(`--pysol '${text}': both ends are "ms" numbers or neither is`);
  if (to.n < from.n) throw new InputError(`--pysol '${text}': the range ends before it starts`);
  const deals = to.n - from.n + 1n;
  if (deals > BigInt(Number.MAX_SAFE_INTEGER)) throw new InputError(`--pysol '${text}': the range is too long`);
  if (from.ms) return { seed: 'pysol-ms', first: Number(from.n), deals: Number(deals) };
  if (to.n <= BigInt(Number.MAX_SAFE_INTEGER)) return { seed: 'pysol', first: Number(from.n), deals: Number(deals) };
  return { seed: `pysol-${from.n}`, first: 0, deals: Number(deals) };
}

/** How results name deal `index` of a seed: "PySolFC's game #123456" (or "ms123"), else "deal i of seed s". */
export function dealName(seed: string, index: number): string {
  const p = pysolNumberOf(seed, index);
  return p === undefined ? `deal ${index} of seed ${seed}` : `PySolFC's game ${p.ms ? '' : '#'}${makePysolNumber(p)}`;
}

/** The flags that choose deal `index` of a seed again: "--pysol 123456", else "--seed s --deal i". */
export function dealFlags(seed: string, index: number): string {
  const p = pysolNumberOf(seed, index);
  return p === undefined ? `--seed ${seed} --deal ${index}` : `--pysol ${makePysolNumber(p)}`;
}

/** Throw InputError when a game's deals cannot come from PySolFC's game numbers, naming why (before any work). */
export function checkPysolGame(gameId: string): void {
  pysolHook(gameId);
}

/** A game's PySolFC shuffle hook; InputError when PySolFC has no such game or its deal is not ours. */
function pysolHook(gameId: string) {
  const game = findGame(gameId);
  const pysol = game.pysol;
  if (pysol?.hook !== undefined) return pysol.hook;
  if (pysol === undefined)
    throw new InputError(`--pysol: PySolFC has no game like ${game.title}, so its game numbers deal nothing of ours`);
  throw new InputError(
    `--pysol: PySolFC's ${pysol.names} differs from ${game.title}, so it is refused: ${pysol.refused ?? 'its deal is not ours'}`,
  );
}
