// Positions as text: a parse/make pair for any game's position, written in the books' words. One line per pile by
// its name, cards bottom first (the top card, or the stock's next card, last), a hidden pile's unseen cards as `?`
// or `?xN`; one line per table variable (`name = value`); a header with the game and its rule options:
//
//   game: shah
//   rules: refillSource=choice groupMoves=false
//   outer 3: TC 9C
//   stock: ?x41
//   phase = 2
//
// Card codes are the deck strings' (core/deck.ts): "9C", "10C" or "TC", any case, a trailing '*' marking the
// second copy of a face where it is read before the first. A position is a game's table and nothing else: loading
// one (position-load.ts) lays out a deal, then sets every pile and variable in one step, so that what a game
// caches under the table's version is worked out afresh.

import { CARD_COUNT, copyOf, faceOf, makeCard, parseCard, type Card } from './card.js';
import { InputError } from './errors.js';
import { PileRole, type Game, type GameState } from './game.js';
import { formatOptions, parseRuleAssignments, resolveOptions, type OptionValue, type Options } from './options.js';
import { checkFoundations } from './position-check.js';

/** A place in a pile whose card is not known (a hidden pile's unseen card). */
export const UNSEEN = -1;

/** A parsed position: the game, its options, every pile's cards bottom first (UNSEEN where unknown) and variable. */
export interface Position {
  readonly game: Game;
  readonly options: Options;
  /** Pile p's cards, bottom first, in the numbering of game.create(options); UNSEEN for an unseen card. */
  readonly piles: ReadonlyArray<readonly number[]>;
  /** The table's variables, in order. */
  readonly variables: readonly number[];
  /** How many places hold an unseen card. */
  readonly unseen: number;
}

/** What makePosition writes for the hidden piles (role Stock): their cards in order, or `?xN` as a player sees them. */
export interface MakeOptions {
  readonly hideUnseen?: boolean;
}

/** The names of a state's variables: its declared ones, else "variable 1", ... */
export function variableNamesOf(state: GameState): readonly string[] {
  return state.variableNames ?? Array.from(state.table.vars, (_, i) => `variable ${i + 1}`);
}

/** The position of `state` (a state of `game`) as text, one line per pile and per variable, ending in a newline. */
export function makePosition(game: Game, state: GameState, opts: MakeOptions = {}): string {
  const t = state.table;
  const lines = [`game: ${game.id}`, `rules: ${formatOptions(game.options, state.options)}`];
  const seen = new Uint8Array(52); // copies of each face written so far
  for (let p = 0; p < t.pileCount; p++) {
    const hidden = state.pileRoles[p] === PileRole.Stock;
    if (hidden && opts.hideUnseen) {
      lines.push(`${state.pileNames[p]}:${t.size(p) > 0 ? ` ?x${t.size(p)}` : ''}`);
      continue;
    }
    const codes: string[] = [];
    for (let i = 0; i < t.size(p); i++) {
      const c = t.at(p, i);
      codes.push(makeCard(c) + (copyOf(c) === 1 && seen[faceOf(c)] === 0 ? '*' : ''));
      seen[faceOf(c)]!++;
    }
    lines.push(`${state.pileNames[p]}:${codes.map((s) => ' ' + s).join('')}`);
  }
  const names = variableNamesOf(state);
  for (let v = 0; v < names.length; v++) lines.push(`${names[v]} = ${t.vars[v]}`);
  return lines.join('\n') + '\n';
}

/** The game id a position's text names on its `game:` line, or undefined when it has none. */
export function positionGame(text: string): string | undefined {
  for (const raw of text.split('\n')) {
    const m = /^\s*game\s*:\s*(\S+)\s*$/.exec(raw);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * Parse a position of `game`. `given` are rule options set apart from the text (the command line's --rule): the
 * text's `rules:` line and they must agree where both set an option. Throws InputError, one line naming the line
 * and the problem: an unknown pile or variable, a pile or card too many times, unseen cards outside a hidden pile,
 * a count of cards other than 104, a foundation out of sequence.
 */
export function parsePosition(
  game: Game,
  given: Readonly<Record<string, OptionValue>> | undefined,
  text: string,
): Position {
  const lines = text.split('\n');
  const fail = (i: number, why: string): never => {
    throw new InputError(`line ${i + 1}: ${why}`);
  };
  // The header first: the options decide the layout.
  const rules: Record<string, OptionValue> = { ...(given ?? {}) };
  let gameLine = -1;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const m = /^(game|rules)\s*:(.*)$/.exec(line);
    if (!m) return;
    if (m[1] === 'game') {
      if (gameLine >= 0) fail(i, `a second game line (the first is line ${gameLine + 1})`);
      gameLine = i;
      if (m[2]!.trim() !== game.id) fail(i, `the position is of '${m[2]!.trim()}', not ${game.id}`);
      return;
    }
    let set: Record<string, OptionValue>;
    try {
      set = parseRuleAssignments(
        game.id,
        game.options,
        m[2]!
          .trim()
          .split(/\s+/)
          .filter((s) => s.length > 0),
      );
    } catch (err) {
      return fail(i, (err as Error).message);
    }
    for (const [name, value] of Object.entries(set)) {
      if (rules[name] !== undefined && rules[name] !== value)
        fail(
          i,
          `rule option ${name} is ${String(value)} here but ${String(rules[name])} elsewhere (--rule or an earlier line)`,
        );
      rules[name] = value;
    }
  });
  const options = resolveOptions(game.options, rules);
  const state = game.create(options);
  const names = state.pileNames;
  const varNames = variableNamesOf(state);
  const piles: number[][] = names.map(() => []);
  const variables = new Array<number>(varNames.length).fill(0);
  const pileLine = new Array<number>(names.length).fill(-1);
  const varLine = new Array<number>(varNames.length).fill(-1);
  const taken = new Uint8Array(52); // bit k: copy k of the face is placed
  let unseen = 0;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || /^(game|rules)\s*:/.test(line)) return;
    const variable = /^([^:=]+?)\s*=\s*(.*)$/.exec(line);
    if (variable) {
      const v = varNames.indexOf(variable[1]!);
      if (v < 0)
        fail(i, `${game.title} has no variable '${variable[1]}' (its variables: ${varNames.join(', ') || 'none'})`);
      if (varLine[v]! >= 0) fail(i, `variable ${varNames[v]} given twice (first on line ${varLine[v]! + 1})`);
      if (!/^-?\d{1,10}$/.test(variable[2]!) || Math.abs(Number(variable[2])) > 0x7fffffff)
        fail(i, `variable ${varNames[v]} must be a whole number (32 bits), not '${variable[2]}'`);
      varLine[v] = i;
      variables[v] = Number(variable[2]);
      return;
    }
    const pile = /^([^:]+?)\s*:(.*)$/.exec(line);
    if (!pile) return fail(i, `'${line}' is neither 'pile: cards' nor 'variable = number'`);
    const p = names.indexOf(pile[1]!);
    if (p < 0) fail(i, `${game.title} has no pile '${pile[1]}' (its piles: ${names.join(', ')})`);
    if (pileLine[p]! >= 0) fail(i, `pile ${names[p]} given twice (first on line ${pileLine[p]! + 1})`);
    pileLine[p] = i;
    const hidden = state.pileRoles[p] === PileRole.Stock;
    for (const code of pile[2]!
      .trim()
      .split(/[\s,]+/)
      .filter((s) => s.length > 0)) {
      const many = /^\?(?:x(\d+))?$/i.exec(code);
      if (many) {
        if (!hidden)
          fail(
            i,
            `unseen cards ('${code}') can lie only in a hidden pile (${hiddenNames(state) || 'this game has none'}), not in ${names[p]}`,
          );
        const n = many[1] === undefined ? 1 : Number(many[1]);
        for (let k = 0; k < n && piles[p]!.length <= CARD_COUNT; k++) piles[p]!.push(UNSEEN);
        unseen += n;
      } else piles[p]!.push(readCard(code, taken, (why) => fail(i, why)));
      if (piles[p]!.length > state.table.cap) fail(i, `pile ${names[p]} holds more than ${state.table.cap} cards`);
    }
  });
  const missingPile = pileLine.indexOf(-1);
  if (missingPile >= 0)
    throw new InputError(`no line for pile '${names[missingPile]}' (write '${names[missingPile]}:' for an empty one)`);
  const missingVar = varLine.indexOf(-1);
  if (missingVar >= 0)
    throw new InputError(
      `no line for variable '${varNames[missingVar]}' (write '${varNames[missingVar]} = 0' for zero)`,
    );
  let known = 0;
  for (let f = 0; f < 52; f++) known += (taken[f]! & 1) + (taken[f]! >> 1);
  if (known + unseen !== CARD_COUNT) {
    const missing: string[] = [];
    for (let f = 0; f < 52; f++) for (let k = (taken[f]! & 1) + (taken[f]! >> 1); k < 2; k++) missing.push(makeCard(f));
    const detail =
      unseen === 0 && missing.length > 0
        ? `; missing ${missing.slice(0, 6).join(' ')}${missing.length > 6 ? ' ...' : ''}`
        : '';
    throw new InputError(
      `${known} cards given and ${unseen} unseen make ${known + unseen}, not ${CARD_COUNT}${detail}`,
    );
  }
  const split = checkGroups(state, piles, taken);
  if (split !== undefined) fail(pileLine[split.pile]!, split.why);
  const wrong = checkFoundations(state, piles);
  if (wrong !== undefined) fail(pileLine[wrong.pile]!, wrong.why);
  return { game, options, piles, variables, unseen };
}

/**
 * Where unseen cards may lie only in their group's hidden piles (GameState.unseenGroups: Sympathie's packs), each
 * group's unseen places must be as many as its cards not named; the first hidden pile of a group where not.
 */
function checkGroups(
  state: GameState,
  piles: ReadonlyArray<readonly number[]>,
  taken: Uint8Array,
): { pile: number; why: string } | undefined {
  const groups = state.unseenGroups;
  if (groups === undefined) return undefined;
  const places = new Map<number, number>();
  piles.forEach((pile, p) => {
    if (state.pileRoles[p] === PileRole.Stock)
      places.set(groups.ofPile[p]!, (places.get(groups.ofPile[p]!) ?? 0) + pile.filter((c) => c === UNSEEN).length);
  });
  for (const [g, n] of places) {
    let unnamed = 0;
    for (let c = 0; c < CARD_COUNT; c++)
      if (groups.ofCard[c] === g && (taken[faceOf(c)]! & (1 << copyOf(c))) === 0) unnamed++;
    if (n === unnamed) continue;
    const own = state.pileNames.filter((_, p) => state.pileRoles[p] === PileRole.Stock && groups.ofPile[p] === g);
    const first = state.pileNames.indexOf(own[0]!);
    return {
      pile: first,
      why: `${own.join(', ')} hold ${n} unseen cards, but ${unnamed} of the cards that can lie there are not named`,
    };
  }
  return undefined;
}

/** The names of a state's hidden piles (role Stock), joined. */
function hiddenNames(state: GameState): string {
  return state.pileNames.filter((_, p) => state.pileRoles[p] === PileRole.Stock).join(', ');
}

/** Read one card code against the copies taken so far (bit k of taken[face]: copy k placed), as parseDeck does. */
function readCard(code: string, taken: Uint8Array, fail: (why: string) => never): Card {
  const marked = code.endsWith('*');
  const face = parseCard(marked ? code.slice(0, -1) : code);
  if (face === undefined) return fail(`unknown card code '${code}'`);
  if (taken[face] === 3) return fail(`${makeCard(face)} a third time (there are two packs)`);
  const copy = marked || (taken[face]! & 1) !== 0 ? 1 : 0;
  if ((taken[face]! & (1 << copy)) !== 0) return fail(`the second ${makeCard(face)} is marked twice`);
  taken[face]! |= 1 << copy;
  return face + 52 * copy;
}
