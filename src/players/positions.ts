// A set of position hashes, for players that refuse to return to a position they have already been in.

const SIZE = 1 << 13;

/** Position hashes seen in this deal (open addressing; forgets everything when half full). */
export class PositionSet {
  private readonly keys = new Int32Array(SIZE);
  private readonly used = new Uint8Array(SIZE);
  private count = 0;

  /** Forget every position. */
  clear(): void {
    this.used.fill(0);
    this.count = 0;
  }

  /** Remember a position hash. */
  add(h: number): void {
    if (this.count >= SIZE / 2) this.clear();
    let i = h & (SIZE - 1);
    while (this.used[i]) {
      if (this.keys[i] === h) return;
      i = (i + 1) & (SIZE - 1);
    }
    this.used[i] = 1;
    this.keys[i] = h;
    this.count++;
  }

  /** Whether a position hash was remembered. */
  has(h: number): boolean {
    let i = h & (SIZE - 1);
    while (this.used[i]) {
      if (this.keys[i] === h) return true;
      i = (i + 1) & (SIZE - 1);
    }
    return false;
  }
}
