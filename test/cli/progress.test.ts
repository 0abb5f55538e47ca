// The progress line of `netkb check`: shown only on a terminal, only after a moment, at most every
// interval, and cleared at the end. The clock is a counter, so nothing here depends on real time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROGRESS_DELAY_MS, PROGRESS_INTERVAL_MS, progressEnabled, progressLine } from '../../src/cli/progress';
import { netkb } from '../support/cli';

describe('when the progress line is shown', () => {
  it('only when standard error is a terminal', () => {
    expect(progressEnabled(true, {})).toBe(true);
    expect(progressEnabled(false, {})).toBe(false);
  });

  it('not on a terminal that cannot redraw a line, nor when NETKB_PROGRESS=0', () => {
    expect(progressEnabled(true, { TERM: 'dumb' })).toBe(false);
    expect(progressEnabled(true, { NETKB_PROGRESS: '0' })).toBe(false);
    expect(progressEnabled(true, { TERM: 'xterm-256color', NETKB_PROGRESS: '1' })).toBe(true);
  });

  it('refuses a NETKB_PROGRESS that is neither 0 nor 1, even into a pipe: exit 2, one line naming it', () => {
    const r = netkb(['check', '-', '--from', '1.15', '--to', '1.20'], {
      input: 'apiVersion: v1\nkind: Service\nmetadata: {name: a}\n',
      env: { NETKB_PROGRESS: 'off' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('netkb check: NETKB_PROGRESS "off" must be 0 or 1 (or unset)\n');
  });
});

describe('progressLine', () => {
  function fake() {
    let t = 1000;
    const writes: string[] = [];
    const line = progressLine(
      (s) => writes.push(s),
      () => t,
      40,
    );
    return {
      line,
      writes,
      advance: (ms: number) => {
        t += ms;
      },
    };
  }

  it('draws nothing for work that ends within the delay, and clears nothing', () => {
    const { line, writes, advance } = fake();
    line.update('1/3');
    advance(PROGRESS_DELAY_MS - 1);
    line.update('2/3');
    line.finish();
    expect(writes).toEqual([]);
  });

  it('after the delay, redraws one line at most once per interval, then clears it', () => {
    const { line, writes, advance } = fake();
    advance(PROGRESS_DELAY_MS);
    line.update('file 1');
    line.update('file 2');
    advance(PROGRESS_INTERVAL_MS - 1);
    line.update('file 3');
    advance(1);
    line.update('file 4');
    line.finish();
    expect(writes).toEqual(['\r\x1b[Kfile 1', '\r\x1b[Kfile 4', '\r\x1b[K']);
  });

  it('keeps a long line within the terminal width, showing its end', () => {
    const { line, writes, advance } = fake();
    advance(PROGRESS_DELAY_MS);
    line.update(`netkb check: 10/99 files ${'deep/'.repeat(20)}x.yaml`);
    const shown = writes[0].replace('\r\x1b[K', '');
    expect(shown.length).toBeLessThanOrEqual(39);
    expect(shown).toMatch(/^….*x\.yaml$/);
  });
});

describe('netkb check on a large tree', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'netkb-progress-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes no progress into a pipe: standard error stays empty and the report is whole', () => {
    for (let d = 0; d < 8; d++) {
      mkdirSync(join(dir, `team-${d}`, 'apps'), { recursive: true });
      for (let f = 0; f < 25; f++) {
        writeFileSync(
          join(dir, `team-${d}`, 'apps', `app-${f}.yaml`),
          `apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: app-${d}-${f}}\nspec: {}\n`,
        );
      }
    }
    const r = netkb(['check', dir, '--from', '1.15', '--to', '1.20', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).files).toHaveLength(200);
  });
});
