// Declared layouts: a game names its piles by group (name, role, count) and its table variables, and gets back
// the numbers, names and roles the engine uses, so that no game computes its own pile tables.

/** One group of piles: `count` piles of one role, named `label(i)` (default: the name, numbered if several). */
export interface PileGroup<G extends string = string> {
  readonly name: G;
  readonly role: number;
  readonly count: number;
  readonly label?: (i: number) => string;
}

/** A game's piles, numbered group after group in the order declared. */
export interface Layout<G extends string = string> {
  /** The first pile of each group. */
  readonly first: Readonly<Record<G, number>>;
  /** One past the last pile of each group. */
  readonly end: Readonly<Record<G, number>>;
  /** The number of piles of each group. */
  readonly count: Readonly<Record<G, number>>;
  /** All piles. */
  readonly pileCount: number;
  /** Each pile's name, such as "outer 3". */
  readonly names: readonly string[];
  /** Each pile's role (a PileRole value). */
  readonly roles: Uint8Array;
  /** Each pile's group, as an index into `groups`. */
  readonly groupOf: Uint8Array;
  /** The group names, in order. */
  readonly groups: readonly G[];
}

/** Number the piles of the groups in order, and give each its name, role and group. */
export function defineLayout<const G extends string>(groups: ReadonlyArray<PileGroup<G>>): Layout<G> {
  const first = {} as Record<G, number>;
  const end = {} as Record<G, number>;
  const count = {} as Record<G, number>;
  const names: string[] = [];
  const roles: number[] = [];
  const groupOf: number[] = [];
  groups.forEach((g, k) => {
    if (g.name in first) throw new Error(`layout: group '${g.name}' declared twice`);
    first[g.name] = names.length;
    count[g.name] = g.count;
    for (let i = 0; i < g.count; i++) {
      names.push(g.label ? g.label(i) : g.count === 1 ? g.name : `${g.name} ${i + 1}`);
      roles.push(g.role);
      groupOf.push(k);
    }
    end[g.name] = names.length;
  });
  if (names.length > 255) throw new Error('layout: more than 255 piles');
  return {
    first,
    end,
    count,
    pileCount: names.length,
    names,
    roles: Uint8Array.from(roles),
    groupOf: Uint8Array.from(groupOf),
    groups: groups.map((g) => g.name),
  };
}

/** A game's table variables: the index of each, a named variable taking `size` consecutive slots. */
export interface Variables<V extends string = string> {
  readonly index: Readonly<Record<V, number>>;
  readonly count: number;
  /** Each slot's name: the variable's own, numbered from 1 when it takes several slots ("loan 3"). */
  readonly names: readonly string[];
}

/** Number the variables in order; `sizes` gives each name its number of slots (usually 1). */
export function defineVariables<const V extends string>(sizes: Readonly<Record<V, number>>): Variables<V> {
  const index = {} as Record<V, number>;
  const names: string[] = [];
  let count = 0;
  for (const name of Object.keys(sizes) as V[]) {
    index[name] = count;
    count += sizes[name];
    for (let i = 0; i < sizes[name]; i++) names.push(sizes[name] === 1 ? name : `${name} ${i + 1}`);
  }
  return { index, count, names };
}
