// Every way to get a lookup verb's arguments wrong, run in-process through the verbs' own entry points
// (the same functions bin/netkb dispatches to) with a captured terminal: exit 2, a message naming the
// problem and pointing at --help, nothing on standard output. The process-level tests are in
// lookup-verbs.test.ts.
import { SearchIndex } from '../../src/db/search-index';
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import type { CliIo } from '../../src/cli/io';
import { runDiff } from '../../src/cli/diff';
import { runFlag } from '../../src/cli/flag';
import { runGate } from '../../src/cli/gate';
import { runReleases } from '../../src/cli/releases';
import { runSearch } from '../../src/cli/search';
import { runServe } from '../../src/cli/serve';
import { seededDatabase } from '../support/http';
import { testKnowledgeBase } from '../support/knowledge-base';

const VERBS: Record<string, (argv: string[], io: CliIo) => Promise<number>> = {
  diff: runDiff,
  gate: runGate,
  flag: runFlag,
  search: runSearch,
  releases: runReleases,
  serve: runServe,
};

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  let loaded = false;
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    stdin: () => '',
    writeFile: () => {},
    loadKb: async () => {
      loaded = true;
      return kb;
    },
    dbFile: () => seededDatabase(),
    loadSearcher: () => new SearchIndex(seededDatabase()),
    stderrIsTTY: () => false,
  };
  const code = await VERBS[argv[0]](argv.slice(1), io);
  return { code, stdout, stderr, loaded };
}

it.each([
  ['a missing TO', ['diff', '1.29'], /missing TO/],
  ['no releases', ['diff'], /missing FROM and TO/],
  ['a malformed release', ['diff', 'latest', '1.31'], /from: "latest" is not a Kubernetes release/],
  ['FROM after TO', ['diff', '1.31', '1.29'], /from 1\.31 is after to 1\.29: give the older release as from/],
  [
    'an unknown format',
    ['diff', '1.29', '1.31', '--format', 'yaml'],
    /--format must be one of table, json, markdown \(got "yaml"\)/,
  ],
  [
    'a max length out of range',
    ['diff', '1.29', '1.31', '--max-length', '50'],
    /maxLength must be from 500 to 3000, got 50/,
  ],
  [
    'a max length that is not a number',
    ['diff', '1.29', '1.31', '--max-length', 'lots'],
    /--max-length must be a whole number \(got "lots"\)/,
  ],
  ['an extra argument', ['diff', '1.29', '1.30', '1.31'], /unexpected argument: 1\.31/],
  ['an unknown option', ['diff', '1.29', '1.31', '--form', 'json'], /Unknown option '--form'/],
  ['a gate without a name', ['gate'], /missing NAME/],
  [
    'an unknown gate',
    ['gate', 'IPv6DualStak'],
    /No feature gate is named "IPv6DualStak"\. Did you mean "IPv6DualStack"\?/,
  ],
  [
    'a gate with an unknown format',
    ['gate', 'IPv6DualStack', '--format', 'sarif'],
    /--format must be one of table, json, markdown/,
  ],
  ['a flag without a name', ['flag', 'kube-proxy'], /missing NAME/],
  ['a flag without anything', ['flag'], /missing COMPONENT and NAME/],
  [
    'a flag of an unknown component',
    ['flag', 'kubeproxy', '--proxy-mode'],
    /Unknown component "kubeproxy"\. Did you mean "kube-proxy"\?/,
  ],
  [
    'an unknown flag',
    ['flag', 'kube-proxy', '--proxy-mod'],
    /No flag of kube-proxy is named "--proxy-mod"\. Did you mean "--proxy-mode"\?/,
  ],
  ['a search without text', ['search'], /missing TEXT/],
  ['a search of blanks', ['search', '   '], /TEXT is empty/],
  ['a search with --first 0', ['search', 'conntrack', '--first', '0'], /first must be from 1 to 100, got 0/],
  [
    'a search with --first that is not a number',
    ['search', 'conntrack', '--first', 'ten'],
    /--first must be a whole number/,
  ],
  ['releases with an argument', ['releases', '1.20'], /unexpected argument: 1\.20/],
  [
    'releases with an unknown format',
    ['releases', '--format', 'csv'],
    /--format must be one of table, json, markdown \(got "csv"\)/,
  ],
  [
    'serve with a bad port',
    ['serve', '--port', '99999'],
    /--port must be a whole number from 0 to 65535 \(got "99999"\)/,
  ],
  ['serve with an unknown option', ['serve', '--prot', '1'], /Unknown option '--prot'/],
])('exit 2 for %s', async (_, argv, message) => {
  const r = await run(argv as string[]);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(message as RegExp);
  expect(r.stderr).toMatch(new RegExp(`^netkb ${(argv as string[])[0]}: `));
  expect(r.stdout).toBe('');
});

it('usage mistakes are reported before the knowledge base is loaded', async () => {
  expect((await run(['diff', '1.29'])).loaded).toBe(false);
  expect((await run(['gate', 'x', '--format', 'xml'])).loaded).toBe(false);
});

it('flag names that look like options are the flag, and the verb options still work around them', async () => {
  const r = await run(['flag', '--format', 'json', 'kube-proxy', '--conntrack-max']);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ name: '--conntrack-max', removedIn: '1.15' });
  const eq = await run(['flag', 'kube-proxy', '--format=json', '--', '--conntrack-max']);
  expect(JSON.parse(eq.stdout).name).toBe('--conntrack-max');
});
