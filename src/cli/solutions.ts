// The solutions file of `patience solve --solutions`: one JSON object per line, each a solved deal's winning
// line with everything needed to check it alone (`patience verify`): game, resolved options, seed, deal index,
// deck string and the packed moves.

import { parseDeck } from '../core/deck.js';
import { InputError } from '../core/errors.js';
import type { Options } from '../core/options.js';

/** One solved deal, as a line of the solutions file. */
export interface SolutionRecord {
  readonly game: string;
  readonly options: Options;
  readonly seed: string;
  readonly deal: number;
  /** The deck string (104 codes, first dealt first). */
  readonly deck: string;
  /** The winning line: packed moves (core/move.ts), first first. */
  readonly moves: readonly number[];
  readonly version: string;
}

/** The text of a solutions file. */
export function makeSolutions(records: readonly SolutionRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + (records.length > 0 ? '\n' : '');
}

/** The records of a solutions file; throws InputError naming the first bad line. */
export function parseSolutions(text: string, name: string): SolutionRecord[] {
  const out: SolutionRecord[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let r: SolutionRecord;
    try {
      r = JSON.parse(line) as SolutionRecord;
    } catch {
      throw new InputError(`${name} line ${i + 1}: not a JSON object`);
    }
    const ok =
      typeof r === 'object' &&
      r !== null &&
      typeof r.game === 'string' &&
      typeof r.options === 'object' &&
      typeof r.seed === 'string' &&
      Number.isSafeInteger(r.deal) &&
      typeof r.deck === 'string' &&
      Array.isArray(r.moves) &&
      r.moves.every((m) => Number.isSafeInteger(m));
    if (!ok)
      throw new InputError(`${name} line ${i + 1}: not a solution record (game, options, seed, deal, deck, moves)`);
    try {
      parseDeck(r.deck);
    } catch (err) {
      throw new InputError(`${name} line ${i + 1}: ${(err as Error).message}`);
    }
    out.push(r);
  });
  return out;
}
