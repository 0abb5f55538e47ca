// Runs the steps of an api-versions record's conversion (seed/README.md, "conversion") on a copy of one
// object. Every step is data: a field move, a removal, a default, a copy, a refusal, or a named transform.
import { isMap, isScalar, YAMLMap, YAMLSeq } from 'yaml';
import type { ConversionStep } from '../kb/model';
import { pathText } from '../analysis/engine/findings';
import type { PathSegment } from '../analysis';
import {
  concretePath,
  entriesAt,
  getEntry,
  holdersOf,
  isEmptyCollection,
  nodeAt,
  pairIndex,
  plainScalar,
  putAt,
  removeKey,
  renameKey,
} from './nodes';
import { transform } from './transforms';

/** Why the object cannot be converted by these steps, or null. Checked before any step changes anything. */
export function refusal(object: YAMLMap, steps: ConversionStep[]): string | null {
  for (const step of steps) {
    if ('refuse' in step) {
      const found = entriesAt(object, step.refuse);
      if (step.when === 'present' && found.length > 0) return step.why;
      if (step.when === 'empty' && found.some((e) => isEmptyCollection(e.node))) return step.why;
      if (step.when === 'missing' && holdersOf(object, step.refuse).some((h) => !getEntry(h.map, h.key)))
        return step.why;
      const values = found.map((e) => (isScalar(e.node) ? e.node.value : undefined));
      if (step.when === 'notIn' && values.some((v) => !(step.values ?? []).includes(v as string))) return step.why;
      if (step.when === 'duplicate' && new Set(values).size < values.length) return step.why;
    }
    if ('copy' in step) {
      if (step.unlessSet && entriesAt(object, step.unlessSet).length > 0) continue;
      const source = entriesAt(object, step.copy);
      if (source.length === 0 || source.every((e) => isEmptyCollection(e.node)))
        return `${step.to} cannot be derived: ${step.copy} is not set (${step.why})`;
    }
    if ('transform' in step) {
      const t = transform(step.transform);
      if (!t) return `the transform ${step.transform} is not available`;
      const why = t.refuse(object);
      if (why) return why;
    }
  }
  return null;
}

/** One change a step made: where (a path of the object before the change, as far as it existed) and what. */
export interface StepDone {
  path: PathSegment[];
  text: string;
  node?: unknown;
}

/** Applies the steps in order; returns a sentence per change made. */
export function applySteps(object: YAMLMap, steps: ConversionStep[]): StepDone[] {
  const done: StepDone[] = [];
  for (const step of steps) {
    if ('move' in step) done.push(...move(object, step));
    else if ('remove' in step) {
      for (const e of entriesAt(object, step.remove)) {
        const node = getEntry(e.parent, e.key)?.key;
        removeKey(e.parent, e.key);
        done.push({ path: e.path, node, text: `${pathText(e.path)} removed: ${step.why}` });
      }
    } else if ('default' in step) {
      // A path without lists is created when missing (spec.updateStrategy.type); list items are visited where they exist.
      if (!step.default.includes('[]') && entriesAt(object, step.default).length === 0) {
        const target = step.default.split('.');
        if (putAt(object, target, plainScalar(step.value), null))
          done.push({
            path: target.slice(0, -1),
            text: `${pathText(target)} set to ${String(step.value)}: ${step.why}`,
          });
        continue;
      }
      for (const h of holdersOf(object, step.default)) {
        if (getEntry(h.map, h.key)) continue;
        h.map.set(plainScalar(h.key), plainScalar(step.value));
        done.push({
          path: h.path,
          node: h.map.items[0]?.key,
          text: `${pathText([...h.path, h.key])} set to ${String(step.value)}: ${step.why}`,
        });
      }
    } else if ('copy' in step) {
      if (step.unlessSet && entriesAt(object, step.unlessSet).length > 0) continue;
      const [source] = entriesAt(object, step.copy);
      if (!source || (!isMap(source.node) && !isScalar(source.node))) continue;
      const target = concretePath(step.to, source.path);
      if (putAt(object, target, (source.node as YAMLMap).clone(), source.path)) {
        done.push({ path: source.path, text: `${pathText(target)} set from ${pathText(source.path)}: ${step.why}` });
      }
    } else if ('transform' in step) {
      done.push(...(transform(step.transform)?.apply(object) ?? []));
    }
  }
  return done;
}

function move(object: YAMLMap, step: Extract<ConversionStep, { move: string }>): StepDone[] {
  const done: StepDone[] = [];
  for (const e of entriesAt(object, step.move)) {
    const keyNode = getEntry(e.parent, e.key)?.key;
    const value = isScalar(e.node) ? e.node.value : e.node;
    if (step.when === 'number' && typeof value !== 'number') continue;
    if (step.when === 'string' && typeof value !== 'string') continue;
    const target = concretePath(step.to, e.path);
    const sameParent = target.length === e.path.length && target.slice(0, -1).every((p, i) => p === e.path[i]);
    const moved = step.asList ? listOf(e.node) : e.node;
    if (sameParent) {
      const newKey = String(target[target.length - 1]);
      if (getEntry(e.parent, newKey)) continue;
      renameKey(e.parent, e.key, newKey);
      getEntry(e.parent, newKey)!.value = moved;
    } else {
      if (nodeAt(object, target) !== undefined) continue;
      if (!putAt(object, target, moved, e.path)) continue;
      if (pairIndex(e.parent, e.key) >= 0) removeKey(e.parent, e.key);
    }
    // A value already there (an earlier step's type) stays: the step listed first decides.
    const written: string[] = [];
    const holder = step.set ? nodeAt(object, target.slice(0, -1)) : undefined;
    if (step.set && isMap(holder)) {
      for (const [k, v] of Object.entries(step.set).reverse()) {
        if (getEntry(holder, k)) continue;
        holder.items.unshift(newPair(k, v));
        written.unshift(`${k}: ${String(v)}`);
      }
    }
    const asList = step.asList ? ' as a one-item list' : '';
    const extra = written.length > 0 ? ` with ${written.join(', ')}` : '';
    done.push({
      path: e.path,
      node: keyNode,
      text: `${pathText(e.path)} -> ${pathText(target)}${asList}${extra}${step.why ? `: ${step.why}` : ''}`,
    });
  }
  return done;
}

function listOf(node: unknown): YAMLSeq {
  const seq = new YAMLSeq();
  seq.items.push(node);
  return seq;
}

function newPair(key: string, value: unknown) {
  const m = new YAMLMap();
  m.set(plainScalar(key), plainScalar(value));
  return m.items[0];
}
