// The generated gate records (src/seed/generated-gates.ts) against the release notes of 1.14-1.37 stored
// beside the project (../shared/upstream/sig-release-notes): every sentence that says a gate was removed in a
// release must agree with the generated removal, or come after the release the generated record is known
// through (the files read cannot date it: the notes are the only source then). Run by `npm run test:upstream`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, seedDir } from '../../src/config';
import { loadSeed } from '../../src/seed/load';
import { gateStatement, sentencesOf } from '../../src/seed/rebuild/note-text';
import { parseVersion } from '../../src/kb/version';
import { noteTextsOf } from '../support/upstream-notes';

const upstream = process.env.NETKB_UPSTREAM_DIR ?? join(projectRoot(), '..', 'shared', 'upstream');
const notesDir = join(upstream, 'sig-release-notes');

/** Sentences the reading takes for a gate's removal that are about something else, with the reason. */
const NOT_A_GATE_REMOVAL: Record<string, string> = {
  'DynamicKubeletConfig 1.24':
    'the 1.24 note removes the feature from the kubelet; the gate stays in the 1.24 and 1.25 kube_features.go',
  'DRADeviceBindingConditions 1.35': 'the 1.35 note drops fields while the gate is off; the gate stays',
};

if (!existsSync(notesDir)) {
  test('the upstream release notes are present beside the project', () => {
    expect(`${notesDir} is missing`).toBe('present');
  });
} else {
  test('every removal the release notes state agrees with the generated records, or is past what they know', () => {
    const gates = loadSeed(seedDir()).generatedGates;
    const agreeing: string[] = [];
    const beyond: string[] = [];
    const wrong: string[] = [];
    for (let minor = 14; minor <= 37; minor++) {
      const release = `1.${minor}`;
      for (const text of noteTextsOf(minor))
        for (const sentence of sentencesOf(text))
          for (const g of gates) {
            if (!sentence.includes(g.name) || !gateStatement(sentence, g.name)?.removed) continue;
            const key = `${g.name} ${release}`;
            if (NOT_A_GATE_REMOVAL[key]) continue;
            if (g.removedIn === release) agreeing.push(key);
            else if (g.removedIn === null && g.knownThrough !== null && parseVersion(g.knownThrough) < minor + 1000)
              beyond.push(key);
            else wrong.push(`${key}: generated removedIn ${g.removedIn}, knownThrough ${g.knownThrough}`);
          }
    }
    expect(wrong).toEqual([]);
    expect(agreeing.length).toBeGreaterThanOrEqual(14);
    // AllowInsecureBackendProxy: the website's removed-gates table says 1.25; the 1.23 notes (#103796) and the files say 1.23.
    expect(agreeing).toEqual(expect.arrayContaining(['AllowInsecureBackendProxy 1.23', 'PodOverhead 1.26']));
    // Removals the files cannot date, named by the notes only: the records say they know nothing past knownThrough.
    // (JobPodFailurePolicy 1.33 was one until the notes' removals were read: gate-removals.json now dates it.)
    expect(agreeing).toEqual(expect.arrayContaining(['JobPodFailurePolicy 1.33']));
    expect(beyond.length).toBeLessThan(10);
  });
}
