// The Exile chain's loop guard (P8): a chain ends with nothing released when a state (the destination packet
// q, the contents of packets 1-12) repeats one of the same chain. Each state is recorded whole; a hash table
// finds candidates (each slot stamped with its chain, so it needs no clearing between chains).

import type { Table } from '../../core/table.js';

const SEEN_SLOTS = 1 << 12;

/** P8: the states of the chain under way, for the packets first..first+count-1. */
export class ChainGuard {
  private readonly snapshotSize: number; // q, the packets' sizes, their cards
  private chainStamp = 0;
  private readonly seenStamp = new Int32Array(SEEN_SLOTS);
  private readonly seenHash = new Int32Array(SEEN_SLOTS);
  private readonly seenIndex = new Int32Array(SEEN_SLOTS);
  private snapshots: Uint8Array;

  constructor(
    private readonly first: number,
    private readonly count: number,
    cards: number,
  ) {
    this.snapshotSize = 1 + count + cards;
    this.snapshots = new Uint8Array(256 * this.snapshotSize);
  }

  /** Start a new chain: the states recorded so far no longer count. */
  start(): void {
    this.chainStamp++;
  }

  /**
   * Whether the state (q, the packets' contents) was seen before in this chain; records it if not, as the
   * chain's state number `index`. Hashes find candidates; the recorded states decide exactly.
   */
  repeats(t: Table, q: number, index: number): boolean {
    const size = this.snapshotSize;
    if ((index + 1) * size > this.snapshots.length) {
      const grown = new Uint8Array(this.snapshots.length * 2); // rare: a long chain
      grown.set(this.snapshots);
      this.snapshots = grown;
    }
    // Write the state into its own record first: q, the packets' sizes, their cards.
    const record = this.snapshots;
    const base = index * size;
    record[base] = q;
    let k = base + 1 + this.count;
    const end = this.first + this.count;
    for (let p = this.first; p < end; p++) {
      const n = t.len[p]!;
      record[base + 1 + p - this.first] = n;
      const from = p * t.cap;
      for (let i = 0; i < n; i++) record[k++] = t.cards[from + i]!;
    }
    const length = k - base;
    const h = (t.hash() ^ Math.imul(q + 1, 0x9e3779b1)) | 0;
    let slot = h & (SEEN_SLOTS - 1);
    while (this.seenStamp[slot] === this.chainStamp) {
      if (this.seenHash[slot] === h && this.sameRecord(this.seenIndex[slot]!, index, length)) return true;
      slot = (slot + 1) & (SEEN_SLOTS - 1);
    }
    if (index >= SEEN_SLOTS / 2) throw new Error('petits-paquets: exile chain longer than the loop guard can hold');
    this.seenStamp[slot] = this.chainStamp;
    this.seenHash[slot] = h;
    this.seenIndex[slot] = index;
    return false;
  }

  /** Whether recorded states a and b are the same (b of the given length). */
  private sameRecord(a: number, b: number, length: number): boolean {
    const s = this.snapshots;
    const x = a * this.snapshotSize;
    const y = b * this.snapshotSize;
    for (let i = 0; i < length; i++) if (s[x + i] !== s[y + i]) return false;
    return true;
  }
}
