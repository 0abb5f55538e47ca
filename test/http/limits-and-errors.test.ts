// Abusive queries are refused with a stable code; unexpected errors are masked with a request id and
// logged; /readyz tells whether the knowledge base is served; introspection follows NODE_ENV.
import { serverMode } from '../../src/config';
import { startServer } from '../../src/server';
import { startTestServer, type TestServer } from '../support/http';
import { testKnowledgeBase } from '../support/knowledge-base';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function expectStillServing() {
  expect((await server.data('{ release(version: "1.20") { version } }')).release.version).toBe('1.20');
}

describe('query limits', () => {
  it('refuses deep nesting with QUERY_TOO_COMPLEX', async () => {
    let q = 'version';
    for (let i = 0; i < 8; i++) q = `subjects { ... on FeatureGate { changes { ${q} } } }`;
    const res = await server.query(`{ release(version: "1.20") { changes(first: 1) { edges { node { ${q} } } } } }`);
    expect(res.status).toBe(400);
    expect(res.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    expect(res.errors![0].message).toMatch(/levels deep/);
    await expectStillServing();
  });

  it('refuses too many aliases', async () => {
    const fields = Array.from({ length: 40 }, (_, i) => `a${i}: release(version: "1.20") { version }`).join(' ');
    const res = await server.query(`{ ${fields} }`);
    expect(res.errors![0].extensions!.code).toBe('QUERY_TOO_COMPLEX');
    expect(res.errors![0].message).toMatch(/40 aliases/);
  });

  it('refuses a query whose nested lists would resolve too many fields', async () => {
    const res = await server.query(
      '{ changes(first: 100) { edges { node { subjects { ... on FeatureGate { changes { subjects { ... on Flag { changes { summary sources prs } } } } } } } } } }',
    );
    expect(res.errors![0].extensions!.code).toBe('QUERY_TOO_COMPLEX');
    expect(res.errors![0].message).toMatch(/would resolve about \d+ fields/);
  });

  it('refuses a document with too many tokens before parsing it all', async () => {
    const res = await server.query(`{ ${'releases { version } '.repeat(2000)} }`);
    expect(res.status).toBe(400);
    expect(res.errors![0].extensions!.code).toBe('GRAPHQL_PARSE_FAILED');
    await expectStillServing();
  });

  it('counts the page size a variable asks for', async () => {
    const q =
      'query($n: Int) { changes(first: $n) { edges { node { subjects { ... on FeatureGate { changes { subjects { ... on Flag { name } } } } } } } } }';
    expect((await server.query(q, { n: 1 })).errors).toBeUndefined();
    expect((await server.query(q, { n: 100 })).errors![0].extensions!.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('lets ordinary dashboard queries through', async () => {
    const res = await server.query(
      '{ featureGates(sig: "Network") { name lifecycle { stage since until } changes { version prs } } }',
    );
    expect(res.errors).toBeUndefined();
  });
});

describe('errors', () => {
  it('masks an unexpected failure as INTERNAL_SERVER_ERROR with the request id, and logs the stack', async () => {
    const kb = await testKnowledgeBase();
    const logged: [string, unknown][] = [];
    const broken = {
      search: () => {
        throw new Error('disk on fire at /var/lib/secret');
      },
    };
    const running = await startServer({
      kb,
      searcher: broken,
      port: 0,
      host: '127.0.0.1',
      logError: (id, e) => logged.push([id, e]),
    });
    try {
      const res = await fetch(`http://127.0.0.1:${running.port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ search(text: "dns") { nodes { score } } }' }),
      });
      const body = (await res.json()) as any;
      const requestId = res.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.errors[0].extensions).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', requestId });
      expect(body.errors[0].message).toContain(requestId);
      expect(JSON.stringify(body)).not.toContain('disk on fire');
      expect(logged).toHaveLength(1);
      expect(logged[0][0]).toBe(requestId);
      expect(String((logged[0][1] as Error).stack)).toContain('disk on fire');
    } finally {
      await running.stop();
    }
  });

  it('keeps client errors as they are', async () => {
    const res = await server.query('{ release(version: "9.9") { version } }');
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(/not in the knowledge base/);
  });
});

describe('operations', () => {
  it('answers /readyz with 200 and the knowledge-base version while it serves', async () => {
    const res = await fetch(`${server.base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', kbVersion: expect.stringMatching(/^[0-9a-f]{12}$/) });
  });

  it('answers /readyz with 503 when the database stops answering', async () => {
    const kb = await testKnowledgeBase();
    const running = await startServer({
      kb,
      searcher: { search: () => [], ready: () => false },
      port: 0,
      host: '127.0.0.1',
    });
    try {
      expect((await fetch(`http://127.0.0.1:${running.port}/readyz`)).status).toBe(503);
      expect((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status).toBe(200);
    } finally {
      await running.stop();
    }
  });

  it('turns introspection off in production unless NETKB_INTROSPECTION=true', async () => {
    const prod = await startTestServer({ mode: serverMode({ NODE_ENV: 'production' }) });
    const refused = await prod.query('{ __schema { queryType { name } } }');
    const typo = await prod.query('{ releasez { version } }');
    await prod.close();
    expect(typo.errors![0].message).not.toMatch(/Did you mean/);
    expect(refused.errors![0].extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(refused.errors![0].message).toMatch(/introspection/i);

    const dev = await startTestServer({ mode: serverMode({ NODE_ENV: 'test' }) });
    const devTypo = await dev.query('{ releasez { version } }');
    await dev.close();
    expect(devTypo.errors![0].message).toMatch(/Did you mean .*"releases"/);

    const allowed = await startTestServer({
      mode: serverMode({ NODE_ENV: 'production', NETKB_INTROSPECTION: 'true' }),
    });
    const res = await allowed.query('{ __schema { queryType { name } } }');
    await allowed.close();
    expect(res.data.__schema.queryType.name).toBe('Query');
  });
});
