// The one markdown renderer of reports (src/services/markdown/report-markdown.ts) in its two fittings: the
// chat answer (fitted to a length, each fix's gist) and `netkb check --format markdown` (every finding, placed
// at file and line, grouped like the chat answer, each fix whole).
import type { Finding } from '../../src/analysis';
import { markdown } from '../../src/cli/formats/markdown';
import type { CheckResult } from '../../src/cli/formats/types';
import { countFindings } from '../../src/analysis/report/severity';
import { formatVersion } from '../../src/kb/version';
import { reportChatMessage } from '../../src/services/markdown/report-markdown';

const FIX =
  'Change apiVersion to policy/v1. It is served since 1.21, so you can migrate before upgrading. ' +
  'Nothing else of the object changes, and the controller keeps its Pods. Move to Pod Security Admission next.';

function finding(name: string, line: number, over: Partial<Finding> = {}): Finding {
  return {
    ruleId: 'api-version',
    messageId: 'removed',
    severity: 'BREAKING',
    resource: {
      apiVersion: 'policy/v1beta1',
      kind: 'PodDisruptionBudget',
      name,
      namespace: 'shop',
      documentIndex: 0,
      origin: null,
      line,
    },
    path: 'apiVersion',
    line,
    message: 'PodDisruptionBudget policy/v1beta1 is no longer served from 1.25.',
    effectiveIn: 1025,
    since: 1025,
    alreadyAtFrom: false,
    checked: true,
    fix: FIX,
    replacement: 'policy/v1',
    change: null,
    gatewayApiRelease: null,
    ...over,
  };
}

function checkResult(files: CheckResult['files']): CheckResult {
  const all = files.flatMap((f) => f.findings);
  return {
    from: '1.20',
    to: '1.25',
    path: [],
    files,
    summary: countFindings(all),
    failOn: 'BREAKING',
    formatVersion,
  };
}

describe('netkb check --format markdown', () => {
  it('groups equal findings across files, placing each object at its file and line, with the whole fix', () => {
    const text = markdown(
      checkResult([
        { file: 'a.yaml', documents: 1, findings: [finding('web', 3)] },
        { file: 'b/c.yaml', documents: 1, findings: [finding('api', 7)] },
      ]),
      {} as never,
    );
    expect(text).toBe(
      [
        '**netkb: 1.20 → 1.25** (2 objects): 2 breaking, 0 warnings, 0 info',
        '',
        '**1.25**',
        `- 🔴 2 × PodDisruptionBudget (shop/web at a.yaml:3, shop/api at b/c.yaml:7): PodDisruptionBudget policy/v1beta1 is no longer served from 1.25. _Fix:_ ${FIX}`,
        '',
      ].join('\n'),
    );
  });

  it('lists what could not be checked first, and says the rest was checked', () => {
    const text = markdown(
      checkResult([
        { file: 'ok.yaml', documents: 1, findings: [] },
        {
          file: 'bad.yaml',
          documents: 0,
          findings: [],
          error: { code: 'BAD_USER_INPUT', message: 'bad indentation', line: 4, column: 2 },
        },
      ]),
      {} as never,
    );
    expect(text).toBe(
      [
        '**netkb: 1.20 → 1.25** (1 object): 0 breaking, 0 warnings, 0 info',
        '',
        '**Not checked** (1 file):',
        '- ❌ bad.yaml:4:2: `BAD_USER_INPUT` bad indentation',
        '',
        'Nothing breaks or changes on the way in the files that were checked.',
        '',
      ].join('\n'),
    );
  });
});

describe('the chat answer', () => {
  it('keeps the part of a fix that says what to do and when, and names objects without files', () => {
    const text = reportChatMessage(
      {
        from: 1020,
        to: 1025,
        documents: 2,
        findings: [finding('web', 3), finding('api', 7)],
        summary: { breaking: 2, warning: 0, info: 0, notChecked: 0, alreadyAtFrom: 0 },
      },
      { maxLength: 3000 },
    );
    const line = text.split('\n').find((l) => l.startsWith('- '))!;
    expect(line).toMatch(/^- 🔴 2 × PodDisruptionBudget \(shop\/web, shop\/api\): /);
    expect(line).toContain('_Fix:_ Change apiVersion to policy/v1. It is served since 1.21');
    expect(line).not.toContain('Nothing else of the object changes');
  });
});
