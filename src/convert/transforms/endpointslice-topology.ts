// EndpointSlice discovery.k8s.io/v1beta1 -> v1: each endpoint's `topology` map is split into the v1
// fields: the hostname label becomes `nodeName`, the zone label becomes `zone`, and what remains goes to
// `deprecatedTopology`, which v1 keeps for reading only (the API server does not take writes to it).
import { isMap, Pair, Scalar, YAMLMap } from 'yaml';
import { pathText } from '../../analysis/engine/findings';
import { getEntry, holdersOf, keyOf, removeKey } from '../nodes';
import type { Transform } from './transform';

// Label keys, not API knowledge: the two topology labels v1 turned into fields.
const FIELD_FOR_LABEL: Record<string, string> = {
  'kubernetes.io/hostname': 'nodeName',
  'topology.kubernetes.io/zone': 'zone',
};

export const endpointSliceTopology: Transform = {
  name: 'endpointslice-topology',
  description:
    'Splits endpoints[].topology into endpoints[].nodeName, endpoints[].zone and endpoints[].deprecatedTopology.',
  refuse(object) {
    for (const { map } of holdersOf(object, 'endpoints[].topology')) {
      const topology = getEntry(map, 'topology')?.value;
      if (topology !== undefined && topology !== null && !isMap(topology))
        return "an endpoint's topology is not a map of labels";
    }
    return null;
  },
  apply(object) {
    const done: { path: (string | number)[]; text: string; node?: unknown }[] = [];
    holdersOf(object, 'endpoints[].topology').forEach(({ map, path }) => {
      const topologyPair = getEntry(map, 'topology');
      const topology = topologyPair?.value;
      if (!isMap(topology)) return;
      const rest = new YAMLMap();
      const moved: string[] = [];
      for (const pair of topology.items as Pair[]) {
        const label = keyOf(pair);
        const field = label ? FIELD_FOR_LABEL[label] : undefined;
        if (field && !getEntry(map, field)) {
          map.items.push(new Pair(new Scalar(field), pair.value));
          moved.push(`${label} -> ${field}`);
        } else {
          rest.items.push(pair);
        }
      }
      removeKey(map, 'topology');
      if (rest.items.length > 0) map.items.push(new Pair(new Scalar('deprecatedTopology'), rest));
      const kept =
        rest.items.length > 0
          ? `; ${rest.items.length} other label(s) kept in deprecatedTopology, which v1 only reports and does not accept in writes`
          : '';
      done.push({
        path: [...path, 'topology'],
        node: topologyPair?.key,
        text: `${pathText([...path, 'topology'])} split: ${moved.join(', ') || 'no hostname or zone label'}${kept}.`,
      });
    });
    return done;
  },
};
