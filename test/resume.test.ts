// Resuming long runs: a run stopped at any point (Ctrl-C, SIGTERM, even SIGKILL between two checkpoints) and
// continued with --resume ends with exactly the files an uninterrupted run writes, timing aside.

import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../src/sim/batch.js';
import { runDeals } from '../src/sim/pool.js';
import { countsEachDealOnce, headerLine, readCheckpoint, runDifference, tallyLine } from '../src/stats/checkpoint.js';
import { emptyTally, mergeTally, type Tally } from '../src/stats/tally.js';
import { csvRows, patience, untimed } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-resume-'));
/** Checkpoints every 100 ms, so that each stopped session below has written some. */
const env = { PATIENCE_CHECKPOINT_MS: '100' };

/** Stop the child with `signal` once its checkpoint file has grown past the size it had when the child started. */
function stopAfterCheckpoint(file: string, signal: NodeJS.Signals): (child: ChildProcess) => void {
  return (child) => {
    const size = () => (existsSync(file) ? statSync(file).size : 0);
    const start = size();
    const poll = setInterval(() => {
      if (child.exitCode !== null || child.signalCode !== null) clearInterval(poll);
      else if (size() > start) {
        clearInterval(poll);
        child.kill(signal);
      }
    }, 20);
  };
}

/** Stop the child with `signal` once `file` holds `text`. */
function stopOnceWritten(file: string, text: string, signal: NodeJS.Signals): (child: ChildProcess) => void {
  return (child) => {
    const poll = setInterval(() => {
      if (child.exitCode !== null || child.signalCode !== null) clearInterval(poll);
      else if (existsSync(file) && readFileSync(file, 'utf8').includes(text)) {
        clearInterval(poll);
        child.kill(signal);
      }
    }, 20);
  };
}

describe('checkpoint lines', () => {
  const run = { command: 'simulate', seed: 's' };
  const tally: Tally = { ...emptyTally(3), deals: 2, wins: 1, ranges: [[5, 6]], histogram: [0, 1, 0, 1] };
  tally.chunks.push({
    first: 5,
    won: Uint8Array.of(0, 1),
    cards: Uint8Array.of(1, 3),
    moves: Uint32Array.of(70000, 9),
    stalled: Uint8Array.of(0, 0),
  });

  it('give back the tallies written, typed arrays included, and leave out a last line cut short by a crash', () => {
    const text = headerLine(run) + tallyLine('greedy', tally) + tallyLine('greedy', tally).slice(0, 30);
    const read = readCheckpoint<Tally>(text, 'c');
    expect(read.run).toEqual(run);
    expect(read.parts.get('greedy')).toEqual([tally]);
    expect(read.parts.get('greedy')![0]!.chunks[0]!.moves).toBeInstanceOf(Uint32Array);
  });

  it('refuse a damaged line, another file, and tell runs apart by their first differing field', () => {
    expect(() => readCheckpoint(headerLine(run) + '{oops\n' + tallyLine('greedy', tally), 'c')).toThrow(
      /c is damaged at line 2/,
    );
    expect(() => readCheckpoint('deal,player\n', 'c')).toThrow(/not a checkpoint/);
    expect(() => readCheckpoint('{"a":1}\n', 'c')).toThrow(/not a checkpoint/);
    expect(runDifference(run, { ...run })).toBeUndefined();
    expect(runDifference(run, { ...run, seed: 't' })).toEqual({ key: 'seed', a: 's', b: 't' });
    expect(countsEachDealOnce(tally)).toBe(true);
    expect(countsEachDealOnce(mergeTally(structuredClone(tally), tally))).toBe(false);
  });
});

describe('a pool told which deals are done', () => {
  it('plays only the others, and with them adds up to the whole run', async () => {
    const task = {
      game: 'shah',
      rules: {},
      player: 'random',
      settings: { depth: 2, nodes: 500 },
      seed: 'done',
      first: 10,
      count: 200,
    };
    const seen: Tally[] = [];
    const rest = await runDeals(
      {
        ...task,
        workers: 1,
        done: [
          [0, 20],
          [50, 59],
          [120, 300],
        ],
        onTally: (t) => seen.push(t),
      },
      88,
    );
    expect(rest.partial).toBe(false); // the deals done before and those played make up the run
    expect(rest.tally.ranges).toEqual([
      [21, 49],
      [60, 119],
    ]);
    expect(seen.reduce((n, t) => n + t.deals, 0)).toBe(rest.tally.deals);
    const others = await runDeals({ ...task, workers: 1, done: rest.tally.ranges }, 88);
    expect(others.tally.ranges).toEqual([
      [10, 20],
      [50, 59],
      [120, 209],
    ]);
    const { busyMs: _a, ...sum } = mergeTally(others.tally, rest.tally);
    const { busyMs: _b, ...whole } = runBatch(task);
    expect(sum).toEqual(whole);
  });
});

describe('patience simulate, solve and compare --resume', () => {
  it('simulate stopped by SIGINT, SIGTERM and SIGKILL, and resumed each time, writes what one uninterrupted run writes', async () => {
    // one worker: the deals left after a checkpoint grows outlast the signal's delivery on a loaded machine (with
    // two, a resumed run could finish first, and the signal then came after the run's watch had let go)
    const args = (out: string) => [
      'simulate',
      '--game',
      'shah',
      '--player',
      'greedy,random',
      '--deals',
      '10000',
      '--seed',
      'resume',
      '--workers',
      '1',
      '--out',
      out,
      '--per-deal',
      out.replace('.csv', '-deals.csv'),
    ];
    const one = join(dir, 'one.csv');
    expect((await patience([...args(one), '--quiet'])).code).toBe(0);

    const out = join(dir, 'sim.csv');
    const checkpoint = `${out}.checkpoint`;
    const first = await patience(args(out), { env, watch: stopAfterCheckpoint(checkpoint, 'SIGINT') });
    expect(first.code).toBe(130);
    expect(first.stdout).toContain(
      `results written to ${join(dir, 'sim.partial.csv')}, ${join(dir, 'sim-deals.partial.csv')} (partial)`,
    );
    expect(first.stdout).toContain(`to go on: patience ${args(out).join(' ')} --resume`);
    expect(existsSync(out)).toBe(false);
    const deals = () => csvRows(join(dir, 'sim.partial.csv')).reduce((n, r) => n + Number(r['deals']), 0);
    const afterFirst = deals();
    expect(afterFirst).toBeGreaterThan(0);

    const again = await patience(args(out), { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(
      /^patience: .*sim\.csv\.checkpoint holds an unfinished run: continue it with --resume/,
    );
    const other = await patience([...args(out).map((a) => (a === 'resume' ? 'other' : a)), '--resume'], { env });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/is the checkpoint of another run: seed 'resume' there, 'other' here\n$/);

    const second = await patience([...args(out), '--resume'], {
      env,
      watch: stopAfterCheckpoint(checkpoint, 'SIGTERM'),
    });
    expect(second.code).toBe(143);
    const afterSecond = deals();
    expect(afterSecond).toBeGreaterThan(afterFirst);
    expect(afterSecond).toBeLessThan(20000);

    const third = await patience([...args(out), '--resume'], {
      env,
      watch: stopAfterCheckpoint(checkpoint, 'SIGKILL'),
    });
    expect(third.signal).toBe('SIGKILL');
    expect(deals()).toBe(afterSecond); // killed outright, it wrote nothing but its checkpoint

    const last = await patience([...args(out), '--resume', '--quiet'], { env });
    expect(last.code).toBe(0);
    expect(untimed(csvRows(out), ['ms_per_deal'])).toEqual(untimed(csvRows(one), ['ms_per_deal']));
    expect(readFileSync(join(dir, 'sim-deals.csv'), 'utf8')).toBe(readFileSync(join(dir, 'one-deals.csv'), 'utf8'));
    for (const gone of [checkpoint, join(dir, 'sim.partial.csv'), join(dir, 'sim-deals.partial.csv')])
      expect(existsSync(gone)).toBe(false);
    // finished: with no checkpoint --resume starts afresh, and a fresh start refuses the finished run's files
    const nothing = await patience([...args(out), '--resume'], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toBe(`patience: output file ${out} exists; give --force to replace it\n`);
  });

  it('solve stopped by SIGINT and resumed writes the summary, verdicts and winning lines of one uninterrupted run', async () => {
    // enough deals that the signal, sent once the checkpoint first grows, finds deals still to search on a loaded
    // machine
    const args = (name: string) => [
      'solve',
      '--game',
      'carpet',
      '--seed',
      'resume',
      '--nodes',
      '20000',
      '--deals',
      '200',
      '--workers',
      '2',
      '--out',
      join(dir, `${name}.csv`),
      '--per-deal',
      join(dir, `${name}-deals.csv`),
      '--solutions',
      join(dir, `${name}.jsonl`),
    ];
    expect((await patience([...args('solve-one'), '--quiet'])).code).toBe(0);
    const stopped = await patience(args('solve'), {
      env,
      watch: stopAfterCheckpoint(join(dir, 'solve.csv.checkpoint'), 'SIGINT'),
    });
    expect(stopped.code).toBe(130);
    const [partial] = csvRows(join(dir, 'solve.partial.csv'));
    expect(partial!['partial']).toBe('true');
    expect(Number(partial!['deals'])).toBeLessThan(200);
    expect(existsSync(join(dir, 'solve.partial.jsonl'))).toBe(true);
    expect((await patience([...args('solve'), '--resume', '--quiet'], { env })).code).toBe(0);
    expect(untimed(csvRows(join(dir, 'solve.csv')), ['ms'])).toEqual(
      untimed(csvRows(join(dir, 'solve-one.csv')), ['ms']),
    );
    expect(untimed(csvRows(join(dir, 'solve-deals.csv')), ['ms'])).toEqual(
      untimed(csvRows(join(dir, 'solve-one-deals.csv')), ['ms']),
    );
    expect(readFileSync(join(dir, 'solve.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'solve-one.jsonl'), 'utf8'));
    expect(existsSync(join(dir, 'solve.partial.jsonl'))).toBe(false);
  });

  it('compare --until decided stopped by SIGINT and resumed stops at the same deal with the same row and per-deal file', async () => {
    const args = (name: string) => [
      'compare',
      '--game',
      'shah',
      '--players',
      'greedy,random',
      '--until',
      'decided',
      '--deals',
      '200000',
      '--seed',
      'resume',
      '--workers',
      '2',
      '--out',
      join(dir, `${name}.csv`),
      '--per-deal',
      join(dir, `${name}-deals.csv`),
    ];
    const one = await patience([...args('cmp-one'), '--quiet']);
    expect(one.stdout).toMatch(/decided: A \(greedy\) wins more/);
    const stopped = await patience(args('cmp'), {
      env,
      watch: stopAfterCheckpoint(join(dir, 'cmp.csv.checkpoint'), 'SIGINT'),
    });
    expect(stopped.code).toBe(130);
    expect(stopped.stdout).toContain(`to go on: patience ${args('cmp').join(' ')} --resume`);
    expect((await patience([...args('cmp'), '--resume', '--quiet'], { env })).code).toBe(0);
    expect(csvRows(join(dir, 'cmp.csv'))).toEqual(csvRows(join(dir, 'cmp-one.csv')));
    expect(readFileSync(join(dir, 'cmp-deals.csv'), 'utf8')).toBe(readFileSync(join(dir, 'cmp-one-deals.csv'), 'utf8'));
  });

  it('a resumed run replaces its own files without --force: a --force run over finished results, stopped, resumes without it', async () => {
    const args = (name: string) => [
      'solve',
      '--game',
      'carpet',
      '--seed',
      'own',
      '--nodes',
      '20000',
      '--deals',
      '60',
      '--workers',
      '2',
      '--out',
      join(dir, `${name}.csv`),
      '--per-deal',
      join(dir, `${name}-deals.csv`),
    ];
    expect((await patience([...args('own-one'), '--quiet'])).code).toBe(0);
    const out = join(dir, 'own.csv');
    writeFileSync(out, 'results of an earlier run\n');
    writeFileSync(join(dir, 'own-deals.csv'), 'results of an earlier run\n');
    const refused = await patience(args('own'), { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`patience: output file ${out} exists; give --force to replace it\n`);
    const stopped = await patience([...args('own'), '--force'], {
      env,
      watch: stopAfterCheckpoint(`${out}.checkpoint`, 'SIGINT'),
    });
    expect(stopped.code).toBe(130);
    expect(readFileSync(out, 'utf8')).toBe('results of an earlier run\n'); // the files stay until the run completes
    // typed by hand, without the --force the printed command carries: the checkpoint is this command line's
    const resumed = await patience([...args('own'), '--resume', '--quiet'], { env });
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(untimed(csvRows(out), ['ms'])).toEqual(untimed(csvRows(join(dir, 'own-one.csv')), ['ms']));
    expect(untimed(csvRows(join(dir, 'own-deals.csv')), ['ms'])).toEqual(
      untimed(csvRows(join(dir, 'own-one-deals.csv')), ['ms']),
    );
    // finished: with no checkpoint --resume starts afresh, and a fresh start refuses the finished run's files
    const again = await patience([...args('own'), '--resume'], { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`patience: output file ${out} exists; give --force to replace it\n`);
  });

  it('--resume with no checkpoint (SIGKILL before the first one) starts the run afresh and says so, so that a retry loop goes on', async () => {
    const out = join(dir, 'early.csv');
    const args = ['simulate', '--game', 'shah', '--deals', '20000', '--seed', 'early', '--workers', '1', '--out', out];
    // killed as soon as it has started, long before its first checkpoint (2 s)
    const killed = await patience(args, { watch: (child) => child.stderr!.once('data', () => child.kill('SIGKILL')) });
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(`${out}.checkpoint`)).toBe(false);
    const resumed = await patience([...args, '--resume', '--quiet']);
    // the killed run's lock is taken over with a note of its own (its process is gone); nothing else is said
    const said = resumed.stderr
      .split('\n')
      .filter(
        (l) => l !== '' && !/\.lock was left by process \d+, which is no longer running: taking it over$/.test(l),
      );
    expect(said).toEqual([`nothing to resume (no checkpoint ${out}.checkpoint): starting the run afresh`]);
    expect(resumed.code).toBe(0);
    const one = join(dir, 'early-one.csv');
    expect((await patience([...args.slice(0, -1), one, '--quiet'])).code).toBe(0);
    expect(untimed(csvRows(out), ['ms_per_deal'])).toEqual(untimed(csvRows(one), ['ms_per_deal']));
  });

  it('compare --until decided stopped before it decides says it was interrupted, not that --deals was reached, and how to go on', async () => {
    // Sympathie leaves no choice: greedy and naive win the same deals, so the test never decides
    const out = join(dir, 'undecided.csv');
    const args = [
      'compare',
      '--game',
      'sympathie',
      '--players',
      'greedy,naive',
      '--until',
      'decided',
      '--deals',
      '10000000',
      '--seed',
      'stop',
      '--workers',
      '1',
      '--out',
      out,
    ];
    // stopped once B, which plays each batch after A, has a finished batch in the checkpoint
    const stopped = await patience(args, { env, watch: stopOnceWritten(`${out}.checkpoint`, '{"part":"b"', 'SIGINT') });
    expect(stopped.code).toBe(130);
    expect(stopped.stdout).toMatch(
      /sequential test on 0 discordant deals \(A won 0\): undecided: interrupted after \d+ deals, and --resume goes on from there/,
    );
    expect(stopped.stdout).not.toContain('--deals reached');
    expect(stopped.stdout).toContain(`to go on: patience ${args.join(' ')} --resume`);
  });

  it('--force starts over from an unfinished checkpoint, which a start without it refuses in one line naming both ways on', async () => {
    const args = (out: string) => [
      'simulate',
      '--game',
      'shah',
      '--deals',
      '300',
      '--seed',
      'over',
      '--workers',
      '1',
      '--quiet',
      '--out',
      out,
    ];
    const one = join(dir, 'over-one.csv');
    expect((await patience(args(one))).code).toBe(0);
    const out = join(dir, 'over.csv');
    const checkpoint = `${out}.checkpoint`;
    const unfinished = headerLine({ command: 'simulate', seed: 'earlier' });
    writeFileSync(checkpoint, unfinished);
    const refused = await patience(args(out));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `patience: ${checkpoint} holds an unfinished run: continue it with --resume, or start over with --force\n`,
    );
    expect(readFileSync(checkpoint, 'utf8')).toBe(unfinished);
    // --resume with --force (as the printed command of a forced run has them) continues: the checkpoint is not dropped
    const both = await patience([...args(out), '--force', '--resume']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(
      `patience: ${checkpoint} is the checkpoint of another run: game '(none)' there, 'shah' here\n`,
    );
    expect(readFileSync(checkpoint, 'utf8')).toBe(unfinished);
    const forced = await patience([...args(out), '--force']);
    expect(forced.code).toBe(0);
    expect(existsSync(checkpoint)).toBe(false);
    expect(untimed(csvRows(out), ['ms_per_deal'])).toEqual(untimed(csvRows(one), ['ms_per_deal']));
  });

  it('-o - keeps no checkpoint: --resume with it is refused in one line, a shard or a stopped run writes to stdout and leaves no file', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'patience-stdout-'));
    for (const command of [['simulate'], ['solve'], ['compare', '--players', 'greedy,random']]) {
      const run = await patience([...command, '--game', 'shah', '--deals', '3', '--resume', '-o', '-'], { cwd });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        'patience: --resume needs the checkpoint beside an output file, and -o - (standard output) keeps none: give -o a file name\n',
      );
    }
    const shard = await patience(
      ['simulate', '--game', 'shah', '--deals', '300', '--shard', '1/3', '--workers', '1', '--quiet', '-o', '-'],
      { cwd },
    );
    expect(shard.code).toBe(0);
    expect(parse(shard.stdout, { columns: true })).toMatchObject([
      { first_deal: '100', last_deal: '199', deals: '100', partial: 'false' },
    ]);
    const stopped = await patience(['simulate', '--game', 'shah', '--deals', '50000000', '--workers', '1', '-o', '-'], {
      cwd,
      env,
      watch: (child) => setTimeout(() => child.kill('SIGINT'), 3000),
    });
    expect(stopped.code).toBe(130);
    // the finished deals on stdout, not in files named '-.partial' and '-.checkpoint'
    expect(parse(stopped.stdout, { columns: true })).toMatchObject([{ player: 'greedy', partial: 'true' }]);
    expect(stopped.stderr).toContain('results written to standard output (partial)');
    expect(stopped.stderr).not.toContain('to go on');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a damaged checkpoint is refused in one line', async () => {
    const out = join(dir, 'damaged.csv');
    writeFileSync(`${out}.checkpoint`, `${headerLine({})}not json\n{}\n`);
    const run = await patience(['solve', '--game', 'carpet', '--deals', '3', '--out', out, '--resume']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`patience: ${out}.checkpoint is damaged at line 2: no checksum\n`);
  });
});
