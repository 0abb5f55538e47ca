// The YAML 1.2 core schema's plain scalars as the `yaml` package resolves them (the exact reader's schema):
// null, booleans, integers (decimal, 0o octal, 0x hex) and floats, else a string. js-yaml's own core schema
// also reads 0b101 as 5 and leaves -.5 a string; `yaml` does neither. The js-yaml schema built on these
// (yaml-core-schema.ts) and the line scanner's reader (yaml-line-index.ts) both resolve through here; this
// module loads no YAML library.

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT_DEC = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

// Every plain scalar is asked about every type: a look at the first character spares most of the regular
// expressions (most scalars are names and words).
const mayBeNull = (s: string) => s.length === 0 || '~nN'.includes(s[0]);
const mayBeBool = (s: string) => 'tTfF'.includes(s[0]);
const mayBeNumber = (s: string) => {
  const c = s.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46; // 0-9 + - .
};

export const isNull = (s: string) => mayBeNull(s) && NULL.test(s);
export const isBool = (s: string) => mayBeBool(s) && BOOL.test(s);
export const isInt = (s: string) => mayBeNumber(s) && (INT_OCT.test(s) || INT_DEC.test(s) || INT_HEX.test(s));
export const isFloat = (s: string) => mayBeNumber(s) && (FLOAT_SPECIAL.test(s) || FLOAT_EXP.test(s) || FLOAT.test(s));
export const toBool = (s: string) => s[0] === 't' || s[0] === 'T';
export const toInt = (s: string) =>
  INT_OCT.test(s) ? parseInt(s.slice(2), 8) : INT_HEX.test(s) ? parseInt(s.slice(2), 16) : parseInt(s, 10);
export const toFloat = (s: string) => {
  if (!FLOAT_SPECIAL.test(s)) return parseFloat(s);
  if (s.slice(-3).toLowerCase() === 'nan') return NaN;
  return s[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
};

/**
 * A plain scalar's value: the types in the order js-yaml asks them with YAML_CORE_SCHEMA (null, bool, int,
 * float), else the string.
 */
export function resolvePlain(s: string): null | boolean | number | string {
  if (isNull(s)) return null;
  if (isBool(s)) return toBool(s);
  if (isInt(s)) return toInt(s);
  if (isFloat(s)) return toFloat(s);
  return s;
}
