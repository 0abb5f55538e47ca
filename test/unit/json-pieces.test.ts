// jsonPieces writes what JSON.stringify(value, null, 2) writes, byte for byte, at every depth it opens;
// writeInBatches hands the pieces on whole, in order, in batches of about the size asked.
import { jsonPieces, writeInBatches } from '../../src/analysis/report/json-pieces';

const VALUES: [string, unknown][] = [
  [
    'a report',
    {
      from: '1.15',
      path: ['1.15', '1.16'],
      gatewayApi: null,
      summary: { breaking: 1, warning: 0 },
      files: [
        { file: 'a.yaml', findings: [], error: null },
        {
          file: 'b "quoted"\nname.yaml',
          findings: [
            { ruleId: 'api-version', line: 3, change: { prs: [1, 2], sources: [] }, skipped: undefined, fn: () => 1 },
            { ruleId: 'flag', message: 'naïve — ünïcode ✓ \u2028', nested: [[], {}, [{ a: [1, { b: null }] }]] },
          ],
        },
      ],
    },
  ],
  ['arrays with holes JSON has no value for', [1, undefined, () => 2, Symbol('s'), null, 'x']],
  ['empty containers', { a: [], b: {}, c: [[]], d: [{}] }],
  ['scalars', ['s', 0, -1.5, true, false, null]],
  ['a Date (toJSON)', { at: new Date(Date.UTC(2026, 11, 2)), list: [new Date(0)] }],
  ['integer-like keys first, as JSON.stringify orders them', { b: 1, 2: 'two', a: 3, 1: 'one' }],
  ['a bare string', 'just text'],
  ['an empty array', []],
];

describe('jsonPieces', () => {
  it.each(VALUES)('%s: the same text as JSON.stringify at every depth', (_, value) => {
    const expected = JSON.stringify(value, null, 2);
    for (let depth = 0; depth <= 6; depth++) expect([...jsonPieces(value, depth)].join('')).toBe(expected);
  });

  it('opens the levels above the depth asked and hands the members below it out whole, 64 to a piece', () => {
    const findings = Array.from({ length: 150 }, (_, i) => ({ id: i, text: `finding ${i}` }));
    const whole = { files: [{ findings }] };
    const pieces = [...jsonPieces(whole, 4)];
    expect(pieces.join('')).toBe(JSON.stringify(whole, null, 2));
    // Each finding, re-indented to its place, lies inside one piece; 64 findings share a piece.
    const member = (i: number) => JSON.stringify(findings[i], null, 2).replace(/\n/g, '\n        ');
    const holding = (i: number) => pieces.findIndex((p) => p.includes(member(i)));
    for (let i = 0; i < findings.length; i++) expect(holding(i)).toBeGreaterThanOrEqual(0);
    expect(holding(0)).toBe(holding(63));
    expect(holding(64)).toBe(holding(127));
    expect(holding(128)).toBe(holding(149));
    expect(new Set([holding(0), holding(64), holding(128)]).size).toBe(3);
  });

  it('lays out chunks right at every depth, with holes and toJSON among the members', () => {
    const members = [1, undefined, { toJSON: () => 'x' }, [], {}, 'a\nb', ...Array.from({ length: 70 }, (_, i) => [i])];
    for (let depth = 0; depth < 4; depth++) {
      let value: unknown = members;
      for (let d = 0; d < depth; d++) value = { k: value };
      expect([...jsonPieces(value, depth + 1)].join('')).toBe(JSON.stringify(value, null, 2));
    }
  });

  it('refuses a value JSON has no text for', () => {
    expect(() => [...jsonPieces(undefined, 2)]).toThrow(/no JSON text/);
  });
});

describe('writeInBatches', () => {
  it('writes every piece in order, in batches of at least the size asked but the last', () => {
    const pieces = Array.from({ length: 1000 }, (_, i) => `piece ${i};`);
    const writes: string[] = [];
    writeInBatches(pieces, (t) => writes.push(t), 1000);
    expect(writes.join('')).toBe(pieces.join(''));
    expect(writes.length).toBeGreaterThan(5);
    for (const w of writes.slice(0, -1)) expect(w.length).toBeGreaterThanOrEqual(1000);
    expect(writes.every((w) => w.length < 1000 + 20)).toBe(true);
  });

  it('writes a piece as large as a batch as it is, between batches', () => {
    const big = 'x'.repeat(5000);
    const writes: string[] = [];
    writeInBatches(['a', 'b', big, 'c'], (t) => writes.push(t), 4);
    expect(writes).toEqual(['ab', big, 'c']);
  });

  it('writes nothing for no pieces', () => {
    const writes: string[] = [];
    writeInBatches([], (t) => writes.push(t));
    expect(writes).toEqual([]);
  });
});
