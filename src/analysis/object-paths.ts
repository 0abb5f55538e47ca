// Walking objects by the dot paths the knowledge base uses ("spec.ports[].appProtocol"), and finding
// the Pod specs an object carries (itself, or the Pod template of a workload, per kinds.yaml).
import { isPlainObject, type ManifestObject, type PathSegment } from './manifest';
import type { AnalysisKb } from './types';

/** Every concrete location of a dot path in a value: "a[].b" yields ["a", 0, "b"], ["a", 1, "b"] where present. */
export function locate(value: unknown, dotPath: string, prefix: PathSegment[] = []): { path: PathSegment[]; value: unknown }[] {
  const steps = dotPath.split('.');
  let current: { path: PathSegment[]; value: unknown }[] = [{ path: prefix, value }];
  for (const step of steps) {
    const isList = step.endsWith('[]');
    const key = isList ? step.slice(0, -2) : step;
    const next: { path: PathSegment[]; value: unknown }[] = [];
    for (const c of current) {
      if (!isPlainObject(c.value) || !(key in c.value)) continue;
      const v = c.value[key];
      if (isList) {
        if (Array.isArray(v)) v.forEach((item, i) => next.push({ path: [...c.path, key, i], value: item }));
      } else {
        next.push({ path: [...c.path, key], value: v });
      }
    }
    current = next;
  }
  return current.filter((c) => c.value !== undefined && c.value !== null);
}

export function valueAt(value: unknown, path: PathSegment[]): unknown {
  let v: unknown = value;
  for (const p of path) {
    if (typeof p === 'number') v = Array.isArray(v) ? v[p] : undefined;
    else v = isPlainObject(v) ? v[p] : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

export function toSegments(dotPath: string): PathSegment[] {
  return dotPath.split('.');
}

/** A Pod as it appears in an object: the Pod itself, or a workload's template (metadata + spec). */
export interface PodLocation {
  /** Path of the Pod-shaped value: [] for a Pod, ["spec", "template"] for a Deployment. */
  at: PathSegment[];
  pod: Record<string, unknown>;
}

export function podsIn(object: ManifestObject, kb: AnalysisKb): PodLocation[] {
  if (object.kind === 'Pod') return [{ at: [], pod: object.value }];
  const info = kb.kinds.find((k) => k.kind === object.kind);
  if (!info?.podTemplate) return [];
  const at = toSegments(info.podTemplate);
  const pod = valueAt(object.value, at);
  return isPlainObject(pod) ? [{ at, pod }] : [];
}
