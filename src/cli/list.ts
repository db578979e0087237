// `patience list`: the games with their rule options and defaults, and the players.

import type { OptionSpec } from '../core/options.js';
import { GAMES } from '../games/registry.js';
import { PLAYERS } from '../planners/registry.js';

/** The text `patience list` prints. */
export function listText(): string {
  const lines: string[] = ['Games (--game) and their rule options (--rule name=value; the default first):'];
  for (const game of GAMES) {
    lines.push(`  ${game.id.padEnd(20)} ${game.title}`);
    for (const o of game.options) lines.push(`      ${o.name} = ${valuesText(o, ' | ')}   [${o.ruling}] ${o.summary}`);
    if (game.notes !== undefined) lines.push(`      note: ${game.notes}`);
  }
  lines.push('', 'Players (--player):');
  for (const p of PLAYERS) lines.push(`  ${p.id.padEnd(20)} ${p.summary}`);
  return lines.join('\n');
}

/** The rule options of every game, for the end of `simulate --help`. */
export function rulesHelp(): string {
  const lines = ['', 'Rule options by game (--rule name=value, repeatable; the default first):'];
  for (const game of GAMES) {
    for (const o of game.options)
      lines.push(`  ${game.id}: ${o.name}=${valuesText(o, '|')}  (${o.ruling}) ${o.summary}`);
  }
  return lines.join('\n');
}

/** An option's values, the default first. */
function valuesText(o: OptionSpec, separator: string): string {
  return [o.default, ...o.values.filter((v) => v !== o.default)].map(String).join(separator);
}
