// js-yaml's load with the core schema: what the fast reader uses for documents the line scanner does not
// read itself (readBlockYaml). Loaded through manifest.ts only when such a document comes: a `netkb check`
// of block-style manifests does not pay for loading js-yaml.
import { load } from 'js-yaml';
import { YAML_CORE_SCHEMA } from './yaml-core-schema';

/** One document's value, as js-yaml loads it with YAML_CORE_SCHEMA (duplicate keys: the last wins). */
export function loadDocument(source: string): unknown {
  return load(source, { schema: YAML_CORE_SCHEMA, json: true });
}
