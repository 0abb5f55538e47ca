// Reads the metric declarations of a Kubernetes Go file: every `metrics.XxxOpts{...}` (component-base's
// wrappers around Prometheus), with Namespace, Subsystem and Name resolved to the exported name
// (the non-empty parts joined by "_", as Prometheus does) and the stability and deprecation it declares.

interface DeclaredMetric {
  /** The exported name: Namespace_Subsystem_Name. */
  name: string;
  /** The Name field alone, as people often write the metric without its prefix. */
  bare: string;
  stability: string | null;
  /** DeprecatedVersion as declared ("1.30.0" becomes "1.30"). */
  deprecatedIn: string | null;
}

export function readDeclaredMetrics(goSource: string): DeclaredMetric[] {
  const consts = new Map<string, string>();
  for (const m of goSource.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*)\s*(?:string\s*)?=\s*"([^"]*)"/g))
    consts.set(m[1], m[2]);
  const value = (body: string, field: string): string | null => {
    const m = new RegExp(`\\b${field}:\\s*("([^"]*)"|[A-Za-z_][A-Za-z0-9_.]*)`).exec(body);
    if (!m) return null;
    if (m[2] !== undefined) return m[2];
    const id = m[1].split('.').pop()!;
    return consts.get(id) ?? null;
  };
  const out: DeclaredMetric[] = [];
  for (const m of goSource.matchAll(
    /\b(?:metrics|prometheus)\.(?:Counter|Gauge|Histogram|Summary|TimingHistogram)Opts\s*\{/g,
  )) {
    const open = m.index! + m[0].length - 1;
    let depth = 0,
      end = open;
    for (let i = open; i < goSource.length; i++) {
      if (goSource[i] === '{') depth++;
      else if (goSource[i] === '}' && --depth === 0) {
        end = i;
        break;
      }
    }
    const body = goSource.slice(open + 1, end);
    const name = value(body, 'Name');
    if (!name) continue;
    const full = [value(body, 'Namespace'), value(body, 'Subsystem'), name].filter((p) => p).join('_');
    const stability = /StabilityLevel:\s*metrics\.([A-Z_]+)/.exec(body);
    const deprecated = /DeprecatedVersion:\s*"(\d+)\.(\d+)(?:\.\d+)?"/.exec(body);
    out.push({
      name: full,
      bare: name,
      stability: stability ? stability[1] : null,
      deprecatedIn: deprecated ? `${deprecated[1]}.${deprecated[2]}` : null,
    });
  }
  return out;
}
