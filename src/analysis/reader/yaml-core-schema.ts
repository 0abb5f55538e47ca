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

const nullType = new Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (s: string) => mayBeNull(s) && NULL.test(s),
  construct: () => null,
  predicate: (v: unknown) => v === null,
});

const boolType = new Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (s: string) => mayBeBool(s) && BOOL.test(s),
  construct: (s: string) => s[0] === 't' || s[0] === 'T',
  predicate: (v: unknown) => typeof v === 'boolean',
});

const intType = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (s: string) => mayBeNumber(s) && (INT_OCT.test(s) || INT_DEC.test(s) || INT_HEX.test(s)),
  construct: (s: string) =>
    INT_OCT.test(s) ? parseInt(s.slice(2), 8) : INT_HEX.test(s) ? parseInt(s.slice(2), 16) : parseInt(s, 10),
  predicate: (v: unknown) => typeof v === 'number' && Number.isInteger(v),
});

const floatType = new Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (s: string) => mayBeNumber(s) && (FLOAT_SPECIAL.test(s) || FLOAT_EXP.test(s) || FLOAT.test(s)),
  construct: (s: string) => {
    if (!FLOAT_SPECIAL.test(s)) return parseFloat(s);
    if (s.slice(-3).toLowerCase() === 'nan') return NaN;
    return s[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  },
  predicate: (v: unknown) => typeof v === 'number',
});

export const YAML_CORE_SCHEMA: Schema = FAILSAFE_SCHEMA.extend({ implicit: [nullType, boolType, intType, floatType] });
