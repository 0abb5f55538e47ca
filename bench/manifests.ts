// The generated manifests of the analysis benchmark: a realistic mix of Deployments, Services, Ingresses,
// NetworkPolicies and DaemonSets carrying kube-proxy arguments, repeated to the wanted object count.

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
