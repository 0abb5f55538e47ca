// api-field: fields of the object (and of the Pod template it embeds) against the api-fields records.
import type { ApiField } from '../../../kb/model';
import { changeAt, changedIn, holdsFrom, onPath, pathText, placed, type FindingText } from '../findings';
import { knownFileFields, unknownFields } from '../file-fields';
import { ruleKit } from '../rule-kit';
import {
  adviceText,
  fieldAlternatives,
  onThePath,
  replacementText,
  type AdviceWords,
  type GateWords,
} from '../alternatives';
import { remember } from '../memo';
import type { ManifestObject } from '../../reader/manifest';
import { pathTrie, podTemplateOf, walkTrie, type PathTrie } from '../object-paths';
import type { AnalysisKb, Finding, ObjectRule, RuleContext } from '../../types';

const kit = ruleKit('api-field', {
  messages: {
    removed: '{field} of {kind} is removed in {removedIn}.',
    deprecated: '{field} of {kind} is deprecated since {deprecatedIn}.',
    notYetServed: '{field} of {kind} only exists from {introducedIn}: releases {releases} drop it.',
    gateOff:
      '{field} of {kind} needs feature gate {gate}, which is {state} in {releases}: the field is ignored or rejected there unless the gate is enabled.',
    notKnown:
      '{field} is not a field of {kind} {apiVersion} in any release netkb read ({first} to {last}): not checked.',
    notInCopy:
      '{field} is not a field of {kind} {apiVersion} in the copy of its types netkb read ({copy}): not checked.',
    otherShape:
      '{field} of {kind} {apiVersion} is written as {written}, where its types have {expected}: what it holds is not checked.',
    valueRemoved: '{value} in {field} of {kind} {apiVersion} is refused from {removedIn}.',
    valueDeprecated: '{value} in {field} of {kind} {apiVersion} is deprecated since {deprecatedIn}.',
  },
  fixes: {
    use: 'Use {fields} instead.',
    remove: 'Remove the field.',
    stopSetting: 'No replacement is recorded: plan to stop setting it before it is removed.',
    moveTo: 'Move to {fields} before it is removed.',
    setOnceServed: 'Set it only once the cluster runs {introducedIn} or later.',
    enableGate:
      'Enable {gate} on the components that read it ({components}) in {releases}, or set the field only where the gate is on by default.',
    seeTheGate: 'see the gate',
    releases: '{first} to {last}',
    // The words of the replacement fields (alternatives.ts).
    alternative: '{name} ({when})',
    from: 'from {release}',
    gate: 'behind the gate {gate}',
    stagedGate: 'behind the {stage} gate {gate}',
    onByDefault: '{gated}, on by default from {release}',
    nothingYet: 'No replacement exists by {release}; later releases add {alternatives}.',
    writeShape:
      'Write {field} as {expected}, as the {kind} {apiVersion} reference shows: {component} decodes the file into its types, so a value of the other shape does not reach it as meant.',
    useValue: 'Use {replacement} instead of {value}.',
    dropValue: 'Remove {value} from {field}: no replacement is recorded.',
    moveValue: 'Move to {replacement} before {value} is refused.',
    checkName:
      'Check the name against the {kind} {apiVersion} reference of each release on the path: {component} ignores or refuses a field it does not know, so what it was meant to set does not happen.',
  },
  parts: {
    alpha: 'alpha',
    offByDefault: 'off by default',
    list: 'a list of objects',
    map: 'a map',
  },
});

// A replacement field may need a gate on, so the gate's words come too.
const adviceWords: AdviceWords & GateWords = {
  alternative: (data) => kit.fix('alternative', data),
  from: (data) => kit.fix('from', data),
  gate: (data) => kit.fix('gate', data),
  stagedGate: (data) => kit.fix('stagedGate', data),
  onByDefault: (data) => kit.fix('onByDefault', data),
  nothingYet: (data) => kit.fix('nothingYet', data),
};

export const apiFieldRule: ObjectRule = {
  ...kit.declaration,
  scope: 'object',
  description:
    "Reports fields that are removed on the path (BREAKING: the API server refuses or silently drops them, so what they did stops without a word) or deprecated (WARNING: works now, breaks later), and fields that releases on the path drop because they are not there yet or their feature gate is alpha or off by default (WARNING: does nothing there); fixes name only replacement fields usable on the path, each with the release it works from. Values of a field with a life of their own (a scheduler plugin a KubeSchedulerConfiguration enables or gives args to, kubeadm's dns.type kube-dns) are refused (BREAKING) or deprecated (WARNING) likewise, for the file's version. In a configuration file, a field no release of its types has (kubeadm's: that the one copy of its types netkb read lacks) is reported as not checked (INFO).",
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const findings: Finding[] = fileFieldFindings(object, ctx);
    walkTrie(fieldsOf(ctx, object.kind), object.value, [], (field, path, value) => {
      if (field.kind === object.kind && field.apiVersions.length > 0 && !field.apiVersions.includes(object.apiVersion))
        return;
      const at = pathText(path);
      // What a field says depends on the field, where it is written and the object's own API version only.
      const own = field.kind === object.kind ? object.apiVersion : '';
      const texts = remember(ctx, ['api-field', field.key, own, at], () => checkField(own, field, at, ctx));
      for (const text of texts) findings.push(placed(text, object, path, at));
      if (field.values.length > 0 && typeof value === 'string') {
        const said = remember(ctx, ['api-field-value', field.key, object.apiVersion, value, at], () =>
          checkValue(object.apiVersion, field, value, at, ctx),
        );
        if (said) findings.push(placed(said, object, path, at));
      }
    });
    return findings;
  },
};

// One trie per object kind, built once per knowledge base: the kind's own fields and, for a workload,
// the Pod's fields under its template (Pod fields apply inside a Deployment's template).
const fieldIndex = new WeakMap<AnalysisKb, Map<string, PathTrie<ApiField>>>();
function fieldsOf(ctx: RuleContext, kind: string): PathTrie<ApiField> {
  let index = fieldIndex.get(ctx.kb);
  if (!index) fieldIndex.set(ctx.kb, (index = new Map()));
  let trie = index.get(kind);
  if (!trie) {
    const entries = ctx.kb.apiFields.filter((f) => f.kind === kind).map((f) => ({ path: f.path, item: f }));
    const template = kind === 'Pod' ? null : podTemplateOf(kind, ctx.kb);
    if (template)
      for (const f of ctx.kb.apiFields) if (f.kind === 'Pod') entries.push({ path: `${template}.${f.path}`, item: f });
    index.set(kind, (trie = pathTrie(entries)));
  }
  return trie;
}

/**
 * The fields of a configuration file that no release of its types has (or, for kubeadm's files, that the one copy
 * of its types netkb read lacks): not checked. Versions netkb has no record of are the api-version rule's; the seed
 * refuses a recorded version of a file kubeadm reads without field paths (kubeadm-fields-index.ts).
 */
function fileFieldFindings(object: ManifestObject, ctx: RuleContext): Finding[] {
  const known = knownFileFields(ctx.kb, object.apiVersion, object.kind);
  if (!known) return [];
  const { file } = known;
  return unknownFields(object.value, known).map(({ path, field, expected }) => {
    const text = remember(ctx, ['api-field-unknown', object.apiVersion, object.kind, field, expected ?? ''], () => {
      const data = { field, kind: object.kind, apiVersion: object.apiVersion };
      const said = { severity: 'INFO', checked: false, effectiveIn: ctx.path.from } as const;
      if (expected) {
        const words = (shape: 'list' | 'map') => (shape === 'list' ? kit.part('list', {}) : kit.part('map', {}));
        const shapes = {
          ...data,
          written: words(expected === 'list' ? 'map' : 'list'),
          expected: words(expected),
        };
        return kit.text({
          ...said,
          messageId: 'otherShape',
          data: shapes,
          fix: kit.fix('writeShape', { ...shapes, component: file.component }),
        });
      }
      const fix = kit.fix('checkName', { ...data, component: file.component });
      return file.copy !== null
        ? kit.text({ ...said, messageId: 'notInCopy', data: { ...data, copy: file.copy }, fix })
        : kit.text({ ...said, messageId: 'notKnown', data: { ...data, first: file.first, last: file.last }, fix });
    });
    return placed(text, object, path, field);
  });
}

/** The findings a field written at `at` gets; `objectApiVersion` is the object's when the field is of the object's own kind. */
function checkField(objectApiVersion: string, field: ApiField, at: string, ctx: RuleContext): FindingText[] {
  const v = ctx.kb.formatVersion;
  const data = { field: at, kind: field.kind };
  const alternatives = fieldAlternatives(field, ctx);
  // A field that goes away with the whole group/version the object uses is the api-version rule's finding.
  const objectApi = objectApiVersion ? ctx.kb.apiVersion(objectApiVersion, field.kind) : undefined;
  if (
    objectApi &&
    onPath(objectApi.removedIn, ctx) &&
    field.removedIn !== null &&
    field.removedIn >= objectApi.removedIn
  )
    return [];
  if (onPath(field.removedIn, ctx)) {
    const advice = onThePath(alternatives, field.removedIn, ctx);
    return [
      kit.text({
        messageId: 'removed',
        severity: 'BREAKING',
        ...changedIn(field.removedIn, ctx),
        data: { ...data, removedIn: v(field.removedIn) },
        replacement: replacementText(advice, ', '),
        fix: adviceText(
          advice,
          ctx,
          adviceWords,
          (names) => kit.fix('use', { fields: names.join(', ') }),
          kit.fix('remove', {}),
        ),
        change: changeAt(field, field.removedIn),
      }),
    ];
  }
  const out: FindingText[] = [];
  if (onPath(field.deprecatedIn, ctx)) {
    const advice = onThePath(alternatives, field.removedIn ?? ctx.path.to, ctx);
    out.push(
      kit.text({
        messageId: 'deprecated',
        severity: 'WARNING',
        ...changedIn(field.deprecatedIn, ctx),
        data: { ...data, deprecatedIn: v(field.deprecatedIn) },
        replacement: replacementText(advice, ', '),
        fix: adviceText(
          advice,
          ctx,
          adviceWords,
          (names) => kit.fix('moveTo', { fields: names.join(', ') }),
          kit.fix('stopSetting', {}),
        ),
        change: changeAt(field, field.deprecatedIn),
      }),
    );
  }
  const missing = ctx.path.releases.filter((r) => field.introducedIn !== null && r < field.introducedIn);
  if (missing.length > 0) {
    out.push(
      kit.text({
        messageId: 'notYetServed',
        severity: 'WARNING',
        ...holdsFrom(missing[0], ctx),
        data: { ...data, introducedIn: v(field.introducedIn!), releases: releases(missing, v) },
        fix: kit.fix('setOnceServed', { introducedIn: v(field.introducedIn!) }),
        change: changeAt(field, field.introducedIn!),
      }),
    );
  }
  const gate = field.featureGate;
  if (gate) {
    const off = ctx.path.releases.filter(
      (r) => (field.introducedIn === null || r >= field.introducedIn) && isOff(gate, r, ctx),
    );
    if (off.length > 0) {
      const first = ctx.kb.gateStateIn(gate, off[0]);
      const offIn = releases(off, v);
      out.push(
        kit.text({
          messageId: 'gateOff',
          severity: 'WARNING',
          ...holdsFrom(off[0], ctx),
          data: {
            ...data,
            gate: gate.name,
            state: first.stage === 'ALPHA' ? kit.part('alpha', {}) : kit.part('offByDefault', {}),
            releases: offIn,
          },
          fix: kit.fix('enableGate', {
            gate: gate.name,
            components: gate.components.join(', ') || kit.fix('seeTheGate', {}),
            releases: offIn,
          }),
          change: changeAt(gate, off[0]) ?? changeAt(field, off[0]),
        }),
      );
    }
  }
  return out;
}

/**
 * What a value written in the field says: refused on the path (BREAKING, the earliest refusal of the entries for the
 * object's version) or else deprecated (WARNING), before the object's version itself goes; null when the record gives
 * the value no life of its own there.
 */
function checkValue(
  apiVersion: string,
  field: ApiField,
  value: string,
  at: string,
  ctx: RuleContext,
): FindingText | null {
  const entries = field.values.filter(
    (x) => x.value === value && (x.apiVersions.length === 0 || x.apiVersions.includes(apiVersion)),
  );
  // What happens once the file's own version is gone is the api-version rule's finding.
  const objectApi = ctx.kb.apiVersion(apiVersion, field.kind);
  const gone = objectApi && onPath(objectApi.removedIn, ctx) ? objectApi.removedIn : null;
  const first = (key: 'removedIn' | 'deprecatedIn') =>
    entries
      .filter((x) => onPath(x[key], ctx) && (gone === null || (x[key] as number) < gone))
      .sort((a, b) => (a[key] as number) - (b[key] as number))[0];
  const v = ctx.kb.formatVersion;
  const data = { value, field: at, kind: field.kind, apiVersion };
  const removed = first('removedIn');
  if (removed) {
    const replacement = removed.replacement;
    return kit.text({
      messageId: 'valueRemoved',
      severity: 'BREAKING',
      ...changedIn(removed.removedIn!, ctx),
      data: { ...data, removedIn: v(removed.removedIn!) },
      replacement,
      fix: replacement ? kit.fix('useValue', { value, replacement }) : kit.fix('dropValue', { value, field: at }),
      change: changeAt(field, removed.removedIn!),
    });
  }
  const deprecated = first('deprecatedIn');
  if (!deprecated) return null;
  const replacement = deprecated.replacement;
  return kit.text({
    messageId: 'valueDeprecated',
    severity: 'WARNING',
    ...changedIn(deprecated.deprecatedIn!, ctx),
    data: { ...data, deprecatedIn: v(deprecated.deprecatedIn!) },
    replacement,
    fix: replacement ? kit.fix('moveValue', { value, replacement }) : kit.fix('stopSetting', {}),
    change: changeAt(field, deprecated.deprecatedIn!),
  });
}

function isOff(gate: NonNullable<ApiField['featureGate']>, version: number, ctx: RuleContext): boolean {
  const s = ctx.kb.gateStateIn(gate, version);
  return s.exists && (s.stage === 'ALPHA' || s.defaultEnabled === false);
}

/**
 * [1016, 1017, 1018] -> "1.16 to 1.18"; [1016] -> "1.16". A fix template, since the gateOff fix names the
 * span; the messages take the same filled text so that message and fix say the same.
 */
function releases(versions: number[], v: (k: number) => string): string {
  return versions.length === 1
    ? v(versions[0])
    : kit.fix('releases', { first: v(versions[0]), last: v(versions[versions.length - 1]) });
}
