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

  it('prints plain lines with the same ETA where stderr is not a terminal', () => {
    const terminal = fakeTerminal();
    const stream = Object.assign(terminal.stream, { isTTY: false });
    const progress = startProgress('shah greedy', 4, false, stream);
    progress.update(4);
    progress.stop();
    expect(terminal.text()).toMatch(/^shah greedy: 4 deals to play\nshah greedy: 4\/4 deals \(100\.0%\), \d+ deals\/s, ETA 0s\n$/);
  });
});
