// The globs of --exclude (src/cli/glob.ts): the syntax docs/cli.md states, case by case.
import { parseGlob } from '../../src/cli/glob';

/** Whether `glob` leaves out the entry at `path` (from the walked folder; its name is the last part). */
const leavesOut = (glob: string, path: string) => parseGlob(glob)!.matches(path, path.split('/').pop()!);

describe('--exclude globs', () => {
  it.each([
    // Without "/": the name of a file or folder at any depth.
    ['values*.yaml', 'values.yaml', true],
    ['values*.yaml', 'chart/values-prod.yaml', true],
    ['values*.yaml', 'chart/prod-values.yaml', false],
    ['vendor', 'vendor', true],
    ['vendor', 'third/vendor', true],
    ['vendor', 'vendors', false],
    ['*.json', 'a/b/c.json', true],
    ['*.json', 'a/b/c.json.yaml', false],
    ['?.yaml', 'a.yaml', true],
    ['?.yaml', 'ab.yaml', false],
    ['[ab].yaml', 'b.yaml', true],
    ['[ab].yaml', 'c.yaml', false],
    ['[a-c].yaml', 'c.yaml', true],
    ['[!a-c].yaml', 'c.yaml', false],
    ['[!a-c].yaml', 'd.yaml', true],
    ['[^a].yaml', 'd.yaml', true],
    // With "/": the path from the walked folder, anchored at both ends.
    ['charts/legacy', 'charts/legacy', true],
    ['charts/legacy', 'other/charts/legacy', false],
    ['./charts/legacy/', 'charts/legacy', true],
    ['/values.yaml', 'values.yaml', true],
    ['/values.yaml', 'chart/values.yaml', false],
    ['charts/*.yaml', 'charts/a.yaml', true],
    ['charts/*.yaml', 'charts/x/a.yaml', false],
    ['charts/**', 'charts/x/a.yaml', true],
    ['charts/**', 'chartsx/a.yaml', false],
    ['**/test/*.yaml', 'test/a.yaml', true],
    ['**/test/*.yaml', 'a/b/test/a.yaml', true],
    ['**/test/*.yaml', 'a/b/test/c/a.yaml', false],
    ['a/**/b.yaml', 'a/b.yaml', true],
    ['a/**/b.yaml', 'a/x/y/b.yaml', true],
    ['a/**/b.yaml', 'ab.yaml', false],
    // "**" inside a name is two "*": it does not cross "/".
    ['a/x**.yaml', 'a/x1.yaml', true],
    ['a/x**.yaml', 'a/x/1.yaml', false],
    // Characters that mean something in a regular expression are themselves.
    ['a+b (1).yaml', 'a+b (1).yaml', true],
    ['a+b (1).yaml', 'aab (1).yaml', false],
    ['v1.2.yaml', 'v1x2.yaml', false],
    ['[x', '[x', true],
  ])('%s against %s: %s', (glob, path, expected) => {
    expect(leavesOut(glob, path)).toBe(expected);
  });

  it('a glob of nothing but "./" or "/" is no glob', () => {
    expect(parseGlob('')).toBeNull();
    expect(parseGlob('./')).toBeNull();
    expect(parseGlob('/')).toBeNull();
  });
});
