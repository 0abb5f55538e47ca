// The floor the lookup benchmark compares netkb with: a bare node:http server answering the same
// queries with graphql-js over the same in-memory knowledge base, parse and validation cached.
import { createServer } from 'node:http';
import { execute, parse, validate, type DocumentNode } from 'graphql';
import { readKnowledgeBase } from '../src/db/read-kb';
import { SearchIndex } from '../src/db/search-index';
import { KnowledgeBase } from '../src/kb/knowledge-base';
import { executableSchema } from '../src/graphql/executable-schema';
import { buildResolvers } from '../src/resolvers';
import { inlineRunner } from '../src/services/analysis-runner';
import { loadTypeDefs } from '../src/schema';
import { ServerMetrics } from '../src/observability/metrics';

async function main(): Promise<void> {
  const file = process.env.BENCH_DB!;
  const kb = new KnowledgeBase(await readKnowledgeBase(file));
  const searcher = new SearchIndex(file);
  const schema = executableSchema(loadTypeDefs(), buildResolvers());
  const cache = new Map<string, DocumentNode>();
  const metrics = new ServerMetrics(false);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    const respond = async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        query: string;
        variables?: Record<string, unknown>;
      };
      let document = cache.get(body.query);
      if (!document) {
        document = parse(body.query);
        const errors = validate(schema, document);
        if (errors.length > 0) {
          res.writeHead(400);
          res.end(JSON.stringify({ errors }));
          return;
        }
        cache.set(body.query, document);
      }
      const result = await execute({
        schema,
        document,
        variableValues: body.variables,
        contextValue: {
          kb,
          searcher,
          maxManifestBytes: 5 * 1024 * 1024,
          authorization: null,
          admin: null,
          requestId: 'bench',
          trace: { operation: null, operationType: null, errorCodes: [] },
          metrics,
          runner: inlineRunner,
          publicUrl: null,
        },
      });
      const text = JSON.stringify(result);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    // A failed request answers 500 instead of leaving the client waiting.
    req.on('end', () => {
      respond().catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
}

void main();
