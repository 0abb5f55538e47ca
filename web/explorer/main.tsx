// GraphiQL, bundled from npm into dist/web: the explorer a browser gets at GET /graphql. It loads
// nothing from other hosts, so it works offline.
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import 'graphiql/graphiql.css';
import './explorer.css';
import { parse, Kind } from 'graphql';
import { EXAMPLE_TABS } from './examples';

type Params = { query: string; variables?: unknown; operationName?: string | null };

/**
 * GraphiQL can send the operation name of the tab it showed before (after a tab switch, before the editor
 * re-reads the query); a name the document does not define is dropped, so a one-operation document runs.
 */
function withKnownOperation(params: Params): Params {
  if (!params.operationName) return params;
  try {
    const names = parse(params.query).definitions.flatMap((d) =>
      d.kind === Kind.OPERATION_DEFINITION && d.name ? [d.name.value] : [],
    );
    return names.includes(params.operationName) ? params : { ...params, operationName: null };
  } catch {
    return params;
  }
}

async function fetcher(raw: Params, options?: { headers?: Record<string, unknown> }): Promise<unknown> {
  const params = withKnownOperation(raw);
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(options?.headers as Record<string, string> | undefined),
    },
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
    <GraphiQL
      fetcher={fetcher as never}
      defaultTabs={EXAMPLE_TABS}
      defaultEditorToolsVisibility={true}
      isHeadersEditorEnabled={true}
    >
      <GraphiQL.Logo>
        <a href="/" className="netkb-home">
          netkb
        </a>{' '}
        explorer
      </GraphiQL.Logo>
    </GraphiQL>,
  );
}
