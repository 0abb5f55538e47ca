// rewrite-target: the path the backend sees. Written as an HTTPRoute URLRewrite filter per rule by
// rewriteFor() (ReplacePrefixMatch where the capture groups strip a prefix, ReplaceFullPath for a fixed path).
import type { PathMatch } from '../types';
import type { Strategy } from './strategy';

/**
 * The characters ingress-nginx's rewrite parser takes (parser.RegexPathWithCapture at controller-v1.15.1: an
 * optional "/", then letters, digits and - . _ ~ / : $); it reads any other target as empty, which rewrites
 * nothing (rewrite/main.go).
 */
export const REWRITE_PATH = /^\/?[-._~A-Za-z0-9/:$]*$/;

export const rewriteTarget: Strategy = {
  id: 'rewrite-target',
  read(use, _record, settings) {
    if (!REWRITE_PATH.test(use.value) || use.value === '')
      return {
        refused: `ingress-nginx ignores the target ${JSON.stringify(use.value)} (its check takes letters, digits and - . _ ~ / : $ only) and rewrites nothing, nor makes the host's paths regular expressions; neither does the route`,
      };
    if (!use.value.startsWith('/')) return `the target ${JSON.stringify(use.value)} is not a path starting with /`;
    settings.rewriteTarget = use;
    return null;
  },
};

/** A path with nothing a regular expression reads specially (a dot is taken as itself). */
const LITERAL = /^\/[A-Za-z0-9._~!&'*+,;=:@%/-]*$/;
const NO_REGEX = /^[^\\^$*+?()[\]{}|]*$/;

/**
 * What ingress-nginx's `rewrite "(?i)PATH" TARGET break;` becomes for one path: nginx replaces the whole
 * URI by TARGET with the captures filled in. Two shapes have a Gateway API equivalent: a TARGET without
 * captures (ReplaceFullPath), and the prefix idioms PREFIX(/|$)(.*) -> T/$2 and PREFIX/(.*) -> T/$1, where
 * T/ takes the place of PREFIX (ReplacePrefixMatch T on a PathPrefix match of PREFIX).
 */
export function rewriteFor(
  path: string,
  target: string,
): { match: PathMatch | null; rewrite: Record<string, string> } | { reason: string } {
  if (!target.includes('$')) {
    return { match: null, rewrite: { type: 'ReplaceFullPath', replaceFullPath: target } };
  }
  const idiom = /^(.*?)(?:\(\/\|\$\)\(\.\*\)|\/\(\.\*\))$/.exec(path);
  const group = path.endsWith('(/|$)(.*)') ? '$2' : '$1';
  const prefix = idiom?.[1] ?? '';
  if (idiom && (prefix === '' || (LITERAL.test(prefix) && NO_REGEX.test(prefix))) && target.endsWith(`/${group}`)) {
    const base = target.slice(0, -group.length);
    if (!base.includes('$') && NO_REGEX.test(base)) {
      const replace = base === '/' ? '/' : base.replace(/\/+$/, '');
      return {
        match: { type: 'PathPrefix', value: prefix === '' ? '/' : prefix },
        rewrite: { type: 'ReplacePrefixMatch', replacePrefixMatch: replace },
      };
    }
  }
  return {
    reason: `URLRewrite replaces a path prefix or the whole path; the path ${JSON.stringify(path)} with the target ${JSON.stringify(target)} uses its capture groups in another way`,
  };
}
