// The Shah's independent check of a move (GameState.isLegal, after GameBase has checked its packing and piles):
// the rules read afresh, not the generator's cache, so that the conformance suite can hold the two against each
// other.

import { sameSuitDown, sameSuitUp } from '../../core/building.js';
import { rankOf, suitOf } from '../../core/card.js';
import { MoveKind, countOf, fromOf, kindOf, reveals, toOf, type Move } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, Phase, VARS } from './layout.js';
import type { Refills } from './refills.js';
import { dealtCircle, foundationFor, graceLane } from './rules.js';
import { isAvailable } from './star.js';

const INNER = LAYOUT.first.inner;
const MIDDLE = LAYOUT.first.middle;
const OUTER = LAYOUT.first.outer;
const PLACES_END = LAYOUT.end.outer;
const RAYS = LAYOUT.count.outer;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first['current card'];
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;

/** Whether move m is legal now: its piles, phase, cards and reveal flag (rulings in index.ts). */
export function legalMove(t: Table, refills: Refills, groupMoves: boolean, m: Move): boolean {
  const phase = t.vars[PHASE]!;
  const from = fromOf(m);
  const to = toOf(m);
  const flag = reveals(m);
  if (countOf(m) !== 1 && kindOf(m) !== MoveKind.Marry) return false;
  const pause = phase === Phase.Pause1 || phase === Phase.Pause2;
  switch (kindOf(m)) {
    case MoveKind.Play: {
      if (pause) {
        const circle = dealtCircle(phase);
        if (from < circle || from >= circle + RAYS) return false; // S11
        if (flag !== t.size(STOCK) > 0) return false;
      } else {
        if (phase !== Phase.Free || flag) return false;
        if (!isAvailable(t, from)) return false; // S5
      }
      if (to >= INNER || t.size(from) === 0) return false;
      const c = t.top(from);
      if (!sameSuitUp(c, t.top(to))) return false;
      return foundationFor(t.len, suitOf(c), rankOf(c)) === to; // the first of two interchangeable ones (engine note)
    }
    case MoveKind.Marry: {
      if (phase !== Phase.Free || flag) return false;
      if (to < OUTER || to >= PLACES_END || to === from || t.size(to) === 0) return false; // S1, S3
      const k = countOf(m);
      if (from === CURRENT || from === TALON) {
        if (k !== 1 || t.size(from) === 0) return false;
      } else {
        if (from < OUTER || from >= PLACES_END) return false; // S2
        if (k < 1 || k > t.size(from)) return false;
        if (k > 1 && !groupMoves) return false; // S4
        for (let i = 1; i < k; i++) if (!sameSuitDown(t.below(from, i - 1), t.below(from, i))) return false;
      }
      return sameSuitDown(t.below(from, k - 1), t.top(to));
    }
    case MoveKind.Grace: {
      if (phase !== Phase.Free) return false;
      if (from < OUTER || from >= PLACES_END || t.size(from) === 0) return false;
      if (to < INNER || to >= MIDDLE) return false;
      if (!graceLane(t.len, to - INNER)) return false; // S12
      return flag === refills.graceReveals();
    }
    case MoveKind.End: {
      if (phase !== Phase.Free || from !== TALON || to !== STOCK) return false;
      const vacancy = refills.firstVacancy() >= 0;
      return refills.endAllowed(vacancy) && flag === refills.endReveals(vacancy);
    }
    case MoveKind.Fill: {
      if (phase !== Phase.Refill || to !== refills.firstVacancy()) return false;
      const allowed =
        from === TALON || (from === CURRENT && t.size(CURRENT) > 0) || (from === STOCK && t.size(CURRENT) === 0);
      return allowed && t.size(from) > 0 && flag === refills.fillReveals(from, to);
    }
    case MoveKind.Turn:
      return phase === Phase.Turn && from === STOCK && to === CURRENT && flag === t.size(STOCK) > 0;
    case MoveKind.Deal:
      return pause && from === STOCK && to === (phase === Phase.Pause1 ? MIDDLE : OUTER) && flag === t.size(STOCK) > 0;
    default:
      return false;
  }
}
