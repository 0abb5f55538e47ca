// The shallow gate records generated for every gate the curated seed does not keep (src/seed/generated-gates.ts):
// where the curated records and the generator read the same files, they must say the same (the curated ones
// were checked by hand against the release notes); every gate of the newest lists is known; and what the
// files cannot date stays unknown instead of being guessed.
import { loadSeed } from '../../src/seed/load';
import { readGeneratedIndex } from '../../src/seed/generated-index';
import { generateGates } from '../../src/seed/generated-gates';
import { compileKnowledgeBase } from '../../src/kb/compile';
import { seedDir } from '../../src/config';
import { formatVersion, parseVersion } from '../../src/kb/version';
import { gateStateIn } from '../../src/kb/gate-state';
import type { GeneratedGate } from '../../src/seed/bundle';

const b = loadSeed(seedDir());
const index = readGeneratedIndex(seedDir(), [])!;
const components = new Set(b.components.map((c) => c.record.name));
const curatedNames = new Set(b.featureGates.map((g) => g.record.name));
const generatedOf = (g: GeneratedGate[]) => new Map(g.map((x) => [x.name, x]));

describe('gates generated from Kubernetes feature files', () => {
  it('agree with every curated gate the same files cover, release by release', () => {
    // Generated as if nothing were curated, then compared with the curated records.
    const all = generatedOf(generateGates(index, new Set(), components));
    const differences: string[] = [];
    let compared = 0;
    for (const { record: c } of b.featureGates) {
      const g = all.get(c.name);
      if (!g) continue;
      compared++;
      // A curated record that overrides the code for its stages says why; the generator follows the code.
      const overridden = (c.sourceOverrides ?? []).some((o) => o.field === 'lifecycle');
      if (g.removedIn !== null && g.removedIn !== (c.removedIn ?? null))
        differences.push(`${c.name}: removedIn ${g.removedIn}, curated ${c.removedIn}`);
      if (g.introducedIn !== null && g.introducedIn !== c.lifecycle[0].since)
        differences.push(`${c.name}: introducedIn ${g.introducedIn}, curated ${c.lifecycle[0].since}`);
      if (overridden) continue;
      for (const s of g.lifecycle) {
        const last = parseVersion(s.until ?? g.knownThrough!);
        for (let r = parseVersion(s.since); r <= last; r++) {
          const cs = [...c.lifecycle].reverse().find((x) => parseVersion(x.since) <= r);
          if (!cs || cs.stage !== s.stage || cs.defaultEnabled !== s.defaultEnabled)
            differences.push(`${c.name} ${formatVersion(r)}: ${s.stage} ${s.defaultEnabled}, curated ${cs?.stage}`);
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(90);
    expect(differences).toEqual([]);
  });

  it('know every gate of the newest versioned feature lists and of the feature list', () => {
    const kb = compileKnowledgeBase(b, { seededAt: '2026-01-01T00:00:00.000Z' });
    const known = new Set(kb.featureGates.map((g) => g.name));
    const listed = [
      ...index.gateSources.flatMap((s) => [...s.gates.keys()]),
      ...[...index.gateReference!.gates.entries()]
        .filter(([, refs]) => refs.some((r) => r.kind === 'feature list'))
        .map(([n]) => n),
    ];
    expect(listed.length).toBeGreaterThan(300);
    expect(listed.filter((n) => !known.has(n))).toEqual([]);
    // The curated records are kept as they are; the generated ones fill in the rest.
    expect(kb.featureGates.filter((g) => g.generated).every((g) => !curatedNames.has(g.name))).toBe(true);
    expect(kb.featureGates.filter((g) => !g.generated)).toHaveLength(curatedNames.size);
  });

  const generated = generatedOf(b.generatedGates);

  it('date a removal by the release whose files first lack the gate', () => {
    // In each release's kube_features.go 1.12-1.24, not in 1.25's or any later list; the 1.25 notes say
    // the gates that went GA by 1.23 were removed (#109435), this one among them.
    expect(generated.get('TTLAfterFinished')).toMatchObject({
      removedIn: '1.25',
      knownThrough: null,
      introducedIn: null, // already in 1.12's file, the first one read after 1.10
      sigs: ['Apps'],
      kep: 'KEP-592',
    });
    expect(generated.get('TTLAfterFinished')!.lifecycle.at(-1)).toEqual({
      stage: 'GA',
      defaultEnabled: true,
      lockedToDefault: true,
      since: '1.23',
      until: '1.24',
    });
    expect(generated.get('TTLAfterFinished')!.sources).toEqual(
      expect.arrayContaining([expect.stringMatching(/dbe0c8d41776ca4d8106bf8bd2d8dcff2713d085\/.*kube_features\.go$/)]),
    );
  });

  it('leave a removal no source dates unknown, and say how far they reach', () => {
    // APIListChunking: in the versioned specs through 1.31, in no later list, and no release note read says
    // when it went.
    const g = generated.get('APIListChunking')!;
    expect(g.removedIn).toBeNull();
    expect(g.knownThrough).toBe('1.31');
    expect(g.notes).toMatch(/releases after 1\.31 are not known here/);
  });

  it('take a removal the files cannot date from the release notes, and keep the releases between unknown', () => {
    // JobPodFailurePolicy: in the versioned specs through 1.31, in no later list; the 1.33 notes say it was
    // removed (#129498, seed/generated/gate-removals.json). 1.32 stays unknown.
    const g = generated.get('JobPodFailurePolicy')!;
    expect(g).toMatchObject({ removedIn: '1.33', knownThrough: '1.31' });
    expect(g.notes).toMatch(/[Tt]he 1\.33 release notes say it was removed \(#129498\)/);
    expect(g.sources).toContain('https://github.com/kubernetes/kubernetes/pull/129498');
    // The dated removal says what every release from it on is, past the gap: absent from 1.33, unknown at 1.32.
    const keyed = {
      lifecycle: g.lifecycle.map((st) => ({
        ...st,
        since: parseVersion(st.since),
        until: st.until === null ? null : parseVersion(st.until),
      })),
      removedIn: parseVersion(g.removedIn!),
      introducedIn: g.introducedIn === null ? null : parseVersion(g.introducedIn),
      knownThrough: parseVersion(g.knownThrough!),
    };
    expect(gateStateIn(keyed, parseVersion('1.32')).known).toBe(false);
    expect(gateStateIn(keyed, parseVersion('1.33'))).toMatchObject({ known: true, exists: false });
    expect(gateStateIn(keyed, parseVersion('1.35'))).toMatchObject({ known: true, exists: false });
  });

  it('do not take a "1.0" spec for an introduction', () => {
    // The versioned list dates AllowDNSOnlyNodeCSR GA from "1.0": before versioning, not an introduction.
    const g = generated.get('AllowDNSOnlyNodeCSR')!;
    expect(g.introducedIn).toBeNull();
    expect(g.lifecycle[0].since).toBe('1.31');
  });

  it('know a gate only the release notes remove from that removal on, and no stage before it', () => {
    // apiextensions-apiserver's gates are in no feature file read; the 1.18 notes remove five of them in a list
    // after a colon (#87475, seed/generated/gate-removals.json). kubeadm's own gates (tool gates) are not made
    // component gates though their notes remove them too.
    const g = generated.get('CustomResourceValidation')!;
    expect(g).toMatchObject({ lifecycle: [], introducedIn: null, removedIn: '1.18', knownThrough: null });
    expect(g.sources).toContain('https://github.com/kubernetes/kubernetes/pull/87475');
    expect(g.summary).toMatch(/removed in 1\.18 by the release notes/);
    expect(
      gateStateIn({ ...g, removedIn: 1018, knownThrough: null, introducedIn: null, lifecycle: [] }, 1017),
    ).toMatchObject({
      known: false,
    });
    expect(
      gateStateIn({ ...g, removedIn: 1018, knownThrough: null, introducedIn: null, lifecycle: [] }, 1019),
    ).toMatchObject({
      known: true,
      exists: false,
    });
    const toolGates = new Set(b.toolGates.map((t) => t.gate));
    expect(toolGates.has('ControlPlaneKubeletLocalMode')).toBe(true);
    expect(b.generatedGates.filter((x) => toolGates.has(x.name))).toEqual([]);
  });

  it('say in their summary what the files give, and name their sources', () => {
    for (const g of b.generatedGates) {
      expect([g.name, g.sources.length > 0]).toEqual([g.name, true]);
      expect(g.notes).toMatch(
        g.lifecycle.length === 0 && g.removedIn !== null
          ? /^Generated from the release notes, not curated/
          : /^Generated from Kubernetes' feature files, not curated/,
      );
      expect(g.summary).toMatch(/not described here yet/);
    }
    expect(generated.get('TTLAfterFinished')!.summary).toBe(
      'A gate of SIG Apps (KEP-592, "TTL After Finished"), not described here yet; Kubernetes\' feature files ' +
        '(from 1.12, which already has it) give: alpha (off) 1.12-1.20, beta (on) 1.21-1.22, GA (on, locked) ' +
        '1.23-1.24, removed in 1.25.',
    );
  });
});
