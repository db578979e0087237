// The command line's budget parser (src/cli/parse.ts): a count of positions with an exponent, a decimal
// mantissa or underscores, whole or refused.

import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { budgetList, oneBudget } from '../src/cli/parse.js';

describe('budgetList', () => {
  it('reads exponents, a decimal mantissa and underscores', () => {
    expect(budgetList('1e5,1e6,1e8,1.5e8')).toEqual([100_000, 1_000_000, 100_000_000, 150_000_000]);
    expect(budgetList('10_000_000')).toEqual([10_000_000]);
    expect(oneBudget('2.5e7')).toBe(25_000_000);
  });

  it('refuses a count that is not whole, and text that is not a count', () => {
    for (const text of ['1.5', '1.25e1', '1e', '.5e8', '1e5,1.5', 'ten'])
      expect(() => budgetList(text), text).toThrow(InvalidArgumentError);
    expect(() => oneBudget('2.5')).toThrow(InvalidArgumentError);
  });
});
