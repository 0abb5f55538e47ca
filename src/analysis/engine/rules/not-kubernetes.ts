// not-kubernetes: documents that are not Kubernetes objects are counted and skipped, and said so.
import type { DocumentRule, Finding } from '../../types';
import type { SkippedDocument } from '../../reader/manifest';
import type { RuleContext } from '../../types';
import { format } from '../findings';

export const notKubernetesRule: DocumentRule = {
  id: 'not-kubernetes',
  scope: 'document',
  description:
    'Notes documents that are not Kubernetes objects (no apiVersion and kind), which the analysis skips (INFO: nothing to check there, nothing breaks).',
  fixes: {},
  messages: {
    skipped: 'Document {document} was skipped: {reason}.',
  },
  check(doc: SkippedDocument, ctx: RuleContext): Finding[] {
    return [
      {
        ruleId: this.id,
        messageId: 'skipped',
        severity: 'INFO',
        resource: {
          apiVersion: null,
          kind: null,
          name: null,
          namespace: null,
          documentIndex: doc.documentIndex,
          line: doc.line,
        },
        path: null,
        line: doc.line,
        message: format(this, 'skipped', { document: doc.documentIndex + 1, reason: doc.reason }),
        effectiveIn: ctx.path.from,
        fix: null,
        replacement: null,
        change: null,
        gatewayApiRelease: null,
      },
    ];
  },
};
