// The house rules of src/ (docs/DEVELOPING.md), read from the files themselves: no file over 300 lines;
// dependencies point one way (cli -> sim -> games, planners -> players, solve -> core; a game never imports players/, a
// player never imports a game); no import cycles; each game in its own folder, reached by one registry line,
// with a rules.ts and a rules card whose every ruling id is mapped to the one place that codes it, a declaration
// whose header comment (the comment block right above it) names the ruling.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/registry.js';

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC);
const rel = (path: string) => relative(SRC, path).replaceAll('\\', '/');

/** The src/ files a file imports (relative imports, type-only ones included), as paths relative to src/. */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'";]*?from\s+'(\.[^']+)'/gm)) {
    out.push(rel(resolve(dirname(path), m[1]!.replace(/\.js$/, '.ts'))));
  }
  return out;
}

const graph = new Map(files.map((f) => [rel(f), importsOf(f)]));
const area = (file: string) => file.split('/')[0]!;

describe('the house', () => {
  it('no file in src/ is over 300 lines', () => {
    const long = files
      .map((f) => [rel(f), readFileSync(f, 'utf8').split('\n').length - 1] as const)
      .filter(([, n]) => n > 300);
    expect(long).toEqual([]);
  });

  it('a game imports only core/ and its own folder; a player never imports a game', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      for (const target of imports) {
        if (file.startsWith('games/') && file !== 'games/registry.ts') {
          const folder = file.split('/').slice(0, 2).join('/');
          if (!(target.startsWith('core/') || target.startsWith(folder + '/'))) wrong.push(`${file} -> ${target}`);
        }
        if (file.startsWith('players/') && target.startsWith('games/')) wrong.push(`${file} -> ${target}`);
        if (file.startsWith('core/') && !target.startsWith('core/')) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('dependencies point one way: cli, api -> sim -> games, planners -> players, solve -> core; stats and report are leaves', () => {
    // Which areas each area may import (its own always).
    const allowed: Record<string, readonly string[]> = {
      core: [],
      games: ['core'],
      players: ['core'],
      solve: ['core', 'players'],
      planners: ['core', 'players', 'solve'],
      stats: ['core'],
      report: ['core', 'stats'],
      sim: ['core', 'games', 'players', 'solve', 'planners', 'stats'],
      cli: ['core', 'games', 'players', 'solve', 'planners', 'stats', 'report', 'sim'],
      api: ['core', 'games', 'players', 'solve', 'planners', 'stats', 'sim'],
    };
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const from = area(file);
      for (const target of imports) {
        const to = area(target);
        if (to !== from && !(allowed[from] ?? []).includes(to)) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no import cycles', () => {
    const state = new Map<string, 1 | 2>(); // 1: on the path, 2: done
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      state.set(file, 1);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 1) cycles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
        else if (!state.has(next) && graph.has(next)) visit(next, [...path, next]);
      }
      state.set(file, 2);
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
  });

  it.each(GAMES.map((g) => [g.id] as const))('%s lives in its own folder, with its rules card in index.ts', (id) => {
    expect(graph.has(`games/${id}/index.ts`)).toBe(true);
    expect(graph.get('games/registry.ts')).toContain(`games/${id}/index.ts`);
  });

  it.each(GAMES.map((g) => [g.id, g] as const))(
    '%s: its rules card maps every ruling id to the one place that codes it',
    (id, game) => {
      expect(graph.has(`games/${id}/rules.ts`)).toBe(true);
      const ids = rulingIds(game.rulesCard);
      expect(ids.length).toBeGreaterThan(0);
      const codedAt = game.codedAt;
      expect(Object.keys(codedAt).sort()).toEqual([...ids].sort());
      const missing = Object.entries(codedAt).filter(([, where]) => !declares(id, where));
      expect(missing).toEqual([]);
    },
  );

  it.each(GAMES.map((g) => [g.id, g] as const))(
    '%s: the function each ruling maps to names the ruling in its header comment',
    (id, game) => {
      const unnamed = Object.entries(game.codedAt).filter(([ruling, where]) => !names(headerOf(id, where), ruling));
      expect(unnamed).toEqual([]);
    },
  );
});

/** The ruling ids listed under the card's "Rulings" heading: lines that open with an id such as S7 or F10. */
function rulingIds(card: string): string[] {
  const after = card.slice(card.indexOf('\nRulings'));
  return [...after.matchAll(/^([A-Z]\d+)\s/gm)].map((m) => m[1]!);
}

/** The file and the declaration of `name` that `'<file>.ts <name>'` names, in the game's folder (or `core/...`). */
function declaration(id: string, where: string): { text: string; at: number } | undefined {
  const m = /^((?:core\/)?[\w-]+\.ts) ([A-Za-z_$][\w$]*)$/.exec(where);
  if (!m) return undefined;
  const file = m[1]!.startsWith('core/') ? m[1]! : `games/${id}/${m[1]!}`;
  if (!graph.has(file)) return undefined;
  const text = readFileSync(join(SRC, file), 'utf8');
  const name = m[2]!;
  const found = new RegExp(
    `^[ \\t]*(?:export\\s+)?(?:(?:private|protected|public|static|readonly|abstract|async)\\s+)*(?:(?:function\\*?|const|let|class|get|set)\\s+${name}\\b|${name}\\s*[(<=:])`,
    'm',
  ).exec(text);
  return found ? { text, at: found.index } : undefined;
}

/** Whether `'<file>.ts <name>'` names a file of the game's folder (or `core/...`) that declares `name`. */
function declares(id: string, where: string): boolean {
  return declaration(id, where) !== undefined;
}

/** Whether a comment names ruling id (such as F8): as itself, or within a range such as F7-F9. */
function names(comment: string, id: string): boolean {
  if (new RegExp(`\\b${id}\\b`).test(comment)) return true;
  const letter = id[0]!;
  const n = Number(id.slice(1));
  for (const m of comment.matchAll(new RegExp(`\\b${letter}(\\d+)-${letter}(\\d+)\\b`, 'g'))) {
    if (Number(m[1]) <= n && n <= Number(m[2])) return true;
  }
  return false;
}

/** The comment block immediately above the declaration `where` names (its lines back to the first non-comment). */
function headerOf(id: string, where: string): string {
  const found = declaration(id, where);
  if (!found) return '';
  const lines = found.text.slice(0, found.at).split('\n');
  lines.pop(); // the declaration's own line, up to the name
  const header: string[] = [];
  for (let line = lines.pop(); line !== undefined && /^\s*(?:\/\/|\/\*|\*)/.test(line); line = lines.pop())
    header.unshift(line);
  return header.join('\n');
}
