// GraphiQL, bundled from npm into dist/web: the explorer a browser gets at GET /graphql. It loads
// nothing from other hosts, so it works offline.
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import 'graphiql/graphiql.css';
import './explorer.css';
import { EXAMPLE_TABS } from './examples';

type Params = { query: string; variables?: unknown; operationName?: string | null };

async function fetcher(params: Params, options?: { headers?: Record<string, unknown> }): Promise<unknown> {
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(options?.headers as Record<string, string> | undefined) },
    body: JSON.stringify(params),
  });
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return { errors: [{ message: `HTTP ${res.status}: ${text.slice(0, 500)}` }] };
  }
}

const container = document.getElementById('graphiql');
if (container) {
  createRoot(container).render(
    <GraphiQL fetcher={fetcher as never} defaultTabs={EXAMPLE_TABS} defaultEditorToolsVisibility={true} isHeadersEditorEnabled={true}>
      <GraphiQL.Logo><a href="/" className="netkb-home">netkb</a> explorer</GraphiQL.Logo>
    </GraphiQL>,
  );
}
