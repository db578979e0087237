import { describe, expect, it } from 'vitest';
import {
  CARD_COUNT,
  NO_CARD,
  cardOf,
  copyOf,
  faceOf,
  isRed,
  makeCard,
  parseCard,
  rankOf,
  suitOf,
} from '../src/core/card.js';
import { makeDeck, orderedDeck, parseDeck, shuffledDeck, stackedDeck } from '../src/core/deck.js';
import { InputError } from '../src/core/errors.js';
import { PileRole, pilesWithRole } from '../src/core/game.js';
import { makeMove, kindOf, fromOf, toOf, countOf, reveals, MoveKind } from '../src/core/move.js';
import { formatOptions, parseRuleAssignments, resolveOptions, type OptionSpec } from '../src/core/options.js';
import { seededRng } from '../src/core/random.js';
import { TurnedStock, redealShuffle } from '../src/core/stock.js';
import { Table } from '../src/core/table.js';
import { UpDownFoundations } from '../src/core/updown.js';
import { runLength, sameSuitDown, sameSuitUp, altColourDown, sameSuitEither } from '../src/core/building.js';
import { PacketGather, PacketTops, packetCards, takesDown, takesUp } from '../src/core/packets.js';
import { refillInOrder } from '../src/core/refill.js';

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

  it('keeps the hash up to date from its first use on, equal to one worked out afresh', () => {
    const early = setup();
    const late = setup();
    const start = early.hash(); // early hashes from here on; late only at the end
    for (const t of [early, late]) {
      t.begin();
      t.move(0, 2);
      t.move(0, 2);
      t.moveUnder(1, 3);
      t.reorder(2, Uint8Array.from([4, 5]));
      t.begin();
      t.moveRun(2, 0, 1);
      t.undo();
    }
    expect(early.fingerprint()).toBe(late.fingerprint());
    expect(early.hash()).toBe(late.hash());
    expect(early.hash()).not.toBe(start);
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

  it('marks the watched piles a move or an undo changes in touched, bit by watch order', () => {
    const t = new Table(6, 0);
    t.watch(4, 6); // bits 0 and 1
    t.watch(1, 2); // bit 2
    t.put(0, 1);
    t.put(0, 2);
    t.put(0, 3);
    expect(t.touched).toBe(0); // pile 0 is not watched
    t.put(4, 4);
    expect(t.touched).toBe(0b1);
    t.commit();
    t.touched = 0;
    t.begin();
    t.move(0, 2); // neither pile watched
    expect(t.touched).toBe(0);
    t.begin();
    t.move(0, 5);
    expect(t.touched).toBe(0b10);
    t.touched = 0;
    t.undo();
    expect(t.touched).toBe(0b10); // undo takes the card back out of pile 5
    t.touched = 0;
    t.begin();
    t.moveRun(0, 1, 1);
    t.moveUnder(4, 3);
    expect(t.touched).toBe(0b101);
    t.clear();
    expect(t.touched).toBe(-1);
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

describe('packets and their gathering (RULES.md 14.1)', () => {
  it('gathers the packets in the order given, each from its bottom card to its top, without shuffling', () => {
    const t = new Table(4, 0);
    [10, 11, 12].forEach((c) => t.put(0, c)); // packet A, bottom first
    [20, 21].forEach((c) => t.put(1, c)); // packet B
    [30].forEach((c) => t.put(2, c)); // packet C
    t.commit();
    const before = t.fingerprint();
    t.begin();
    new PacketGather(3).gather(t, [1, 2, 0]);
    const dealOrder = Array.from({ length: t.size(3) }, (_, i) => t.below(3, i));
    expect(dealOrder).toEqual([20, 21, 30, 10, 11, 12]);
    expect([t.size(0), t.size(1), t.size(2)]).toEqual([0, 0, 0]);
    t.undo();
    expect(t.fingerprint()).toBe(before);
  });

  it('shuffles the gathered cards when given a generator, the same way for the same one', () => {
    const t = new Table(3, 0);
    for (let c = 0; c < 30; c++) t.put(c % 2, c);
    t.commit();
    const gather = new PacketGather(2);
    const order = () => Array.from({ length: t.size(2) }, (_, i) => t.below(2, i));
    t.begin();
    gather.gather(t, [0, 1], seededRng('g'));
    const first = order();
    t.undo();
    t.begin();
    gather.gather(t, [0, 1]);
    const plain = order();
    t.undo();
    t.begin();
    gather.gather(t, [0, 1], seededRng('g'));
    expect(order()).toEqual(first);
    expect(first).not.toEqual(plain);
    expect([...first].sort((a, b) => a - b)).toEqual([...plain].sort((a, b) => a - b));
  });

  it('lists the cards of a packet with how many cards lie on each', () => {
    const t = new Table(1, 0);
    [5, 6, 7].forEach((c) => t.put(0, c));
    const cards = new Uint8Array(8);
    const depths = new Uint8Array(8);
    const piles = new Uint8Array(8);
    expect(packetCards(t, 0, cards, depths, piles, 1)).toBe(4);
    expect(Array.from(cards.subarray(1, 4))).toEqual([7, 6, 5]);
    expect(Array.from(depths.subarray(1, 4))).toEqual([0, 1, 2]);
  });
});

describe('up and down foundations of a suit (RULES.md 1.2, 14.3)', () => {
  const c = (code: string) => parseCard(code)!;
  /** Duchesse-style piles (no base): up A..K, down K..A; piles 0-3 up, 4-7 down; variables 0-3 the loans. */
  function fresh(policy: 'off' | 'free' | 'oneOnLoan', base = 0): { t: Table; f: UpDownFoundations } {
    const t = new Table(9, 4);
    const f = base
      ? new UpDownFoundations(0, 1, 1, 12, 12, 1, policy, 0)
      : new UpDownFoundations(0, 0, 1, 13, 13, 1, policy, 0);
    if (base) for (let p = 0; p < 8; p++) t.put(p, cardOf(13, p % 4, p < 4 ? 0 : 1));
    return { t, f };
  }

  it('an up pile takes the next rank up from its start, a down pile the next rank down, by suit', () => {
    const { t, f } = fresh('off');
    expect(f.target(t, c('AS'))).toBe(0);
    expect(f.target(t, c('KH'))).toBe(5);
    expect(f.target(t, c('2S'))).toBe(-1);
    t.put(0, c('AS'));
    expect(f.fits(t, c('2S'), 0)).toBe(true);
    expect(f.fits(t, c('2H'), 0)).toBe(false);
    expect(f.need(t, c('5S'))).toBe(3);
  });

  it('with a king base the up pile starts at the ace and the down pile at the queen, and stops there', () => {
    const { t, f } = fresh('off', 1);
    expect(f.wants(t, 0)).toBe(1);
    expect(f.wants(t, 4)).toBe(12);
    expect(f.need(t, c('5S'))).toBe(4); // AS..4S up from the base, not QS..6S down
    expect(f.count(t)).toBe(0);
    for (let r = 1; r <= 12; r++) t.put(0, cardOf(r, 0));
    expect(f.wants(t, 0)).toBe(0);
    expect(f.count(t)).toBe(12);
    expect(f.need(t, c('KS'))).toBe(255);
  });

  it('need: a complete pile needs nothing more, and the other pile of the suit still counts', () => {
    const { t, f } = fresh('off');
    for (let r = 1; r <= 13; r++) t.put(0, cardOf(r, 0)); // spades up, A..K: complete
    expect(f.need(t, c('5S'))).toBe(8); // only down from the king: KS..6S first
    t.put(4, c('KS'));
    t.put(4, c('QS'));
    expect(f.need(t, c('5S'))).toBe(6); // JS..6S
    expect(f.need(t, c('QS'))).toBe(255); // neither pile takes a queen again
    for (let r = 13; r >= 1; r--) t.put(5, cardOf(r, 1)); // hearts down, K..A: complete
    expect(f.need(t, c('5H'))).toBe(4); // only up from the ace: AH..4H first
    expect(f.need(t, c('AH'))).toBe(0);
  });

  it('exchanges a top card onto the other pile of its suit where it fits: free, one on loan, off', () => {
    for (const policy of ['free', 'oneOnLoan', 'off'] as const) {
      const { t, f } = fresh(policy);
      for (let r = 1; r <= 3; r++) t.put(0, cardOf(r, 0)); // up S: A 2 3
      for (let r = 13; r >= 4; r--) t.put(4, cardOf(r, 0, 1)); // down S: K .. 4, the piles meet
      expect(f.canExchange(t, 0, 4)).toBe(policy !== 'off');
      expect(f.canExchange(t, 0, 5)).toBe(false); // not the partner pile
      if (policy === 'off') continue;
      t.begin();
      f.exchange(t, 0, 4);
      expect(t.top(4)).toBe(cardOf(3, 0));
      expect(f.canExchange(t, 4, 0)).toBe(policy === 'free');
      t.put(8, cardOf(3, 0, 1)); // pile 8 stands in for the layout
      f.play(t, 8, 0); // a play to the suit repays the loan
      expect(t.vars[0]).toBe(0);
    }
  });
});

describe('runs, packets and refills', () => {
  const c = (code: string) => parseCard(code)!;
  /** A table of `piles` piles, each given bottom first as card codes. */
  function table(piles: string[][]): Table {
    const t = new Table(piles.length, 0);
    piles.forEach((p, i) => p.forEach((code) => t.put(i, c(code))));
    t.commit();
    return t;
  }

  it('runLength: the same-suit descending run at the top of a pile', () => {
    const t = table([['3S', '9H', '8H', '7H'], ['8H', '7S'], [], ['9H', '7H']]);
    expect([0, 1, 2, 3].map((p) => runLength(t, p))).toEqual([3, 1, 0, 1]);
  });

  it("PacketTops: the packets whose tops take a face, by the game's rule, kept up to date by the table version", () => {
    const t = table([['9H'], ['5S'], ['AD'], [], ['7H']]);
    t.watch(0, 5);
    const down = new PacketTops(0, 5, (top) => takesDown(top));
    down.update(t);
    expect(down.onto(c('8H'))).toBe(0b00001); // onto 9H
    expect(down.onto(c('6H'))).toBe(0b10000); // onto 7H
    expect(down.onto(c('8D'))).toBe(0); // no same-suit card one higher
    expect(down.filled).toBe(0b10111);
    // a rule per packet: packet 1 takes ascending, the others nothing
    const up = new PacketTops(0, 5, (top, i) => (i === 1 ? takesUp(top) : -1));
    up.update(t);
    expect(up.onto(c('6S'))).toBe(0b00010);
    expect(up.onto(c('8H'))).toBe(0);
    t.begin();
    t.move(4, 3); // 7H into the empty packet 3
    down.update(t);
    expect(down.onto(c('6H'))).toBe(0b01000);
    expect(down.filled).toBe(0b01111);
    t.undo();
    down.update(t);
    expect(down.onto(c('6H'))).toBe(0b10000);
    const out = new Int32Array(8);
    const n = down.addMoves(out, 0, 0b10001, makeMove(MoveKind.Marry, 7, 0));
    expect(Array.from(out.subarray(0, n)).map((m) => [fromOf(m), toOf(m), kindOf(m)])).toEqual([
      [7, 0, MoveKind.Marry],
      [7, 4, MoveKind.Marry],
    ]);
  });

  it('refillInOrder fills the empty places in the order given from one source, as long as it lasts', () => {
    const t = table([['KS'], [], ['QS'], [], [], ['2H', '3H', '4H']]);
    t.begin();
    expect(refillInOrder(t, [4, 3, 2, 1, 0], 5)).toBe(3);
    expect([t.top(4), t.top(3), t.top(1)]).toEqual([c('4H'), c('3H'), c('2H')]);
    t.undo();
    t.begin();
    t.move(5, 1);
    t.move(5, 3);
    expect(refillInOrder(t, [0, 1, 2, 3, 4], 5)).toBe(1); // places filled meanwhile are passed over
    expect(t.size(4)).toBe(1);
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
    expect(resolveOptions(specs, { edition: 'b', source: 'three' })).toEqual({
      edition: 'b',
      source: 'three',
      group: false,
    });
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
