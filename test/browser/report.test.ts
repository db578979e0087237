// The report in a real browser: headless Chromium (Debian's `chromium`, driven by playwright-core) opens the
// committed results/report.html and one made now from results/ plus a solve file, with every network request
// refused; every chart must have drawn its marks, the page must log no errors, and a screenshot is saved.
// Run with `npm run test:browser` (CHROMIUM=/path/to/chromium to use another build).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const EXECUTABLE = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = join(ROOT, 'test-output');
const work = mkdtempSync(join(tmpdir(), 'patience-browser-'));
let context: BrowserContext;

function patience(args: string[]): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`patience ${args.join(' ')} failed: ${run.stderr}`);
}

beforeAll(async () => {
  if (!existsSync(EXECUTABLE))
    throw new Error(`no Chromium at ${EXECUTABLE}: apt-get install -y chromium, or set CHROMIUM`);
  patience([
    'solve',
    '--game',
    'sultan',
    '--deals',
    '20',
    '--nodes',
    '100000',
    '--workers',
    '1',
    '-q',
    '-o',
    join(work, 'solvability', 'sultan.csv'),
  ]);
  patience(['report', 'results', join(work, 'solvability'), '--out', join(work, 'report.html')]);
  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: EXECUTABLE,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
    viewport: { width: 1100, height: 900 },
  });
});

afterAll(async () => {
  await context?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Open a report file; returns what the page did and what its charts hold. */
async function open(file: string, shot: string) {
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    requests.push(url);
    return route.abort();
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  const charts = await page.$$eval('figure.chart', (figures) =>
    figures.map((f) => {
      const svg = f.querySelector('svg');
      const box = svg?.getBoundingClientRect();
      const marks = svg
        ? [...svg.querySelectorAll('g.role-mark')].reduce((n, g) => n + g.querySelectorAll('path, line').length, 0)
        : 0;
      return {
        section: f.closest('section')?.id ?? '',
        chart: f.getAttribute('data-chart'),
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        marks,
      };
    }),
  );
  const sections = await page.$$eval('section', (s) => s.map((x) => x.id));
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, shot), fullPage: false });
  await page.close();
  return { errors, requests, charts, sections };
}

describe('report.html in headless Chromium', () => {
  it.each([
    ['the committed results/report.html', () => join(ROOT, 'results', 'report.html'), 'report-committed.png'],
    ['a report made now from results/ and a solve file', () => join(work, 'report.html'), 'report.png'],
  ])('%s: every chart drew its marks, no errors, nothing fetched', async (_what, file, shot) => {
    const { errors, requests, charts, sections } = await open(file(), shot);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    expect(sections.length).toBeGreaterThanOrEqual(12);
    expect(charts.length).toBeGreaterThanOrEqual(2 * sections.length);
    for (const c of charts) {
      expect(c.width, `${c.section} ${c.chart}`).toBeGreaterThan(200);
      expect(c.height, `${c.section} ${c.chart}`).toBeGreaterThan(50);
      expect(c.marks, `${c.section} ${c.chart}`).toBeGreaterThan(0);
    }
  });

  it('shows the solver interval when a solve file is among the inputs', async () => {
    const { charts } = await open(join(work, 'report.html'), 'report-again.png');
    expect(charts.some((c) => c.section === 'sultan')).toBe(true);
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(work, 'report.html')).href);
    const labels = await page.$$eval('#sultan figure[data-chart="win-rates"] text', (t) =>
      t.map((x) => x.textContent ?? ''),
    );
    await page.close();
    expect(labels.some((l) => l.startsWith('solver, every card known'))).toBe(true);
  });
});
