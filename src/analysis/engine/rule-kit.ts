// How a rule declares its words: every message and every fix is a template with {placeholders}, declared once
// beside the rule's id (as typescript-eslint's createRule declares messages), and filled through the kit, which
// knows each template's placeholders from its text: a message id or fix id that does not exist, a placeholder
// left out or one the template does not have is a type error, not a finding with a hole in it.
//
// A fix whose wording depends on the case is made of several templates: the optional parts are templates of
// their own, filled first and passed as a placeholder's value ('' when the part does not apply). A message's
// optional parts are declared the same way, as `parts`.
import type { Finding, Severity } from '../types';
import type { Change } from '../../kb/model';
import type { VersionKey } from '../../kb/version';
import type { ManifestObject, PathSegment } from '../reader/manifest';
import { placed, type FindingText } from './findings';

/** The names of a template's {placeholders}. */
type Placeholders<T extends string> = T extends `${string}{${infer K}}${infer Rest}` ? K | Placeholders<Rest> : never;

/** The values a template takes: exactly its placeholders (none: an empty object). */
type TemplateData<T extends string> = { [K in Placeholders<T>]: string | number };

type Templates = Record<string, string>;

/** What a rule says of a finding apart from its words: how bad, from when, the record behind it. */
interface TextFacts {
  severity: Severity;
  effectiveIn: VersionKey;
  /** The release of the change reported (Finding.since; give it with changedIn or holdsFrom); null if left out. */
  since?: VersionKey | null;
  /** Whether the cluster at `from` has it already (Finding.alreadyAtFrom); false if left out. */
  alreadyAtFrom?: boolean;
  replacement?: string | null;
  change?: Change | null;
  gatewayApiRelease?: string | null;
  /** False when the finding says that something could not be checked (Finding.checked); true if left out. */
  checked?: boolean;
}

type TextInput<M extends Templates, Id extends keyof M & string> = TextFacts & {
  messageId: Id;
  data: TemplateData<M[Id]>;
  /** The fix, made by the kit's fix(); null: there is nothing to do but know. */
  fix?: string | null;
};

interface RuleKit<M extends Templates, F extends Templates, P extends Templates> {
  /** The rule's declared words, for the registry, the docs and the tests (spread into the rule). */
  declaration: { id: string; messages: Record<keyof M & string, string>; fixes: Record<keyof F & string, string> };
  /** What a finding says, apart from which object and where: the same for every object the fact applies to. */
  text<Id extends keyof M & string>(input: TextInput<M, Id>): FindingText;
  /** A finding of `object` at `path` (the line: `line`, else the path's, else the object's). */
  finding<Id extends keyof M & string>(
    input: TextInput<M, Id> & { object: ManifestObject; path: PathSegment[] | null; line?: number },
  ): Finding;
  /** A fix template filled. */
  fix<Id extends keyof F & string>(id: Id, data: TemplateData<F[Id]>): string;
  /** A part of a message filled: the words a message shows only in some cases ('' is passed otherwise). */
  part<Id extends keyof P & string>(id: Id, data: TemplateData<P[Id]>): string;
}

export function ruleKit<const M extends Templates, const F extends Templates, const P extends Templates = {}>(
  id: string,
  words: { messages: M; fixes: F; parts?: P },
): RuleKit<M, F, P> {
  const message = filler(id, 'message', words.messages);
  const fix = filler(id, 'fix', words.fixes);
  const part = filler(id, 'part', words.parts ?? {});
  const text = <Id extends keyof M & string>(input: TextInput<M, Id>): FindingText => ({
    ruleId: id,
    messageId: input.messageId,
    severity: input.severity,
    message: message(input.messageId, input.data),
    effectiveIn: input.effectiveIn,
    since: input.since ?? null,
    // What netkb could not check is never something the cluster has already.
    alreadyAtFrom: (input.alreadyAtFrom ?? false) && input.checked !== false,
    fix: input.fix ?? null,
    replacement: input.replacement ?? null,
    change: input.change ?? null,
    gatewayApiRelease: input.gatewayApiRelease ?? null,
    checked: input.checked ?? true,
  });
  return {
    declaration: { id, messages: words.messages, fixes: words.fixes },
    text,
    finding: (input) => placed(text(input), input.object, input.path, undefined, input.line),
    fix,
    part,
  };
}

/** Fills the templates of one kind; a placeholder without a value is a programming error the types let through only by a cast. */
function filler(ruleId: string, kind: string, templates: Templates) {
  // Each template split once into [text, key, text, key, text...].
  const split = new Map<string, string[]>();
  return (templateId: string, data: Record<string, string | number>): string => {
    let parts = split.get(templateId);
    if (!parts) {
      const template = templates[templateId];
      if (template === undefined) throw new Error(`rule ${ruleId} has no ${kind} ${templateId}`);
      split.set(templateId, (parts = template.split(/\{(\w+)\}/)));
    }
    let out = parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      const key = parts[i];
      if (!(key in data)) throw new Error(`rule ${ruleId} ${kind} ${templateId} needs {${key}}`);
      out += String(data[key]) + parts[i + 1];
    }
    return out;
  };
}
