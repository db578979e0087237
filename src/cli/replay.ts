// `patience replay`: play one deal move by move with a player, printing a picture of the layout at each pause
// (after the deal and whenever a card has been turned up), every move, and the result.

import { parseDeck, makeDeck, type Deck } from '../core/deck.js';
import { describeMove } from '../core/game.js';
import { reveals } from '../core/move.js';
import { seededRng } from '../core/random.js';
import { dealDeck, playerRng } from '../sim/deals.js';
import { playDeal } from '../sim/play.js';
import { chooseGame, choosePlayers, settingsText } from './setup.js';

/** The options of `patience replay`, as parsed. */
export interface ReplayArgs {
  readonly game: string;
  readonly seed: string;
  readonly deal?: number;
  readonly deck?: string;
  readonly player: string;
  readonly rule: readonly string[];
  readonly depth: number;
  readonly nodes: number;
  readonly pictures: 'pause' | 'every' | 'end';
  readonly printDeck: boolean;
}

/** Replay the deal; returns the exit code. */
export function replay(args: ReplayArgs): number {
  const choice = chooseGame(args.game, args.rule);
  const [player] = choosePlayers([args.player]);
  const deck: Deck = args.deck !== undefined ? parseDeck(args.deck) : dealDeck(args.seed, choice.game.id, args.deal ?? 0);
  if (args.printDeck) {
    process.stdout.write(makeDeck(deck) + '\n');
    return 0;
  }
  const settings = { depth: args.depth, nodes: args.nodes };
  const state = choice.game.create(choice.options);
  const which = args.deck !== undefined ? 'a given deck' : `deal ${args.deal ?? 0} of seed ${args.seed}`;
  const out: string[] = [];
  const print = (line: string) => out.push(line);
  print(`${choice.game.title}, ${which}, played by ${player!.id}${settingsText(player!, settings) ? ` (${settingsText(player!, settings)})` : ''}`);
  print(`options: ${choice.optionsText}`);
  print(`deck: ${makeDeck(deck)}`);
  let count = 0;
  let pause = true;
  const makeRng = () =>
    args.deck !== undefined ? seededRng(`${args.seed}:${choice.game.id}:deck:play`) : playerRng(args.seed, choice.game.id, args.deal ?? 0);
  const result = playDeal(state, player!.create(choice.game, settings), deck, makeRng, new Int32Array(4096), (m) => {
    if (args.pictures === 'every' || (args.pictures === 'pause' && pause)) print('\n' + state.picture());
    print(`${String(++count).padStart(4)}. ${describeMove(state, m)}`);
    pause = reveals(m);
  });
  print('\n' + state.picture());
  const how = result.won
    ? 'won'
    : `lost with ${result.cards} of ${state.cardsInPlay} cards on the foundations${result.stalled ? ' (stopped: no progress in the last moves)' : ''}`;
  print(`result: ${how} after ${result.moves} moves`);
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}
