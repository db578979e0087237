// Napoleon's Square (`napoleons-square`): Lady Cadogan's "Le Carré Napoléon" (C1874; the same text in C1914),
// with its single-card variant. The rules card below is the game's header; code comments cite its ruling ids,
// and CODED_AT names the one place that codes each: N1 rules.ts movableRun, N2 rules.ts placeToFill, N3
// rules.ts topAvailable, N4 rules.ts foundationFor (also the engine note's first foundation), N5 and N8
// state.ts deal, N6 state.ts layOut, N7 kings.ts kingsBlock, N9 rules.ts dealtAt, N10 rules.ts turnTarget, N11
// rules.ts fillsFrom, N12 rules.ts returnable, N13 READINGS below. The piles are declared in layout.ts, the moves
// in state.ts, the kings note in kings.ts; the solver's dead-end rule and safe move in solver.ts and
// solver-safe-move.ts; greedy's advice from the book in advice.ts. PySolFC's Napoleon's Square (295) deals its
// game numbers as ours with no hook of its own (pysol.ts, with PySolFC's words for the moves).

import type { Game } from '../../core/game.js';
import type { OptionSpec } from '../../core/options.js';
import { napoleonsSquareAdvice } from './advice.js';
import { NAPOLEONS_SQUARE_PYSOL } from './pysol.js';
import { napoleonsSquareSolving } from './solver.js';
import { NapoleonsSquareState } from './state.js';

const RULES_CARD = `Napoleon's Square (napoleons-square)
Source: Cadogan, C1874 "Le Carre Napoleon" (seed 003 part c), the same text as C1914 "Napoleon's Square",
whose plate shows 4 packets across the top and 4 down each side, with 8 foundation places in the middle.

Cards. Two packs, all 104 shuffled.

Layout. Twelve packets of four cards dealt together, face up, the fourth card on top, forming three sides of
a square: numbered 1-12 in deal order, up the left side, across the top, down the right side (the geometry is
cosmetic). The whole square may be examined. 56 cards remain in the stock. With layout=singles (N6) the square
is twelve single cards and 92 remain.

Foundations. The eight aces, each played to the centre when it becomes available (N4), built up by suit to
the king.

Available. The top card of each packet, the current card, the talon top (N3).

Moves, all optional. Play an available card to a foundation. Marry one card (N1), same suit one lower, onto a
packet top, from another packet top, the current card or the talon top. Fill an empty place (N2) with the
current card or the talon top, never with a card of the square; a filled place is an ordinary packet.

Play. Turn the stock one card at a time; a current card not used goes to the talon when the next is turned.
When the stock is out the talon top stays in use. No re-deal.

Win. All 104 cards on the foundations.

Rulings (RULES.md 6).
N1  No group moves (groupMoves=false). With groupMoves=true a same-suit descending run at the top of a packet
    may move as a unit onto another packet top; spaces still follow N2.
N2  A vacancy (a place whose whole packet is gone) may be filled with one card, the current card or the talon
    top; filling is optional and may be put off. Square cards never fill a space.
N3  The talon top may be played, married, or used to fill a vacancy.
N4  The aces are not placed in advance; each is played when it becomes available.
N5  The kings note, kingsRemedy: slipUnder (default), redeal, none. Trigger, after the square is dealt: both
    kings of one suit each lie above a lower card of that suit in their packets. The note says the remedy
    "must" be applied, so one is by default. slipUnder moves one of them to the bottom of its packet: the one
    in the lower-numbered packet, or the upper one if both share a packet. redeal reshuffles all 104 cards and
    deals again. none leaves the square as dealt, kept for comparison only.
N6  layout=packets (default) or singles: the square of twelve single cards, all else unchanged.
N7  (this program; the note is silent) "Lies above a lower card" means anywhere above it in the packet, not
    only directly on it.
N8  (this program) With redeal, the new square is checked again and re-dealt while the trigger holds (each
    shuffle keyed by the deal's deck and its number). With slipUnder, every suit that triggers is remedied, in
    the order spades, hearts, diamonds, clubs.
N9  (this program) dealOrder=packets (default): each packet's four cards consecutive, as the card says. dealOrder=
    rows (PySolFC's): a card to each packet in turn, four rows of twelve, packet 1 first; the stock as before.
N10 (this program) The card turned is held as the current card, available beside the talon top, until the next
    turn lays it on the talon. turnedCard=talon (PySolFC's one-card waste): the turned card lies on the talon at
    once; only the talon top is available.
N11 (this program) spaces=outside (default) follows N2. spaces=any (PySolFC's): a space also takes a packet's top
    card, or with groupMoves a same-suit descending run (all or part) from a packet, and with returns (N12) a
    foundation top; filling is still optional and may be put off. Every such fill is the player's choice, never
    forced: the player may stop with a space empty, as in PySolFC, whose NapoleonsSquare (games/fortythieves.py)
    fills no row itself (FortyThieves' FILL_EMPTY_ROWS = 0) and whose SS_RowStack rows take any card or run
    into a space by the player's move. It is made as a marriage into the space, which a player may decline.
N12 (this program) returns=none (default): a card played stays on its foundation. returns=free (PySolFC's): the top
    card of a foundation may come back onto a packet top of its suit one higher, or with spaces=any into a space,
    one card a move, and be played again later.
N13 (this program) reading=pysol is PySolFC's Napoleon's Square (295): dealOrder=rows turnedCard=talon
    groupMoves=true spaces=any returns=free kingsRemedy=none. An option set by hand wins.

Engine notes. The places are alike, so a fill goes to the first empty place, no whole packet moves into a space
(it would only change places), and of two foundations of one suit showing the same top (two empty ones for an
ace) a play goes to the first and a return comes from the first: this removes only duplicate moves.`;

/** N13: the options reading=pysol sets: PySolFC's Napoleon's Square (295), read from pysollib/games/fortythieves.py
 * and pysollib/stack.py. */
const READINGS = {
  pysol: {
    dealOrder: 'rows',
    turnedCard: 'talon',
    groupMoves: true,
    spaces: 'any',
    returns: 'free',
    kingsRemedy: 'none',
  },
} as const;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'layout',
    values: ['packets', 'singles'],
    default: 'packets',
    ruling: 'N6',
    summary: 'the square of twelve packets of four cards, or of twelve single cards',
  },
  {
    name: 'groupMoves',
    values: [false, true],
    default: false,
    ruling: 'N1',
    summary: 'a same-suit descending run may move as a unit onto another packet top',
  },
  {
    name: 'kingsRemedy',
    values: ['slipUnder', 'redeal', 'none'],
    default: 'slipUnder',
    ruling: 'N5',
    summary: 'when both kings of a suit block lower cards of it: slip one under its packet, re-deal, or nothing',
  },
  {
    name: 'dealOrder',
    values: ['packets', 'rows'],
    default: 'packets',
    ruling: 'N9',
    summary: "each packet's cards dealt together, or a card to each packet in turn (rows, PySolFC's)",
  },
  {
    name: 'turnedCard',
    values: ['held', 'talon'],
    default: 'held',
    ruling: 'N10',
    summary:
      "the card turned is held as the current card beside the talon top, or lies on the talon at once (PySolFC's one-card waste)",
  },
  {
    name: 'spaces',
    values: ['outside', 'any'],
    default: 'outside',
    ruling: 'N11',
    summary: "a space takes the current card or the talon top, or also a packet's card or run (any, PySolFC's)",
  },
  {
    name: 'returns',
    values: ['none', 'free'],
    default: 'none',
    ruling: 'N12',
    summary: "a foundation's top card may come back onto a packet or into a space (free, PySolFC's) or not (none)",
  },
  {
    name: 'reading',
    values: ['cadogan', 'pysol'],
    default: 'cadogan',
    ruling: 'N13',
    summary: "whose game: Cadogan's, or PySolFC's Napoleon's Square (pysol), which sets the options above",
    implies: READINGS,
  },
];

/**
 * A deck the naive player wins: the cards in foundation order (A S H D C S H D C, then the twos ...), the first
 * 48 laid in the twelve packets in layers, so that the tops are the first twelve, the cards beneath them the
 * next twelve, and so on; the stock then brings the rest in order.
 */
function winnable(): string {
  const order: string[] = [];
  for (const r of 'A23456789TJQK') for (let copy = 0; copy < 2; copy++) for (const s of 'SHDC') order.push(r + s);
  const deck: string[] = [];
  for (let i = 0; i < 12; i++) for (let j = 0; j < 4; j++) deck.push(order[i + 12 * (3 - j)]!); // bottom first
  return [...deck, ...order.slice(48)].join(' ');
}

/** Where each ruling of the card is coded (the one function that every view calls). */
const CODED_AT = {
  N1: 'rules.ts movableRun',
  N2: 'rules.ts placeToFill',
  N3: 'rules.ts topAvailable',
  N4: 'rules.ts foundationFor',
  N5: 'state.ts deal',
  N6: 'state.ts layOut',
  N7: 'kings.ts kingsBlock',
  N8: 'state.ts deal',
  N9: 'rules.ts dealtAt',
  N10: 'rules.ts turnTarget',
  N11: 'rules.ts fillsFrom',
  N12: 'rules.ts returnable',
  N13: 'index.ts READINGS',
} as const;

/** Napoleon's Square: the game definition. */
export const napoleonsSquare: Game = {
  id: 'napoleons-square',
  title: "Napoleon's Square",
  rulesCard: RULES_CARD,
  codedAt: CODED_AT,
  // read from PySolFC's source (pysollib/games/); docs/commands.md says how reading=pysol makes ours its game
  pysol: NAPOLEONS_SQUARE_PYSOL,
  options: OPTIONS,
  create: (options) => new NapoleonsSquareState(options),
  solving: napoleonsSquareSolving,
  advice: napoleonsSquareAdvice,
  facts: {
    winnable: winnable(),
    // N5, N8: the re-deal's shuffle is keyed by the deck as dealt, so the two copies of a card are told apart.
    copySensitive: [{ kingsRemedy: 'redeal' }],
  },
};
