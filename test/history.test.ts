// History stays out of the house (docs/DEVELOPING.md): src/ comments and test names carry no version, date or issue
// number; a comment that points to docs/decisions.md names the entry's anchor, and every anchor named exists.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const rel = (path: string) => relative(ROOT, path).replaceAll('\\', '/');
const src = tsFiles(join(ROOT, 'src'));
const anchors = new Set(
  [...readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8').matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]!),
);

/** The comment text of a TypeScript source: line comments and block comments, with their line numbers. */
export function commentsOf(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  // strings are matched too, so that a '//' inside one (a URL) is not taken for a comment
  for (const m of text.matchAll(
    /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g,
  )) {
    if (m[0].startsWith('/')) out.push({ line: text.slice(0, m.index).split('\n').length, text: m[0] });
  }
  return out;
}

const DATED = /\b\d+\.\d+\.\d+\b|\b20\d\d-\d\d-\d\d\b|\bissue ?#?\d+/i;

/** Lines of `text` whose comment points to decisions.md without an anchor in `known`. */
function badPointers(text: string, known: ReadonlySet<string>): number[] {
  const bad: number[] = [];
  for (const c of commentsOf(text)) {
    for (const m of c.text.replace(/\n\s*(\*|\/\/)?\s*/g, ' ').matchAll(/decisions\.md(#[a-z0-9-]+)?/g)) {
      if (m[1] === undefined || !known.has(m[1].slice(1))) bad.push(c.line);
    }
  }
  return bad;
}

/** Lines of `text` whose comment carries a version, a date or an issue number. */
const datedComments = (text: string) =>
  commentsOf(text)
    .filter((c) => DATED.test(c.text))
    .map((c) => c.line);

/** Names of `text`'s tests that carry a version, a date or an issue number. */
const datedTestNames = (text: string) =>
  [...text.matchAll(/\b(?:it|test|describe)\(\s*(['"`])(.*?)\1/g)].map((m) => m[2]!).filter((name) => DATED.test(name));

describe('history out of the house', () => {
  it('a comment that points to docs/decisions.md names an anchor that exists there', () => {
    const bad = src.flatMap((f) => badPointers(readFileSync(f, 'utf8'), anchors).map((line) => `${rel(f)}:${line}`));
    expect(bad).toEqual([]);
  });

  it('no src/ comment carries a version, a date or an issue number', () => {
    const bad = src.flatMap((f) => datedComments(readFileSync(f, 'utf8')).map((line) => `${rel(f)}:${line}`));
    expect(bad).toEqual([]);
  });

  it('no test name carries a version, a date or an issue number', () => {
    const tests = tsFiles(join(ROOT, 'test')).filter((f) => f !== import.meta.filename); // this file's own sample aside
    const bad = tests.flatMap((f) => datedTestNames(readFileSync(f, 'utf8')));
    expect(bad).toEqual([]);
  });

  it('the checks catch a pointer without an anchor, an unknown anchor, a version, a date and an issue', () => {
    const text = [
      "const a = 'http://x'; // see docs/decisions.md",
      '/** as before (docs/decisions.md#no-such-entry) */',
      '// fine: docs/decisions.md#known',
      '/** as 0.9.0 did */',
      '// measured 2026-11-25',
      "it('as issue 13 found', () => {});",
    ].join('\n');
    expect(badPointers(text, new Set(['known']))).toEqual([1, 2]);
    expect(datedComments(text)).toEqual([4, 5]);
    expect(datedTestNames(text)).toEqual(['as issue 13 found']);
  });
});
