// seed/generated/envoy-gateway-source.yaml: what `netkb import envoy-gateway-source` reads from
// envoyproxy/gateway (tag range, the folders the release's CRDs may be in, the policy kinds kept).
import { z } from 'zod';
import { readSourceFile } from '../source-file';

const tag = z.string().regex(/^v\d+\.\d+\.\d+$/, 'a release tag such as v1.2.0');

const envoyGatewaySourceSchema = z.object({
  repository: z.url(),
  fromTag: tag,
  toTag: tag.nullable().default(null),
  skipTags: z.array(z.object({ tag, reason: z.string().min(1) })).default([]),
  /** The first of these folders that holds YAML files at a tag is read. */
  crdDirs: z.array(z.string().min(1)).min(1),
  kinds: z.array(z.string().min(1)).min(1),
});
export type EnvoyGatewaySource = z.infer<typeof envoyGatewaySourceSchema>;

export function readEnvoyGatewaySource(file: string): EnvoyGatewaySource {
  return readSourceFile(file, envoyGatewaySourceSchema);
}
