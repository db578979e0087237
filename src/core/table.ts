// The table: every pile of a game in one preallocated buffer, a few integer variables, and an undo journal.
//
// Games keep all their state here, so a state is cheap to reset and exact to undo: every mutation made between
// begin() and the next begin() is written to the journal, and undo() replays the journal backwards. Nothing is
// allocated per move (the journal doubles in the rare case it fills).

import { CARD_COUNT, NO_CARD, faceOf, type Card } from './card.js';

// Journal entries are written payload first, opcode last, so undo() reads each opcode before its payload.
const OP_MOVE = 0; // n cards from the top of one pile onto another, order kept
const OP_UNDER = 1; // the top card of one pile to the bottom of another
const OP_SET = 2; // a variable changed; the entry before holds its old value
const OP_REORDER = 3; // a pile's cards were reordered; the len entries before hold the old order
const OP_VERSION = 4; // the watched piles got a new version; the entry before holds the old one
const OP_SALT = 5; // the shuffle salt changed; the entry before holds its old value

/** Piles of cards and integer variables with exact, journaled undo. */
export class Table {
  /** Number of piles. */
  readonly pileCount: number;
  /** Capacity of every pile. */
  readonly cap: number;
  /** Pile p holds cards[p*cap .. p*cap+len[p]), bottom first. */
  readonly cards: Uint8Array;
  /** Number of cards in each pile. */
  readonly len: Uint8Array;
  /** The game's integer variables (phase, counters); change them with set(). */
  readonly vars: Int32Array;
  /**
   * Names the contents of the watched piles: a fresh number whenever a move changes them, and undo() brings
   * back the number from before. A game caches what it derives from those piles under this number.
   */
  version = 0;
  /**
   * Bit k is set when the k-th watched pile (in the order watch() was given them; past 32 the bits repeat)
   * has changed, by a move or by undo(), since the game last set this to 0: a game re-derives only what lies
   * in those piles. clear() sets every bit.
   */
  touched = 0;
  /**
   * Re-keys the game's own random events (a shuffled re-deal, core/stock.ts redealShuffle) in a sampled position
   * (core/sample.ts): 0 in real play, so real play is keyed by the deck alone. Change it with setSalt().
   */
  salt = 0;
  private versions = 0; // numbers handed out so far
  private bumped = false; // the move under way has already changed a watched pile
  private readonly watchBits: Int32Array; // each pile's bit in touched; 0 for a pile not watched
  private watchedCount = 0;
  private h = 0; // incremental hash of which card lies where, kept once hashing
  private hashing = false; // hash() has been asked for: from then on every change updates h
  private k1 = 0; // the two 32-bit lanes of the copy-blind key, kept once keying
  private k2 = 0;
  private keying = false; // keyed() has been called: from then on every change updates k1 and k2
  /** The low and high lanes of the last key() (two 32-bit halves of a 64-bit key). */
  readonly keyLanes = new Int32Array(2);
  private journal: Int32Array = new Int32Array(4096);
  private jlen = 0;
  private marks: Int32Array = new Int32Array(1024);
  private mlen = 0;

  /** A table of `pileCount` empty piles of capacity `cap` and `varCount` zeroed variables. */
  constructor(pileCount: number, varCount: number, cap = CARD_COUNT) {
    if (cap > 255) throw new RangeError('pile capacity above 255');
    this.pileCount = pileCount;
    this.cap = cap;
    this.cards = new Uint8Array(pileCount * cap);
    this.len = new Uint8Array(pileCount);
    this.vars = new Int32Array(varCount);
    this.watchBits = new Int32Array(pileCount);
  }

  /** Give piles first..last-1 a version (see version) and each the next bit of touched. */
  watch(first: number, last: number): void {
    for (let p = first; p < last; p++) this.watchBits[p] = 1 << (this.watchedCount++ & 31);
  }

  /** Cards in pile p. */
  size(p: number): number {
    return this.len[p]!;
  }

  /** Top card of pile p, or NO_CARD when it is empty. */
  top(p: number): Card {
    const n = this.len[p]!;
    return n === 0 ? NO_CARD : this.cards[p * this.cap + n - 1]!;
  }

  /** The card k places below the top of pile p (k = 0 is the top); NO_CARD past the bottom. */
  below(p: number, k: number): Card {
    const n = this.len[p]!;
    return k >= n ? NO_CARD : this.cards[p * this.cap + n - 1 - k]!;
  }

  /** The i-th card of pile p counted from the bottom (i = 0). */
  at(p: number, i: number): Card {
    return this.cards[p * this.cap + i]!;
  }

  /** Empty every pile, zero every variable and forget the journal (start of a deal). */
  clear(): void {
    this.len.fill(0);
    this.vars.fill(0);
    this.salt = 0;
    this.h = 0;
    this.k1 = 0;
    this.k2 = 0;
    this.version = ++this.versions;
    this.touched = -1;
    this.bumped = false;
    this.jlen = 0;
    this.mlen = 0;
  }

  /** Put card c on pile p without journaling: for laying out a deal before play starts. */
  put(p: number, c: Card): void {
    const i = this.len[p]!++;
    this.cards[p * this.cap + i] = c;
    if (this.hashing) this.h ^= place(c, p, i);
    if (this.keying) this.keyPlace(c, p, i);
    if (this.watchBits[p] !== 0) {
      this.version = ++this.versions;
      this.touched |= this.watchBits[p]!;
    }
  }

  /** Make the present position the start: undo() cannot go back past it (end of laying out a deal). */
  commit(): void {
    this.jlen = 0;
    this.mlen = 0;
    this.bumped = false;
  }

  /** Start a move: undo() goes back to here. */
  begin(): void {
    if (this.mlen === this.marks.length) this.marks = grow(this.marks);
    this.marks[this.mlen++] = this.jlen;
    this.bumped = false;
  }

  /** Move the top card of `from` onto `to`; returns the card. */
  move(from: number, to: number): Card {
    const cap = this.cap;
    const i = --this.len[from]!;
    const c = this.cards[from * cap + i]!;
    const j = this.len[to]!++;
    this.cards[to * cap + j] = c;
    if (this.hashing) this.h ^= place(c, from, i) ^ place(c, to, j);
    if (this.keying) {
      this.keyPlace(c, from, i);
      this.keyPlace(c, to, j);
    }
    const w = this.watchBits[from]! | this.watchBits[to]!;
    if (w !== 0) this.touch(w);
    this.log(OP_MOVE << 28 | 1 << 16 | from << 8 | to);
    return c;
  }

  /** Move the top n cards of `from` onto `to`, keeping their order. */
  moveRun(from: number, to: number, n: number): void {
    const w = this.watchBits[from]! | this.watchBits[to]!;
    if (w !== 0) this.touch(w);
    this.shift(from, to, n);
    this.log(OP_MOVE << 28 | n << 16 | from << 8 | to);
  }

  /** Move the top card of `from` to the bottom of `to`; returns the card. */
  moveUnder(from: number, to: number): Card {
    const cap = this.cap;
    const i = --this.len[from]!;
    const c = this.cards[from * cap + i]!;
    if (this.hashing) this.h ^= place(c, from, i) ^ this.pileHash(to);
    if (this.keying) {
      this.keyPlace(c, from, i);
      this.keyPile(to);
    }
    const base = to * cap;
    const n = this.len[to]!++;
    this.cards.copyWithin(base + 1, base, base + n);
    this.cards[base] = c;
    if (this.hashing) this.h ^= this.pileHash(to);
    if (this.keying) this.keyPile(to);
    const w = this.watchBits[from]! | this.watchBits[to]!;
    if (w !== 0) this.touch(w);
    this.log(OP_UNDER << 28 | from << 8 | to);
    return c;
  }

  /** Set variable v to value. */
  set(v: number, value: number): void {
    const old = this.vars[v]!;
    if (old === value) return;
    this.log(old);
    this.log(OP_SET << 28 | v);
    this.vars[v] = value;
  }

  /** Set the shuffle salt (see salt), journaled like a variable. */
  setSalt(value: number): void {
    const old = this.salt;
    if (old === value) return;
    this.log(old);
    this.log(OP_SALT << 28);
    this.salt = value;
  }

  /** Rearrange pile p so that its i-th card from the bottom becomes order[i] (a permutation of its cards). */
  reorder(p: number, order: Uint8Array): void {
    this.relay(p, order);
  }

  /**
   * Replace the cards of pile p by cards[0..size(p)), keeping its size: a reorder, or, when the caller relays
   * several piles so that together they hold the same cards as before, a redistribution of cards among them
   * (core/sample.ts). Journaled, so undo() restores the pile exactly.
   */
  relay(p: number, order: Uint8Array): void {
    const n = this.len[p]!;
    const base = p * this.cap;
    for (let i = 0; i < n; i++) this.log(this.cards[base + i]!);
    this.log(OP_REORDER << 28 | n << 16 | p);
    if (this.hashing) this.h ^= this.pileHash(p);
    if (this.keying) this.keyPile(p);
    for (let i = 0; i < n; i++) this.cards[base + i] = order[i]!;
    if (this.hashing) this.h ^= this.pileHash(p);
    if (this.keying) this.keyPile(p);
    if (this.watchBits[p] !== 0) this.touch(this.watchBits[p]!);
  }

  /** Take back everything done since the last begin(). */
  undo(): void {
    if (this.mlen === 0) throw new Error('undo with nothing to undo');
    const stop = this.marks[--this.mlen]!;
    const j = this.journal;
    while (this.jlen > stop) {
      const e = j[--this.jlen]!;
      const op = e >>> 28;
      if (op === OP_MOVE) {
        this.shift(e & 0xff, (e >>> 8) & 0xff, (e >>> 16) & 0xff);
        this.touched |= this.watchBits[e & 0xff]! | this.watchBits[(e >>> 8) & 0xff]!;
      } else if (op === OP_SET) this.vars[e & 0xffff] = j[--this.jlen]!;
      else if (op === OP_VERSION) this.version = j[--this.jlen]!;
      else if (op === OP_SALT) this.salt = j[--this.jlen]!;
      else if (op === OP_UNDER) {
        this.unUnder((e >>> 8) & 0xff, e & 0xff);
        this.touched |= this.watchBits[e & 0xff]! | this.watchBits[(e >>> 8) & 0xff]!;
      } else {
        const p = e & 0xffff;
        this.touched |= this.watchBits[p]!;
        const base = p * this.cap;
        if (this.hashing) this.h ^= this.pileHash(p);
        if (this.keying) this.keyPile(p);
        for (let i = ((e >>> 16) & 0xff) - 1; i >= 0; i--) this.cards[base + i] = j[--this.jlen]!;
        if (this.hashing) this.h ^= this.pileHash(p);
        if (this.keying) this.keyPile(p);
      }
    }
  }

  /**
   * A 32-bit hash of the position (every card's place and every variable): equal positions hash equal. The
   * first call works it out in full; from then on every change keeps it up to date (a table never asked pays
   * nothing for it).
   */
  hash(): number {
    if (!this.hashing) {
      this.hashing = true;
      this.h = 0;
      for (let p = 0; p < this.pileCount; p++) this.h ^= this.pileHash(p);
    }
    let h = this.h;
    for (let v = 0; v < this.vars.length; v++) h ^= mix(this.vars[v]! * 0x9e3779b1 + v);
    return h;
  }

  /**
   * A 64-bit key of the position that does not tell the two copies of a face apart (RULES.md 1.2): two tables
   * whose piles hold the same faces in the same order and whose variables are equal get the same key. It is
   * written into keyLanes (low, high). The first call works it out in full; from then on every change keeps it up
   * to date. Each lane is an independent 32-bit Zobrist-style sum of per-place values, so two different
   * positions share a key with probability about 2^-64 (see solve/positions.ts for what that means for a search).
   */
  key(): Int32Array {
    if (!this.keying) {
      this.keying = true;
      this.k1 = 0;
      this.k2 = 0;
      for (let p = 0; p < this.pileCount; p++) this.keyPile(p);
    }
    let a = this.k1;
    let b = this.k2;
    for (let v = 0; v < this.vars.length; v++) {
      const x = this.vars[v]!;
      a ^= mix((Math.imul(x, 0x9e3779b1) + Math.imul(v + 1, 0x7f4a7c15)) | 0);
      b ^= mix2((Math.imul(x, 0x85ebca77) + Math.imul(v + 1, 0x27d4eb2f)) | 0);
    }
    this.keyLanes[0] = a;
    this.keyLanes[1] = b;
    return this.keyLanes;
  }

  /** Every pile's cards and every variable, as text: equal tables give equal fingerprints. */
  fingerprint(): string {
    const parts: string[] = [];
    for (let p = 0; p < this.pileCount; p++) {
      const base = p * this.cap;
      parts.push(Array.from(this.cards.subarray(base, base + this.len[p]!)).join(','));
    }
    return parts.join('|') + '#' + Array.from(this.vars).join(',') + (this.salt !== 0 ? `#salt ${this.salt}` : '');
  }

  /** How many times each card 0..103 lies on the table (all ones when no card is lost or doubled). */
  cardCounts(): Uint8Array {
    const counts = new Uint8Array(256);
    for (let p = 0; p < this.pileCount; p++) {
      const base = p * this.cap;
      for (let i = 0; i < this.len[p]!; i++) counts[this.cards[base + i]!]!++;
    }
    return counts.subarray(0, CARD_COUNT);
  }

  private shift(from: number, to: number, n: number): void {
    const cap = this.cap;
    const i0 = this.len[from]! - n;
    const j0 = this.len[to]!;
    for (let k = 0; k < n; k++) {
      const c = this.cards[from * cap + i0 + k]!;
      this.cards[to * cap + j0 + k] = c;
      if (this.hashing) this.h ^= place(c, from, i0 + k) ^ place(c, to, j0 + k);
      if (this.keying) {
        this.keyPlace(c, from, i0 + k);
        this.keyPlace(c, to, j0 + k);
      }
    }
    this.len[from] = i0;
    this.len[to] = j0 + n;
  }

  private unUnder(from: number, to: number): void {
    const base = to * this.cap;
    const c = this.cards[base]!;
    if (this.hashing) this.h ^= this.pileHash(to);
    if (this.keying) this.keyPile(to);
    const n = this.len[to]!--;
    this.cards.copyWithin(base, base + 1, base + n);
    if (this.hashing) this.h ^= this.pileHash(to);
    if (this.keying) this.keyPile(to);
    const i = this.len[from]!++;
    this.cards[from * this.cap + i] = c;
    if (this.hashing) this.h ^= place(c, from, i);
    if (this.keying) this.keyPlace(c, from, i);
  }

  /** A change to the watched piles with bits w: mark them touched; the move's first such change bumps the version. */
  private touch(w: number): void {
    this.touched |= w;
    if (!this.bumped) this.bump();
  }

  /** A move's first change to a watched pile: a fresh version, the old one kept for undo(). */
  private bump(): void {
    this.log(this.version);
    this.log(OP_VERSION << 28);
    this.version = ++this.versions;
    this.bumped = true;
  }

  /** Toggle face(c) at index i of pile p in the key's lanes. */
  private keyPlace(c: number, p: number, i: number): void {
    const x = faceOf(c) | p << 8 | i << 16;
    this.k1 ^= mix(x ^ 0x2545f491);
    this.k2 ^= mix2(x ^ 0x6c8e9cf5);
  }

  /** Toggle every card of pile p in the key's lanes. */
  private keyPile(p: number): void {
    const base = p * this.cap;
    for (let i = 0; i < this.len[p]!; i++) this.keyPlace(this.cards[base + i]!, p, i);
  }

  private pileHash(p: number): number {
    const base = p * this.cap;
    let h = 0;
    for (let i = 0; i < this.len[p]!; i++) h ^= place(this.cards[base + i]!, p, i);
    return h;
  }

  private log(e: number): void {
    if (this.jlen === this.journal.length) this.journal = grow(this.journal);
    this.journal[this.jlen++] = e;
  }
}

/** Hash contribution of card c lying at index i of pile p. */
function place(c: number, p: number, i: number): number {
  return mix((c | p << 8 | i << 16) ^ 0x5bd1e995);
}

/** A 32-bit integer mixer (murmur3's finaliser). */
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** A second 32-bit mixer, independent of mix (the finaliser of xxHash32 with other constants). */
function mix2(x: number): number {
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  x = Math.imul(x ^ (x >>> 12), 0x297a2d39);
  return x ^ (x >>> 15);
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
