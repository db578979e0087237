// The bench scripts' options: `--name value`, taken out of the arguments so that what remains is positional
// (builds, games).

/**
 * Take `--name value` out of args and return the value, or undefined when the option is not there; an option
 * without a value (last, or followed by another option) is one line on stderr and exit 2.
 */
export function takeFlag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args.splice(i, 2)[1];
  if (value === undefined || value.startsWith('--')) {
    process.stderr.write(`${name} needs a value\n`);
    process.exit(2);
  }
  return value;
}
