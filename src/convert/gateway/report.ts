// Collects what the conversion did (ConversionChange) and could not do (Finding, rule ingress-to-gateway),
// each placed at its line of the input.
import type { Finding } from '../../analysis';
import { pathText, resourceOf } from '../../analysis/engine/findings';
import type { VersionKey } from '../../kb/version';
import type { ConversionChange } from '../types';
import type { Report } from './types';

const RULE_ID = 'ingress-to-gateway';

interface Collector {
  report: Report;
  /** The same findings, no changes: a canary Ingress's rules are read only to be merged into another route. */
  quiet: Report;
  changes: ConversionChange[];
  findings: Finding[];
}

export function collector(effectiveIn: VersionKey, bundle: string): Collector {
  const changes: ConversionChange[] = [];
  const findings: Finding[] = [];
  const unconverted: Report['unconverted'] = (ingress, messageId, severity, path, message) => {
    findings.push({
      ruleId: RULE_ID,
      messageId,
      severity,
      resource: resourceOf(ingress.source),
      path: pathText(path),
      line: ingress.lineOf(path),
      message,
      effectiveIn,
      since: null,
      alreadyAtFrom: false,
      fix: null,
      replacement: null,
      change: null,
      gatewayApiRelease: bundle,
      checked: true,
    });
  };
  return {
    changes,
    findings,
    report: {
      change: (ingress, line, description, ruleId = RULE_ID) =>
        void changes.push({ ruleId, resource: resourceOf(ingress.source), line, description }),
      unconverted,
    },
    quiet: { change: () => undefined, unconverted },
  };
}
