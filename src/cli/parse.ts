// Parsers for command-line values: each turns text into a value or throws commander's InvalidArgumentError,
// which the program reports as one line and exit code 2. Commander puts the message after "argument 'x' is
// invalid.", so each is a sentence of its own.

import { InvalidArgumentError } from 'commander';
import { isPysolSeed } from '../sim/deals.js';
import { mostWorkers } from '../sim/run-options.js';

/** A whole number >= 1, such as a deal count. */
export function positiveInteger(text: string): number {
  const n = wholeNumber(text, 'a whole number of at least 1');
  if (n < 1) throw new InvalidArgumentError('It must be a whole number of at least 1.');
  return n;
}

/** A worker thread count: 1 to mostWorkers() (run-options.ts, which checks the library's). */
export function workerCount(text: string): number {
  const n = positiveInteger(text);
  const most = mostWorkers();
  if (n > most) throw new InvalidArgumentError(`It must be at most ${most}, the cores this machine has.`);
  return n;
}

/** A whole number >= 0, such as a deal index. */
export function nonNegativeInteger(text: string): number {
  return wholeNumber(text, 'a whole number of at least 0');
}

/** A seed: letters, digits, '.', '_' or '-'. */
export function seedText(text: string): string {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(text)) {
    throw new InvalidArgumentError("It must be 1 to 64 letters, digits, '.', '_' or '-'.");
  }
  if (isPysolSeed(text)) throw new InvalidArgumentError("It names PySolFC's game numbers: give --pysol N instead.");
  return text;
}

/** A number above 0, such as training's spread. */
export function positiveNumber(text: string): number {
  const t = text.trim();
  const x = Number(t);
  if (t === '' || !Number.isFinite(x) || x <= 0) throw new InvalidArgumentError('It must be a number above 0.');
  return x;
}

/** A number strictly between 0 and 0.5, such as the sequential test's delta. */
export function probabilityGap(text: string): number {
  const t = text.trim();
  const x = Number(t);
  if (t === '' || !Number.isFinite(x) || x <= 0 || x >= 0.5)
    throw new InvalidArgumentError('It must be a number between 0 and 0.5 (exclusive).');
  return x;
}

/**
 * The solver's budgets: one count of positions, or a comma-separated escalation, each larger than the one
 * before; a count may be written with an exponent (1e7, 1.5e8) or underscores (10_000_000).
 */
export function budgetList(text: string): number[] {
  const budgets = text.split(',').map((part) => {
    const n = positions(part);
    if (!Number.isSafeInteger(n) || n < 1)
      throw new InvalidArgumentError(
        'It must be a whole number of positions of at least 1, or a comma-separated list of them, each larger than the one before.',
      );
    return n;
  });
  for (let i = 1; i < budgets.length; i++) {
    if (budgets[i]! <= budgets[i - 1]!)
      throw new InvalidArgumentError('It must list budgets each larger than the one before.');
  }
  return budgets;
}

/** A count of positions as budgets write it (1e7, 1.5e8, 10_000_000), or NaN; callers check that it is whole. */
function positions(text: string): number {
  const t = text.trim().replace(/_/g, '');
  return /^[0-9]+(\.[0-9]+)?(e[0-9]+)?$/i.test(t) ? Number(t) : NaN;
}

/** One budget of positions, written as in budgetList (solve's --sample-from). */
export function oneBudget(text: string): number {
  const n = positions(text);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('It must be one of the --nodes budgets, a whole number of positions such as 2e7.');
  return n;
}

/** A share above 0 and at most 1, such as a subsample's. */
export function share(text: string): number {
  const t = text.trim();
  const x = Number(t);
  if (t === '' || !Number.isFinite(x) || x <= 0 || x > 1)
    throw new InvalidArgumentError('It must be a number above 0 and at most 1.');
  return x;
}

/** Collect repeated name=value options into a list. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A comma-separated list of ids. */
export function idList(text: string): string[] {
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (ids.length === 0) throw new InvalidArgumentError('It must name at least one id.');
  return ids;
}

function wholeNumber(text: string, what: string): number {
  const t = text.trim().replace(/_/g, '');
  if (!/^[0-9]+$/.test(t)) throw new InvalidArgumentError(`It must be ${what}.`);
  const n = Number(t);
  if (!Number.isSafeInteger(n))
    throw new InvalidArgumentError(`It is too large: the largest whole number taken is ${Number.MAX_SAFE_INTEGER}.`);
  return n;
}
