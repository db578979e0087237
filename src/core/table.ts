// The table: every pile of a game in one preallocated buffer, a few integer variables (read through
// table-view.ts), and an undo journal.
//
// Games keep all their state here, so a state is cheap to reset and exact to undo: every mutation made between
// begin() and the next begin() is written to the journal, and undo() replays the journal backwards. Nothing is
// allocated per move (the journal doubles in the rare case it fills).

import { CARD_COUNT, type Card } from './card.js';
import { TableView } from './table-view.js';

// Journal entries are written payload first, opcode last, so undo() reads each opcode before its payload.
const OP_MOVE = 0; // n cards from the top of one pile onto another, order kept
const OP_UNDER = 1; // the top card of one pile to the bottom of another
const OP_SET = 2; // a variable changed; the entry before holds its old value
const OP_REORDER = 3; // a pile's cards were reordered; the len entries before hold the old order
const OP_VERSION = 4; // the watched piles got a new version; the entry before holds the old one
const OP_SALT = 5; // the shuffle salt changed; the entry before holds its old value

/** Piles of cards and integer variables with exact, journaled undo. */
export class Table extends TableView {
  private readonly watchBits: Int32Array; // each pile's bit in touched; 0 for a pile not watched
  private versions = 0; // numbers handed out so far
  private bumped = false; // the move under way has already changed a watched pile
  private watchedCount = 0;
  private journal: Int32Array = new Int32Array(4096);
  private jlen = 0;
  private marks: Int32Array = new Int32Array(1024);
  private mlen = 0;
  private resumeAt = -1; // the journal's length at the last dropKey() while the key was kept, or -1
  private readonly droppedKey = new Int32Array(2); // the key's lanes there

  /** A table of `pileCount` empty piles of capacity `cap` and `varCount` zeroed variables. */
  constructor(pileCount: number, varCount: number, cap = CARD_COUNT) {
    super(pileCount, varCount, cap);
    this.watchBits = new Int32Array(pileCount);
  }

  /** Give piles first..last-1 a version (see version) and each the next bit of touched. */
  watch(first: number, last: number): void {
    for (let p = first; p < last; p++) this.watchBits[p] = 1 << (this.watchedCount++ & 31);
  }

  /** Empty every pile, zero every variable and forget the journal (start of a deal). */
  clear(): void {
    this.len.fill(0);
    this.vars.fill(0);
    this.salt = 0;
    this.keys.clear();
    this.version = ++this.versions;
    this.touched = -1;
    this.bumped = false;
    this.jlen = 0;
    this.mlen = 0;
    this.resumeAt = -1;
  }

  /** Put card c on pile p without journaling: for laying out a deal before play starts. */
  put(p: number, c: Card): void {
    const i = this.len[p]!++;
    this.cards[p * this.cap + i] = c;
    if (this.keys.on) this.keys.toggle(c, p, i);
    if (this.watchBits[p] !== 0) {
      this.version = ++this.versions;
      this.touched |= this.watchBits[p]!;
    }
  }

  /** Where the undo journal stands (records open, entries written): a look ahead that undoes all it applied leaves it
   * as it was. */
  journalDepth(): number {
    return this.mlen * 0x1000000 + this.jlen;
  }

  /** Make the present position the start: undo() cannot go back past it (end of laying out a deal). */
  commit(): void {
    this.jlen = 0;
    this.mlen = 0;
    this.bumped = false;
    this.resumeAt = -1;
  }

  /**
   * Stop keeping key() up to date through every change; the next key() works it out afresh (about a microsecond
   * for 104 cards), unless undo() first comes back to this position, where the key is taken up again as it was.
   * For a player that wants the keys of a few positions at a time and then goes back, such as the first moves of
   * a rollout (players/play-on.ts): the next rollout from the same position starts with its key.
   */
  dropKey(): void {
    if (this.keys.dropKey(this.droppedKey)) this.resumeAt = this.jlen;
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
    if (this.keys.on) this.keys.moved(c, from, i, to, j);
    const w = this.watchBits[from]! | this.watchBits[to]!;
    if (w !== 0) this.touch(w);
    this.log((OP_MOVE << 28) | (1 << 16) | (from << 8) | to);
    return c;
  }

  /** Move the top n cards of `from` onto `to`, keeping their order. */
  moveRun(from: number, to: number, n: number): void {
    const w = this.watchBits[from]! | this.watchBits[to]!;
    if (w !== 0) this.touch(w);
    this.shift(from, to, n);
    this.log((OP_MOVE << 28) | (n << 16) | (from << 8) | to);
  }

  /** Move the top card of `from` to the bottom of `to`; returns the card. */
  moveUnder(from: number, to: number): Card {
    const cap = this.cap;
    const i = --this.len[from]!;
    const c = this.cards[from * cap + i]!;
    const base = to * cap;
    const n = this.len[to]!++;
    if (this.keys.on) {
      this.keys.toggle(c, from, i);
      this.keys.shiftPile(this.cards, base, 0, n, to, 1);
      this.keys.toggle(c, to, 0);
    }
    this.cards.copyWithin(base + 1, base, base + n);
    this.cards[base] = c;
    const w = this.watchBits[from]! | this.watchBits[to]!;
    if (w !== 0) this.touch(w);
    this.log((OP_UNDER << 28) | (from << 8) | to);
    return c;
  }

  /** Set variable v to value. */
  set(v: number, value: number): void {
    const old = this.vars[v]!;
    if (old === value) return;
    this.log(old);
    this.log((OP_SET << 28) | v);
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
    this.log((OP_REORDER << 28) | (n << 16) | p);
    if (this.keys.on) this.togglePile(p);
    for (let i = 0; i < n; i++) this.cards[base + i] = order[i]!;
    if (this.keys.on) this.togglePile(p);
    if (this.watchBits[p] !== 0) this.touch(this.watchBits[p]!);
  }

  /** Take back everything done since the last begin(). */
  undo(): void {
    if (this.mlen === 0) throw new Error('undo with nothing to undo');
    if (this.resumeAt >= this.marks[this.mlen - 1]!) this.resumeKey();
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
        if (this.keys.on) this.togglePile(p);
        for (let i = ((e >>> 16) & 0xff) - 1; i >= 0; i--) this.cards[base + i] = j[--this.jlen]!;
        if (this.keys.on) this.togglePile(p);
      }
    }
  }

  /**
   * The key was dropped at a position the undo under way passes (dropKey): undo back to there first, where the
   * key is as it was dropped, and keep it from there on. Kept out of undo(), whose loop is hot.
   */
  private resumeKey(): void {
    const at = this.resumeAt;
    this.resumeAt = -1;
    if (this.mlen === this.marks.length) this.marks = grow(this.marks);
    this.marks[this.mlen++] = at; // a mark at the drop, so that undo() stops there
    this.undo();
    this.keys.resumeKey(this.droppedKey[0]!, this.droppedKey[1]!);
  }

  private shift(from: number, to: number, n: number): void {
    const cap = this.cap;
    const i0 = this.len[from]! - n;
    const j0 = this.len[to]!;
    for (let k = 0; k < n; k++) {
      const c = this.cards[from * cap + i0 + k]!;
      this.cards[to * cap + j0 + k] = c;
      if (this.keys.on) this.keys.moved(c, from, i0 + k, to, j0 + k);
    }
    this.len[from] = i0;
    this.len[to] = j0 + n;
  }

  private unUnder(from: number, to: number): void {
    const base = to * this.cap;
    const c = this.cards[base]!;
    const n = this.len[to]!--;
    if (this.keys.on) {
      this.keys.toggle(c, to, 0);
      this.keys.shiftPile(this.cards, base, 1, n - 1, to, -1);
    }
    this.cards.copyWithin(base, base + 1, base + n);
    const i = this.len[from]!++;
    this.cards[from * this.cap + i] = c;
    if (this.keys.on) this.keys.toggle(c, from, i);
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

  /** Every card of pile p comes or goes, for the position keys. */
  private togglePile(p: number): void {
    this.keys.togglePile(this.cards, p * this.cap, this.len[p]!, p);
  }

  private log(e: number): void {
    if (this.jlen === this.journal.length) this.journal = grow(this.journal);
    this.journal[this.jlen++] = e;
  }
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
