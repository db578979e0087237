// Turning command-line choices into a game and its resolved options, and checking the players' settings, with clear
// errors.

import { InputError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import {
  formatOptions,
  parseRuleAssignments,
  resolveOptions,
  type OptionValue,
  type Options,
} from '../core/options.js';
import { findGame } from '../games/registry.js';
import { DEFAULT_SETTINGS, type PlayerSettings, type PlayerSpec } from '../players/player.js';
import { PLAYERS } from '../planners/registry.js';
import { settingFlag } from './runs.js';

/** A game with its options as given and as resolved. */
export interface GameChoice {
  readonly game: Game;
  /** The options the user set (name to value). */
  readonly given: Readonly<Record<string, OptionValue>>;
  /** Every option, defaults and presets applied. */
  readonly options: Options;
  /** Canonical text of the resolved options. */
  readonly optionsText: string;
}

/** Resolve a game id and its --rule assignments; throws InputError on anything unknown. */
export function chooseGame(id: string, rules: readonly string[]): GameChoice {
  const game = findGame(id);
  const given = parseRuleAssignments(game.id, game.options, rules);
  const options = resolveOptions(game.options, given);
  return { game, given, options, optionsText: formatOptions(game.options, options) };
}

/** A game's title with its resolved rule options, for the first line of a run's report. */
export function gameHeading(choice: GameChoice): string {
  return `${choice.game.title}  (${choice.optionsText === '' ? 'no rule options' : choice.optionsText})`;
}

/**
 * Throw InputError for a player setting in `given` (such as 'depth', as options.ts's givenSettings names them) that
 * none of the players uses: it would change nothing, and a row that names it would mislead.
 */
export function checkSettingsUsed(players: readonly PlayerSpec[], given: readonly string[]): void {
  for (const name of given) {
    if (!(name in DEFAULT_SETTINGS) || players.some((p) => (p.uses as readonly string[]).includes(name))) continue;
    const users = PLAYERS.filter((p) => (p.uses as readonly string[]).includes(name)).map((p) => p.id);
    const named = users.length > 1 ? `${users.slice(0, -1).join(', ')} and ${users.at(-1)}` : users.join('');
    throw new InputError(
      `${settingFlag(name)} is a setting of ${named}, which ${players.length === 1 ? 'is not the player' : 'are not among the players'} here (${players.map((p) => p.id).join(', ')}): leave it out`,
    );
  }
}

/** The settings a player uses, then a module player's options, as text for result rows ("" when none). */
export function settingsText(player: PlayerSpec, settings: PlayerSettings): string {
  const own = Object.entries(settings.options ?? {}).map(([k, v]) => `${k}=${v}`);
  return [...player.uses.map((k) => `${k}=${settings[k] ?? DEFAULT_SETTINGS[k]}`), ...own].join(' ');
}
