// seed/generated/gateway-api-source.yaml: what `netkb import gateway-api-source` reads from
// kubernetes-sigs/gateway-api (tag range, channels and their folders, the annotation naming the bundle).
import { z } from 'zod';
import { readSourceFile, SourceConfigError } from '../source-file';

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

export { SourceConfigError };

export function readGatewayApiSource(file: string): GatewayApiSource {
  return readSourceFile(file, gatewayApiSourceSchema);
}
