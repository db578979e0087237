// PySolFC's game numbers and its two generators, ported from pysollib/pysolrandom.py and pysol_cards' random.py
// and random_base.py: a normalised number 1 <= N < 32000, or "ms<N>" for any N up to 2^33 - 1, draws from the
// LCG (LCRandom31, the MS FreeCell one); every other number up to 10^20 seeds CPython's Mersenne Twister. A
// shuffle draws randint(0, n) for n from 103 down to 1, each generator with its own randint.

import { InputError } from './errors.js';

/** A PySolFC game number: the number, and whether it was written "ms<N>" (which forces the LCG). */
export interface PysolNumber {
  readonly n: bigint;
  readonly ms: boolean;
}

/** The largest number the Twister takes (pysol_cards' MTRandom.MAX_SEED). */
export const PYSOL_MAX = 10n ** 20n;
/** The largest "ms" number (LCRandom31.MAX_SEED: 33 bits). */
export const PYSOL_MS_MAX = 2n ** 33n - 1n;
/** Below this a plain number is dealt by the LCG (construct_random). */
const LCG_BELOW = 32000n;

/** Parse a game number as PySolFC shows it: "123456", "#123456" or "ms123456"; throws InputError naming what is wrong.
 * */
export function parsePysolNumber(text: string): PysolNumber {
  const m = /^(ms|#)?([0-9]+)$/.exec(text.trim());
  if (!m) throw new InputError(`PySolFC game number '${text}' must be digits, '#' and digits, or 'ms' and digits`);
  const n = BigInt(m[2]!);
  const ms = m[1] === 'ms';
  const most = ms ? PYSOL_MS_MAX : PYSOL_MAX;
  if (n < 1n || n > most)
    throw new InputError(`PySolFC game number '${text}' is out of range: ${ms ? 'ms1 to ms' : '1 to '}${most}`);
  return { n, ms };
}

/** The text of a game number, as parsePysolNumber reads it back: "123456" or "ms123456". */
export function makePysolNumber(p: PysolNumber): string {
  return `${p.ms ? 'ms' : ''}${p.n}`;
}

/** Whether the LCG deals this number (construct_random: "ms" numbers and 1 <= N < 32000). */
export function dealtByLcg(p: PysolNumber): boolean {
  return p.ms || p.n < LCG_BELOW;
}

/** randint(0, n) as the game number's generator draws it, one call per draw. */
export type PysolDraw = (n: number) => number;

/** The generator of a game number, fresh (as Game.shuffle resets it to the initial seed). */
export function pysolGenerator(p: PysolNumber): PysolDraw {
  return dealtByLcg(p) ? lcg(Number(p.n)) : twister(p.n);
}

const TWO_32 = 2 ** 32;
const TWO_33 = 2 ** 33;

/**
 * LCRandom31: seedx steps by seedx * 214013 + 2531011 mod 2^33 (below 2^51: exact in a double); random() is
 * bits 16-30 of it, with bit 15 set for seeds from 2^31, or bits 16-31 plus one for seeds from 2^32; and
 * randint(a, b) = a + random() % (b + 1 - a).
 */
function lcg(seed: number): PysolDraw {
  let x = seed < TWO_32 ? seed : seed - TWO_32;
  const wide = seed >= TWO_32;
  const high = seed >= 2 ** 31 && !wide ? 0x8000 : 0;
  return (n) => {
    x = (x * 214013 + 2531011) % TWO_33;
    const bits = Math.floor(x / 65536);
    const r = wide ? (bits & 0xffff) + 1 : (bits & 0x7fff) | high;
    return r % (n + 1);
  };
}

/** CPython's Mersenne Twister seeded by the whole number n (random.seed: init_by_array over n's 32-bit words, low
 * first). */
function twister(n: bigint): PysolDraw {
  const key: number[] = [];
  for (let v = n; v > 0n; v >>= 32n) key.push(Number(v & 0xffffffffn));
  if (key.length === 0) key.push(0);
  const mt = initByArray(key);
  let i = 624;
  const next = (): number => {
    if (i >= 624) {
      generate(mt);
      i = 0;
    }
    let y = mt[i++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    return (y ^ (y >>> 18)) >>> 0;
  };
  // random(): 53 bits, (a * 2^26 + b) / 2^53; RandomBase.randint(a, b) = a + int(random() * (b + 1 - a))
  return (bound) => {
    const a = next() >>> 5;
    const b = next() >>> 6;
    return Math.floor(((a * 67108864 + b) / 9007199254740992) * (bound + 1));
  };
}

/** MT19937's init_by_array (as in CPython's _randommodule.c). */
function initByArray(key: readonly number[]): Uint32Array {
  const mt = new Uint32Array(624);
  mt[0] = 19650218;
  for (let j = 1; j < 624; j++) {
    const p = mt[j - 1]! ^ (mt[j - 1]! >>> 30);
    mt[j] = Math.imul(1812433253, p) + j;
  }
  let i = 1;
  let j = 0;
  for (let k = Math.max(624, key.length); k > 0; k--) {
    const p = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
    mt[i] = (mt[i]! ^ Math.imul(p, 1664525)) + key[j]! + j;
    i++;
    j++;
    if (i >= 624) {
      mt[0] = mt[623]!;
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = 623; k > 0; k--) {
    const p = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
    mt[i] = (mt[i]! ^ Math.imul(p, 1566083941)) - i;
    i++;
    if (i >= 624) {
      mt[0] = mt[623]!;
      i = 1;
    }
  }
  mt[0] = 0x80000000;
  return mt;
}

/** MT19937's next 624 words, in place. */
function generate(mt: Uint32Array): void {
  for (let k = 0; k < 624; k++) {
    const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % 624]! & 0x7fffffff);
    mt[k] = mt[(k + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
  }
}
