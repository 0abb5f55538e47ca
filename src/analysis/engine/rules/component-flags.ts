// component-flag: flags passed to Kubernetes components in containers, against the flags records:
// removed flags and enumerated values stop the component (BREAKING), deprecated ones warn, and a
// default that changes on the path while the flag is not set is worth knowing (INFO).
import type { Flag } from '../../../kb/model';
import { changeAt, changedIn, clampToPath, onPath, pathText, placed, type FindingText } from '../findings';
import { ruleKit } from '../rule-kit';
import {
  adviceText,
  flagAlternatives,
  onThePath,
  replacementText,
  valueAlternatives,
  type Advice,
  type AdviceWords,
} from '../alternatives';
import { remember } from '../memo';
import { isPlainObject, type ManifestObject } from '../../reader/manifest';
import { configOwner, invocationsIn } from '../components';
import type { Finding, ObjectRule, RuleContext } from '../../types';

const kit = ruleKit('component-flag', {
  messages: {
    removed: '{component} flag {flag} is removed in {removedIn}: {component} refuses to start with it.',
    deprecated: '{component} flag {flag} is deprecated since {deprecatedIn}.',
    valueRemoved: '{component} {flag}={value} is no longer accepted from {removedIn}.',
    valueDeprecated: '{component} {flag}={value} is deprecated since {deprecatedIn}.',
    itemRemoved:
      '{component} {flag} lists {value}, which is no longer accepted from {removedIn}: {component} refuses to start with it.',
    itemDeprecated: '{component} {flag} lists {value}, which is deprecated since {deprecatedIn}.',
    defaultChanged:
      '{component} {flag} is not set, and its default changes from {before} to {after} in {since}{onlyWith}.',
    notKnown: '{component} {flags} not known to netkb: not checked.',
    itemsNotKnown: '{component} {flag} lists {items}, not known to netkb as values of it: not checked.',
    keyNotServed:
      '{component} {flag} names {key}, but {component} no longer serves {groupVersion} by default from {removedIn}: what it does with the key from then on is not checked.',
    keysNotKnown: '{component} {flag} names {items}, which no api-versions record of netkb has: not checked.',
    valueNotAccepted: '{component} {flag}={value} is refused from {since}: only {values} is accepted then.',
    configValueRemoved: '{kind} {field}: {value} (as {flag}) is no longer accepted from {removedIn}.',
    configValueDeprecated: '{kind} {field}: {value} (as {flag}) is deprecated since {deprecatedIn}.',
  },
  fixes: {
    use: 'Use {flags} instead.',
    several: '{flags} and {last}',
    remove: 'Remove {flag}.',
    removeForSuccessor:
      'Remove {flag}; the release notes name {successor} as its successor, from a release netkb does not know: check that {component} accepts {successor} at each release on the path before setting it.',
    removeOnceInert:
      'Remove {flag} once {component} runs {inertFrom} or later, where it does nothing: before that, leaving it out changes what {component} does.',
    setAccepted: 'Set {flag}={value} before {since}, the only value accepted from then on.',
    useValue: 'Use {value}.',
    chooseValue: 'Choose another value for {flag}.',
    dropItem: 'Remove {value} from {flag}.',
    replaceItem: 'Remove {value} from {flag}; list {names} instead.',
    moveItem: 'Move from {value} to {names} in {flag}.',
    chooseFieldValue: 'Choose another value for {field}.',
    setField: 'Set {value} instead.',
    fieldValue: '{field}: {value}',
    moveToValue: 'Move to {value}.',
    keepDefault: 'Set {flag}={value} to keep the old behaviour{configField}{existsFrom}.',
    configField: ' (or {configField} in the config file)',
    existsFrom: '; the flag exists from {introducedIn}, so set it only on {component} of {introducedIn} or later',
    // The words of the replacement flags and values (alternatives.ts); no gate guards them.
    alternative: '{name} ({when})',
    from: 'from {release}',
    nothingYet: 'No replacement exists by {release}; later releases add {alternatives}.',
    checkItems: 'Check {them} in the {component} reference for {flag} at each release on the path.',
    dropKey: 'Remove {key} from {flag} before {removedIn}, once nothing needs it any more: {why}',
    dropKeyNow: 'Remove {key} from {flag}: {why}',
    keyWhy:
      '{component} refuses to start with a version that its API group no longer registers, and ignores a key whose group it no longer has.',
    checkByHand:
      'Check {them} in the {component} command-line reference of each release on the path: {component} refuses to start with a flag it does not know.',
  },
  parts: {
    onlyWith: ' (it matters only with {flag} {values})',
    oneFlag: 'flag {flag} is',
    someFlags: 'flags {flags} are',
    it: 'it',
    them: 'them',
  },
});

const adviceWords: AdviceWords = {
  alternative: (data) => kit.fix('alternative', data),
  from: (data) => kit.fix('from', data),
  nothingYet: (data) => kit.fix('nothingYet', data),
};

export const componentFlagRule: ObjectRule = {
  ...kit.declaration,
  scope: 'object',
  description:
    'Reports flags of kube-proxy, kubelet and the other components (recognised by command or image) that are removed (BREAKING: the component refuses to start) or deprecated (WARNING: works now, breaks later), removed (BREAKING) or deprecated (WARNING) flag values (each item of a list flag such as kube-apiserver --enable-admission-plugins on its own), values refused before the flag goes (BREAKING), and defaults that change while the flag is not set (INFO: a default to know about); fixes name only replacement flags and values usable on the path, each with the release it works from. The same values written in a component config file are removed (BREAKING) or deprecated (WARNING) there too. Flags no record names are listed once per container, and the items of a list flag no record names once per flag (INFO, not checked). The keys of kube-apiserver --runtime-config that name an API version no longer served by default, or one no record names, are said as not checked (INFO): what kube-apiserver does with them depends on what each release still registers.',
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const findings: Finding[] = [];
    // A component's config file: the values of the fields its flags name (configField) meet what the flags do.
    const owner = configOwner(object, ctx.kb);
    if (owner) {
      for (const flag of ctx.kb.flagsOf(owner.name)) {
        if (!flag.configField || flag.values.length === 0) continue;
        const path = flag.configField.split('.');
        const value = valueAt(object.value, path);
        if (typeof value !== 'string' && typeof value !== 'number') continue;
        const texts = remember(ctx, ['component-flag', 'config', owner.name, flag.name, String(value)], () =>
          configValueTexts(object.kind, flag, String(value), ctx),
        );
        for (const text of texts) findings.push(placed(text, object, path));
      }
    }
    for (const inv of invocationsIn(object, ctx.kb)) {
      const component = inv.component.name;
      const given = new Set<string>();
      for (const use of inv.flags) {
        given.add(use.name);
        // A field that holds one flag's value (kubeadm's criSocket) is worded as the field the file writes.
        const flag = use.field !== undefined && use.value !== null ? ctx.kb.flag(component, use.name) : undefined;
        const texts = flag
          ? remember(ctx, ['component-flag', 'field', object.kind, use.field!, component, use.name, use.value], () =>
              configValueTexts(object.kind, flag, use.value!, ctx, use.field),
            )
          : remember(ctx, ['component-flag', component, use.name, use.value], () =>
              flagTexts(component, use.name, use.value, ctx),
            );
        if (texts.length > 0) use.pathString ??= pathText(use.path);
        for (const text of texts) findings.push(placed(text, object, use.path, use.pathString));
      }
      // Flags no record names: said once per container, at the first of them (never a silent pass).
      const unknown = inv.flags.filter((u) => !ctx.kb.flag(component, u.name));
      if (unknown.length > 0) {
        const names = [...new Set(unknown.map((u) => u.name))];
        const text = remember(ctx, ['component-flag', 'unknown', component, ...names], () =>
          notKnownText(component, names, ctx),
        );
        findings.push(placed(text, object, unknown[0].path, (unknown[0].pathString ??= pathText(unknown[0].path))));
      }
      for (const d of remember(ctx, ['component-flag', 'defaults', component], () => defaultTexts(component, ctx))) {
        if (given.has(d.flag)) continue;
        // A flag that matters only with another flag's values (the IPVS flags with --proxy-mode ipvs) is passed
        // over where that flag is given another value; where it is not given, the message says so.
        const only = ctx.kb.flag(component, d.flag)?.onlyWith;
        const other = only ? inv.flags.find((u) => u.name === only.flag) : undefined;
        if (only && other && other.value !== null && !only.values.includes(other.value)) continue;
        findings.push(placed(d.text, object, inv.container, (inv.containerString ??= pathText(inv.container))));
      }
    }
    return findings;
  },
};

/** What passing `name` (with `value`) to `component` meets on the path. */
function flagTexts(component: string, name: string, given: string | null, ctx: RuleContext): FindingText[] {
  const flag = ctx.kb.flag(component, name);
  if (!flag) return [];
  const v = ctx.kb.formatVersion;
  const data = { component, flag: flag.name };
  // A list flag's items are checked one by one (--enable-admission-plugins=NodeRestriction,PodSecurityPolicy).
  const items = given === null ? [] : flag.listValues ? listItems(given) : [given];
  // A value the component stops accepting before the flag goes (kube-apiserver --insecure-port=8080 from 1.20).
  const limit = flag.acceptsOnly;
  const refused =
    limit !== null &&
    items.some((item) => !limit.values.includes(item)) &&
    onPath(limit.since, ctx) &&
    (flag.removedIn === null || clampToPath(limit.since, ctx) < clampToPath(flag.removedIn, ctx))
      ? kit.text({
          messageId: 'valueNotAccepted',
          severity: 'BREAKING',
          ...changedIn(limit.since, ctx),
          // The empty value is written as the command line would give it (--cloud-provider="").
          data: {
            ...data,
            value: given!,
            since: v(limit.since),
            values: limit.values.map((x) => (x === '' ? '""' : x)).join(', '),
          },
          fix: kit.fix('setAccepted', { flag: flag.name, value: limit.values[0], since: v(limit.since) }),
          change: changeAt(flag, limit.since),
        })
      : null;
  if (onPath(flag.removedIn, ctx)) {
    return [
      ...(refused ? [refused] : []),
      kit.text({
        messageId: 'removed',
        severity: 'BREAKING',
        ...changedIn(flag.removedIn, ctx),
        data: { ...data, removedIn: v(flag.removedIn) },
        ...flagAdvice(flag, flag.removedIn, ctx),
        change: changeAt(flag, flag.removedIn),
      }),
    ];
  }
  const out: FindingText[] = refused ? [refused] : [];
  if (onPath(flag.deprecatedIn, ctx)) {
    out.push(
      kit.text({
        messageId: 'deprecated',
        severity: 'WARNING',
        ...changedIn(flag.deprecatedIn, ctx),
        data: { ...data, deprecatedIn: v(flag.deprecatedIn) },
        ...flagAdvice(flag, flag.removedIn ?? ctx.path.to, ctx),
        change: changeAt(flag, flag.deprecatedIn),
      }),
    );
  }
  for (const item of items) {
    const value = flag.values.find((x) => x.value === item);
    const text = value ? valueText(flag, value, ctx) : null;
    if (text) out.push(text);
  }
  if (flag.apiVersionKeys !== null && given !== null)
    out.push(...apiVersionKeyTexts(flag, flag.apiVersionKeys, given, ctx));
  // The items of a list flag that no value record names: netkb cannot say whether the component takes them.
  const unknown = flag.listValues ? [...new Set(items.filter((i) => !flag.values.some((x) => x.value === i)))] : [];
  if (unknown.length > 0) out.push(notKnownItemsText('itemsNotKnown', flag, unknown, ctx));
  return out;
}

/**
 * What a flag is given that no record names (the items of a list flag, the group/versions of --runtime-config's
 * keys): said once per flag, as not checked, with where to look.
 */
function notKnownItemsText(
  messageId: 'itemsNotKnown' | 'keysNotKnown',
  flag: Flag,
  items: string[],
  ctx: RuleContext,
): FindingText {
  const data = { component: flag.component, flag: flag.name };
  return kit.text({
    messageId,
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: { ...data, items: items.join(', ') },
    fix: kit.fix('checkItems', { ...data, them: items.length === 1 ? kit.part('it', {}) : kit.part('them', {}) }),
  });
}

/**
 * The keys of a key=value list that name API group/versions (kube-apiserver --runtime-config=batch/v2alpha1=true):
 * a version that no release serves from a release of the path is said, not judged, since what the component does
 * with it then depends on whether its group still registers it, which no record says; a key netkb has no record
 * of is listed as not checked. Keys of fewer than two parts are not group/versions, and the class keys are fine.
 */
function apiVersionKeyTexts(flag: Flag, besides: string[], given: string, ctx: RuleContext): FindingText[] {
  const v = ctx.kb.formatVersion;
  const data = { component: flag.component, flag: flag.name };
  const out: FindingText[] = [];
  const unknown: string[] = [];
  const why = kit.fix('keyWhy', data);
  for (const item of listItems(given)) {
    const key = item.split('=')[0].trim();
    const parts = key.split('/');
    if (besides.includes(key) || parts.length < 2) continue;
    // "api/v1" is the core group, which the records write without a group.
    const group = parts[0] === 'api' ? '' : parts[0];
    const gv = group === '' ? parts[1] : `${group}/${parts[1]}`;
    const kinds = ctx.kb.apiVersions.filter((a) => a.group === group && a.version === parts[1]);
    if (kinds.length === 0) {
      if (!unknown.includes(gv)) unknown.push(gv);
      continue;
    }
    // The version is served while any of its kinds is; it is gone with the last of them.
    if (kinds.some((a) => a.removedIn === null)) continue;
    const last = kinds.reduce((a, b) => (b.removedIn! > a.removedIn! ? b : a));
    if (!onPath(last.removedIn, ctx)) continue;
    out.push(
      kit.text({
        messageId: 'keyNotServed',
        severity: 'INFO',
        checked: false,
        effectiveIn: clampToPath(last.removedIn!, ctx),
        data: { ...data, key, groupVersion: gv, removedIn: v(last.removedIn!) },
        fix:
          last.removedIn! > ctx.path.from
            ? kit.fix('dropKey', { ...data, key, removedIn: v(last.removedIn!), why })
            : kit.fix('dropKeyNow', { ...data, key, why }),
        change: changeAt(last, last.removedIn!),
      }),
    );
  }
  if (unknown.length > 0) out.push(notKnownItemsText('keysNotKnown', flag, unknown, ctx));
  return out;
}

/** The items of a list flag's value: "A, B,C" is A, B and C. */
function listItems(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * What one of the flag's recorded values (or one item of a list flag) meets on the path: its removal or its
 * deprecation, with the values that replace it. A list flag's item is dropped from the list, not replaced whole.
 */
function valueText(flag: Flag, value: Flag['values'][number], ctx: RuleContext): FindingText | null {
  const v = ctx.kb.formatVersion;
  const data = { component: flag.component, flag: flag.name, value: value.value };
  const item = flag.listValues;
  const event = valueEvent(flag, value, ctx, item ? (x) => x : undefined);
  if (!event) return null;
  // What a removal and a deprecation say alike: when, the first replacement, the record's change, the advice.
  const said = {
    ...changedIn(event.at, ctx),
    replacement: primaryValue(event.advice),
    change: changeAt(flag, event.at),
  };
  const advice = (use: (names: string[]) => string, none: string | null) =>
    adviceText(event.advice, ctx, adviceWords, use, none);
  if (event.removed)
    return kit.text({
      ...said,
      messageId: item ? 'itemRemoved' : 'valueRemoved',
      severity: 'BREAKING',
      data: { ...data, removedIn: v(event.at) },
      fix: advice(
        (names) =>
          item
            ? kit.fix('replaceItem', { ...data, names: names.join(' or ') })
            : kit.fix('useValue', { value: names.join(' or ') }),
        item ? kit.fix('dropItem', data) : kit.fix('chooseValue', { flag: flag.name }),
      ),
    });
  return kit.text({
    ...said,
    messageId: item ? 'itemDeprecated' : 'valueDeprecated',
    severity: 'WARNING',
    data: { ...data, deprecatedIn: v(event.at) },
    fix: advice(
      (names) =>
        item
          ? kit.fix('moveItem', { ...data, names: names.join(', ') })
          : kit.fix('moveToValue', { value: names.join(', ') }),
      null,
    ),
  });
}

/** A map's value at a dot path; undefined where the path leaves the maps. */
function valueAt(value: unknown, path: string[]): unknown {
  let v = value;
  for (const key of path) {
    if (!isPlainObject(v)) return undefined;
    v = v[key];
  }
  return v;
}

/**
 * What a config file's `flag.configField: value` (or another `field` that holds the flag's value, such as
 * kubeadm's criSocket) meets on the path: the flag's removed and deprecated values.
 */
function configValueTexts(
  kind: string,
  flag: Flag,
  given: string,
  ctx: RuleContext,
  field: string = flag.configField!,
): FindingText[] {
  const value = flag.values.find((x) => x.value === given);
  if (!value) return [];
  const v = ctx.kb.formatVersion;
  const data = { kind, field, value: value.value, flag: `${flag.name}=${value.value}` };
  // The alternative as the file writes it: "mode: iptables".
  const event = valueEvent(flag, value, ctx, (x) => kit.fix('fieldValue', { field, value: x }));
  if (!event) return [];
  const lead = (names: string[]) => kit.fix('setField', { value: names.join(' or ') });
  return [
    event.removed
      ? kit.text({
          messageId: 'configValueRemoved',
          severity: 'BREAKING',
          ...changedIn(event.at, ctx),
          data: { ...data, removedIn: v(event.at) },
          replacement: primaryValue(event.advice),
          fix: adviceText(event.advice, ctx, adviceWords, lead, kit.fix('chooseFieldValue', { field })),
          change: changeAt(flag, event.at),
        })
      : kit.text({
          messageId: 'configValueDeprecated',
          severity: 'WARNING',
          ...changedIn(event.at, ctx),
          data: { ...data, deprecatedIn: v(event.at) },
          replacement: primaryValue(event.advice),
          fix: adviceText(event.advice, ctx, adviceWords, lead, null),
          change: changeAt(flag, event.at),
        }),
  ];
}

/**
 * A value's replacement as scripts read it: the value the record names first (its `replacement`) when it is usable
 * on the path; the fix names the alternatives for other setups too.
 */
function primaryValue(advice: Advice<null>): string | null {
  return replacementText({ ...advice, usable: advice.usable.slice(0, 1) }, ' ');
}

/**
 * What of a flag value's life bites on the path, its removal before its deprecation, with the release and the
 * alternatives usable by then (named by `nameOf`: --proxy-mode=iptables, or mode: iptables in a file).
 */
function valueEvent(
  flag: Flag,
  value: Flag['values'][number],
  ctx: RuleContext,
  nameOf?: (value: string) => string,
): { removed: boolean; at: number; advice: Advice<null> } | null {
  const alternatives = valueAlternatives(flag, [value.replacement, ...value.alternatives], nameOf);
  if (onPath(value.removedIn, ctx))
    return {
      removed: true,
      at: value.removedIn!,
      advice: onThePath(alternatives, value.removedIn!, ctx),
    };
  if (onPath(value.deprecatedIn, ctx))
    return {
      removed: false,
      at: value.deprecatedIn!,
      advice: onThePath(alternatives, value.removedIn ?? ctx.path.to, ctx),
    };
  return null;
}

/** Flags of `component` that no record names: nothing can be said of them on any release of the path. */
function notKnownText(component: string, names: string[], ctx: RuleContext): FindingText {
  return kit.text({
    messageId: 'notKnown',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: {
      component,
      flags:
        names.length === 1
          ? kit.part('oneFlag', { flag: names[0] })
          : kit.part('someFlags', { flags: names.join(', ') }),
    },
    fix: kit.fix('checkByHand', { them: names.length === 1 ? kit.part('it', {}) : kit.part('them', {}), component }),
  });
}

/** The defaults of `component` that change on the path: each worth an INFO where the flag is not set. */
function defaultTexts(component: string, ctx: RuleContext): { flag: string; text: FindingText }[] {
  const v = ctx.kb.formatVersion;
  const out: { flag: string; text: FindingText }[] = [];
  for (const flag of ctx.kb.flagsOf(component)) {
    for (let i = 1; i < flag.defaults.length; i++) {
      const d = flag.defaults[i];
      if (d.since <= ctx.path.from || d.since > ctx.path.to) continue;
      out.push({
        flag: flag.name,
        text: kit.text({
          messageId: 'defaultChanged',
          severity: 'INFO',
          ...changedIn(d.since, ctx),
          data: {
            component,
            flag: flag.name,
            before: flag.defaults[i - 1].value,
            after: d.value,
            since: v(d.since),
            onlyWith: flag.onlyWith
              ? kit.part('onlyWith', { flag: flag.onlyWith.flag, values: flag.onlyWith.values.join(' or ') })
              : '',
          },
          fix: kit.fix('keepDefault', {
            flag: flag.name,
            value: flag.defaults[i - 1].value,
            configField: flag.configField ? kit.fix('configField', { configField: flag.configField }) : '',
            existsFrom:
              flag.introducedIn !== null && flag.introducedIn > ctx.path.from
                ? kit.fix('existsFrom', { introducedIn: v(flag.introducedIn), component })
                : '',
          }),
          change: changeAt(flag, d.since),
        }),
      });
    }
  }
  return out;
}

/** The replacement flags usable on the path (each with the release it works from), or dropping the flag. */
function flagAdvice(flag: Flag, bites: number, ctx: RuleContext): { replacement: string | null; fix: string | null } {
  const advice = onThePath(flagAlternatives(flag, ctx), bites, ctx);
  const v = ctx.kb.formatVersion;
  return {
    replacement: replacementText(advice, ' '),
    fix: adviceText(
      advice,
      ctx,
      adviceWords,
      (names) => kit.fix('use', { flags: flagList(names) }),
      flag.inertFrom !== null && flag.inertFrom > ctx.path.from
        ? kit.fix('removeOnceInert', { flag: flag.name, component: flag.component, inertFrom: v(flag.inertFrom) })
        : flag.successor
          ? kit.fix('removeForSuccessor', { flag: flag.name, successor: flag.successor, component: flag.component })
          : kit.fix('remove', { flag: flag.name }),
    ),
  };
}

/** "A", "A and B", "A, B and C". */
function flagList(names: string[]): string {
  return names.length > 1
    ? kit.fix('several', { flags: names.slice(0, -1).join(', '), last: names[names.length - 1] })
    : names[0];
}
