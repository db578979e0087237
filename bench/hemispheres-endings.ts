// What loses The Hemispheres: plays deals with a player (greedy by default) and reports where the cards stand
// when the stock runs out (stock and current card empty) and at the end: cards in the talon, wrong-colour (dead)
// cards in the Races, live cards covered in the Races, and, for each foundation left unfinished, where the next
// card it wants lies. The figures behind docs/results.md's paragraph on The Hemispheres.
//
//   npx tsx bench/hemispheres-endings.ts [deals=20000] [seed=2026] [player=greedy] [endTransfer=emptyOnly]

import { isRed, rankOf, suitOf, type Card } from '../src/core/card.js';
import type { GameState } from '../src/core/game.js';
import { MoveKind, kindOf, toOf } from '../src/core/move.js';
import { resolveOptions } from '../src/core/options.js';
import { findGame } from '../src/games/registry.js';
import { findPlayer } from '../src/planners/registry.js';
import { dealDeck, playerRng } from '../src/sim/deals.js';
import { playDeal } from '../src/sim/play.js';

const [dealsArg = '20000', seed = '2026', playerId = 'greedy', endTransfer = 'emptyOnly'] = process.argv.slice(2);
const deals = Number(dealsArg);
const game = findGame('hemispheres');
const state = game.create(resolveOptions(game.options, { endTransfer }));
const player = findPlayer(playerId).create(game, { depth: 2, nodes: 2000 });
const pileOf = (name: string) => state.pileNames.indexOf(name);
const STOCK = pileOf('stock');
const CURRENT = pileOf('current card');
const TALON = pileOf('talon');
const PLACES = Array.from({ length: 12 }, (_, i) => pileOf(`R${i + 1}`));
const FOUNDATIONS = ['spades', 'hearts', 'diamonds', 'clubs'].flatMap((s) => [pileOf(`${s} 1`), pileOf(`${s} 2`)]);

/** Where the cards not on the foundations lie. */
interface Count {
  talon: number;
  dead: number; // wrong-colour cards in the Races (H3)
  liveTop: number; // right-colour cards on top of a place
  covered: number; // right-colour cards under another in a place
  empty: number; // empty places
  barriers: number; // barriers not yet played (H8)
  liveNorth: number; // places in the North whose top is a red card
  liveSouth: number;
  foundations: number;
}

function count(s: GameState): Count {
  const t = s.table;
  const c: Count = {
    talon: t.size(TALON),
    dead: 0,
    liveTop: 0,
    covered: 0,
    empty: 0,
    barriers: 0,
    liveNorth: 0,
    liveSouth: 0,
    foundations: s.foundationCount(),
  };
  for (const b of ['west', 'north', 'east', 'south']) c.barriers += t.size(pileOf(`${b} barrier`));
  PLACES.forEach((p, i) => {
    const n = t.size(p);
    if (n === 0) c.empty++;
    else if (isRed(t.top(p)) !== i < 6) c.dead++;
    else {
      c.liveTop++;
      c.covered += n - 1;
      if (i < 6) c.liveNorth++;
      else c.liveSouth++;
    }
  });
  return c;
}

/** The card faces each unfinished foundation wants next (suit, rank), from its size. */
function wanted(s: GameState): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const f of FOUNDATIONS) {
    const size = s.table.size(f);
    if (size === 13) continue;
    const suit = suitOf(s.table.at(f, 0));
    out.push([suit, isRed(s.table.at(f, 0)) ? size + 1 : 13 - size]);
  }
  return out;
}

/** How deep the shallowest copy of a face lies in the talon (0: its top), or -1 if neither copy is there. */
function talonDepth(s: GameState, suit: number, rank: number): number {
  const t = s.table;
  for (let k = 0; k < t.size(TALON); k++)
    if (suitOf(t.below(TALON, k)) === suit && rankOf(t.below(TALON, k)) === rank) return k;
  return -1;
}

/** Where the most reachable copy of a face lies: talon, covered in a place, dead in a place, a barrier. */
function whereIs(s: GameState, suit: number, rank: number): string {
  const t = s.table;
  const is = (c: Card) => suitOf(c) === suit && rankOf(c) === rank;
  const found = new Set<string>();
  const depth = talonDepth(s, suit, rank);
  if (depth >= 0) found.add(depth === 0 ? 'talon top' : 'talon, covered');
  PLACES.forEach((p, i) => {
    for (let k = 0; k < t.size(p); k++) {
      if (!is(t.below(p, k))) continue;
      if (isRed(t.below(p, k)) !== i < 6) found.add('dead in a Race');
      else found.add(k === 0 ? 'place top' : 'covered in a place');
    }
  });
  for (const order of ['talon top', 'place top', 'covered in a place', 'dead in a Race', 'talon, covered'])
    if (found.has(order)) return order;
  return 'barrier';
}

const sum = (a: Count, b: Count) => (Object.keys(a) as (keyof Count)[]).forEach((k) => (a[k] += b[k]));
const zero = (): Count => ({
  talon: 0,
  dead: 0,
  liveTop: 0,
  covered: 0,
  empty: 0,
  barriers: 0,
  liveNorth: 0,
  liveSouth: 0,
  foundations: 0,
});
const atStockOut = zero();
const atEnd = zero();
const talonSizes: number[] = [];
const blockers = new Map<string, number>();
let wins = 0;
let talonEmptied = 0;
let exchanges = 0;
let transfers = 0;
let deadAtOutAny = 0;
let onlyTalon = 0; // lost deals where every unfinished foundation waits on a card covered in the talon
let someDead = 0; // lost deals where some unfinished foundation waits on a dead card
let shallowSum = 0; // over lost deals with a wanted card in the talon: cards above the shallowest one
let shallowDeals = 0;
const buffer = new Int32Array(4096);
for (let i = 0; i < deals; i++) {
  let out: Count | undefined;
  const result = playDeal(
    state,
    player,
    dealDeck(seed, game.id, i),
    () => playerRng(seed, game.id, i),
    buffer,
    (m) => {
      if (!out && state.table.size(STOCK) === 0 && state.table.size(CURRENT) === 0) out = count(state);
      if (kindOf(m) === MoveKind.Grace) {
        if (state.table.size(toOf(m)) > 0) exchanges++;
        else transfers++;
      }
    },
  );
  out ??= count(state);
  sum(atStockOut, out);
  talonSizes.push(out.talon);
  if (out.dead > 0) deadAtOutAny++;
  const end = count(state);
  sum(atEnd, end);
  if (result.won) wins++;
  if (end.talon === 0) talonEmptied++;
  if (!result.won) {
    const wheres = wanted(state).map(([suit, rank]) => whereIs(state, suit, rank));
    for (const where of wheres) blockers.set(where, (blockers.get(where) ?? 0) + 1);
    if (wheres.every((w) => w === 'talon, covered')) onlyTalon++;
    if (wheres.includes('dead in a Race')) someDead++;
    const depths = wanted(state)
      .map(([suit, rank]) => talonDepth(state, suit, rank))
      .filter((d) => d >= 0);
    if (depths.length > 0) {
      shallowSum += Math.min(...depths);
      shallowDeals++;
    }
  }
}

const mean = (x: number) => (x / deals).toFixed(2);
const pct = (x: number, of = deals) => `${((100 * x) / of).toFixed(1)}%`;
talonSizes.sort((a, b) => a - b);
const q = (f: number) => talonSizes[Math.min(deals - 1, Math.floor(f * deals))];
console.log(`The Hemispheres, ${playerId}, ${deals} deals of seed ${seed}, endTransfer=${endTransfer}: ${wins} won`);
for (const [label, c] of [
  ['when the stock ran out', atStockOut],
  ['at the end', atEnd],
] as const) {
  console.log(
    `${label}: on foundations ${mean(c.foundations)} of 96; talon ${mean(c.talon)}; dead (wrong-colour) cards in the Races ${mean(c.dead)};` +
      ` places with a live top ${mean(c.liveTop)} (North ${mean(c.liveNorth)}, South ${mean(c.liveSouth)}), cards covered under them ${mean(c.covered)}; empty places ${mean(c.empty)}; barriers ${mean(c.barriers)}`,
  );
}
console.log(
  `talon when the stock ran out: min ${talonSizes[0]}, quartiles ${q(0.25)} / ${q(0.5)} / ${q(0.75)}, max ${talonSizes[deals - 1]}`,
);
console.log(
  `deals with a dead card when the stock ran out: ${pct(deadAtOutAny)}; talon emptied by the end (H5 open): ${pct(talonEmptied)}`,
);
console.log(`exchanges (H4) per deal ${mean(exchanges)}, endgame transfers (H5) per deal ${mean(transfers)}`);
const blocked = [...blockers.values()].reduce((a, b) => a + b, 0);
const lost = deals - wins;
console.log(
  `lost deals: every unfinished foundation waits on a card covered in the talon ${pct(onlyTalon, lost)}; some waits on a dead card ${pct(someDead, lost)}`,
);
console.log(
  `lost deals with a wanted card in the talon (${pct(shallowDeals, lost)}): the shallowest lies under ${(shallowSum / shallowDeals).toFixed(1)} cards`,
);
console.log(
  `lost deals: where the next card of each unfinished foundation lies (its most reachable copy), of ${blocked} foundations:`,
);
for (const [where, n] of [...blockers].sort((a, b) => b[1] - a[1]))
  console.log(`  ${where.padEnd(20)} ${String(n).padStart(7)}  ${pct(n, blocked)}`);
