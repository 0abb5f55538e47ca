// ReferenceGrants: a Gateway's certificateRef to a Secret, or an HTTPRoute's backendRef to a Service, in
// another namespace is allowed only by a ReferenceGrant in the namespace referred to. One grant per target
// namespace and referring kind and namespace, listing every name it opens.
import { objectName } from './names';
import type { IngressView, ReferenceGrantDraft } from './types';

export const GATEWAY_GROUP = 'gateway.networking.k8s.io';

/**
 * The grants, each with the Ingress of its first reference. apiVersion is null when the bundle has no
 * ReferenceGrant: the objects are still made, for the bundle check to list them.
 */
export function referenceGrants(
  drafts: ReferenceGrantDraft[],
  apiVersion: string | null,
): { printed: { comment: string; object: Record<string, unknown> }; origin: IngressView }[] {
  const byKey = new Map<string, ReferenceGrantDraft[]>();
  for (const d of drafts) {
    const key = `${d.namespace}\n${d.fromGroup ?? GATEWAY_GROUP}\n${d.fromKind}\n${d.fromNamespace}`;
    byKey.set(key, [...(byKey.get(key) ?? []), d]);
  }
  return [...byKey.values()].map((group) => {
    const first = group[0];
    const to = new Map(group.map((d) => [`${d.toKind}/${d.toName}`, d]));
    const printed = {
      comment: `Lets ${[...new Set(group.map((d) => d.because))].join('; ')} refer to ${[...to.keys()].join(', ')} in namespace ${first.namespace}`,
      object: {
        apiVersion,
        kind: 'ReferenceGrant',
        metadata: {
          name: objectName(
            'from',
            first.fromNamespace,
            first.fromKind.toLowerCase().replace(/([^aeiou])y$/, '$1ie') + 's',
          ),
          namespace: first.namespace,
        },
        spec: {
          from: [{ group: first.fromGroup ?? GATEWAY_GROUP, kind: first.fromKind, namespace: first.fromNamespace }],
          to: [...to.values()].map((d) => ({ group: '', kind: d.toKind, name: d.toName })),
        },
      },
    };
    return { printed, origin: first.ingress };
  });
}
