// The generated well-known-key records (src/seed/generated-keys.ts) against the release notes of 1.14-1.37
// stored beside the project (../shared/upstream/sig-release-notes): a generated record says that no source read
// announces a change to its key, so every note that names a generated key in a sentence about a deprecation,
// a removal or something no longer done must be about something else (listed below with the reason), or the key
// wants a curated record. Run by `npm run test:upstream`.
import { seedDir } from '../../src/config';
import { loadSeed } from '../../src/seed/load';
import { noteTextsOf, withUpstream } from '../support/upstream-notes';

/** Notes that name a generated key near words of change but change something else, by "key release". */
const NOT_A_KEY_CHANGE: Record<string, string> = {
  'kubeadm.kubernetes.io/etcd.advertise-client-urls 1.18':
    "the note deprecates kubeadm-config's ClusterStatus; the annotation is where that information lives instead",
  'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint 1.18':
    "the note deprecates kubeadm-config's ClusterStatus; the annotation is where that information lives instead",
  'pod-security.kubernetes.io/enforce 1.25':
    'the note changes what the restricted level asks of Windows Pods, not the label',
  'pod-security.kubernetes.io/enforce-version 1.25':
    'the note changes what the restricted level asks of Windows Pods, not the label',
  'pod-security.kubernetes.io/exempt 1.25':
    'an audit annotation the API server writes on its own audit events (not a key of any manifest): the note stops writing it on namespace requests',
};

const CHANGE_WORDS = /deprecat|remov|no longer|dropp?ed|ignored|stop(s|ped)? /i;

withUpstream(() => {
  describe('generated well-known keys against the release notes of 1.14-1.37', () => {
    const bundle = loadSeed(seedDir());
    const notes = Array.from({ length: 37 - 14 + 1 }, (_, i) => ({
      release: `1.${14 + i}`,
      texts: noteTextsOf(14 + i),
    }));

    it('has generated records to check', () => {
      expect(bundle.generatedKeys.length).toBeGreaterThan(50);
    });

    it('finds no note announcing a change of a key that has only a generated record', () => {
      const found: string[] = [];
      for (const k of bundle.generatedKeys) {
        const needle = k.key.endsWith('/*') ? k.key.slice(0, -1) : k.key;
        for (const { release, texts } of notes)
          if (texts.some((t) => t.includes(needle) && CHANGE_WORDS.test(t))) found.push(`${k.key} ${release}`);
      }
      expect(found.filter((f) => !Object.hasOwn(NOT_A_KEY_CHANGE, f))).toEqual([]);
    });

    it('keeps no exception that no longer applies', () => {
      const generated = new Set(bundle.generatedKeys.map((k) => k.key));
      for (const entry of Object.keys(NOT_A_KEY_CHANGE)) {
        const [key, release] = entry.split(' ');
        const texts = notes.find((n) => n.release === release)!.texts;
        expect([entry, generated.has(key), texts.some((t) => t.includes(key) && CHANGE_WORDS.test(t))]).toEqual([
          entry,
          true,
          true,
        ]);
      }
    });
  });
});
