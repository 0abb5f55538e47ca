// The rule kit (src/analysis/engine/rule-kit.ts): templates filled exactly, and the types refuse a message or fix
// id that is not declared, a placeholder left out and one the template does not have (`npm run typecheck`
// checks the @ts-expect-error lines below: each must be an error, or the check fails).
import { ruleKit } from '../../src/analysis/engine/rule-kit';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../src/analysis';
import { projectRoot } from '../../src/config';

const RULE_DIR = join(projectRoot(), 'src', 'analysis', 'engine', 'rules');
const ruleFiles = readdirSync(RULE_DIR)
  .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
  .map((name) => ({ name, text: readFileSync(join(RULE_DIR, name), 'utf8') }));

const kit = ruleKit('example', {
  messages: { gone: '{kind} {name} is gone from {release}.', plain: 'Nothing to fill.' },
  fixes: { use: 'Use {other}{why}.', why: ' because {reason}' },
});

describe('rule kit', () => {
  it('fills messages and fixes, the optional part of a fix being a template of its own', () => {
    const text = kit.text({
      messageId: 'gone',
      severity: 'BREAKING',
      effectiveIn: 1025,
      data: { kind: 'Ingress', name: 'web', release: '1.25' },
      fix: kit.fix('use', { other: 'networking.k8s.io/v1', why: kit.fix('why', { reason: 'it stays' }) }),
    });
    expect(text).toMatchObject({
      ruleId: 'example',
      messageId: 'gone',
      message: 'Ingress web is gone from 1.25.',
      fix: 'Use networking.k8s.io/v1 because it stays.',
      replacement: null,
      change: null,
    });
    expect(kit.fix('use', { other: 'x', why: '' })).toBe('Use x.');
    expect(kit.text({ messageId: 'plain', severity: 'INFO', effectiveIn: 1020, data: {} }).fix).toBeNull();
  });

  it('declares its words for the registry', () => {
    expect(kit.declaration).toEqual({
      id: 'example',
      messages: { gone: '{kind} {name} is gone from {release}.', plain: 'Nothing to fill.' },
      fixes: { use: 'Use {other}{why}.', why: ' because {reason}' },
    });
  });

  it('refuses, in the types and at run time, what a template does not declare', () => {
    const facts = { severity: 'INFO', effectiveIn: 1020 } as const;
    // @ts-expect-error: no message "missing"
    expect(() => kit.text({ ...facts, messageId: 'missing', data: {} })).toThrow('rule example has no message missing');
    // @ts-expect-error: {release} left out
    expect(() => kit.text({ ...facts, messageId: 'gone', data: { kind: 'a', name: 'b' } })).toThrow(
      'rule example message gone needs {release}',
    );
    // @ts-expect-error: {other} is not a placeholder of "why"
    kit.fix('why', { reason: 'r', other: 'o' });
    // @ts-expect-error: no fix "instead"
    expect(() => kit.fix('instead', {})).toThrow('rule example has no fix instead');
  });

  it.each(RULES.map((r) => [r.id, r] as const))(
    '%s declares its words through the kit and fills every fix it declares',
    (id, rule) => {
      const file = ruleFiles.find((f) => f.text.includes(`ruleKit('${id}'`));
      expect(file?.name ?? `no rule file calls ruleKit('${id}')`).toMatch(/\.ts$/);
      // No fix worded outside the templates: a fix is the kit's fix(), a record's own text, or null.
      expect(file!.text.match(/\bfix:\s*[`'"]/g) ?? []).toEqual([]);
      const unused = Object.keys(rule.fixes).filter((fixId) => !file!.text.includes(`fix('${fixId}'`));
      expect(unused).toEqual([]);
      // A message's optional parts are declared too, and each is used.
      const parts = /\n {2}parts: \{\n((?: {4}.*\n)*?) {2}\},/.exec(file!.text)?.[1] ?? '';
      const unusedParts = [...parts.matchAll(/^ {4}(\w+):/gm)]
        .map((m) => m[1])
        .filter((partId) => !file!.text.includes(`part('${partId}'`));
      expect(unusedParts).toEqual([]);
      // No sentence fragment assembled in code: a conditional ` in ${...}` or `; it is removed in ${...}`.
      expect(file!.text.match(/\? `[ ;,][^`$]*[A-Za-z][^`$]*\$\{/g) ?? []).toEqual([]);
    },
  );
});
