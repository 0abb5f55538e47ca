// The conversion transforms written in code: rewrites that field moves cannot express. An api-versions
// record's conversion names one by its id (`- transform: endpointslice-topology`); the engine knows none
// of them by name, and the seed loader refuses a name that is not registered here.
import { endpointSliceTopology } from './endpointslice-topology';
import type { Transform } from './transform';

export type { Transform } from './transform';

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
