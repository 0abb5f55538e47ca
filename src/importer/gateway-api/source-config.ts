// seed/generated/gateway-api-source.yaml: what `netkb import gateway-api-source` reads from
// kubernetes-sigs/gateway-api (tag range, channels and their folders, the annotation naming the bundle).
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { z } from 'zod';

const tag = z.string().regex(/^v\d+\.\d+\.\d+$/, 'a release tag such as v1.2.0');

const gatewayApiSourceSchema = z.object({
  repository: z.url(),
  fromTag: tag,
  /** The newest tag read; null: every release tag from fromTag on. */
  toTag: tag.nullable().default(null),
  skipTags: z.array(z.object({ tag, reason: z.string().min(1) })).default([]),
  channels: z.array(z.object({ name: z.enum(['standard', 'experimental']), dir: z.string().min(1) })).min(1),
  bundleVersionAnnotation: z.string().min(1),
});
export type GatewayApiSource = z.infer<typeof gatewayApiSourceSchema>;

export class SourceConfigError extends Error {
  override readonly name = 'SourceConfigError';
}

export function readGatewayApiSource(file: string): GatewayApiSource {
  let data: unknown;
  try {
    data = load(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SourceConfigError(`${file}: cannot be read: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = gatewayApiSourceSchema.safeParse(data);
  if (!parsed.success)
    throw new SourceConfigError(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
