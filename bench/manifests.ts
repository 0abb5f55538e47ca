// The generated manifests of the analysis benchmark: a realistic mix of Deployments, Services, Ingresses,
// NetworkPolicies and DaemonSets carrying kube-proxy arguments, repeated to the wanted object count; and a
// cluster dump as `kubectl get -o yaml` prints it, live objects and Helm release Secrets.
import { dump } from 'js-yaml';
import { releaseSecret } from '../test/support/helm-release';

export function manifest(objects: number): string {
  const kinds = [
    (i: number) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web-${i}, namespace: shop}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      nodeSelector: {failure-domain.beta.kubernetes.io/zone: a}\n      containers: [{name: web, image: nginx}]\n`,
    (i: number) =>
      `apiVersion: v1\nkind: Service\nmetadata: {name: svc-${i}}\nspec:\n  ipFamily: IPv4\n  ports: [{port: 80, appProtocol: http}]\n`,
    (i: number) =>
      `apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: in-${i}}\nspec: {backend: {serviceName: s, servicePort: 80}}\n`,
    (i: number) =>
      `apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: np-${i}}\nspec: {podSelector: {}}\n`,
    (i: number) =>
      `apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: kp-${i}, namespace: kube-system}\nspec:\n  selector: {matchLabels: {k: p}}\n  template:\n    metadata: {labels: {k: p}}\n    spec:\n      containers:\n        - name: kube-proxy\n          image: registry.k8s.io/kube-proxy:v1.15.0\n          command: [kube-proxy, --conntrack-max=0, --proxy-mode=ipvs, --feature-gates=SCTPSupport=true]\n`,
  ];
  return Array.from({ length: objects }, (_, i) => kinds[i % kinds.length](i)).join('---\n');
}

/**
 * A `kubectl get deployments,secrets -A -o yaml` List: `objects` live Deployments (every other one with a
 * last-applied configuration, every fourth of those applied as extensions/v1beta1) and `releases` Helm release
 * Secrets (deployed, five objects each, one a policy/v1beta1 PodDisruptionBudget). With `current`, every
 * last-applied configuration is apps/v1: the findings (the releases' PodDisruptionBudgets) do not grow with the objects.
 */
export function clusterDump(objects: number, releases: number, current = false): string {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < objects; i++) {
    const name = `web-${i}`;
    const namespace = `ns-${i % 50}`;
    const template = {
      metadata: { labels: { app: name } },
      spec: { containers: [{ name: 'web', image: 'nginx:1.19' }] },
    };
    const applied = {
      apiVersion: i % 4 === 0 && !current ? 'extensions/v1beta1' : 'apps/v1',
      kind: 'Deployment',
      metadata: { name, namespace },
      spec: { replicas: 2, template },
    };
    items.push({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name,
        namespace,
        uid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        resourceVersion: String(1000 + i),
        ...(i % 2 === 0
          ? { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(applied) } }
          : {}),
      },
      spec: { replicas: 2, selector: { matchLabels: { app: name } }, template },
    });
  }
  const manifest = (r: number) =>
    Array.from(
      { length: 5 },
      (_, k) =>
        `---\n# Source: app/templates/t${k}.yaml\n` +
        (k === 0
          ? `apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata:\n  name: app-${r}\nspec:\n  minAvailable: 1\n`
          : `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-${r}-${k}\ndata:\n  key: value\n`),
    ).join('');
  for (let r = 0; r < releases; r++)
    items.push(
      releaseSecret({
        name: `app-${r}`,
        namespace: `ns-${r % 50}`,
        revision: 1,
        status: 'deployed',
        chart: { name: 'app', version: '1.0.0' },
        manifest: manifest(r),
      }),
    );
  return dump({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, { lineWidth: -1 });
}
