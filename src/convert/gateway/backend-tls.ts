// TLS to the backends: where an Ingress's backend protocol speaks TLS (its record's `backendTls`), each Service
// its routes send to (a canary's merged in too: ingress-nginx serves it with the main Ingress's protocol) gets a
// BackendTLSPolicy, in the Service's namespace, as a policy targets Services of its own namespace only.
//
// A BackendTLSPolicy always verifies the backend's certificate, with the CA of a ConfigMap (key ca.crt) and
// against its hostname, which it also sends as SNI (apis/v1/backendtlspolicy_types.go at v1.6.1); an invalid
// CA reference makes the Gateway answer 5xx. ingress-nginx verifies only with proxy-ssl-secret and
// proxy-ssl-verify "on", reads the CA from that Secret's ca.crt, sends SNI only with proxy-ssl-server-name "on",
// and reads none of the proxy-ssl annotations without the Secret (internal/ingress/annotations/proxyssl/main.go,
// nginx.tmpl at controller-v1.15.1). So the policy is written with what the Ingress says, and what the user
// must supply is listed BREAKING: the ConfigMap with the CA (netkb never copies a Secret's data, and a policy
// refers to ConfigMaps), and the hostname when the Ingress names none. Both fail closed until supplied: the
// Gateway refuses to speak to a backend it cannot verify, never the other way round.
import type { PathSegment } from '../../analysis';
import type { AnnotationUse, IngressSettings } from './annotations/settings';
import { objectName } from './names';
import type { PrintedObject } from './print';
import type { BackendTlsDraft, GatewayBundle, IngressView, Report, RouteDraft } from './types';

/** validation.hostname of the CRD (PreciseHostname): a lower-case DNS name without wildcard. */
const PRECISE_HOSTNAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

interface TlsOfIngress {
  secret: { use: AnnotationUse; namespace: string | null; name: string } | null;
  /** proxy-ssl-name, when it is a hostname the policy can hold. */
  hostname: string | null;
  verify: string | null;
  sni: string | null;
}

/** The BackendTLSPolicies of the routes made, each once per Service; what they need from the user is listed. */
export function backendTlsPolicies(
  routesOf: ReadonlyMap<IngressView, RouteDraft[]>,
  settings: ReadonlyMap<IngressView, IngressSettings>,
  schemesOf: (route: RouteDraft) => ReadonlySet<string>,
  report: Report,
): BackendTlsDraft[] {
  const policies = new Map<string, BackendTlsDraft>();
  const plain: { ingress: IngressView; key: string; service: string }[] = [];
  for (const [ingress, routes] of routesOf) {
    const s = settings.get(ingress)!;
    const served = servicesOf(routes);
    if (!speaksTls(ingress, s, routes, schemesOf, report)) {
      for (const [key, service] of served) plain.push({ ingress, key, service });
      for (const use of s.backendTls?.given.values() ?? [])
        report.change(
          ingress,
          use.line,
          `${use.name}: nothing to convert, the Ingress does not speak TLS to its backends (backend-protocol ${s.backendProtocol?.protocol.value ?? 'left at its default'})`,
        );
      continue;
    }
    const protocol = s.backendProtocol!;
    const tls = readTls(ingress, s, report);
    const made: BackendTlsDraft[] = [];
    for (const [key, service] of served) {
      const namespace = key.slice(0, key.indexOf('/')) || null;
      const draft: BackendTlsDraft = {
        name: objectName(service, 'backend-tls'),
        namespace,
        service,
        hostname: tls.hostname ?? (namespace ? `${service}.${namespace}.svc` : service),
        caConfigMap: tls.secret ? tls.secret.name : objectName(service, 'ca'),
        ingress,
      };
      const before = policies.get(key);
      if (before) {
        if (before.hostname !== draft.hostname || before.caConfigMap !== draft.caConfigMap)
          report.unconverted(
            ingress,
            'backend-tls-conflict',
            'BREAKING',
            protocol.use.path,
            `TLS to Service ${key} is not converted as this Ingress asks (hostname ${draft.hostname}, CA from ConfigMap ${draft.caConfigMap}): BackendTLSPolicy ${before.name} from Ingress ${before.ingress.name} already sets hostname ${before.hostname} and ConfigMap ${before.caConfigMap} for it, and a Service has one policy for every route.`,
          );
        continue;
      }
      policies.set(key, draft);
      made.push(draft);
      report.change(
        ingress,
        protocol.use.line,
        `${protocol.use.name}: ${protocol.use.value} -> BackendTLSPolicy ${draft.name} for Service ${key} (hostname ${draft.hostname}, CA from ConfigMap ${draft.caConfigMap})`,
      );
    }
    if (made.length > 0) reportNeeds(ingress, protocol.use, tls, made, report);
  }
  for (const p of plain) {
    const policy = policies.get(p.key);
    if (policy)
      report.unconverted(
        p.ingress,
        'backend-tls-conflict',
        'BREAKING',
        ['spec'],
        `Plain HTTP to Service ${p.key} is not converted: this Ingress speaks plain HTTP to it, but BackendTLSPolicy ${policy.name} (from Ingress ${policy.ingress.name}, which speaks TLS to it) makes the Gateway speak TLS to it for every route: the two cannot be converted together. Give the TLS port its own Service.`,
      );
  }
  return [...policies.values()];
}

/**
 * Whether the Ingress's routes speak TLS to their backends: the protocol's backendTls, or, for a protocol that
 * follows the client's scheme, whether every route that sends to a backend takes HTTPS requests only. Routes
 * taking both schemes cannot speak both to one Service: listed (the record's reason), and they speak plain HTTP.
 */
function speaksTls(
  ingress: IngressView,
  s: IngressSettings,
  routes: readonly RouteDraft[],
  schemesOf: (route: RouteDraft) => ReadonlySet<string>,
  report: Report,
): boolean {
  const protocol = s.backendProtocol;
  if (!protocol?.protocol.clientScheme) return protocol?.protocol.backendTls ?? false;
  const schemes = new Set(
    routes.filter((r) => r.rules.some((rule) => rule.backendRefs.length > 0)).flatMap((r) => [...schemesOf(r)]),
  );
  const head = `${protocol.use.name}: ${protocol.use.value}`;
  if (schemes.size === 0) {
    report.change(
      ingress,
      protocol.use.line,
      `${head}: no route of the Ingress sends to a backend, nothing to convert`,
    );
    return false;
  }
  if (schemes.size > 1) {
    report.unconverted(
      ingress,
      'annotation-not-converted',
      'BREAKING',
      protocol.use.path,
      `Annotation ${protocol.use.name} is not converted: ${protocol.protocol.reason?.replace(/\.+$/, '') ?? 'its routes take requests of both schemes'}. The Ingress's routes take requests over ${[...schemes].sort().join(' and ')}, and speak plain HTTP to the backends. The route cannot work as the Ingress did without it.`,
    );
    return false;
  }
  const tls = schemes.has('HTTPS');
  report.change(
    ingress,
    protocol.use.line,
    tls
      ? `${head}: every request the Ingress's routes send on came over HTTPS (plain HTTP is redirected), for which ingress-nginx spoke TLS to the backend: as backend-protocol HTTPS`
      : `${head}: every request the Ingress's routes send on comes over plain HTTP, for which ingress-nginx spoke plain HTTP to the backend; so do the routes`,
  );
  return tls;
}

/** The Services the routes send to, by "namespace/name" (namespace "" for an Ingress without one). */
function servicesOf(routes: readonly RouteDraft[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of routes)
    for (const rule of r.rules)
      for (const b of rule.backendRefs) out.set(`${b.namespace ?? r.namespace ?? ''}/${b.name}`, b.name);
  return out;
}

/** The TLS annotations of an Ingress, as ingress-nginx reads them; what it ignores is said in the changes. */
function readTls(ingress: IngressView, s: IngressSettings, report: Report): TlsOfIngress {
  const given = s.backendTls?.given ?? new Map<string, AnnotationUse>();
  const valueOf = (role: string) => given.get(role)?.value.trim() ?? s.backendTls?.defaults.get(role) ?? null;
  const secretUse = given.get('secret') ?? null;
  let secret: TlsOfIngress['secret'] = null;
  if (secretUse) {
    const parts = secretUse.value.trim().split('/');
    const name = parts[parts.length - 1];
    const namespace = parts.length === 2 ? parts[0] : null;
    if (parts.length > 2 || name === '') {
      report.unconverted(
        ingress,
        'backend-tls-secret',
        'BREAKING',
        secretUse.path,
        `Annotation ${secretUse.name} is not converted: ${JSON.stringify(secretUse.value)} is not namespace/name, and ingress-nginx denies every path of the Ingress for it (answers 503).`,
      );
    } else {
      secret = { use: secretUse, namespace, name };
      if (namespace === null || namespace !== ingress.namespace)
        report.unconverted(
          ingress,
          'backend-tls-secret',
          'BREAKING',
          secretUse.path,
          `Annotation ${secretUse.name} is not converted as written: ${namespace === null ? `ingress-nginx takes it only as namespace/name, and denies every path of the Ingress (answers 503) for ${JSON.stringify(secretUse.value)}` : `ingress-nginx refuses a Secret of another namespace than the Ingress's (unless its ConfigMap's allow-cross-namespace-resources is "true") and then denies every path of the Ingress (answers 503)`}. The BackendTLSPolicy reads it as the Secret ${name} of the Service's namespace, as a policy refers only to ConfigMaps of its own.`,
        );
    }
  }
  const nameUse = given.get('hostname');
  let hostname: string | null = null;
  if (nameUse) {
    const value = nameUse.value.trim().toLowerCase();
    if (PRECISE_HOSTNAME.test(value)) hostname = value;
    else
      report.unconverted(
        ingress,
        'annotation-not-converted',
        'WARNING',
        nameUse.path,
        `Annotation ${nameUse.name} is not converted: ${JSON.stringify(nameUse.value)} is not a host name a BackendTLSPolicy's validation.hostname can hold (a DNS name without wildcard).`,
      );
  }
  for (const [role, use] of given) {
    if (role === 'secret' || (role === 'hostname' && hostname === null)) continue;
    if (!secret) {
      report.change(
        ingress,
        use.line,
        `${use.name}: ingress-nginx reads it only with proxy-ssl-secret${role === 'hostname' ? `; the BackendTLSPolicy's hostname (${hostname}) takes it all the same, as the name the backend's certificate is checked against` : ', and so it did nothing; the BackendTLSPolicy verifies and sends SNI whatever it says'}`,
      );
      continue;
    }
    if (role === 'hostname')
      report.change(
        ingress,
        use.line,
        `${use.name}: ${hostname} -> the BackendTLSPolicy's validation.hostname, checked against the backend's certificate and sent as SNI`,
      );
  }
  const verify = secret ? valueOf('verify') : null;
  const sni = secret ? valueOf('sni') : null;
  if (secret && sni !== 'on')
    report.change(
      ingress,
      given.get('sni')?.line ?? secret.use.line,
      `${given.get('sni')?.name ?? 'proxy-ssl-server-name left out'}: ${sni ?? 'off'}: ingress-nginx sent no SNI to the backend; a BackendTLSPolicy always sends its hostname as SNI`,
    );
  if (verify === 'on' && given.get('verify'))
    report.change(
      ingress,
      given.get('verify')!.line,
      `${given.get('verify')!.name}: on -> the BackendTLSPolicy verifies the backend's certificate, as it always does`,
    );
  return { secret, hostname, verify, sni };
}

/** What the user must supply for the policies made for one Ingress, listed where the Ingress asks for them. */
function reportNeeds(
  ingress: IngressView,
  protocol: AnnotationUse,
  tls: TlsOfIngress,
  made: readonly BackendTlsDraft[],
  report: Report,
): void {
  const names = `${made.length === 1 ? 'BackendTLSPolicy' : 'BackendTLSPolicies'} ${made.map((d) => d.name).join(', ')}`;
  const verifies = made.length === 1 ? 'verifies' : 'verify';
  const configMaps = [...new Set(made.map((d) => `${d.namespace ? `${d.namespace}/` : ''}${d.caConfigMap}`))];
  const until = `until ${configMaps.length === 1 ? 'it exists' : 'they exist'} the Gateway refuses to connect to the backend and answers 5xx`;
  const at: PathSegment[] = tls.secret ? tls.secret.use.path : protocol.path;
  report.unconverted(
    ingress,
    'backend-tls-ca',
    'BREAKING',
    at,
    tls.secret
      ? `The CA of ${tls.secret.use.name} is not converted: ${names} ${verifies} the backend's certificate with the ca.crt of ConfigMap ${configMaps.join(', ')}, which you must create from the ca.crt of the Secret ${tls.secret.name} (netkb never copies a Secret's data; a policy refers to ConfigMaps); ${until}.${tls.verify === 'on' ? '' : ` ingress-nginx did not verify the backend's certificate (proxy-ssl-verify ${tls.verify ?? 'off'}), the policy does: check that the CA signed it and that it carries the policy's hostname.`}`
      : `TLS to the backend is not converted as it was: ingress-nginx did not verify the backend's certificate (no proxy-ssl-secret), and a BackendTLSPolicy always does. ${names} ${made.length === 1 ? 'refers' : 'refer'} to ConfigMap ${configMaps.join(', ')}, which you must create with the CA that signed the backend's certificate under the key ca.crt (or, for a certificate of a public CA, replace caCertificateRefs by wellKnownCACertificates: System where your implementation supports it); ${until}.`,
  );
  if (tls.hostname === null)
    report.unconverted(
      ingress,
      'backend-tls-hostname',
      'BREAKING',
      protocol.path,
      `The host name of the backend's certificate is not converted: the Ingress names none (proxy-ssl-name), and a BackendTLSPolicy needs one to verify the certificate and send as SNI. ${names} ${made.length === 1 ? 'assumes' : 'assume'} the Service's name in the cluster (${made.map((d) => d.hostname).join(', ')}): set it to a name the backend's certificate carries, or the Gateway refuses to connect.`,
    );
  if (tls.secret)
    report.unconverted(
      ingress,
      'backend-client-certificate',
      'WARNING',
      tls.secret.use.path,
      `The client certificate of ${tls.secret.use.name} is not converted: where the Secret ${tls.secret.name} holds tls.crt and tls.key, ingress-nginx presented them to the backend; a BackendTLSPolicy presents none, and the Gateway's spec.tls.backend.clientCertificateRef would present one certificate to every backend of the Gateway, so netkb sets none. A backend that requires a client certificate refuses the Gateway: configure one with your implementation's own policy.`,
    );
}

export function backendTlsObject(d: BackendTlsDraft, bundle: GatewayBundle, comment: string): PrintedObject {
  return {
    comment,
    object: {
      apiVersion: bundle.apiVersion('BackendTLSPolicy'),
      kind: 'BackendTLSPolicy',
      metadata: { name: d.name, ...(d.namespace ? { namespace: d.namespace } : {}) },
      spec: {
        targetRefs: [{ group: '', kind: 'Service', name: d.service }],
        validation: {
          caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: d.caConfigMap }],
          hostname: d.hostname,
        },
      },
    },
  };
}
