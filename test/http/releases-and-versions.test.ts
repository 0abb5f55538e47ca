import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('releases', () => {
  it('lists releases 1.14 to 1.20 in numeric order, with dates', async () => {
    const data = await server.data<{
      releases: { version: string; releasedOn: string; endOfLifeOn: string; preliminary: boolean }[];
    }>('{ releases { version releasedOn endOfLifeOn preliminary } }');
    const versions = data.releases.map((r) => r.version);
    expect(versions.slice(0, 7)).toEqual(['1.14', '1.15', '1.16', '1.17', '1.18', '1.19', '1.20']);
    for (const r of data.releases.filter((x) => Number(x.version.split('.')[1]) <= 20)) {
      expect(r.releasedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.endOfLifeOn > r.releasedOn).toBe(true);
      expect(r.preliminary).toBe(false);
    }
  });

  it.each(['1.20', 'v1.20', '1.20.3', '1.20.0'])('accepts %p as release 1.20', async (input) => {
    const data = await server.data('query($v: KubeVersion!) { release(version: $v) { version } }', { v: input });
    expect(data.release.version).toBe('1.20');
  });

  it('lists the changes of one release, filtered by kind', async () => {
    const data = await server.data(
      '{ release(version: "1.15") { changes(kinds: [URGENT_UPGRADE_NOTE], first: 10) { totalCount edges { node { version kind prs } } } } }',
    );
    const edges = data.release.changes.edges;
    expect(edges.length).toBe(data.release.changes.totalCount);
    expect(edges.map((e: any) => e.node.prs[0])).toEqual(expect.arrayContaining([78399, 78344]));
    for (const e of edges) expect(e.node).toMatchObject({ version: '1.15', kind: 'URGENT_UPGRADE_NOTE' });
  });
});

describe('version arguments that cannot be answered', () => {
  const known = /Known releases: 1\.14, 1\.15, 1\.16, 1\.17, 1\.18, 1\.19, 1\.20/;

  it.each([
    ['an unknown release', '{ release(version: "1.99") { version } }', /release 1\.99 is not in the knowledge base/],
    ['a malformed release', '{ release(version: "one.twenty") { version } }', /not a Kubernetes release/],
    [
      'a release before coverage',
      '{ featureGates(stageIn: "1.2") { name } }',
      /release 1\.2 is not in the knowledge base/,
    ],
    ['from after to in diff', '{ diff(from: "1.20", to: "1.15") { from } }', /from 1\.20 is after to 1\.15/],
    [
      'an unknown release in a change filter',
      '{ changes(filter: { to: "2.0" }) { totalCount } }',
      /release 2\.0 is not in the knowledge base/,
    ],
    [
      'an unknown release in stateIn',
      '{ featureGate(name: "IPv6DualStack") { stateIn(version: "1.7") { exists } } }',
      /release 1\.7 is not in the knowledge base/,
    ],
  ])('%s is BAD_USER_INPUT listing the known releases', async (_, query, message) => {
    const res = await server.query(query);
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(message);
    expect(res.errors![0].message).toMatch(known);
  });

  it('a number instead of a string is BAD_USER_INPUT that explains 1.20 would read as 1.2', async () => {
    const res = await server.query('query($v: KubeVersion!) { release(version: $v) { version } }', { v: 1.2 });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(/string such as "1\.20"/);
  });

  it('from equal to to is an empty range, not an error', async () => {
    const data = await server.data(
      '{ diff(from: "1.18", to: "1.18") { featureGates { version } removedApiVersions { kind } changes { totalCount } } }',
    );
    expect(data.diff).toEqual({ featureGates: [], removedApiVersions: [], changes: { totalCount: 0 } });
  });
});

describe('HTTP', () => {
  it('answers GET /healthz with 200', async () => {
    const res = await fetch(`${server.base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers an unknown path with 404 pointing at /graphql', async () => {
    const res = await fetch(`${server.base}/nope`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).toMatch(/\/graphql/);
  });

  it('refuses a body over the limit with 413 PAYLOAD_TOO_LARGE and keeps serving', async () => {
    const small = await startTestServer({ maxBodyBytes: 1024 });
    try {
      const res = await fetch(small.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ releases { version } } #${'x'.repeat(4096)}` }),
      });
      expect(res.status).toBe(413);
      const body = (await res.json()) as any;
      expect(body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
      const after = await small.data('{ releases { version } }');
      expect(after.releases.length).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });

  it('refuses a body that is not JSON with 400 BAD_USER_INPUT', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{ not json',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('describes every type, field, argument, input field and enum value of the schema, the admin one too', async () => {
    const admin = await startTestServer({ adminToken: 'descriptions' });
    try {
      for (const target of [server, admin]) {
        const data = await target.data(
          `{ __schema { mutationType { name } types { name kind description fields { name description args { name description } }
            inputFields { name description } enumValues { name description } } } }`,
        );
        const missing: string[] = [];
        let args = 0;
        for (const t of data.__schema.types) {
          if (t.name.startsWith('__') || ['String', 'Boolean', 'Int', 'Float', 'ID'].includes(t.name)) continue;
          if (!t.description?.trim()) missing.push(t.name);
          for (const f of [...(t.fields ?? []), ...(t.inputFields ?? []), ...(t.enumValues ?? [])])
            if (!f.description?.trim()) missing.push(`${t.name}.${f.name}`);
          for (const f of t.fields ?? [])
            for (const a of f.args) {
              args++;
              if (!a.description?.trim()) missing.push(`${t.name}.${f.name}(${a.name})`);
            }
        }
        expect(missing).toEqual([]);
        // The arguments were looked at: queries take dozens, and the admin schema adds its mutation's.
        expect(args).toBeGreaterThan(60);
        expect(data.__schema.mutationType).toEqual(target === admin ? { name: 'Mutation' } : null);
      }
    } finally {
      await admin.close();
    }
  });
});
