#!/usr/bin/env node
// Entry point of the `patience` command: runs the program and maps every kind of bad input to one line on
// stderr and exit code 2, never a stack trace.

import { readFileSync } from 'node:fs';
import { CommanderError } from 'commander';
import { InputError } from '../core/errors.js';
import { buildProgram } from './program.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const exit = { code: 0 };
try {
  await buildProgram(version, exit).parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // commander has printed its message; help and version are not errors
    exit.code = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' ? 0 : 2;
  } else if (err instanceof InputError) {
    process.stderr.write(`patience: ${err.message}\n`);
    exit.code = 2;
  } else {
    throw err;
  }
}
process.exitCode = exit.code;
