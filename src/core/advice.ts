// The advice scale: the scores greedy's generic rules give moves (players/greedy.ts, rules 1-6), on which a
// game's own advice (Game.advice) places its moves. The move of highest score is made; NOT_NOW rules a move out.
// A game's advice names its own points relative to these (e.g. PLAY_LAYOUT + 5: before any layout play).

/** Not worth making now: a move the advice scores so is ruled out (GreedyPlayer.vetoes). */
export const NOT_NOW = 0;
/** Rule 1: play a card from outside the layout (current card, talon top), the top of the scale. */
export const PLAY_OUTSIDE = 100;
/** Rule 2: play a card from the layout. */
export const PLAY_LAYOUT = 90;
/** Rule 3: marry a card from outside onto the layout. */
export const MARRY_OUTSIDE = 80;
/** Rule 4: marry a layout card that frees something. */
export const MARRY_FREES = 60;
/** Rule 5: the grace that frees something: GRACE_FREES + the moved card's need (at most GRACE_NEED_CAP). */
export const GRACE_FREES = 50;
/** The most of a card's need a grace's score adds. */
export const GRACE_NEED_CAP = 40;
/** Rule 6: a refill into an open place: FILL_OPEN - the card's need (at most FILL_NEED_CAP), the sooner the better. */
export const FILL_OPEN = 50;
/** Rule 6: a refill into a covered place: FILL_COVERED + the card's need, the later the better. */
export const FILL_COVERED = 20;
/** The most of a card's need a refill's score counts. */
export const FILL_NEED_CAP = 13;
/** A card outside the layout needed within this many cards is wanted: worth making a vacancy for, or bringing in. */
export const WANTED = 2;
