// `patience verify FILE`: replay every winning line of a solutions file on a fresh state, checking each move
// with the game's independent legality test and that the deal ends won; the deck must also be the deal the
// record names (the line is replayed on that deal). Prints "N verified, M failed" and exits 1 on any failure.

import { readFileSync } from 'node:fs';
import { makeDeck } from '../core/deck.js';
import { InputError } from '../core/errors.js';
import { resolveOptions, type OptionValue } from '../core/options.js';
import { findGame } from '../games/registry.js';
import { dealDeck } from '../sim/deals.js';
import { checkLine } from '../solve/verify.js';
import { parseSolutions } from './solutions.js';

/** Verify a solutions file; returns the exit code. */
export function verify(file: string): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const records = parseSolutions(text, file);
  let verified = 0;
  const failures: string[] = [];
  for (const r of records) {
    const game = findGame(r.game);
    const state = game.create(resolveOptions(game.options, r.options as Record<string, OptionValue>));
    // The line is replayed on the deal itself: a deck string does not say which of two equal cards is which
    // pack's, and some games do (The Carpet's bases, Sympathie's packs, the shuffles of re-deals).
    const deck = dealDeck(r.seed, game.id, r.deal);
    const why =
      makeDeck(deck) !== r.deck
        ? `its deck string is not deal ${r.deal} of seed ${r.seed}`
        : checkLine(state, deck, r.moves);
    if (why === '') verified++;
    else failures.push(`${r.game} seed ${r.seed} deal ${r.deal}: ${why}`);
  }
  for (const f of failures) process.stdout.write(`failed: ${f}\n`);
  process.stdout.write(`${verified} verified, ${failures.length} failed\n`);
  return failures.length > 0 ? 1 : 0;
}
