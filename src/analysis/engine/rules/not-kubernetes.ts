// not-kubernetes: documents that are not Kubernetes objects are counted and skipped, and said so.
import type { DocumentRule, Finding } from '../../types';
import type { SkippedDocument } from '../../reader/manifest';
import type { RuleContext } from '../../types';
import { ruleKit } from '../rule-kit';
import { findingAt } from '../findings';

// Nothing to do about such a document but know it was not checked: no fix.
const kit = ruleKit('not-kubernetes', {
  messages: {
    skipped: 'Document {document} was skipped: {reason}.',
  },
  fixes: {},
});

export const notKubernetesRule: DocumentRule = {
  ...kit.declaration,
  scope: 'document',
  description:
    'Notes documents that are not Kubernetes objects (no apiVersion and kind), which the analysis skips (INFO: nothing to check there, nothing breaks).',
  check(doc: SkippedDocument, ctx: RuleContext): Finding[] {
    const text = kit.text({
      messageId: 'skipped',
      severity: 'INFO',
      effectiveIn: ctx.path.from,
      data: { document: doc.documentIndex + 1, reason: doc.reason },
    });
    // A skipped document is no object to place: its finding names the document alone.
    const resource = {
      apiVersion: null,
      kind: null,
      name: null,
      namespace: null,
      documentIndex: doc.documentIndex,
      line: doc.line,
      origin: null,
    };
    return [findingAt(text, resource, null, doc.line)];
  },
};
