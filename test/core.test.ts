import { describe, expect, it } from 'vitest';
import { CARD_COUNT, NO_CARD, cardOf, copyOf, faceOf, isRed, makeCard, parseCard, rankOf, suitOf } from '../src/core/card.js';
import { sameSuitDown, sameSuitUp, altColourDown, sameSuitEither } from '../src/core/building.js';
import { makeDeck, orderedDeck, parseDeck, shuffledDeck, stackedDeck } from '../src/core/deck.js';
import { InputError } from '../src/core/errors.js';
import { PileRole, pilesWithRole } from '../src/core/game.js';
import { makeMove, kindOf, fromOf, toOf, countOf, reveals, MoveKind } from '../src/core/move.js';
import { formatOptions, parseRuleAssignments, resolveOptions, type OptionSpec } from '../src/core/options.js';
import { seededRng } from '../src/core/random.js';
import { TurnedStock, redealShuffle } from '../src/core/stock.js';
import { Table } from '../src/core/table.js';
import { UpDownFoundations } from '../src/core/updown.js';

describe('cards', () => {
  it('numbers two packs 0..103 with ranks A=1..K=13 and suits S H D C', () => {
    expect(rankOf(cardOf(1, 0))).toBe(1);
    expect(rankOf(cardOf(13, 3, 1))).toBe(13);
    expect(suitOf(cardOf(5, 2, 1))).toBe(2);
    expect(faceOf(cardOf(5, 2, 1))).toBe(faceOf(cardOf(5, 2, 0)));
    expect([copyOf(cardOf(5, 2, 0)), copyOf(cardOf(5, 2, 1))]).toEqual([0, 1]);
    expect(isRed(parseCard('QH')!)).toBe(true);
    expect(isRed(parseCard('QC')!)).toBe(false);
    expect(rankOf(NO_CARD)).toBe(0);
  });

  it('parses and makes card codes, with T or 10 for tens', () => {
    for (let c = 0; c < 52; c++) expect(parseCard(makeCard(c))).toBe(c);
    expect(parseCard('10h')).toBe(parseCard('TH'));
    expect(parseCard('1H')).toBeUndefined();
    expect(parseCard('QX')).toBeUndefined();
  });

  it('building rules follow RULES.md 1.2', () => {
    const c = (code: string) => parseCard(code)!;
    expect(sameSuitDown(c('7S'), c('8S'))).toBe(true);
    expect(sameSuitDown(c('7S'), c('8C'))).toBe(false);
    expect(sameSuitUp(c('9S'), c('8S'))).toBe(true);
    expect(sameSuitEither(c('7S'), c('8S')) && sameSuitEither(c('9S'), c('8S'))).toBe(true);
    expect(altColourDown(c('7H'), c('8S'))).toBe(true);
    expect(altColourDown(c('7C'), c('8S'))).toBe(false);
    expect(sameSuitDown(c('KS'), c('AS'))).toBe(false); // no wrap-around
    expect(sameSuitDown(c('7S'), NO_CARD)).toBe(false);
  });
});

describe('deck strings', () => {
  it('parseDeck and makeDeck are inverse, the first of a face being copy 0', () => {
    const deck = shuffledDeck(seededRng('deck test'));
    const text = makeDeck(deck);
    expect(text.split(' ')).toHaveLength(CARD_COUNT);
    const again = parseDeck(text);
    expect(makeDeck(again)).toBe(text);
    expect(again[0]).toBeLessThan(52); // the first occurrence of a face is copy 0
    const second = again.findIndex((c, i) => i > 0 && faceOf(c) === faceOf(again[0]!));
    expect(again[second]).toBeGreaterThanOrEqual(52);
  });

  it('accepts commas, any case and 10 for ten', () => {
    const text = makeDeck(orderedDeck()).toLowerCase().replace(/t/g, '10').replace(/ /g, ',');
    expect(makeDeck(parseDeck(text))).toBe(makeDeck(orderedDeck()));
  });

  it('rejects a wrong length, an unknown code and a card three times, naming the fault', () => {
    const codes = makeDeck(orderedDeck()).split(' ');
    expect(() => parseDeck(codes.slice(1).join(' '))).toThrow(/103 cards, expected 104; missing AS/);
    expect(() => parseDeck([...codes, 'AS'].join(' '))).toThrow(/AS appears more than twice/);
    expect(() => parseDeck(['ZZ', ...codes.slice(1)].join(' '))).toThrow(/unknown card code 'ZZ' at position 1/);
    const tripled = [...codes];
    tripled[1] = 'AS';
    expect(() => parseDeck(tripled.join(' '))).toThrow(InputError);
  });

  it('stackedDeck puts the given cards first and the rest in order', () => {
    const deck = stackedDeck('QH 2C QH');
    expect(makeDeck(deck).split(' ').slice(0, 4)).toEqual(['QH', '2C', 'QH', 'AS']);
    expect(() => stackedDeck('QH QH QH')).toThrow(InputError);
  });

  it('the same generator key gives the same deck', () => {
    expect(makeDeck(shuffledDeck(seededRng('k')))).toBe(makeDeck(shuffledDeck(seededRng('k'))));
    expect(makeDeck(shuffledDeck(seededRng('k')))).not.toBe(makeDeck(shuffledDeck(seededRng('k2'))));
  });
});

describe('pile roles', () => {
  it('lists the piles of a role in pile order, none for a role no pile has', () => {
    const roles = Uint8Array.from([PileRole.Foundation, PileRole.Talon, PileRole.Layout, PileRole.Talon]);
    expect(pilesWithRole(roles, PileRole.Talon)).toEqual([1, 3]);
    expect(pilesWithRole(roles, PileRole.Stock)).toEqual([]);
  });
});

describe('moves', () => {
  it('pack kind, piles, count and the reveal flag into one integer', () => {
    const m = makeMove(MoveKind.Marry, 33, 27, 11, true);
    expect([kindOf(m), fromOf(m), toOf(m), countOf(m), reveals(m)]).toEqual([MoveKind.Marry, 33, 27, 11, true]);
    expect(reveals(makeMove(MoveKind.Play, 1, 2))).toBe(false);
    expect(m).toBeGreaterThan(0);
  });
});

describe('table', () => {
  const setup = () => {
    const t = new Table(4, 2);
    for (const c of [1, 2, 3, 4, 5]) t.put(0, c);
    t.put(1, 9);
    t.commit();
    return t;
  };

  it('undo restores piles, variables and the hash exactly, move by move', () => {
    const t = setup();
    const states = [t.fingerprint()];
    const hashes = [t.hash()];
    const steps: Array<() => void> = [
      () => t.move(0, 1),
      () => t.moveRun(0, 2, 3),
      () => t.moveUnder(1, 3),
      () => t.set(1, 42),
      () => t.reorder(2, Uint8Array.from([4, 2, 3])),
      () => {
        t.move(2, 0);
        t.set(0, -7);
        t.moveUnder(0, 2);
      },
    ];
    for (const step of steps) {
      t.begin();
      step();
      states.push(t.fingerprint());
      hashes.push(t.hash());
    }
    expect(new Set(states).size).toBe(states.length);
    for (let i = steps.length; i > 0; i--) {
      t.undo();
      expect(t.fingerprint()).toBe(states[i - 1]);
      expect(t.hash()).toBe(hashes[i - 1]);
    }
    expect(() => t.undo()).toThrow();
  });

  it('equal positions reached by different moves hash equal', () => {
    const a = setup();
    a.begin();
    a.move(0, 2);
    a.move(0, 3);
    const c = setup();
    c.begin();
    c.move(0, 1);
    c.move(1, 2);
    c.move(0, 3);
    expect(c.fingerprint()).toBe(a.fingerprint());
    expect(c.hash()).toBe(a.hash());
  });

  it('gives watched piles a new version on change and the old one back on undo', () => {
    const t = new Table(3, 0);
    t.watch(0, 1);
    t.put(0, 5);
    t.put(2, 6);
    t.commit();
    const v0 = t.version;
    t.begin();
    t.move(2, 1); // no watched pile
    expect(t.version).toBe(v0);
    t.begin();
    t.move(0, 1);
    const v1 = t.version;
    expect(v1).not.toBe(v0);
    t.undo();
    expect(t.version).toBe(v0);
    t.begin();
    t.move(0, 2);
    expect(t.version).not.toBe(v1);
  });

  it('counts every card on the table', () => {
    const t = setup();
    const counts = t.cardCounts();
    expect(counts[1]).toBe(1);
    expect(counts[9]).toBe(1);
    expect(counts[0]).toBe(0);
  });
});

describe('stock and re-deal (RULES.md 14.1)', () => {
  const STOCK = 0;
  const CURRENT = 1;
  const TALON = 2;
  /** A table whose talon holds `laid` in the order laid, with `held` as the current card. */
  function withTalon(laid: number[], held?: number): Table {
    const t = new Table(3, 0);
    for (const c of laid) t.put(TALON, c);
    if (held !== undefined) t.put(CURRENT, held);
    return t;
  }
  const turnOrder = (t: Table) => Array.from({ length: t.size(STOCK) }, (_, i) => t.below(STOCK, i));

  it('turns the talon over: the card laid first is turned first, the held current card last', () => {
    const t = withTalon([5, 6, 7], 8);
    t.begin();
    new TurnedStock(STOCK, CURRENT, TALON).redeal(t);
    expect(turnOrder(t)).toEqual([5, 6, 7, 8]);
    expect([t.size(TALON), t.size(CURRENT)]).toEqual([0, 0]);
  });

  it('shuffles the same way for the same deck and re-deal number, and undo restores the talon', () => {
    const deck = shuffledDeck(seededRng('redeal test'));
    const laid = Array.from(deck.subarray(0, 40));
    const t = withTalon(laid);
    const before = t.fingerprint();
    const outside = new TurnedStock(STOCK, CURRENT, TALON);
    t.begin();
    outside.redeal(t, redealShuffle(deck, 1));
    const first = turnOrder(t);
    expect([...first].sort((a, b) => a - b)).toEqual([...laid].sort((a, b) => a - b));
    expect(first).not.toEqual(laid);
    t.undo();
    expect(t.fingerprint()).toBe(before);
    t.begin();
    outside.redeal(t, redealShuffle(deck, 1));
    expect(turnOrder(t)).toEqual(first);
    t.undo();
    t.begin();
    outside.redeal(t, redealShuffle(deck, 2));
    expect(turnOrder(t)).not.toEqual(first);
  });
});

describe('foundations in up-and-down pairs (RULES.md 1.2, 14.3)', () => {
  // Piles 0-3: the ace piles of S H D C; 4-7: the king piles.
  const c = (code: string) => parseCard(code)!;
  function piles(up: string[], down: string[]): Table {
    const t = new Table(8, 0);
    for (const code of up) t.put(suitOf(c(code)), c(code));
    for (const code of down) t.put(4 + suitOf(c(code)), c(code));
    return t;
  }
  const f = new UpDownFoundations(0, 4);

  it('an empty ace pile takes an ace, an empty king pile a king, then each the next rank of its suit', () => {
    const t = piles([], []);
    expect(f.target(t, c('AS'))).toBe(0);
    expect(f.target(t, c('KH'))).toBe(5);
    expect(f.target(t, c('2S'))).toBe(-1);
    const u = piles(['AS', '2S'], ['KS']);
    expect(f.takes(u, 0, c('3S'))).toBe(true);
    expect(f.takes(u, 4, c('QS'))).toBe(true);
    expect(f.takes(u, 4, c('QH'))).toBe(false); // another suit
    expect(f.takes(u, 0, c('4S'))).toBe(false);
  });

  it('a card both piles of its suit want may go to either; need counts the cards before it on the nearer side', () => {
    const up = ['AD', '2D', '3D', '4D', '5D', '6D'];
    const down = ['KD', 'QD', 'JD', 'TD', '9D', '8D'];
    const t = piles(up, down);
    expect(f.takes(t, 2, c('7D')) && f.takes(t, 6, c('7D'))).toBe(true);
    expect(f.need(t, c('7D'))).toBe(0);
    expect(f.need(t, c('9D'))).toBe(2); // 7 and 8 on the ace pile first
    expect(f.need(t, c('2D'))).toBe(5); // 7 6 5 4 3 on the king pile first
    expect(f.need(piles([], []), c('7H'))).toBe(6);
    const kingPile = ['KS', 'QS', 'JS', 'TS', '9S', '8S', '7S', '6S', '5S', '4S', '3S', '2S'];
    expect(f.takes(piles([], kingPile), 4, c('AS'))).toBe(true); // Z7: it may end the king pile first
    expect(f.count(t)).toBe(12);
  });

  it('exchange: a top card onto the other pile of its suit when it fits there', () => {
    const t = piles(['AC', '2C', '3C', '4C', '5C'], ['KC', 'QC', 'JC', 'TC', '9C', '8C', '7C', '6C']);
    expect(f.partner(3)).toBe(7);
    expect(f.partner(7)).toBe(3);
    expect(f.canExchange(t, 3)).toBe(true); // 5C onto the king pile's 6C
    expect(f.canExchange(t, 7)).toBe(true); // 6C onto the ace pile's 5C
    expect(f.canExchange(piles(['AC'], []), 3)).toBe(false);
  });

  it('is complete with 13 cards on each of the eight piles, and a complete pile wants nothing', () => {
    const t = new Table(8, 0);
    for (let s = 0; s < 4; s++) for (let r = 1; r <= 13; r++) {
      t.put(s, cardOf(r, s, 0));
      t.put(4 + s, cardOf(14 - r, s, 1));
    }
    expect(f.complete(t)).toBe(true);
    expect(f.wants(t, 0)).toBe(0);
    expect(f.need(t, c('5S'))).toBe(255);
  });
});

describe('rule options', () => {
  const specs: OptionSpec[] = [
    { name: 'edition', values: ['a', 'b'], default: 'a', ruling: 'X', summary: '', implies: { b: { source: 'two' } } },
    { name: 'source', values: ['one', 'two', 'three'], default: 'one', ruling: 'X', summary: '' },
    { name: 'group', values: [false, true], default: false, ruling: 'X', summary: '' },
  ];

  it('applies defaults, presets, then explicit values', () => {
    expect(resolveOptions(specs, {})).toEqual({ edition: 'a', source: 'one', group: false });
    expect(resolveOptions(specs, { edition: 'b' })).toEqual({ edition: 'b', source: 'two', group: false });
    expect(resolveOptions(specs, { edition: 'b', source: 'three' })).toEqual({ edition: 'b', source: 'three', group: false });
  });

  it('parses name=value into typed values and rejects the unknown', () => {
    expect(parseRuleAssignments('g', specs, ['group=true', 'source=two'])).toEqual({ group: true, source: 'two' });
    expect(() => parseRuleAssignments('g', specs, ['nope=1'])).toThrow(/unknown rule option 'nope' for g/);
    expect(() => parseRuleAssignments('g', specs, ['group=yes'])).toThrow(/bad value 'yes' for rule option group/);
    expect(() => parseRuleAssignments('g', specs, ['group'])).toThrow(/name=value/);
  });

  it('formats the full set in declaration order', () => {
    expect(formatOptions(specs, resolveOptions(specs, { edition: 'b' }))).toBe('edition=b source=two group=false');
  });
});
