// The admin mutation: present only with a token, refused without it, and served right after an import.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { loadSeed } from '../../src/seed/load';
import { writeSeed } from '../../src/db/write-seed';
import { seedDir } from '../../src/config';
import { readKnowledgeBase } from '../../src/db/read-kb';
import { startTestServer, type TestServer } from '../support/http';
import { copySeededDatabase } from '../support/database';

const TOKEN = 'test-admin-token-0123456789';
const IMPORT = `mutation($content: String!) { importReleaseNotes(version: "9.1", format: MARKDOWN, content: $content) { version changesCreated unlinked } }`;
const notes = readFileSync(join(projectRoot(), 'test', 'fixtures', 'notes', 'release-notes-9.1.md'), 'utf8');

let dir: string;
let file: string;
let server: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-import-'));
  file = await copySeededDatabase();
  server = await startTestServer({ file, adminToken: TOKEN });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('importReleaseNotes', () => {
  it('does not exist on a server without an admin token', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.query(IMPORT, { content: notes });
      expect(res.status).toBe(403);
      expect(res.errors![0].extensions!.code).toBe('FORBIDDEN');
      expect(res.errors![0].message).toMatch(/writes are disabled/);
      const schema = await plain.data('{ __schema { mutationType { name } } }');
      expect(schema.__schema.mutationType).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('is refused without the token (UNAUTHENTICATED) and with a wrong one (FORBIDDEN)', async () => {
    expect((await server.query(IMPORT, { content: notes })).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect(
      (await server.query(IMPORT, { content: notes }, { authorization: 'Bearer wrong-token-wrong-token!!' })).errors![0]
        .extensions!.code,
    ).toBe('FORBIDDEN');
    const after = await server.data('{ changes(filter: { text: "#900001" }) { totalCount } }');
    expect(after.changes.totalCount).toBe(0);
  });

  it('imports the SIG Network entries once each, reports unlinked mentions, and serves them at once', async () => {
    const res = await server.query(IMPORT, { content: notes }, { authorization: `Bearer ${TOKEN}` });
    expect(res.errors).toBeUndefined();
    expect(res.data.importReleaseNotes).toMatchObject({ version: '9.1', changesCreated: 3 });
    expect(res.data.importReleaseNotes.unlinked).toEqual(
      expect.arrayContaining(['#900002: feature gate FancyNewRouting', '#900004: flag --made-up-flag']),
    );
    const data =
      await server.data(`{ release(version: "9.1") { version imported changes(first: 10) { totalCount edges { node { prs kind actionRequired imported sigs
      subjects { ... on Flag { component name } ... on FeatureGate { name } ... on ApiVersion { apiVersion kind } ... on WellKnownKey { key } } } } } } }`);
    expect(data.release).toMatchObject({ version: '9.1', imported: true, changes: { totalCount: 3 } });
    const byPr = Object.fromEntries(data.release.changes.edges.map((e: any) => [e.node.prs[0], e.node]));
    expect(byPr[900001]).toMatchObject({
      kind: 'URGENT_UPGRADE_NOTE',
      actionRequired: true,
      imported: true,
      subjects: [{ component: 'kube-proxy', name: '--conntrack-max' }],
    });
    expect(byPr[900002].subjects).toEqual([{ name: 'ServiceLoadBalancerFinalizer' }]);
    expect(byPr[900004].subjects).toEqual(
      expect.arrayContaining([
        { apiVersion: 'extensions/v1beta1', kind: 'Ingress' },
        { key: 'failure-domain.beta.kubernetes.io/zone' },
      ]),
    );
    const gate = await server.data(
      '{ featureGate(name: "ServiceLoadBalancerFinalizer") { changes { version imported } } }',
    );
    expect(gate.featureGate.changes).toContainEqual({ version: '9.1', imported: true });
    const found = await server.data('{ search(text: "per-core setting") { nodes { change { prs imported } } } }');
    expect(found.search.nodes.map((h: any) => h.change?.prs[0])).toContain(900001);
  });

  it('replaces the release on a second import instead of adding to it', async () => {
    await server.query(IMPORT, { content: notes }, { authorization: `Bearer ${TOKEN}` });
    const data = await server.data('{ release(version: "9.1") { changes { totalCount } } }');
    expect(data.release.changes.totalCount).toBe(3);
  });

  it('leaves the database and the served answers unchanged when an import fails', async () => {
    const before = await server.data(
      '{ release(version: "9.1") { changes(first: 100) { totalCount edges { node { id summary } } } } }',
    );
    const res = await server.query(
      IMPORT,
      { content: '## Changes by Kind\n\nprose without a single entry\n' },
      { authorization: `Bearer ${TOKEN}` },
    );
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const after = await server.data(
      '{ release(version: "9.1") { changes(first: 100) { totalCount edges { node { id summary } } } } }',
    );
    expect(after).toEqual(before);
    expect((await readKnowledgeBase(file)).changes.filter((c) => c.version === 9001)).toHaveLength(3);
  });

  it('refuses a release the seed curates', async () => {
    const res = await server.query(
      IMPORT.replace('"9.1"', '"1.15"'),
      { content: notes },
      { authorization: `Bearer ${TOKEN}` },
    );
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(/curated in seed/);
  });

  it('keeps imported entries when the database is rebuilt from seed/', async () => {
    await writeSeed(loadSeed(seedDir()), file);
    const kb = await readKnowledgeBase(file);
    expect(
      kb.changes
        .filter((c) => c.version === 9001 && c.imported)
        .map((c) => c.prs[0])
        .sort(),
    ).toEqual([900001, 900002, 900004]);
  });
});
