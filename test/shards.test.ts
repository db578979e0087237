// Shards and merge: N shards of a run (--shard i/N), merged, equal one run over all the deals, summaries and
// per-deal files alike, timing aside; files of other runs, or over the same deals, are refused in one line.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { narrowToShard, shardText } from '../src/cli/shard.js';
import { csvRows, patience, untimed } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-shards-'));
const at = (name: string) => join(dir, name);

describe('--shard i/N', () => {
  it('cuts a run into N ranges that tile it, the larger ones last', () => {
    const shards = [0, 1, 2].map((index) => narrowToShard({ first: 10, deals: 8, shard: { index, of: 3 } }));
    expect(shards.map((s) => [s.first, s.deals])).toEqual([
      [10, 2],
      [12, 3],
      [15, 3],
    ]);
    expect(narrowToShard({ first: 5, deals: 7 })).toEqual({ first: 5, deals: 7 });
    expect(shardText(' 3 / 4 ')).toEqual({ index: 3, of: 4 });
    for (const bad of ['4/4', '0/0', '-1/3', '1', 'a/b', '1/2/3']) expect(() => shardText(bad)).toThrow(/must be i\/N/);
    expect(() => narrowToShard({ first: 0, deals: 2, shard: { index: 0, of: 3 } })).toThrow(
      /some would hold no deal\): use at most 2 shards/,
    );
  });

  it('every shard of a run with fewer deals than shards is refused alike, before any work', async () => {
    for (let index = 0; index < 5; index++) {
      expect(() => narrowToShard({ first: 0, deals: 3, shard: { index, of: 5 } }), `shard ${index}`).toThrow(
        `--shard ${index}/5: 3 deals cannot be cut into 5 shards (some would hold no deal): use at most 3 shards`,
      );
      const run = await patience([
        'simulate',
        '--game',
        'shah',
        '--deals',
        '3',
        '--shard',
        `${index}/5`,
        '--workers',
        '1',
        '--quiet',
        '-o',
        at(`few-${index}.csv`),
      ]);
      expect(run.code, `shard ${index}`).toBe(2);
      expect(run.stderr).toBe(
        `patience: --shard ${index}/5: 3 deals cannot be cut into 5 shards (some would hold no deal): use at most 3 shards\n`,
      );
    }
  });

  it('refuses a bad shard in one line, exit code 2, before any work', async () => {
    for (const [args, message] of [
      [['--shard', '4/4'], /--shard.*must be i\/N/],
      [['--deals', '2', '--shard', '0/3'], /--shard 0\/3: 2 deals cannot be cut into 3 shards/],
    ] as const) {
      const run = await patience(['simulate', '--game', 'shah', ...args, '--out', at('never.csv')]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
  });
});

describe('patience merge of simulate files', () => {
  const base = [
    'simulate',
    '--game',
    'shah',
    '--player',
    'greedy,random',
    '--seed',
    'shards',
    '--deals',
    '601',
    '--workers',
    '1',
    '--quiet',
  ];

  it('three shards merged equal one run: every column of the summary but ms_per_deal, and the per-deal file', async () => {
    expect((await patience([...base, '--out', at('one.csv'), '--per-deal', at('one-deals.csv')])).code).toBe(0);
    for (const i of [0, 1, 2]) {
      expect(
        (await patience([...base, '--shard', `${i}/3`, '--out', at(`s${i}.csv`), '--per-deal', at(`s${i}-deals.csv`)]))
          .code,
      ).toBe(0);
    }
    expect(csvRows(at('s2.csv'))[0]!['deal_ranges']).toBe('400-600');
    const merged = await patience(['merge', at('s2.csv'), at('s0.csv'), at('s1.csv'), '--out', at('merged.csv')]);
    expect(merged.code).toBe(0);
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toMatch(/^3 files, 601 deals \(0-600\): greedy \d+ wins, random \d+ wins; written to/);
    expect(untimed(csvRows(at('merged.csv')), ['ms_per_deal'])).toEqual(
      untimed(csvRows(at('one.csv')), ['ms_per_deal']),
    );
    expect(
      (
        await patience([
          'merge',
          at('s1-deals.csv'),
          at('s0-deals.csv'),
          at('s2-deals.csv'),
          '--out',
          at('merged-deals.csv'),
        ])
      ).code,
    ).toBe(0);
    expect(readFileSync(at('merged-deals.csv'), 'utf8')).toBe(readFileSync(at('one-deals.csv'), 'utf8'));

    const gap = await patience(['merge', at('s0.csv'), at('s2.csv'), '--out', at('gap.csv')]);
    expect(gap.code).toBe(0);
    expect(gap.stderr).toBe(
      'merge: no file holds deals 200-399 of greedy\nmerge: no file holds deals 200-399 of random\n',
    );
    expect(csvRows(at('gap.csv'))[0]!['deal_ranges']).toBe('0-199,400-600');
    const dealGap = await patience(['merge', at('s0-deals.csv'), at('s2-deals.csv'), '--out', at('gap-deals.csv')]);
    expect(dealGap.code).toBe(0);
    expect(dealGap.stderr).toBe(
      'merge: no file holds deals 200-399 of greedy\nmerge: no file holds deals 200-399 of random\n',
    );
  });

  it('refuses in one line files of another run, with other players or settings, or over the same deals', async () => {
    const shard = (name: string, extra: string[]) => {
      // base's options that extra gives again are left out: an option that takes one value is refused given twice
      const again = new Set(['--deals', ...extra.filter((a) => a.startsWith('--'))]);
      const kept = base.filter((a, i) => !again.has(a) && !again.has(base[i - 1]!));
      return patience([...kept, '--deals', '4', ...extra, '--out', at(name)]);
    };
    await shard('a.csv', ['--shard', '0/2']);
    await shard('b-seed.csv', ['--shard', '1/2', '--seed', 'other']);
    await shard('b-players.csv', ['--shard', '1/2', '--player', 'greedy']);
    await shard('a-look1.csv', ['--shard', '0/2', '--player', 'lookahead', '--depth', '1', '--nodes', '50']);
    await shard('b-look2.csv', ['--shard', '1/2', '--player', 'lookahead', '--depth', '2', '--nodes', '50']);
    await shard('b.csv', ['--shard', '1/2']);
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    writeFileSync(at('b-version.csv'), readFileSync(at('b.csv'), 'utf8').replaceAll(`,${version},`, ',0.0.1,'));
    const cases: Array<[string[], RegExp]> = [
      [[at('a.csv'), at('b-seed.csv')], /b-seed\.csv is not the same run as .*a\.csv: seed 'other' against 'shards'/],
      [
        [at('a.csv'), at('b-players.csv')],
        /b-players\.csv holds players greedy, .*a\.csv holds greedy,random: they are not shards of one run/,
      ],
      [
        [at('a-look1.csv'), at('b-look2.csv')],
        /b-look2\.csv is not the same run as .*: player_settings 'depth=2 nodes=50' against 'depth=1 nodes=50'/,
      ],
      [[at('a.csv'), at('b-version.csv')], /b-version\.csv is not the same run as .*: version '0\.0\.1' against/],
      [[at('a.csv'), at('a.csv')], /a\.csv and .*a\.csv both hold deals 0-1/],
      [[at('a.csv'), at('one-deals.csv')], /is a simulate per-deal file, .* a simulate summary file/],
    ];
    for (const [files, message] of cases) {
      const run = await patience(['merge', ...files, '--out', at('refused.csv')]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
  });
});
