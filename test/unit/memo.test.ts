// remember(): one answer per tuple and analysis context; tuples that differ in any part (or in the type
// of a part) are different facts; another context starts empty.
import { remember } from '../../src/analysis/engine/memo';
import type { RuleContext } from '../../src/analysis';

const context = () => ({ kb: {}, path: { from: 1015, to: 1022, releases: [] } }) as unknown as RuleContext;

describe('remember', () => {
  it('builds once per tuple and context', () => {
    const ctx = context();
    let builds = 0;
    const build = () => ({ n: ++builds });
    const first = remember(ctx, ['rule', 'a', null], build);
    expect(remember(ctx, ['rule', 'a', null], build)).toBe(first);
    expect(builds).toBe(1);
    expect(remember(ctx, ['rule', 'a', ''], build)).not.toBe(first);
    expect(remember(ctx, ['rule', 'a'], build)).not.toBe(first);
    expect(remember(ctx, [1, 'a', null], build)).not.toBe(remember(ctx, ['1', 'a', null], build));
    expect(remember(context(), ['rule', 'a', null], build)).not.toBe(first);
    expect(builds).toBe(6);
  });
});
