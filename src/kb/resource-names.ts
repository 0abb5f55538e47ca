// The resource name of a kind, as RBAC rules and REST paths write it ("Ingress" -> "ingresses"). The records
// hold kinds, not resources; this is the guess Kubernetes' own default REST mapper makes, UnsafeGuessKindToResource
// in k8s.io/apimachinery/pkg/api/meta/restmapper.go
// (https://github.com/kubernetes/kubernetes/blob/master/staging/src/k8s.io/apimachinery/pkg/api/meta/restmapper.go):
// lower-case the kind; a name ending in "endpoints" stays as it is; a trailing "s" gets "es", a trailing "y"
// becomes "ies"; anything else gets "s". Pure.

// restmapper.go's unpluralizedSuffixes.
const UNPLURALIZED_SUFFIXES = ['endpoints'];

/** The lower-case plural resource name Kubernetes' default REST mapper guesses for `kind`. */
export function resourceOfKind(kind: string): string {
  if (kind.length === 0) return '';
  const singular = kind.toLowerCase();
  if (UNPLURALIZED_SUFFIXES.some((s) => singular.endsWith(s))) return singular;
  if (singular.endsWith('s')) return `${singular}es`;
  if (singular.endsWith('y')) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}
