// The API server of the cluster a kubeconfig names, asked over HTTP(S) with the kubeconfig's credentials: the
// official client (@kubernetes/client-node) reads the kubeconfig and applies its server, certificates, token or
// exec plugin to each request; the requests themselves are plain GETs, so netkb controls paging and reads
// /metrics as text.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';

/** What a GET answered: the status and the body (text). */
export interface Answer {
  status: number;
  body: string;
}

export interface ApiServer {
  /** The server's address, for messages. */
  readonly server: string;
  /** The context used. */
  readonly context: string;
  get(path: string): Promise<Answer>;
}

/** A refusal to reach the cluster at all (no kubeconfig, no such context, no server). */
export class ClusterConfigError extends Error {
  override readonly name = 'ClusterConfigError';
}

/** The API server of `context` (default: the kubeconfig's current context) in `file` (default: $KUBECONFIG, ~/.kube/config). */
export async function apiServer(file: string | undefined, context: string | undefined): Promise<ApiServer> {
  const { KubeConfig } = await import('@kubernetes/client-node');
  const kc = new KubeConfig();
  try {
    if (file !== undefined) kc.loadFromFile(file);
    else kc.loadFromDefault();
  } catch (err) {
    // The reader's own message may quote the file, credentials included: only its error code is said.
    const reason = (err as NodeJS.ErrnoException).code ?? 'not a kubeconfig netkb can read';
    throw new ClusterConfigError(`cannot read the kubeconfig${file ? ` ${file}` : ''} (${reason})`);
  }
  if (context !== undefined) {
    if (!kc.getContexts().some((c) => c.name === context))
      throw new ClusterConfigError(
        `no context ${context} in the kubeconfig (it has ${
          kc
            .getContexts()
            .map((c) => c.name)
            .join(', ') || 'none'
        })`,
      );
    kc.setCurrentContext(context);
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster?.server) throw new ClusterConfigError('the kubeconfig names no cluster server for the context');
  const base = new URL(cluster.server);
  return {
    server: cluster.server,
    context: kc.getCurrentContext(),
    async get(path: string): Promise<Answer> {
      const url = new URL(base.pathname.replace(/\/$/, '') + path, base);
      const options: RequestOptions = {
        method: 'GET',
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: { accept: 'application/json, text/plain;q=0.9' },
      };
      await kc.applyToHTTPSOptions(options);
      return new Promise<Answer>((resolve, reject) => {
        const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
    },
  };
}
