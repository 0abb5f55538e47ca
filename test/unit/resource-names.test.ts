// The resource names RBAC rules use, guessed from kinds as Kubernetes' default REST mapper does
// (UnsafeGuessKindToResource in k8s.io/apimachinery/pkg/api/meta/restmapper.go).
import { resourceOfKind } from '../../src/kb/resource-names';

describe('resourceOfKind', () => {
  it.each([
    ['Deployment', 'deployments'],
    ['Ingress', 'ingresses'],
    ['NetworkPolicy', 'networkpolicies'],
    ['PodSecurityPolicy', 'podsecuritypolicies'],
    ['Endpoints', 'endpoints'],
    ['EndpointSlice', 'endpointslices'],
    ['Service', 'services'],
    ['', ''],
  ])('%s -> %s', (kind, resource) => {
    expect(resourceOfKind(kind)).toBe(resource);
  });
});
