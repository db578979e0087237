// The progress bar as a terminal shows it: the ETA is "--" until a deal has finished, then a time with its unit,
// never cli-progress's own bare seconds ("ETA 11", "ETA 0" at the start).

import { describe, expect, it } from 'vitest';
import { startProgress } from '../src/cli/progress.js';

/** A stand-in for a terminal's stderr that keeps what is written to it. */
function fakeTerminal(): { stream: NodeJS.WriteStream; text: () => string } {
  let text = '';
  const stream = {
    isTTY: true,
    columns: 200,
    write(chunk: string, cb?: () => void) {
      text += chunk;
      cb?.();
      return true;
    },
  };
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

/** The ETA of every drawing of the bar, in order. */
function etas(text: string): string[] {
  return [...text.matchAll(/ETA ([^\s\x1b]*)/g)].map((m) => m[1]!);
}

describe('progress bar', () => {
  it('shows "ETA --" before any deal has finished, then a time with its unit', async () => {
    const terminal = fakeTerminal();
    const progress = startProgress('shah greedy', 1000, false, terminal.stream);
    expect(etas(terminal.text())).toEqual(['--']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    progress.update(10);
    progress.stop();
    const shown = etas(terminal.text());
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown[0]).toBe('--');
    for (const eta of shown.slice(1)) expect(eta).toMatch(/^\d+(s|m)$|^\d+\.\dh$/);
    expect(terminal.text()).toContain('10/1000 deals');
  });

  it('on a resumed run, starts at the deals done before and takes its speed and ETA from the deals it plays', async () => {
    // 900 of 1000 deals were done by earlier sessions, and this one has played 1 in (at least) 100 ms: at most 10
    // deals/s, so 99 deals take 10 s or more; counted as its own, the 900 would make it 9,010 deals/s and 0 s.
    const bar = fakeTerminal();
    const drawn = startProgress('shah greedy', 1000, false, bar.stream, 900);
    await new Promise((resolve) => setTimeout(resolve, 100));
    drawn.update(901);
    drawn.stop();
    expect(bar.text()).toContain('900/1000 deals');
    expect(etas(bar.text())[0]).toBe('--');
    const [, left] = /901\/1000 deals \| \d+ deals\/s \| ETA (\d+)s/.exec(bar.text()) ?? [];
    expect(Number(left)).toBeGreaterThanOrEqual(9);
    const terminal = fakeTerminal();
    const stream = Object.assign(terminal.stream, { isTTY: false });
    const progress = startProgress('shah greedy', 1000, false, stream, 900);
    await new Promise((resolve) => setTimeout(resolve, 100));
    progress.update(1000);
    progress.stop();
    const lines = terminal.text().split('\n');
    expect(lines[0]).toBe('shah greedy: 100 of 1000 deals to play (900 done before)');
    const [, rate] = /^shah greedy: 1000\/1000 deals \(100\.0%\), (\d+) deals\/s, ETA 0s$/.exec(lines[1]!) ?? [];
    expect(Number(rate)).toBeLessThanOrEqual(1010); // 100 deals in 100 ms or more
  });

  it('prints plain lines with the same ETA where stderr is not a terminal', () => {
    const terminal = fakeTerminal();
    const stream = Object.assign(terminal.stream, { isTTY: false });
    const progress = startProgress('shah greedy', 4, false, stream);
    progress.update(4);
    progress.stop();
    expect(terminal.text()).toMatch(
      /^shah greedy: 4 deals to play\nshah greedy: 4\/4 deals \(100\.0%\), \d+ deals\/s, ETA 0s\n$/,
    );
  });
});
