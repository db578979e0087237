// Rule options: each game declares its named options (RULES.md), with typed values, a default and the ruling
// they come from. Users set them as name=value; every result states the full resolved set.

import { InputError } from './errors.js';

/** A value an option can take. */
export type OptionValue = string | number | boolean;

/** A full set of option values, one per declared option, after defaults and presets. */
export type Options = Readonly<Record<string, OptionValue>>;

/** A rule option as RULES.md names it. */
export interface OptionSpec {
  /** camelCase name from RULES.md, such as "refillSource". */
  readonly name: string;
  /** The values allowed, first listed first in help. */
  readonly values: readonly OptionValue[];
  /** The value when nothing (and no preset) sets it. */
  readonly default: OptionValue;
  /** Ruling ids the option belongs to, such as "S9". */
  readonly ruling: string;
  /** One line saying what it decides. */
  readonly summary: string;
  /** A preset: for a value of this option, the defaults it gives other options (an explicit setting wins). */
  readonly implies?: Readonly<Record<string, Options>>;
}

/** Parse name=value assignments against a game's options; throws InputError on an unknown name, a bad value or one
 * option set to two values. */
export function parseRuleAssignments(
  gameId: string,
  specs: readonly OptionSpec[],
  assignments: readonly string[],
): Record<string, OptionValue> {
  const given: Record<string, OptionValue> = {};
  for (const a of assignments) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new InputError(`rule option '${a}' must have the form name=value`);
    const name = a.slice(0, eq).trim();
    const text = a.slice(eq + 1).trim();
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      const known = specs.length > 0 ? specs.map((s) => s.name).join(', ') : 'none';
      throw new InputError(`unknown rule option '${name}' for ${gameId} (known: ${known})`);
    }
    const value = spec.values.find((v) => String(v) === text);
    if (value === undefined) {
      throw new InputError(
        `bad value '${text}' for rule option ${name} (one of: ${spec.values.map(String).join(', ')})`,
      );
    }
    const before = given[name];
    if (before !== undefined && before !== value)
      throw new InputError(`rule option ${name} is set twice, to ${String(before)} and to ${String(value)}`);
    given[name] = value;
  }
  return given;
}

/** The full option set: explicit values, then values implied by presets among them, then defaults. */
export function resolveOptions(specs: readonly OptionSpec[], given: Readonly<Record<string, OptionValue>>): Options {
  const implied: Record<string, OptionValue> = {};
  for (const spec of specs) {
    const value = given[spec.name] ?? spec.default;
    Object.assign(implied, spec.implies?.[String(value)] ?? {});
  }
  const out: Record<string, OptionValue> = {};
  for (const spec of specs) out[spec.name] = given[spec.name] ?? implied[spec.name] ?? spec.default;
  return out;
}

/** The canonical text of an option set, in declaration order: "edition=cadogan refillSource=choice ...". */
export function formatOptions(specs: readonly OptionSpec[], options: Options): string {
  return specs.map((s) => `${s.name}=${String(options[s.name])}`).join(' ');
}

/**
 * Whether an options text written by an earlier version (formatOptions's, perhaps before some options existed)
 * names this option set: every name=value in it is ours, and each option it lacks is at its default here.
 */
export function sameOptionsText(specs: readonly OptionSpec[], options: Options, text: string): boolean {
  const earlier = new Map(
    text
      .split(' ')
      .filter((a) => a.includes('='))
      .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] as const),
  );
  if ([...earlier.keys()].some((name) => !specs.some((s) => s.name === name))) return false;
  return specs.every((s) => (earlier.get(s.name) ?? String(s.default)) === String(options[s.name]));
}
