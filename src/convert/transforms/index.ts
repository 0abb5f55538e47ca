// The conversion transforms written in code: rewrites that field moves cannot express. An api-versions
// record's conversion names one by its id (`- transform: endpointslice-topology`); the engine knows none
// of them by name, and the seed loader refuses a name that is not registered here.
import type { YAMLMap } from 'yaml';
import type { PathSegment } from '../../analysis';
import { endpointSliceTopology } from './endpointslice-topology';

export interface Transform {
  /** The id a conversion step names. */
  name: string;
  description: string;
  /** Why the object cannot be converted (it is then left as it was), or null. */
  refuse(object: YAMLMap): string | null;
  /** Rewrites the object; returns where and what, per change made. */
  apply(object: YAMLMap): { path: PathSegment[]; text: string; node?: unknown }[];
}

const TRANSFORMS: ReadonlyMap<string, Transform> = new Map([endpointSliceTopology].map((t) => [t.name, t]));

export function transform(name: string): Transform | undefined {
  return TRANSFORMS.get(name);
}

export function isTransform(name: string): boolean {
  return TRANSFORMS.has(name);
}

export function transformNames(): string[] {
  return [...TRANSFORMS.keys()].sort();
}
