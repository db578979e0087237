// Tallies: the counts a range of deals produces. Plain data, so they cross threads and add up in any order.

/** How many lowest won-deal indices a tally keeps, so surprising deals can be replayed. */
export const WINS_KEPT = 10;

/** Per-deal results of consecutive deals first, first+1, ... (kept only when asked for). */
export interface PlayChunk {
  readonly first: number;
  /** 1 when won. */
  readonly won: Uint8Array;
  /** Cards played to the foundations. */
  readonly cards: Uint8Array;
  readonly moves: Uint32Array;
  /** 1 when the runner ended the deal for want of progress. */
  readonly stalled: Uint8Array;
}

/** Counts over a set of deals of one game, options and player. */
export interface Tally {
  /** Deals played. */
  deals: number;
  /** Deals won. */
  wins: number;
  /** Deals the runner ended because play made no progress for STALL_LIMIT moves (counted as not won). */
  stalled: number;
  /** Moves made, summed over deals. */
  moves: number;
  /** histogram[k] = deals that ended with k cards played to the foundations. */
  histogram: number[];
  /** Deal index ranges played, [first, last] inclusive, sorted and merged. */
  ranges: Array<[number, number]>;
  /** Thread time spent playing, in milliseconds. */
  busyMs: number;
  /** The lowest indices of won deals, at most WINS_KEPT. */
  wonDeals: number[];
  /** Per-deal results, when asked for. */
  chunks: PlayChunk[];
}

/** An empty tally for a game with this many cards in play. */
export function emptyTally(cardsInPlay: number): Tally {
  return {
    deals: 0,
    wins: 0,
    stalled: 0,
    moves: 0,
    histogram: new Array<number>(cardsInPlay + 1).fill(0),
    ranges: [],
    busyMs: 0,
    wonDeals: [],
    chunks: [],
  };
}

/** Add b into a (a is changed and returned). */
export function mergeTally(a: Tally, b: Tally): Tally {
  a.deals += b.deals;
  a.wins += b.wins;
  a.stalled += b.stalled;
  a.moves += b.moves;
  a.busyMs += b.busyMs;
  for (let k = 0; k < b.histogram.length; k++) a.histogram[k] = (a.histogram[k] ?? 0) + b.histogram[k]!;
  a.ranges = mergeRanges([...a.ranges, ...b.ranges]);
  a.wonDeals = [...a.wonDeals, ...b.wonDeals].sort((x, y) => x - y).slice(0, WINS_KEPT);
  a.chunks.push(...b.chunks);
  return a;
}

/** Sort ranges and join those that touch or overlap. */
export function mergeRanges(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** Ranges as text: "0-999999" or "0-4999,10000-14999". */
export function formatRanges(ranges: ReadonlyArray<readonly [number, number]>): string {
  return ranges.map(([lo, hi]) => (lo === hi ? `${lo}` : `${lo}-${hi}`)).join(',');
}

/** Per-deal results of deals first .. first+length-1 in one place; `done` is 1 for each deal that was played. */
export interface PlayRecord {
  readonly first: number;
  readonly done: Uint8Array;
  readonly won: Uint8Array;
  readonly cards: Uint8Array;
  readonly moves: Uint32Array;
  readonly stalled: Uint8Array;
}

/** Gather chunks (in any order) of deals first .. first+count-1 into one record; deals outside are ignored. */
export function recordOf(chunks: readonly PlayChunk[], first: number, count: number): PlayRecord {
  const r = {
    first,
    done: new Uint8Array(count),
    won: new Uint8Array(count),
    cards: new Uint8Array(count),
    moves: new Uint32Array(count),
    stalled: new Uint8Array(count),
  };
  for (const c of chunks) {
    for (let k = 0; k < c.won.length; k++) {
      const i = c.first + k - first;
      if (i < 0 || i >= count) continue;
      r.done[i] = 1;
      r.won[i] = c.won[k]!;
      r.cards[i] = c.cards[k]!;
      r.moves[i] = c.moves[k]!;
      r.stalled[i] = c.stalled[k]!;
    }
  }
  return r;
}

/**
 * The tally of the deals of a record at offsets k where include(k) holds, with their per-deal results as its one
 * chunk; busyMs is msPerDeal times the deals counted (the record keeps no per-deal time).
 */
export function tallyOfRecord(
  r: PlayRecord,
  cardsInPlay: number,
  include: (k: number) => boolean,
  msPerDeal: number,
): Tally {
  const t = emptyTally(cardsInPlay);
  const keep: number[] = [];
  for (let k = 0; k < r.done.length; k++) {
    if (!r.done[k] || !include(k)) continue;
    keep.push(k);
    t.deals++;
    t.moves += r.moves[k]!;
    t.histogram[r.cards[k]!]!++;
    if (r.stalled[k]) t.stalled++;
    if (r.won[k]) {
      t.wins++;
      if (t.wonDeals.length < WINS_KEPT) t.wonDeals.push(r.first + k);
    }
  }
  t.ranges = mergeRanges(keep.map((k) => [r.first + k, r.first + k] as [number, number]));
  t.busyMs = msPerDeal * t.deals;
  return t;
}
