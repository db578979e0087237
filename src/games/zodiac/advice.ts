// The Zodiac's priorities for greedy, from Cadogan's warning: "the greatest care is required in marrying the
// cards, or you will so block them as to be unable to form the foundations". In phase 2 a Zodiac pile is played
// from its top, so a pile that runs one way only feeds one foundation in order: a pile falling towards its top
// (each card one lower than the one beneath) feeds the suit's ace pile, a rising one its king pile. Each of
// those foundations takes each rank once, so two piles feeding the same foundation must not share a rank, or
// one of them will be blocked. So in phase 1:
//  - marry a card onto a Zodiac pile only when it carries on the pile's direction (a single card takes either),
//    and no other pile feeding the same foundation holds that rank: from outside MARRY_OUTSIDE, from the
//    Equator MARRY_FREES (it frees a cell);
//  - when the present pass has placed nothing yet (Z2 would end the game at its end), fill an Equator cell
//    (STUCK_FILL) or, failing that, make any marriage from outside (STUCK_OUTSIDE), or else from the Equator
//    (STUCK_EQUATOR: it frees a cell for the next pass), so that the game goes on.
// In phase 2, of the cards that fit, play one from a Zodiac pile (FROM_PILE) before one from the Equator or a
// lone Zodiac card (PLAY_LAYOUT: a lone card waits safely, a pile's cards come out only from the top), and above
// all one whose pile goes on in the foundation's direction, so that the card it releases fits next (RUN_NEXT).
// A foundation card coming back (Z11's returns) is never advised: the book's game has none, and a card taken back
// only to be played again would go round for ever (NOT_NOW: greedy stops where nothing else is left).

import { MARRY_FREES, MARRY_OUTSIDE, NOT_NOW, PLAY_LAYOUT } from '../../core/advice.js';
import { rankOf, suitOf } from '../../core/card.js';
import type { Advice, GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';
import { isPlacing, placedThisPass } from './rules.js';

const LAYOUT_FIRST = LAYOUT.first.equator; // the Equator and the Zodiac, the piles of the layout
const LAYOUT_END = LAYOUT.end.zodiac;
const FOUNDATION_END = LAYOUT.end.down;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;

/** Phase 1 with nothing placed this pass: an Equator fill, then a marriage from outside, then one from the Equator. */
const STUCK_FILL = 40;
const STUCK_OUTSIDE = 20;
const STUCK_EQUATOR = 10;
/** Phase 2: a play from a Zodiac pile, above a lone card's; more when the pile's next card follows it. */
const FROM_PILE = PLAY_LAYOUT + 1;
const RUN_NEXT = PLAY_LAYOUT + 3;

// The ranks held, per suit, by the piles feeding each foundation: feeds[dir * 4 + suit], bit r; dir 0 the ace
// pile (piles falling to their top), 1 the king pile. Worked out once per table version.
const feeds = new Int32Array(8);
let fedTable: Table | undefined;
let fedVersion = -1;

function scanFeeds(t: Table): void {
  if (t === fedTable && t.version === fedVersion) return;
  feeds.fill(0);
  for (let p = LAYOUT_FIRST; p < LAYOUT_END; p++) {
    const n = t.size(p);
    if (n < 2) continue;
    const c = t.top(p);
    const dir = rankOf(c) < rankOf(t.below(p, 1)) ? 0 : 1;
    let mask = 0;
    for (let k = 0; k < n; k++) mask |= 1 << rankOf(t.below(p, k));
    feeds[dir * 4 + suitOf(c)]! |= mask;
  }
  fedTable = t;
  fedVersion = t.version;
}

/** Whether pile q's ranks (with rank r added) can feed its foundation in direction dir without a clash. */
function clashes(t: Table, q: number, r: number, dir: number, suit: number): boolean {
  const others = feeds[dir * 4 + suit]!;
  if (others & (1 << r)) return true;
  // a single card given its direction joins the feeders too
  return t.size(q) === 1 && (others & (1 << rankOf(t.top(q)))) !== 0;
}

/** Greedy's score for a phase 1 marriage or fill, or a phase 2 play, of The Zodiac (undefined: generic rules). */
export const zodiacAdvice: Advice = (state: GameState, m: Move): number | undefined => {
  const kind = kindOf(m);
  const t = state.table;
  if (kind === MoveKind.Play) return playScore(state, m);
  if (kind !== MoveKind.Marry && kind !== MoveKind.Fill) return undefined;
  const from = fromOf(m);
  if (!isPlacing(t)) return from < FOUNDATION_END ? NOT_NOW : undefined; // phase 2; Z11: no return advised
  const outside = from === CURRENT || from === TALON;
  const stuck = !placedThisPass(t);
  if (kind === MoveKind.Fill) {
    if (stuck) return STUCK_FILL;
    return NOT_NOW;
  }
  const to = toOf(m);
  const c = t.top(from);
  const step = rankOf(c) - rankOf(t.top(to));
  const along = t.size(to) === 1 || rankOf(t.top(to)) - rankOf(t.below(to, 1)) === step;
  if (along) {
    scanFeeds(t);
    if (!clashes(t, to, rankOf(c), step < 0 ? 0 : 1, suitOf(c))) return outside ? MARRY_OUTSIDE : MARRY_FREES;
  }
  if (!stuck) return NOT_NOW;
  return outside ? STUCK_OUTSIDE : STUCK_EQUATOR;
};

/** Phase 2: a play from a Zodiac pile before one from the Equator, the more so when it releases the next card. */
function playScore(state: GameState, m: Move): number {
  const t = state.table;
  const from = fromOf(m);
  const to = toOf(m);
  const n = t.size(from);
  if (n < 2) return PLAY_LAYOUT;
  const c = t.top(from);
  const up = t.size(to) === 0 ? rankOf(c) === 1 : rankOf(c) > rankOf(t.top(to));
  const step = up ? 1 : -1;
  let k = 1; // the run the foundation can take from this pile, this card first
  while (k < n && rankOf(t.below(from, k)) - rankOf(t.below(from, k - 1)) === step) k++;
  return k > 1 ? RUN_NEXT : FROM_PILE;
}
