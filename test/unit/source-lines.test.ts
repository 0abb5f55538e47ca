// keepSourceSpacing: a changed document keeps its author's spacing on the lines the conversion left alone,
// and never restores a line whose meaning differs from the printed one.
import { parse } from 'yaml';
import { keepSourceSpacing, respaced, spacingKey } from '../../src/convert/source-lines';

describe('spacingKey', () => {
  it.each([
    ['a comment set off by several blanks', 'a:   b   # c  d', 'a: b # c  d'],
    ['blanks inside a flow sequence', 'x: [ Ingress ,  Egress ]', 'x: [Ingress, Egress]'],
    ['a list item', '-   --flag=1        # fixed', '- --flag=1 # fixed'],
    ['trailing blanks', 'a: b   ', 'a: b'],
  ])('makes canonical: %s', (_, line, key) => {
    expect(spacingKey(line)).toBe(key);
  });

  it.each([
    ['indentation', '    a: b'],
    ['blanks inside double quotes', 'z: "a   \\"  b"'],
    ['blanks inside single quotes, with an escaped quote', "y: 'it''s   x'"],
    ['blanks between two words of a plain scalar', 'plain: a   b'],
    ['a quoted "#"', 'q: "a   # b"'],
  ])('keeps: %s', (_, line) => {
    expect(spacingKey(line)).toBe(line);
  });
});

describe('keepSourceSpacing', () => {
  it('puts back a source line that differs only in spacing, once and in order', () => {
    const source = 'a:   1   # one\nb: 2\na:   1   # one\n';
    expect(keepSourceSpacing(source, 'a: 1 # one\nc: 3\na: 1 # one\na: 1 # one\n')).toBe(
      'a:   1   # one\nc: 3\na:   1   # one\na: 1 # one\n',
    );
  });

  it('leaves a printed line whose value differs', () => {
    expect(keepSourceSpacing('v: "a   b"   # c\n', 'v: "a b" # c\n')).toBe('v: "a b" # c\n');
    expect(keepSourceSpacing('v: a   b\n', 'v: a b\n')).toBe('v: a b\n');
  });

  it('returns the printed text itself when the source has nothing to restore', () => {
    const printed = 'a: 1 # x\n';
    expect(keepSourceSpacing('a: 2 # x\n', printed)).toBe(printed);
  });
});

describe('respaced', () => {
  it('keeps the restored spacing when the document still says the same', () => {
    const printed = 'x:\n  y: 1 # c\n';
    expect(respaced('x:\n  y:   1   # c\n', printed, parse(printed))).toBe('x:\n  y:   1   # c\n');
  });

  it("gives the printer's text back when restoring would change a block scalar's content", () => {
    // A printer that moved block content to the indentation of a line elsewhere could make a content line
    // look like a re-spaced source line; the guard sees the value change and keeps the printed text.
    const source = 'x:\n  q   # w\nz: |\n    q # w\n';
    const printed = 'x: 1\nz: |\n  q # w\n';
    expect(keepSourceSpacing(source, printed)).not.toBe(printed);
    expect(respaced(source, printed, parse(printed))).toBe(printed);
  });
});
