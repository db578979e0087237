// The conformance suite: every registered game, under its default rules and each named option value, must
// keep the contract in core/game.ts. Long random walks check at every move that all 104 cards are present,
// that the generated moves are distinct and pass the game's independent legality check, that no move of the
// game's move space is legal without being generated, that undo restores the exact position, that the card a
// move uncovers becomes available, that a move is flagged revealing exactly when it brings a card out of hiding,
// and that isWon holds exactly when the foundations are complete.

import { describe, expect, it } from 'vitest';
import { CARD_COUNT, NO_CARD } from '../src/core/card.js';
import { stackedDeck } from '../src/core/deck.js';
import { PileRole, describeMove, type Game, type GameState } from '../src/core/game.js';
import { MoveKind, REVEALS, countOf, fromOf, kindOf, reveals, type Move } from '../src/core/move.js';
import { resolveOptions, type OptionValue } from '../src/core/options.js';
import { randomInt, seededRng } from '../src/core/random.js';
import type { SolvingAid } from '../src/core/solving.js';
import { GAMES } from '../src/games/registry.js';
import { STOP } from '../src/players/player.js';
import { findPlayer } from '../src/planners/registry.js';
import { dealDeck } from '../src/sim/deals.js';
import { makePosition, parsePosition } from '../src/core/position.js';
import { positionState } from '../src/core/position-load.js';
import { laidAfresh } from './helpers.js';

/** The default rules, then each non-default value of each option on its own. */
function optionSets(game: Game): Array<Record<string, OptionValue>> {
  const sets: Array<Record<string, OptionValue>> = [{}];
  for (const o of game.options) for (const v of o.values) if (v !== o.default) sets.push({ [o.name]: v });
  return sets;
}

/** Moves that take cards off a pile of the layout or the talon. */
function takesCards(m: Move): boolean {
  const k = kindOf(m);
  return k === MoveKind.Play || k === MoveKind.Marry || k === MoveKind.Grace || k === MoveKind.Talon;
}

function availableNow(state: GameState): number[] {
  const cards = new Uint8Array(256);
  const piles = new Uint8Array(256);
  return Array.from(cards.subarray(0, state.availableCards(cards, piles)));
}

/** The face-up cards in sight (visibleCards) and on the foundations: what a person at the table has seen. */
function inSight(state: GameState): number[] {
  const cards = new Uint8Array(256);
  const depths = new Uint8Array(256);
  const piles = new Uint8Array(256);
  const seen = Array.from(cards.subarray(0, state.visibleCards(cards, depths, piles)));
  const t = state.table;
  for (let p = 0; p < state.pileRoles.length; p++)
    if (state.pileRoles[p] === PileRole.Foundation) for (let i = 0; i < t.size(p); i++) seen.push(t.at(p, i));
  return seen;
}

function moveList(state: GameState): Move[] {
  const buf = new Int32Array(4096);
  return Array.from(buf.subarray(0, state.legalMoves(buf)));
}

function checkPosition(state: GameState, space: readonly Move[], complete: boolean): Move[] {
  const moves = moveList(state);
  expect(new Set(moves).size).toBe(moves.length);
  expect(
    moves.filter((m) => !state.isLegal(m)),
    'generated moves failing isLegal',
  ).toEqual([]);
  if (complete) {
    const generated = new Set(moves);
    const missed = space.flatMap((m) => [m, m | REVEALS]).filter((m) => state.isLegal(m) && !generated.has(m));
    expect(missed, 'legal moves not generated').toEqual([]);
  }
  const counts = state.table.cardCounts();
  const wrong: number[] = [];
  for (let c = 0; c < CARD_COUNT; c++) if (counts[c] !== 1) wrong.push(c);
  expect(wrong, 'cards missing or doubled').toEqual([]);
  expect(state.isWon()).toBe(state.foundationCount() === state.cardsInPlay);
  return moves;
}

/** The solver's copy-blind key (Table.key) of the state's piles and variables, worked out on a fresh table. */
function freshKey(state: GameState): number[] {
  return Array.from(laidAfresh(state.table).key());
}

/**
 * The game's solving aid for the state, where the game has one (Game.solving): a dead-end rule named by its index, a
 * safe move among the legal ones, a progress measure that is a whole number from 0 to 2^19.
 */
function checkSolverHooks(game: Game, aid: SolvingAid | undefined, moves: Move[]): void {
  if (aid === undefined) return;
  if (aid.deadEnd !== undefined) {
    const rule = aid.deadEnd();
    expect(rule >= 0 && rule <= (game.solving?.deadEndRules?.length ?? 0), 'deadEnd() names one of deadEndRules').toBe(
      true,
    );
  }
  if (aid.safeMove !== undefined && moves.length > 1) {
    const safe = aid.safeMove(Int32Array.from(moves), moves.length);
    if (safe !== -1) expect(moves, 'safeMove() is a legal move').toContain(safe);
  }
  if (aid.progress !== undefined) {
    const p = aid.progress();
    expect(Number.isInteger(p) && p >= 0 && p <= 2 ** 19, 'progress() is a whole number from 0 to 2^19').toBe(true);
  }
}

describe.each(GAMES.map((g) => [g.id, g] as const))('conformance: %s', (_id, game) => {
  it('deals the same position for the same seed and deal index, and another for another index', () => {
    const a = game.create(resolveOptions(game.options, {}));
    const b = game.create(resolveOptions(game.options, {}));
    a.deal(dealDeck('7', game.id, 3));
    b.deal(dealDeck('7', game.id, 3));
    expect(a.table.fingerprint()).toBe(b.table.fingerprint());
    b.deal(dealDeck('7', game.id, 4));
    expect(a.table.fingerprint()).not.toBe(b.table.fingerprint());
  });

  it.each(optionSets(game).map((rules) => [JSON.stringify(rules), rules] as const))(
    'random walks keep the contract under %s',
    (_name, rules) => {
      const state = game.create(resolveOptions(game.options, rules));
      const space = state.moveSpace();
      const aid = game.solving?.aid(state);
      const rng = seededRng(`walk:${game.id}:${JSON.stringify(rules)}`);
      for (let walk = 0; walk < 12; walk++) {
        state.deal(dealDeck('walk', game.id, walk));
        const start = state.table.fingerprint();
        let made = 0;
        for (let step = 0; step < 400; step++) {
          const moves = checkPosition(state, space, walk < 4);
          if (moves.length === 0) break;
          const m = moves[randomInt(rng, moves.length)]!;
          const before = state.table.fingerprint();
          const hash = state.table.hash();
          const key = Array.from(state.table.key());
          expect(key, 'the solver key kept move by move equals one worked out afresh').toEqual(freshKey(state));
          checkSolverHooks(game, aid, moves);
          const uncovered = takesCards(m) ? state.uncovers(fromOf(m), countOf(m)) : NO_CARD;
          const label = describeMove(state, m);
          const sighted = new Set(inSight(state));
          state.apply(m);
          const after = state.table.fingerprint();
          if (uncovered !== NO_CARD && !reveals(m))
            expect(availableNow(state), 'uncovers() names an available card').toContain(uncovered);
          // The reveal flag: set exactly when the move (with its compulsory actions) brings a card out of hiding into
          // sight. A re-deal gathers the cards into the face-down stock and deals them out again: it is flagged
          // whether or not a card comes out of hiding (Les Petits Paquets, La Duchesse de Luynes: the cards gathered
          // were in sight), so there only a card turned up must be flagged.
          const turnedUp = inSight(state).filter((c) => !sighted.has(c));
          const why = `${label}: flagged ${reveals(m) ? '' : 'not '}revealing, turned up ${turnedUp.length}`;
          if (kindOf(m) === MoveKind.Redeal) expect(turnedUp.length === 0 || reveals(m), why).toBe(true);
          else expect(turnedUp.length > 0, why).toBe(reveals(m));
          state.undo();
          expect(state.table.fingerprint()).toBe(before);
          expect(state.table.hash()).toBe(hash);
          expect(Array.from(state.table.key())).toEqual(key);
          state.apply(m);
          expect(state.table.fingerprint()).toBe(after);
          made++;
        }
        for (let i = 0; i < made; i++) state.undo();
        expect(state.table.fingerprint()).toBe(start);
      }
    },
  );

  it("isWon holds exactly when every card in play is on the foundations (the game's winnable deck, won by its winner)", () => {
    const state = game.create(resolveOptions(game.options, {}));
    expect(game.facts, `${game.id} declares no facts for the shared tests`).toBeDefined();
    state.deal(stackedDeck(game.facts!.winnable));
    const player = findPlayer(game.facts!.winner ?? 'naive').create(game, { depth: 1, nodes: 1 });
    const buf = new Int32Array(4096);
    for (let step = 0; step < 5000; step++) {
      expect(state.isWon()).toBe(state.foundationCount() === state.cardsInPlay);
      const n = state.legalMoves(buf);
      if (n === 0) break;
      const m = player.choose(state, buf, n);
      if (m === STOP) break;
      state.apply(m);
    }
    expect(state.foundationCount()).toBe(state.cardsInPlay);
    expect(state.isWon()).toBe(true);
  });

  it.each(optionSets(game).map((rules) => [JSON.stringify(rules), rules] as const))(
    'a position written and read back has the same key and legal moves, all through random walks under %s',
    (_name, rules) => {
      const state = game.create(resolveOptions(game.options, rules));
      const rng = seededRng(`position:${game.id}:${JSON.stringify(rules)}`);
      for (let walk = 0; walk < 2; walk++) {
        state.deal(dealDeck('position', game.id, walk));
        for (let step = 0; step < 400; step++) {
          const text = makePosition(game, state);
          const loaded = positionState(parsePosition(game, undefined, text));
          const where = `${game.id} walk ${walk} step ${step}`;
          expect(Array.from(loaded.table.key()), where).toEqual(Array.from(state.table.key()));
          expect(loaded.table.fingerprint(), where).toBe(state.table.fingerprint());
          const moves = moveList(state);
          expect(moveList(loaded), where).toEqual(moves);
          expect(loaded.isWon(), where).toBe(state.isWon());
          expect(makePosition(game, loaded), where).toBe(text);
          // As a player sees it: the hidden piles unseen, every other place the same.
          const hidden = parsePosition(game, undefined, makePosition(game, state, { hideUnseen: true }));
          expect(hidden.unseen).toBe(
            state.pileRoles.reduce((n, role, p) => n + (role === PileRole.Stock ? state.table.size(p) : 0), 0),
          );
          expect(makePosition(game, positionState(hidden), { hideUnseen: true }), where).toBe(
            makePosition(game, state, { hideUnseen: true }),
          );
          if (moves.length === 0) break;
          if (step % 100 === 50) {
            // The loaded state plays on as the real one: the same moves for the next 60 moves of the walk, up to a
            // re-deal, whose shuffle (where shuffled) is keyed by the deck dealt, which a position does not hold.
            let made = 0;
            for (; made < 60; made++) {
              const here = moveList(state);
              expect(moveList(loaded), `${where} + ${made}`).toEqual(here);
              if (here.length === 0) break;
              const m = here[randomInt(rng, here.length)]!;
              state.apply(m);
              loaded.apply(m);
              if (kindOf(m) === MoveKind.Redeal) {
                made++;
                break;
              }
            }
            for (let i = 0; i < made; i++) state.undo();
          }
          state.apply(moves[randomInt(rng, moves.length)]!);
        }
      }
    },
  );
});
