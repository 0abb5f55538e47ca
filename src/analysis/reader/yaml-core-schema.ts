// A js-yaml schema that resolves plain scalars exactly as the `yaml` package's YAML 1.2 core schema
// does (the exact reader's schema), so the fast reader and the exact reader give the same values:
// js-yaml's own core schema also reads 0b101 as 5 and leaves -.5 a string; `yaml` does neither.
import { FAILSAFE_SCHEMA, Type, type Schema } from 'js-yaml';
import { isBool, isFloat, isInt, isNull, toBool, toFloat, toInt } from './core-scalars';

const nullType = new Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: isNull,
  construct: () => null,
  predicate: (v: unknown) => v === null,
});

const boolType = new Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: isBool,
  construct: toBool,
  predicate: (v: unknown) => typeof v === 'boolean',
});

const intType = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: isInt,
  construct: toInt,
  predicate: (v: unknown) => typeof v === 'number' && Number.isInteger(v),
});

const floatType = new Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: isFloat,
  construct: toFloat,
  predicate: (v: unknown) => typeof v === 'number',
});

export const YAML_CORE_SCHEMA: Schema = FAILSAFE_SCHEMA.extend({ implicit: [nullType, boolType, intType, floatType] });
