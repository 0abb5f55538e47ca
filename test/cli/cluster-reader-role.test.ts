// deploy/cluster-reader.yaml grants what netkb cluster lists: every group and core resource of the kinds the
// knowledge base knows to change on the widest path, Helm's Secrets and ConfigMaps, and /metrics.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '../../src/config';
import { listTargets } from '../../src/cluster/collect';
import { testKnowledgeBase } from '../support/knowledge-base';

interface Rule {
  apiGroups?: string[];
  resources?: string[];
  nonResourceURLs?: string[];
  verbs: string[];
}

it('grants list on every resource netkb cluster may list, and nothing but get and list', async () => {
  const kb = await testKnowledgeBase();
  const role = parse(readFileSync(join(projectRoot(), 'deploy', 'cluster-reader.yaml'), 'utf8')) as { rules: Rule[] };
  const grants = (group: string, resource: string) =>
    role.rules.some(
      (r) =>
        r.apiGroups?.includes(group) &&
        (r.resources?.includes('*') || r.resources?.includes(resource)) &&
        r.verbs.includes('list'),
    );
  const newest = Math.max(...kb.model.releases.map((r) => r.version));
  const missing: string[] = [];
  const targets = listTargets(kb.model.apiVersions, newest);
  expect(targets.length).toBeGreaterThan(20);
  for (const t of targets)
    for (const v of t.apiVersions) {
      const group = v.includes('/') ? v.split('/')[0] : '';
      if (!grants(group, t.resource)) missing.push(`${group || 'core'} ${t.resource}`);
    }
  expect([...new Set(missing)]).toEqual([]);
  expect(grants('', 'secrets') && grants('', 'configmaps')).toBe(true);
  expect(role.rules.some((r) => r.nonResourceURLs?.includes('/metrics') && r.verbs.includes('get'))).toBe(true);
  expect([...new Set(role.rules.flatMap((r) => r.verbs))].sort()).toEqual(['get', 'list']);
});
