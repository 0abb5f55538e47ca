// A js-yaml schema that resolves plain scalars exactly as the `yaml` package's YAML 1.2 core schema
// does (the exact reader's schema), so the fast reader and the exact reader give the same values:
// js-yaml's own core schema also reads 0b101 as 5 and leaves -.5 a string; `yaml` does neither.
import { FAILSAFE_SCHEMA, Type, type Schema } from 'js-yaml';

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT_DEC = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

// js-yaml asks every implicit type about every plain scalar: a look at the first character spares most
// of the regular expressions (most scalars are names and words).
const mayBeNull = (s: string) => s.length === 0 || '~nN'.includes(s[0]);
const mayBeBool = (s: string) => 'tTfF'.includes(s[0]);
const mayBeNumber = (s: string) => {
  const c = s.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46; // 0-9 + - .
};

const isNull = (s: string) => mayBeNull(s) && NULL.test(s);
const isBool = (s: string) => mayBeBool(s) && BOOL.test(s);
const isInt = (s: string) => mayBeNumber(s) && (INT_OCT.test(s) || INT_DEC.test(s) || INT_HEX.test(s));
const isFloat = (s: string) => mayBeNumber(s) && (FLOAT_SPECIAL.test(s) || FLOAT_EXP.test(s) || FLOAT.test(s));
const toBool = (s: string) => s[0] === 't' || s[0] === 'T';
const toInt = (s: string) =>
  INT_OCT.test(s) ? parseInt(s.slice(2), 8) : INT_HEX.test(s) ? parseInt(s.slice(2), 16) : parseInt(s, 10);
const toFloat = (s: string) => {
  if (!FLOAT_SPECIAL.test(s)) return parseFloat(s);
  if (s.slice(-3).toLowerCase() === 'nan') return NaN;
  return s[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
};

/**
 * A plain scalar's value under this schema, as js-yaml resolves it with YAML_CORE_SCHEMA: the implicit types
 * in the schema's order (null, bool, int, float), else the string (the line scanner's reader uses it).
 */
export function resolvePlain(s: string): null | boolean | number | string {
  if (isNull(s)) return null;
  if (isBool(s)) return toBool(s);
  if (isInt(s)) return toInt(s);
  if (isFloat(s)) return toFloat(s);
  return s;
}

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
