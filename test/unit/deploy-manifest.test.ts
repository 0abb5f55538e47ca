// deploy/kubernetes.yaml stays consistent with the server: readiness on /readyz, the port the server
// listens on is the one the probes and the Service use, and every variable it sets is one netkb reads
// and docs/configuration.md documents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { projectRoot } from '../../src/config';

const docs = parseAllDocuments(readFileSync(join(projectRoot(), 'deploy', 'kubernetes.yaml'), 'utf8')).map((d) =>
  d.toJS(),
);
const deployment = docs.find((d) => d.kind === 'Deployment');
const service = docs.find((d) => d.kind === 'Service');
const container = deployment.spec.template.spec.containers[0];

describe('deploy/kubernetes.yaml', () => {
  it('has a Deployment of several replicas and a Service selecting its pods', () => {
    expect(deployment.spec.replicas).toBeGreaterThan(1);
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
  });

  it('probes readiness on /readyz and liveness on /healthz, on the port the server listens on', () => {
    const port = container.ports.find((p: { name: string }) => p.name === 'http');
    const env = Object.fromEntries(
      container.env
        .filter((e: { value?: string }) => e.value !== undefined)
        .map((e: { name: string; value: string }) => [e.name, e.value]),
    );
    expect(Number(env.PORT)).toBe(port.containerPort);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(service.spec.ports[0].targetPort).toBe('http');
  });

  it('takes DATABASE_URL from a secret, and sets only variables netkb reads and docs/configuration.md documents', () => {
    const database = container.env.find((e: { name: string }) => e.name === 'DATABASE_URL');
    expect(database.valueFrom.secretKeyRef).toMatchObject({ name: expect.any(String), key: expect.any(String) });
    const configurationDoc = readFileSync(join(projectRoot(), 'docs', 'configuration.md'), 'utf8');
    const config = readFileSync(join(projectRoot(), 'src', 'config.ts'), 'utf8');
    for (const { name } of container.env as { name: string }[]) {
      expect([name, configurationDoc.includes(`| \`${name}\` |`)]).toEqual([name, true]);
      if (name !== 'NODE_ENV') expect([name, config.includes(name)]).toEqual([name, true]);
    }
  });
});
