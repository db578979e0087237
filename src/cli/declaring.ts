// Declaring an option once (cli/declarations.ts holds the declarations): its flags, how its text is read, its
// default, and what it means in each command that takes it; optionFor makes a command's commander Option from it,
// whose help says what a name of several meanings means elsewhere.

import { Option } from 'commander';

/** Text to value; throws commander's InvalidArgumentError. */
export type Parse = (text: string) => unknown;

/** What an option means in some commands: its help there, and how it is read and defaults when not as declared. */
export interface Meaning {
  /** The commands it means this in. */
  readonly commands: readonly string[];
  /** Its flags there, when its value is named otherwise (one id, not a list); the same long name. */
  readonly flags?: string;
  /** Its help text there. */
  readonly help: string;
  /** This meaning in a few words, told in the help of the commands where the name means something else; none when it
   * means the same everywhere. */
  readonly short?: string;
  readonly parse?: Parse;
  readonly default?: unknown;
  /** How help shows the default, when not as it is. */
  readonly defaultText?: string;
}

/** An option: its flags, how its text is read and its default (unless a meaning says otherwise), and its meanings. */
export interface Declaration {
  readonly flags: string;
  readonly parse?: Parse;
  readonly default?: unknown;
  /** Left out of help (another spelling of a name that is in it). */
  readonly hidden?: boolean;
  readonly meanings: readonly Meaning[];
}

/** The long name, such as --nodes. */
const longName = (d: Declaration) => d.flags.split(/[ ,]+/).find((f) => f.startsWith('--'))!;

/** The Options optionFor made, so that a test can tell one a command made by hand. */
const made = new WeakSet<Option>();

/** True when optionFor made `option` (from its declaration), not the command by hand. */
export const isDeclared = (option: Option): boolean => made.has(option);

/** The commander Option of `declaration` in `command`; throws (a programming error) when it is not declared there. */
export function optionFor(declaration: Declaration, command: string): Option {
  const meaning = declaration.meanings.find((m) => m.commands.includes(command));
  if (meaning === undefined) throw new Error(`${declaration.flags} is not declared for ${command}`);
  const others = declaration.meanings
    .filter((m) => m !== meaning && m.short !== undefined)
    .map((m) => `in ${m.commands.join(', ')}: ${m.short}`);
  const elsewhere =
    others.length > 0 && meaning.short !== undefined ? ` (${longName(declaration)} ${others.join('; ')})` : '';
  const option = new Option(meaning.flags ?? declaration.flags, meaning.help + elsewhere);
  if (declaration.hidden === true) option.hideHelp();
  const parse = meaning.parse ?? declaration.parse;
  if (parse !== undefined) option.argParser(parse);
  const value = 'default' in meaning ? meaning.default : declaration.default;
  if (value !== undefined) option.default(value, meaning.defaultText);
  made.add(option);
  return option;
}

/** The options of `declarations` in `command`, in that order. */
export const optionsFor = (command: string, ...declarations: readonly Declaration[]): Option[] =>
  declarations.map((d) => optionFor(d, command));
