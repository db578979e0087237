// Reading a position file (core/position.ts's notation) for the commands that start from one: the one place its
// text comes from a file or standard input, and where its `game:` line stands for --game.

import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.js';
import { parsePosition, positionGame, type Position } from '../core/position.js';
import { positionState, unreachableMove } from '../core/position-load.js';
import type { GameChoice } from './setup.js';

/** Each position file's text as read, so that standard input is read once though its game line is read first. */
const texts = new Map<string, string>();

/** The text of `file` ('-': standard input); InputError when it cannot be read. */
function positionText(file: string): string {
  const known = texts.get(file);
  if (known !== undefined) return known;
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (err) {
    throw new InputError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  texts.set(file, text);
  return text;
}

/**
 * The game of a command that may start from a position file: the file's `game:` line, where --game may be left
 * out and must agree if given; without a file, --game, which is then required. InputError otherwise.
 */
export function gameOfRun(game: string | undefined, file: string | undefined): string {
  const named = file !== undefined ? positionGame(positionText(file)) : undefined;
  if (game !== undefined && named !== undefined && game !== named)
    throw new InputError(
      `--game ${game}, but ${file} is a position of ${safeText(named)}: leave --game out, or give the file's game`,
    );
  const chosen = game ?? named;
  if (chosen === undefined)
    throw new InputError(
      file !== undefined
        ? `${file} has no 'game:' line: give --game`
        : "required option '-g, --game <id>' not specified",
    );
  return chosen;
}

/** The position in `file` ('-': standard input) for the chosen game and --rule options; InputError naming the file and
 * line. */
export function readPosition(file: string, choice: GameChoice): Position {
  const text = positionText(file);
  let position: Position;
  try {
    position = parsePosition(choice.game, choice.given, text);
  } catch (err) {
    if (err instanceof InputError) throw new InputError(`${file}: ${safeText(err.message)}`);
    throw err;
  }
  const state = positionState(position);
  const wrong = unreachableMove(state);
  if (wrong !== undefined)
    throw new InputError(
      `${file}: no play reaches this position (check its variables and pile sizes): the rules refuse the move it would offer, ${wrong}`,
    );
  // A position by hand may lay its cards as it pleases (docs/commands.md): a pile no play builds is read as given.
  const doubt = state.layoutDoubt?.();
  if (doubt !== undefined) process.stderr.write(`patience: warning: ${file}: ${doubt}; read as given\n`);
  return position;
}

/** InputError unless every card of the position is given: `what` needs them all. */
export function checkAllSeen(position: Position, file: string, what: string, remedy = 'write them in'): void {
  if (position.unseen > 0)
    throw new InputError(`${file}: ${position.unseen} unseen cards ('?'): ${what} needs every card; ${remedy}`);
}

/** Longest quoted piece of a file's text an error line shows. */
const QUOTED_MOST = 40;

/**
 * A message quoting a file's text, safe for a terminal: control characters, invalid bytes (U+FFFD) and other
 * unprintable characters escaped (\x1b, \ufffd), and each quoted piece ('...') cut to QUOTED_MOST characters.
 */
export function safeText(message: string): string {
  const escaped = message.replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\ufffd]/gu, (c) => {
    const code = c.codePointAt(0)!;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
  return escaped.replace(/'([^']*)'/g, (whole, inner: string) =>
    inner.length > QUOTED_MOST
      ? `'${inner.slice(0, QUOTED_MOST).replace(/\\(x[0-9a-f]?|u(\{[0-9a-f]*)?)?$/, '')}...' (cut)`
      : whole,
  );
}
