// Loading player modules: a JavaScript module whose default export is a PlayerSpec, imported by file URL once per
// thread (the main thread checks it before any deal; every worker loads it before its first task) and added to
// the players' table (players/modules.ts), where findPlayer and the rollout player find it by that URL.

import { InputError } from '../core/errors.js';
import { SETTING_NAMES, type PlayerSpec } from '../players/player.js';
import { addModulePlayer, modulePlayer } from '../players/modules.js';
import { PLAYERS } from '../players/registry.js';

/** What a player module's id may hold: it names files, checkpoint parts and result rows. */
const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * The spec of the module at `url`, imported and checked once per thread, its players guarded; InputError naming
 * `shown` (the path as the user gave it) when it cannot be imported or exports no PlayerSpec.
 */
export async function loadPlayerModule(url: string, shown = url): Promise<PlayerSpec> {
  const known = modulePlayer(url);
  if (known) return known;
  let exports: Record<string, unknown>;
  try {
    exports = (await import(url)) as Record<string, unknown>;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_UNKNOWN_FILE_EXTENSION') throw new InputError(`player module ${shown}: Node cannot import this kind of file; compile it to .js or .mjs first`);
    if (e instanceof SyntaxError) throw new InputError(`player module ${shown}: syntax error: ${e.message}`);
    throw new InputError(`player module ${shown} cannot be loaded: ${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`);
  }
  const spec = exports['default'];
  if (spec === undefined) {
    const names = Object.keys(exports);
    throw new InputError(`player module ${shown} has no default export (it exports ${names.length > 0 ? names.join(', ') : 'nothing'}); export default { id, summary, uses, create }`);
  }
  const problem = specProblem(spec);
  if (problem) throw new InputError(`player module ${shown}: its default export is not a player spec: ${problem}`);
  const checked = spec as PlayerSpec;
  if (PLAYERS.some((p) => p.id === checked.id)) throw new InputError(`player module ${shown} declares id '${checked.id}', a built-in player's id: give it an id of its own`);
  return addModulePlayer(url, checked);
}

/** What is wrong with a would-be PlayerSpec, or undefined. */
function specProblem(spec: unknown): string | undefined {
  if (typeof spec !== 'object' || spec === null) return `it is ${spec === null ? 'null' : typeof spec}, not an object`;
  const s = spec as Record<string, unknown>;
  if (typeof s['id'] !== 'string' || !ID.test(s['id'])) return `id must be a string of letters, digits, '_', '.' or '-', got ${JSON.stringify(s['id']) ?? 'undefined'}`;
  if (typeof s['summary'] !== 'string') return 'summary must be a string';
  const uses = s['uses'];
  if (!Array.isArray(uses) || uses.some((u) => !(SETTING_NAMES as readonly unknown[]).includes(u))) return `uses must be an array of setting names (${SETTING_NAMES.join(', ')})`;
  if (typeof s['create'] !== 'function') return 'create must be a function (game, settings) => player';
  if (s['positional'] !== undefined && typeof s['positional'] !== 'boolean') return 'positional must be true, false or absent';
  return undefined;
}
