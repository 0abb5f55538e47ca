// The "Load an example" manifest: objects written for a 1.14/1.15 cluster, so the check has work to do.
export const EXAMPLE_MANIFEST = `# An ingress controller and a kube-proxy DaemonSet as a 1.14 cluster ran them
apiVersion: extensions/v1beta1
kind: Deployment
metadata:
  name: ingress-controller
  namespace: ingress
spec:
  replicas: 2
  template:
    metadata:
      labels:
        app: ingress-controller
    spec:
      nodeSelector:
        beta.kubernetes.io/os: linux
      containers:
        - name: controller
          image: example.org/ingress-controller:0.25
---
apiVersion: extensions/v1beta1
kind: Ingress
metadata:
  name: shop
  namespace: shop
  annotations:
    kubernetes.io/ingress.class: nginx
spec:
  backend:
    serviceName: shop
    servicePort: 80
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: kube-proxy
  namespace: kube-system
spec:
  selector:
    matchLabels:
      k8s-app: kube-proxy
  template:
    metadata:
      labels:
        k8s-app: kube-proxy
    spec:
      containers:
        - name: kube-proxy
          image: registry.k8s.io/kube-proxy:v1.14.10
          command:
            - /usr/local/bin/kube-proxy
            - --conntrack-max=131072
            - --cleanup-iptables=false
            - --feature-gates=SCTPSupport=true
`;
