// feature-gate: gates set with --feature-gates in component args or in the featureGates map of a
// component-config object, against the feature-gates records.
import type { FeatureGate, GateKey, ToolGate } from '../../../kb/model';
import { parseVersion } from '../../../kb/version';
import { changeAt, changedIn, holdsFrom, onPath, pathText, placed, type FindingText } from '../findings';
import { ruleKit } from '../rule-kit';
import { remember } from '../memo';
import { isPlainObject, type ManifestObject, type PathSegment } from '../../reader/manifest';
import { configFileReader, configOwner, invocationsIn, parseFeatureGates, type FlagUse } from '../components';
import type { Finding, ObjectRule, RuleContext } from '../../types';

interface GateSetting {
  gate: string;
  value: boolean;
  component: string;
  path: PathSegment[];
  use?: FlagUse;
  /** Set for a featureGates map of a file no component reads as its config (kubeadm's ClusterConfiguration): its own gates. */
  ownOf?: { kind: string; apiVersion: string };
}

const kit = ruleKit('feature-gate', {
  messages: {
    removed: 'Feature gate {gate} is removed in {removedIn}: {component} refuses to start while it is set.',
    locked:
      'Feature gate {gate} is locked to {default} from {since}: setting it to {value} stops {component} from starting.',
    deprecated: 'Feature gate {gate} is deprecated from {since}.',
    graduates:
      'Feature gate {gate} is GA from {since}{locked}; the setting can be dropped before the gate is removed{removal}.',
    notYetKnown:
      'Feature gate {gate} does not exist before {introducedIn}: {component} of {releases} refuses to start while it is set.',
    notKnown: 'Feature gate {gate} is not known to netkb: not checked.',
    notKnownAt: 'Feature gate {gate} is not known to netkb at {releases}: not checked there.',
    ownNotKnown:
      "Feature gate {gate} of {kind} {apiVersion} is that file's own, not a Kubernetes component's: not checked.",
    ownRemoved:
      '{tool} feature gate {gate} is removed in {removedIn}: {tool} of {removedIn} and later refuses a {kind} whose featureGates sets it.',
    ownNotYetKnown:
      '{tool} feature gate {gate} exists from {introducedIn}: {tool} of {releases} refuses a {kind} whose featureGates sets it.',
    keyNotYetKnown:
      '{gate} does not exist before {introducedIn}: {component} of {releases} refuses to start while it is set.',
    keyOn:
      '{gate}=true turns on every {stage} gate of {component}, each release its own: the upgrade turns on the {stage} gates the newer releases add.',
    keyOff:
      '{gate}=false turns off every {stage} gate of {component} not named beside it, those on by default among them, at each release on the path.',
  },
  fixes: {
    removeGate: 'Remove {gate} from the feature gates of {component}.',
    setFrom: 'Set {gate} only on components of {introducedIn} or later.',
    removeSetting: 'Remove {gate}={value} from {component}.',
    planToStop: 'Plan to stop setting {gate}.',
    removeOwnGate: 'Remove {gate} from the featureGates of {kind} before running {tool} {removedIn} or later.',
    setOwnGateFrom: 'Set {gate} only with {tool} {introducedIn} or later.',
    nameGates: 'Name the {stage} gates {component} needs one by one instead, so an upgrade turns on nothing new.',
    checkDefaults:
      'Check which {stage} gates are on by default at the releases on the path (the feature-gate reference): {gate}=false turns them off.',
    dropOnceGA: 'Drop {gate} from {component} once every node runs {since}.',
    dropOwnOnceGA: 'Drop {gate} from the featureGates of {kind} once {tool} runs {since} or later.',
    checkByHand:
      'Check that {component} accepts {gate} at each release on the path (the feature-gate reference, the release notes): it refuses to start with a gate it does not know.',
    checkOwnGate:
      'Check in the release notes of the tool that reads {kind} ({apiVersion}) that {gate} still exists at each release on the path: netkb has no records of its gates.',
  },
  parts: {
    locked: ' and locked to {default}',
    removal: ' in {removedIn}',
    releases: '{first} to {last}',
  },
});

export const featureGateRule: ObjectRule = {
  ...kit.declaration,
  scope: 'object',
  description:
    "Reports feature gates set in component args (--feature-gates) or component-config featureGates maps that are removed on the path or not known yet in its early releases (BREAKING: the component refuses to start), locked to the other value (BREAKING: the component refuses to start), deprecated (WARNING: works now, breaks later) or graduating to GA (INFO: a behaviour to know about, the setting becomes redundant), gates or releases it has no source for, and the own gates of a file no component reads such as kubeadm, dated from the tool's release notes (BREAKING where the tool's release lacks the gate; deprecated and graduating to GA as Kubernetes' gates are) or else not checked (INFO); AllAlpha and AllBeta, switches for every gate of a stage, are refused before the release that has them (BREAKING) and said to change what they turn on with every release (INFO).",
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const findings: Finding[] = [];
    for (const s of settingsIn(object, ctx)) {
      const texts = remember(ctx, ['feature-gate', s.gate, s.value, s.component, s.ownOf?.apiVersion ?? ''], () => {
        if (s.ownOf) {
          // A tool's own gate (kubeadm's): its life from the release notes, when they name it.
          const tool = configFileReader(s.ownOf.kind, ctx.kb);
          const own = tool ? ctx.kb.toolGate(tool, s.gate) : undefined;
          return own ? checkOwnGate(own, s.ownOf, ctx) : [ownNotKnown(s.gate, s.ownOf, ctx)];
        }
        const key = ctx.kb.gateKey(s.gate);
        if (key) return checkKey(key, s, ctx);
        const gate = ctx.kb.featureGate(s.gate);
        return gate ? checkGate(gate, s, ctx) : [notKnown(s, ctx)];
      });
      if (texts.length === 0) continue;
      // A flag's place is written out once for every finding about it (the component-flag rule's too).
      const at = s.use ? (s.use.pathString ??= pathText(s.use.path)) : undefined;
      for (const text of texts) findings.push(placed(text, object, s.path, at));
    }
    return findings;
  },
};

function settingsIn(object: ManifestObject, ctx: RuleContext): GateSetting[] {
  const out: GateSetting[] = [];
  for (const inv of invocationsIn(object, ctx.kb)) {
    for (const f of inv.flags) {
      if (f.name !== '--feature-gates' || f.value === null) continue;
      for (const [gate, value] of parseFeatureGates(f.value))
        out.push({ gate, value, component: inv.component.name, path: f.path, use: f });
    }
  }
  const owner = configOwner(object, ctx.kb);
  if (owner && isPlainObject(object.value.featureGates)) {
    for (const [gate, value] of Object.entries(object.value.featureGates)) {
      if (typeof value === 'boolean') out.push({ gate, value, component: owner.name, path: ['featureGates', gate] });
    }
  } else if (isPlainObject(object.value.featureGates) && ctx.kb.apiVersion(object.apiVersion, object.kind)) {
    // A file netkb knows (it has a record of its version) whose gates are its own, not a component's (kubeadm's
    // ClusterConfiguration): they are not Kubernetes' feature gates, so each is said to be not checked.
    const ownOf = { kind: object.kind, apiVersion: object.apiVersion };
    for (const [gate, value] of Object.entries(object.value.featureGates)) {
      if (typeof value === 'boolean')
        out.push({ gate, value, component: object.kind, path: ['featureGates', gate], ownOf });
    }
  }
  return out;
}

/**
 * AllAlpha, AllBeta: not gates but switches for every gate of a stage (seed/gate-keys.yaml). Refused by releases
 * before the key exists (BREAKING); otherwise what it turns on or off changes with each release (INFO).
 */
function checkKey(key: GateKey, s: Omit<GateSetting, 'path'>, ctx: RuleContext): FindingText[] {
  const v = ctx.kb.formatVersion;
  const stage = key.stage.toLowerCase();
  const base = { gate: key.key, component: s.component, stage };
  const introducedIn = key.introducedIn;
  const before = ctx.path.releases.filter((r) => introducedIn !== null && r < introducedIn);
  const out: FindingText[] = [];
  if (introducedIn !== null && before.length > 0)
    out.push(
      kit.text({
        messageId: 'keyNotYetKnown',
        severity: 'BREAKING',
        ...holdsFrom(before[0], ctx),
        data: { ...base, introducedIn: v(introducedIn), releases: releasesText(before, v) },
        fix: kit.fix('setFrom', { gate: key.key, introducedIn: v(introducedIn) }),
      }),
    );
  out.push(
    kit.text({
      messageId: s.value ? 'keyOn' : 'keyOff',
      severity: 'INFO',
      ...holdsFrom(ctx.path.from, ctx),
      data: base,
      fix: s.value ? kit.fix('nameGates', base) : kit.fix('checkDefaults', base),
    }),
  );
  return out;
}

/**
 * A tool's own gate whose life the release notes give (tool-gate-events.json): a tool of a release without it refuses
 * the file (kubeadm's featureGates parsing: "unrecognized feature-gate key"), so a removal or a later introduction on
 * the path is BREAKING there.
 */
function checkOwnGate(own: ToolGate, of: { kind: string; apiVersion: string }, ctx: RuleContext): FindingText[] {
  const v = ctx.kb.formatVersion;
  const data = { tool: own.tool, gate: own.gate, kind: of.kind };
  const out: FindingText[] = [];
  const removedIn = own.removedIn === null ? null : parseVersion(own.removedIn);
  const introducedIn = own.introducedIn === null ? null : parseVersion(own.introducedIn);
  const before = ctx.path.releases.filter((r) => introducedIn !== null && r < introducedIn);
  if (introducedIn !== null && before.length > 0)
    out.push(
      kit.text({
        messageId: 'ownNotYetKnown',
        severity: 'BREAKING',
        ...holdsFrom(before[0], ctx),
        data: { ...data, introducedIn: v(introducedIn), releases: releasesText(before, v) },
        fix: kit.fix('setOwnGateFrom', { ...data, introducedIn: v(introducedIn) }),
      }),
    );
  // Deprecated or GA on the path, before any removal: as for Kubernetes' gates (kubeadm warns about a deprecated gate
  // from 1.28 on, #118270; no note read deprecates one of its gates before that release: tool-gate-notes test).
  const beforeRemoval = (r: string | null) =>
    r !== null &&
    parseVersion(r) > ctx.path.from &&
    parseVersion(r) <= ctx.path.to &&
    (removedIn === null || parseVersion(r) < removedIn);
  if (beforeRemoval(own.deprecatedIn)) {
    const since = parseVersion(own.deprecatedIn!);
    out.push(
      kit.text({
        messageId: 'deprecated',
        severity: 'WARNING',
        ...changedIn(since, ctx),
        data: { gate: own.gate, since: v(since) },
        fix: kit.fix('planToStop', { gate: own.gate }),
      }),
    );
  }
  if (beforeRemoval(own.gaIn)) {
    const since = parseVersion(own.gaIn!);
    const locked = own.lockedFrom !== null && parseVersion(own.lockedFrom) <= since;
    out.push(
      kit.text({
        messageId: 'graduates',
        severity: 'INFO',
        ...changedIn(since, ctx),
        data: {
          gate: own.gate,
          since: v(since),
          locked: locked ? kit.part('locked', { default: 'true' }) : '',
          removal: removedIn !== null ? kit.part('removal', { removedIn: v(removedIn) }) : '',
        },
        fix: kit.fix('dropOwnOnceGA', { ...data, since: v(since) }),
      }),
    );
  }
  if (onPath(removedIn, ctx))
    out.push(
      kit.text({
        messageId: 'ownRemoved',
        severity: 'BREAKING',
        ...changedIn(removedIn!, ctx),
        data: { ...data, removedIn: v(removedIn!) },
        fix: kit.fix('removeOwnGate', { ...data, removedIn: v(removedIn!) }),
      }),
    );
  return out;
}

/** A gate of a file's own (kubeadm's) that no release note names: netkb has no record of it. */
function ownNotKnown(gate: string, of: { kind: string; apiVersion: string }, ctx: RuleContext): FindingText {
  return kit.text({
    messageId: 'ownNotKnown',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: { gate, kind: of.kind, apiVersion: of.apiVersion },
    fix: kit.fix('checkOwnGate', { gate, kind: of.kind, apiVersion: of.apiVersion }),
  });
}

/** What setting the gate to `s.value` on `s.component` meets on the path (the same wherever it is set). */
function checkGate(gate: FeatureGate, s: Omit<GateSetting, 'path'>, ctx: RuleContext): FindingText[] {
  const v = ctx.kb.formatVersion;
  const base = { gate: gate.name, component: s.component };
  const findings: FindingText[] = [];
  if (onPath(gate.removedIn, ctx)) {
    findings.push(
      kit.text({
        messageId: 'removed',
        severity: 'BREAKING',
        ...changedIn(gate.removedIn, ctx),
        data: { ...base, removedIn: v(gate.removedIn) },
        fix: kit.fix('removeGate', base),
        change: changeAt(gate, gate.removedIn),
      }),
    );
  }
  const introducedIn = gate.introducedIn;
  const before = ctx.path.releases.filter((r) => introducedIn !== null && r < introducedIn);
  if (introducedIn !== null && before.length > 0 && introducedIn <= ctx.path.to) {
    findings.push(
      kit.text({
        messageId: 'notYetKnown',
        severity: 'BREAKING',
        ...holdsFrom(before[0], ctx),
        data: { ...base, introducedIn: v(introducedIn), releases: releasesText(before, v) },
        fix: kit.fix('setFrom', { gate: gate.name, introducedIn: v(introducedIn) }),
        change: changeAt(gate, introducedIn),
      }),
    );
  }
  // Releases the gate's sources do not reach (a generated record's, model.ts): said, never assumed.
  const unknown = ctx.path.releases.filter(
    (r) => (gate.removedIn === null || r < gate.removedIn) && !ctx.kb.gateStateIn(gate, r).known,
  );
  // Before the first release its sources read, after the last: one finding for each run of releases.
  for (const run of runsOf(unknown)) {
    findings.push(
      kit.text({
        messageId: 'notKnownAt',
        severity: 'INFO',
        checked: false,
        effectiveIn: run[0],
        data: { gate: gate.name, releases: releasesText(run, v) },
        fix: kit.fix('checkByHand', base),
      }),
    );
  }
  const states = ctx.path.releases
    .filter((r) => gate.removedIn === null || r < gate.removedIn)
    .map((r) => ({ r, st: ctx.kb.gateStateIn(gate, r) }));
  const locked = states.find(({ st }) => st.exists && st.lockedToDefault && st.defaultEnabled !== s.value);
  if (locked) {
    findings.push(
      kit.text({
        messageId: 'locked',
        severity: 'BREAKING',
        ...holdsFrom(locked.r, ctx),
        data: { ...base, default: String(locked.st.defaultEnabled), value: String(s.value), since: v(locked.r) },
        fix: kit.fix('removeSetting', { ...base, value: String(s.value) }),
        change: changeAt(gate, locked.r),
      }),
    );
  }
  for (let i = 1; i < states.length; i++) {
    const after = states[i].st;
    const prior = states[i - 1].st;
    if (after.stage === prior.stage || !after.exists || !prior.exists) continue;
    if (after.stage === 'DEPRECATED') {
      findings.push(
        kit.text({
          messageId: 'deprecated',
          severity: 'WARNING',
          ...changedIn(states[i].r, ctx),
          data: { ...base, since: v(states[i].r) },
          fix: kit.fix('planToStop', { gate: gate.name }),
          change: changeAt(gate, states[i].r),
        }),
      );
    } else if (after.stage === 'GA' && !locked) {
      findings.push(
        kit.text({
          messageId: 'graduates',
          severity: 'INFO',
          ...changedIn(states[i].r, ctx),
          data: {
            ...base,
            since: v(states[i].r),
            locked: after.lockedToDefault ? kit.part('locked', { default: String(after.defaultEnabled) }) : '',
            removal: gate.removedIn !== null ? kit.part('removal', { removedIn: v(gate.removedIn) }) : '',
          },
          fix: kit.fix('dropOnceGA', { ...base, since: v(states[i].r) }),
          change: changeAt(gate, states[i].r),
        }),
      );
    }
  }
  return findings;
}

/** A gate no record names: nothing can be said of it on any release of the path. */
function notKnown(s: Omit<GateSetting, 'path'>, ctx: RuleContext): FindingText {
  return kit.text({
    messageId: 'notKnown',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: { gate: s.gate },
    fix: kit.fix('checkByHand', { gate: s.gate, component: s.component }),
  });
}

/** Releases in order, cut where one does not follow the one before: [1016, 1017, 1020] -> [[1016, 1017], [1020]]. */
function runsOf(releases: number[]): number[][] {
  const runs: number[][] = [];
  for (const r of releases) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === r - 1) last.push(r);
    else runs.push([r]);
  }
  return runs;
}

/** [1016, 1017, 1018] -> "1.16 to 1.18"; [1016] -> "1.16". */
function releasesText(versions: number[], v: (k: number) => string): string {
  return versions.length === 1
    ? v(versions[0])
    : kit.part('releases', { first: v(versions[0]), last: v(versions[versions.length - 1]) });
}
