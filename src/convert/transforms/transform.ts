// What a conversion transform written in code is: the registry (index.ts) and each transform share it.
import type { YAMLMap } from 'yaml';
import type { PathSegment } from '../../analysis';

export interface Transform {
  /** The id a conversion step names. */
  name: string;
  description: string;
  /** Why the object cannot be converted (it is then left as it was), or null. */
  refuse(object: YAMLMap): string | null;
  /** Rewrites the object; returns where and what, per change made. */
  apply(object: YAMLMap): { path: PathSegment[]; text: string; node?: unknown }[];
}
