// The Services of the input, for the named ports of Ingress backends: an HTTPRoute backendRef needs the
// Service port's number, and an Ingress backend may name the port instead (service.port.name). As in
// Kubernetes' Ingress API, the name is that of a port of the Service (spec.ports[].name) in the Ingress's
// namespace, and the number is that port's `port` (not its targetPort). A Service without namespace matches an
// Ingress without one. A Service given twice counts as the last one, as applying the file would leave it.
import type { ManifestObject, PathSegment } from '../../analysis';
import { isRecord, recordsOf } from './values';
import type { IngressView, Report } from './types';

interface ServicePort {
  name: string;
  port: number;
  /** The line of the port's name in the input. */
  line: number;
}

interface ServiceView {
  label: string;
  ports: ServicePort[];
}

const key = (namespace: string | null, name: string) => `${namespace ?? ''}/${name}`;

export class ServicePorts {
  private readonly services = new Map<string, ServiceView>();

  constructor(
    objects: readonly ManifestObject[],
    /** Where a resolved port is said: the conversion's own report, also while a canary's rules are read quietly. */
    private readonly report: Report,
  ) {
    for (const o of objects) {
      if (o.kind !== 'Service' || o.apiVersion !== 'v1' || o.name === null) continue;
      const spec = isRecord(o.value.spec) ? o.value.spec : {};
      const ports = recordsOf(spec.ports).flatMap(([p, i]) =>
        typeof p.name === 'string' && typeof p.port === 'number'
          ? [{ name: p.name, port: p.port, line: o.lineOf(['spec', 'ports', i, 'name']) }]
          : [],
      );
      this.services.set(key(o.namespace, o.name), {
        label: `${o.namespace ? `${o.namespace}/` : ''}${o.name} (line ${o.line})`,
        ports,
      });
    }
  }

  /**
   * The number of the port `portName` of the Service `service` of the Ingress's namespace, said as a change at
   * `at` (the backend's port name); null when the input cannot give it, listed (named-port, BREAKING) with why.
   */
  numberOf(ingress: IngressView, service: string, portName: string, at: PathSegment[]): number | null {
    const found = this.services.get(key(ingress.namespace, service));
    const port = found?.ports.find((p) => p.name === portName);
    if (found && port) {
      this.report.change(
        ingress,
        ingress.lineOf(at),
        `backend ${service} port ${portName} -> port ${port.port}: Service ${found.label} names its port ${port.port} ${portName} (line ${port.line})`,
      );
      return port.port;
    }
    const fullName = `${ingress.namespace ? `${ingress.namespace}/` : ''}${service}`;
    const why = found
      ? `Service ${found.label} has no port named ${portName}${found.ports.length > 0 ? ` (its named ports: ${found.ports.map((p) => `${p.name} ${p.port}`).join(', ')})` : ''}`
      : `the input holds no Service ${fullName} to resolve the name from`;
    this.report.unconverted(
      ingress,
      'named-port',
      'BREAKING',
      at,
      `The backend ${service} port ${portName} is not converted: an HTTPRoute backendRef needs the port number, and ${why}; write the number${found ? '' : ', or add the Service to the input'}.`,
    );
    return null;
  }
}
