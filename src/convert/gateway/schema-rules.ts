// The CEL rules of the chosen bundle's CRDs (x-kubernetes-validations), held against every object before it is
// written, as the API server holds them on create: the schema's defaults are filled in first (a backendRef's
// kind, an HTTPRoute rule's matches), then every rule of every node the object has is evaluated with `self`
// bound to that node. Transition rules (those naming oldSelf) apply to updates only and are not evaluated for a
// create. The evaluator is @bufbuild/cel (docs/gateway-migration.md says why) with the functions of Kubernetes'
// CEL libraries the Gateway API rules use; a rule that names a function it lacks is never passed silently: the
// caller lists it as not evaluated.
import { celEnv, celFunc, CelScalar, isCelError, parse, plan } from '@bufbuild/cel';
import type { CelEnv } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { isIP as nodeIsIP } from 'node:net';
import type { GatewayApiCelRule } from '../../kb/model';
import type { SchemaNodeChecks } from './types';

/** A rule compiled once per process: a program, a transition rule (not for a create), or why it cannot run. */
type CompiledRule =
  | { kind: 'program'; id: number; run: (self: unknown) => unknown }
  | { kind: 'transition' }
  | { kind: 'not-evaluated'; reason: string };

/** What holding an object against its rules found: a rule it breaks, or one that could not be evaluated. */
interface RuleOutcome {
  kind: 'violated' | 'not-evaluated';
  rule: GatewayApiCelRule;
  /** The node the rule is on, e.g. spec.rules[0].filters. */
  path: string;
  /** Why the rule was not evaluated, or the evaluator's error when its evaluation failed. */
  detail: string | null;
}

/**
 * isIP of Kubernetes' IP library (k8s.io/apiserver pkg/cel/library/ip.go): an IPv4 or IPv6 address, without a
 * zone, not IPv4-mapped, no leading zeros in an IPv4 octet (node's isIP refuses those too).
 */
function isIP(s: string): boolean {
  if (s.includes('%')) return false;
  const family = nodeIsIP(s);
  if (family === 4) return true;
  if (family !== 6) return false;
  // The URL parser writes an IPv6 address in its canonical form: an IPv4-mapped one as ::ffff:hhhh:hhhh.
  return !/^\[::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}\]$/.test(new URL(`http://[${s}]`).hostname);
}

let env: CelEnv | null = null;
function celEnvironment(): CelEnv {
  // The strings extension is cel-go's, which Kubernetes enables (split, substring, lowerAscii, ...).
  env ??= celEnv({ funcs: [...strings, celFunc('isIP', [CelScalar.STRING], CelScalar.BOOL, isIP)] });
  return env;
}

/** Calls the planner evaluates itself rather than through a function of the environment. */
const SPECIAL_FORMS = new Set(['_&&_', '_||_', '_?_:_', '_[_]', '@not_strictly_false']);

interface AstNode {
  exprKind: { case: string | undefined; value?: unknown };
}

/** The first name the rule uses that the environment lacks (a function or a variable), or oldSelf. */
function unknownName(expr: AstNode, bound: ReadonlySet<string>): string | null {
  const { case: kind, value } = expr.exprKind;
  const v = value as Record<string, unknown>;
  switch (kind) {
    case 'identExpr': {
      const name = String(v.name);
      return bound.has(name) ? null : name;
    }
    case 'selectExpr':
      return unknownName(v.operand as AstNode, bound);
    case 'callExpr': {
      const target = v.target as AstNode | undefined;
      // A function of a namespace (format.dns1123Label(), ip.isCanonical()) is called on a name no one bound.
      const qualifier =
        target?.exprKind.case === 'identExpr' ? String((target.exprKind.value as { name: string }).name) : null;
      if (qualifier !== null && !bound.has(qualifier)) {
        const name = `${qualifier}.${String(v.function)}`;
        return celEnvironment().funcs.find(name) ? firstOf(v.args as AstNode[], bound) : `${name}()`;
      }
      const inTarget = target ? unknownName(target, bound) : null;
      if (inTarget) return inTarget;
      const name = String(v.function);
      if (!SPECIAL_FORMS.has(name) && !celEnvironment().funcs.find(name)) return `${name}()`;
      return firstOf(v.args as AstNode[], bound);
    }
    case 'listExpr':
      return firstOf((v.elements as AstNode[]) ?? [], bound);
    case 'structExpr':
      return firstOf(
        ((v.entries as { mapKey?: AstNode; value: AstNode }[]) ?? []).flatMap((e) =>
          e.mapKey ? [e.mapKey, e.value] : [e.value],
        ),
        bound,
      );
    case 'comprehensionExpr': {
      const inner = new Set([...bound, String(v.iterVar), String(v.accuVar)]);
      if (typeof v.iterVar2 === 'string' && v.iterVar2 !== '') inner.add(v.iterVar2);
      return (
        unknownName(v.iterRange as AstNode, bound) ??
        unknownName(v.accuInit as AstNode, bound) ??
        firstOf([v.loopCondition, v.loopStep, v.result] as AstNode[], inner)
      );
    }
    default:
      return null;
  }
}

function firstOf(exprs: AstNode[], bound: ReadonlySet<string>): string | null {
  for (const e of exprs) {
    const found = unknownName(e, bound);
    if (found) return found;
  }
  return null;
}

const compiledRules = new Map<string, CompiledRule>();

/** The rule compiled for the evaluator, once per process. */
export function compiledRule(rule: string): CompiledRule {
  let found = compiledRules.get(rule);
  if (found) return found;
  try {
    const parsed = parse(rule);
    const unknown = unknownName(parsed.expr as unknown as AstNode, new Set(['self']));
    if (unknown === 'oldSelf') found = { kind: 'transition' };
    else if (unknown)
      found = { kind: 'not-evaluated', reason: `it uses ${unknown}, which netkb's CEL evaluator does not provide` };
    else {
      const program = plan(celEnvironment(), parsed);
      found = { kind: 'program', id: compiledRules.size, run: (self) => program({ self: self as never }) };
    }
  } catch (e) {
    found = { kind: 'not-evaluated', reason: `netkb's CEL evaluator cannot parse it (${(e as Error).message})` };
  }
  compiledRules.set(rule, found);
  return found;
}

/** CEL's reserved words: Kubernetes writes a property of that name as __name__ (namespace is __namespace__). */
const RESERVED = new Set(
  'true false null in as break const continue else for function if import let loop package namespace return var void while'.split(
    ' ',
  ),
);

/**
 * A property's name as a rule sees it, after Kubernetes' escaping: __ becomes __underscores__, . __dot__, -
 * __dash__, / __slash__, and a reserved word w __w__. Map keys are not escaped.
 */
function escaped(name: string): string {
  if (RESERVED.has(name)) return `__${name}__`;
  if (/^[A-Za-z0-9]*$/.test(name)) return name;
  return name
    .replace(/__/g, '__underscores__')
    .replace(/\./g, '__dot__')
    .replace(/-/g, '__dash__')
    .replace(/\//g, '__slash__');
}

/** Results of (rule, node) pairs already evaluated: the same route is held against many bundles alike. */
const results = new Map<string, unknown>();
const MAX_RESULTS = 50_000;

/**
 * Every rule of the object's nodes that it breaks or that could not be evaluated, outermost node first. `nodes`
 * are the checks of the object's kind in the chosen bundle; the object itself is not changed.
 */
export function ruleOutcomes(object: Record<string, unknown>, nodes: readonly SchemaNodeChecks[]): RuleOutcome[] {
  const { byPath, defaults } = indexOf(nodes);
  const outcomes: RuleOutcome[] = [];
  const { apiVersion: _a, kind: _k, metadata: _m, ...body } = object;
  // Each node as the rule sees it (maps, int64 as bigint, escaped names) and as JSON with its defaults filled in
  // (built from its children's, so that no node is stringified twice): the key of the results remembered.
  const visit = (value: unknown, schemaPath: string, at: string): [cel: unknown, json: string] => {
    let cel: unknown;
    let json: string;
    if (Array.isArray(value)) {
      const items = value.map((item, i) => visit(item, `${schemaPath}[]`, `${at}[${i}]`));
      cel = items.map(([c]) => c);
      json = `[${items.map(([, j]) => j).join(',')}]`;
    } else if (value !== null && typeof value === 'object') {
      const isMap = byPath.has(`${schemaPath}{}`);
      const own = { ...(value as Record<string, unknown>) };
      if (!isMap)
        for (const [key, text] of defaults.get(schemaPath) ?? []) if (!(key in own)) own[key] = JSON.parse(text);
      const map = new Map<string, unknown>();
      const members: string[] = [];
      for (const [key, child] of Object.entries(own)) {
        const childPath = isMap ? `${schemaPath}{}` : schemaPath ? `${schemaPath}.${key}` : key;
        const [c, j] = visit(child, childPath, isMap ? `${at}[${key}]` : at ? `${at}.${key}` : key);
        map.set(isMap ? key : escaped(key), c);
        members.push(`${JSON.stringify(key)}:${j}`);
      }
      cel = map;
      json = `{${members.join(',')}}`;
    } else {
      cel = typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value;
      json = JSON.stringify(value) ?? 'null';
    }
    for (const rule of byPath.get(schemaPath)?.rules ?? []) {
      const outcome = evaluate(rule, cel, json);
      if (outcome) outcomes.push({ ...outcome, rule, path: at });
    }
    return [cel, json];
  };
  visit(body, '', '');
  return outcomes.sort((a, b) => a.path.length - b.path.length);
}

interface NodeIndex {
  byPath: Map<string, SchemaNodeChecks>;
  /** An object node's path -> the defaults of its properties: [property, default as JSON]. */
  defaults: Map<string, [string, string][]>;
}
/** By the bundle's list of a kind's nodes, which the knowledge base keeps for the process. */
const indexes = new WeakMap<readonly SchemaNodeChecks[], NodeIndex>();
function indexOf(nodes: readonly SchemaNodeChecks[]): NodeIndex {
  let index = indexes.get(nodes);
  if (!index) {
    index = { byPath: new Map(nodes.map((n) => [n.path, n])), defaults: new Map() };
    for (const n of nodes) {
      const property = /^(?:(.*)\.)?([^.[{]+)$/.exec(n.path);
      if (n.defaultJson === null || !property) continue;
      const parent = property[1] ?? '';
      index.defaults.set(parent, [...(index.defaults.get(parent) ?? []), [property[2], n.defaultJson]]);
    }
    indexes.set(nodes, index);
  }
  return index;
}

function evaluate(rule: GatewayApiCelRule, self: unknown, json: string): Pick<RuleOutcome, 'kind' | 'detail'> | null {
  const compiled = compiledRule(rule.rule);
  if (compiled.kind === 'transition') return null;
  if (compiled.kind === 'not-evaluated') return { kind: 'not-evaluated', detail: compiled.reason };
  const key = `${compiled.id}\n${json}`;
  let result = results.get(key);
  if (result === undefined) {
    result = compiled.run(self);
    if (results.size >= MAX_RESULTS) results.clear();
    results.set(key, result);
  }
  if (result === true) return null;
  // The API server refuses an object whose rule does not evaluate to true, an evaluation error included.
  return { kind: 'violated', detail: isCelError(result) ? result.message : null };
}
