// `netkb check --format sarif` as a process, as GitHub code scanning reads it: valid against the SARIF 2.1.0
// JSON schema, artifact URIs relative to the working directory (or --sarif-root), normalised and
// percent-encoded, with originalUriBaseIds; the tool's version; each rule's helpUri and help; stdin by name.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import schema from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json';
import { projectRoot } from '../../src/config';
import { netkb } from '../support/cli';

// The SARIF 2.1.0 schema (draft-04) as @microsoft/jest-sarif ships it. Its language-tag pattern is not a
// valid Unicode-mode regular expression, hence unicodeRegExp: false.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const root = projectRoot();
const INGRESS = 'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: i}\nspec: {}\n';
const DEPLOYMENT = 'apiVersion: extensions/v1beta1\nkind: Deployment\nmetadata: {name: d}\nspec: {}\n';
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-sarif-'));
  mkdirSync(join(dir, 'my app', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'my app', 'ing#1.yaml'), INGRESS);
  writeFileSync(join(dir, 'my app', 'sub', 'dep.yaml'), DEPLOYMENT);
  writeFileSync(join(dir, 'my app', 'broken.yaml'), 'apiVersion: v1\nkind: Service\nmetadata:\n  name: [oops\n');
  mkdirSync(join(dir, 'elsewhere'));
  writeFileSync(join(dir, 'elsewhere', 'outside.yaml'), INGRESS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sarif(args: string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}) {
  const r = netkb(['check', ...args, '--from', '1.15', '--to', '1.22', '--format', 'sarif'], options);
  if (!r.stdout) throw new Error(`no SARIF (exit ${r.code}): ${r.stderr}`);
  return { ...r, log: JSON.parse(r.stdout) };
}

/** Every artifactLocation of results and notifications, in order. */
function locations(log: any): { uri: string; uriBaseId?: string }[] {
  const run = log.runs[0];
  return [
    ...run.results.map((x: any) => x.locations[0].physicalLocation.artifactLocation),
    ...run.invocations[0].toolExecutionNotifications.map((n: any) => n.locations[0].physicalLocation.artifactLocation),
  ];
}

describe('SARIF 2.1.0 schema', () => {
  it('a run with findings in several files, stdin and a file that could not be checked is valid', () => {
    const { log, code } = sarif(['my app', '-'], { cwd: dir, input: DEPLOYMENT });
    expect(code).toBe(2);
    expect(log.runs[0].results.length).toBeGreaterThanOrEqual(3);
    expect(log.runs[0].invocations[0].toolExecutionNotifications).toHaveLength(1);
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('a run with a file a folder walk passed over (a note notification) is valid and successful', () => {
    const folder = join(dir, 'with-values');
    mkdirSync(folder);
    writeFileSync(join(folder, 'ing.yaml'), INGRESS);
    writeFileSync(join(folder, 'values.yaml'), 'replicaCount: 2\n');
    const { log, code } = sarif(['with-values'], { cwd: dir });
    expect(code).toBe(1);
    expect(log.runs[0].invocations[0]).toMatchObject({
      executionSuccessful: true,
      toolExecutionNotifications: [
        {
          level: 'note',
          descriptor: { id: 'NOT_A_MANIFEST' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'with-values/values.yaml' } } }],
        },
      ],
    });
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the validator refuses what code scanning cannot read (a location named <stdin>, a line 0)', () => {
    const { log } = sarif(['my app'], { cwd: dir });
    const broken = structuredClone(log);
    broken.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = '<stdin>';
    broken.runs[0].results[1].locations[0].physicalLocation.region.startLine = 0;
    expect(validate(broken)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath).sort()).toEqual([
      '/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri',
      '/runs/0/results/1/locations/0/physicalLocation/region/startLine',
    ]);
  });
});

describe('artifact URIs', () => {
  it('relative to the working directory, forward slashes, percent-encoded, with %SRCROOT% as a file:// URI', () => {
    const { log } = sarif(['my app'], { cwd: dir });
    expect(log.runs[0].originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: `${pathToFileURL(dir).href}/` } });
    expect(locations(log)).toEqual([
      { uri: 'my%20app/ing%231.yaml', uriBaseId: '%SRCROOT%' },
      { uri: 'my%20app/sub/dep.yaml', uriBaseId: '%SRCROOT%' },
      { uri: 'my%20app/broken.yaml', uriBaseId: '%SRCROOT%' },
    ]);
  });

  it('normalised: ./ and .. segments and absolute paths give the same URI', () => {
    const given = ['./my app/sub/../ing#1.yaml', join(dir, 'my app', 'sub', 'dep.yaml')];
    const { log } = sarif(given, { cwd: dir });
    expect(locations(log).map((l) => l.uri)).toEqual(['my%20app/ing%231.yaml', 'my%20app/sub/dep.yaml']);
  });

  it('--sarif-root DIR: relative to DIR instead (here the parent of the working directory)', () => {
    const { log } = sarif(['sub/dep.yaml', '--sarif-root', '..'], { cwd: join(dir, 'my app') });
    expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(dir).href}/`);
    expect(locations(log)).toEqual([{ uri: 'my%20app/sub/dep.yaml', uriBaseId: '%SRCROOT%' }]);
  });

  it('a file outside the root keeps an absolute file:// URI without a base id (still valid SARIF)', () => {
    const { log } = sarif(['sub/dep.yaml', '../elsewhere/outside.yaml'], { cwd: join(dir, 'my app') });
    expect(locations(log)).toEqual([
      { uri: 'sub/dep.yaml', uriBaseId: '%SRCROOT%' },
      { uri: pathToFileURL(join(dir, 'elsewhere', 'outside.yaml')).href },
    ]);
    expect(validate(log)).toBe(true);
  });

  it('--sarif-root that is not a folder, or without --format sarif, is a usage error', () => {
    const missing = netkb(
      ['check', 'my app', '--from', '1.15', '--to', '1.22', '--format', 'sarif', '--sarif-root', 'nope'],
      {
        cwd: dir,
      },
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('netkb check: --sarif-root nope: no such folder\n');
    const json = netkb(['check', 'my app', '--from', '1.15', '--to', '1.22', '--sarif-root', '.'], { cwd: dir });
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/--sarif-root is for --format sarif/);
  });
});

describe('stdin', () => {
  it('is stdin.yaml by default, never <stdin>', () => {
    const { log, stdout } = sarif(['-'], { cwd: dir, input: INGRESS });
    expect(locations(log)).toEqual([{ uri: 'stdin.yaml', uriBaseId: '%SRCROOT%' }]);
    expect(stdout).not.toContain('<stdin>');
  });

  it('--stdin-name NAME names it, as a path relative to the working directory', () => {
    const { log } = sarif(['-', '--stdin-name', 'charts/web app/rendered#1.yaml'], { cwd: dir, input: INGRESS });
    expect(locations(log)).toEqual([{ uri: 'charts/web%20app/rendered%231.yaml', uriBaseId: '%SRCROOT%' }]);
  });

  it('--stdin-name also names it in the other formats', () => {
    const r = netkb(['check', '-', '--from', '1.15', '--to', '1.22', '--format', 'json', '--stdin-name', 'web.yaml'], {
      input: INGRESS,
    });
    expect(JSON.parse(r.stdout).files.map((f: any) => f.file)).toEqual(['web.yaml']);
  });
});

describe('tool and rules', () => {
  it("tool.driver.version is the package's; every rule has helpUri to its section of docs/analysis.md and help", () => {
    const { log } = sarif(['my app'], { cwd: dir });
    const driver = log.runs[0].tool.driver;
    expect(driver.version).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
    const docs = readFileSync(join(root, 'docs', 'analysis.md'), 'utf8');
    expect(driver.rules.length).toBeGreaterThan(0);
    for (const rule of driver.rules) {
      expect(rule.helpUri).toBe(`${pathToFileURL(join(root, 'docs')).href}/analysis.md#${rule.id}`);
      expect(docs).toContain(`\n### \`${rule.id}\`\n`);
      expect(rule.help.text).toContain(rule.fullDescription.text);
      expect(rule.help.markdown).toContain(`**${rule.id}**`);
      expect(rule.help.markdown).toContain(`(${rule.helpUri})`);
    }
  });

  it('NETKB_DOCS_URL sets where the help links point', () => {
    const { log } = sarif(['my app'], {
      cwd: dir,
      env: { NETKB_DOCS_URL: 'https://github.com/example/netkb/blob/main/docs' },
    });
    expect(log.runs[0].tool.driver.rules.map((r: any) => r.helpUri)).toContain(
      'https://github.com/example/netkb/blob/main/docs/analysis.md#api-version',
    );
  });

  it('a bad NETKB_DOCS_URL is one line on stderr and exit code 2', () => {
    const r = netkb(['check', 'my app', '--from', '1.15', '--to', '1.22', '--format', 'sarif'], {
      cwd: dir,
      env: { NETKB_DOCS_URL: 'docs/' },
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'netkb check: NETKB_DOCS_URL "docs/" must be an absolute URL, e.g. https://github.com/ORG/netkb/blob/main/docs/\n',
    );
  });
});
