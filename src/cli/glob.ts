// The globs of --exclude (netkb check and netkb convert): which paths a directory walk leaves out. A small
// matcher of our own rather than path.matchesGlob, which Node 20 marks experimental (a warning on stderr).
// The syntax, as docs/cli.md states it:
//   *      any run of characters within one name (not "/"; names starting with "." too)
//   ?      one character, not "/"
//   [abc]  one of the characters listed, [a-z] a range, [!abc] or [^abc] none of them
//   **     as a whole part of the path ("**/", "/**/", "/**"): any number of folders, none included
// A glob without "/" is tried against the name of every file and folder; a glob with "/" against the path
// from the folder walked ("charts/legacy", "**/test/*.yaml", "/values.yaml" for the one at the top), "/"
// separating folders on every system.
// A folder that matches is left out with everything below it.

export interface Glob {
  /** The glob as given. */
  text: string;
  /** Tries the path from the walked folder ("/" between names) and the name at its end. */
  matches(path: string, name: string): boolean;
}

/** The glob, or null when nothing is left of it once a leading "./" or "/" and a trailing "/" are taken off. */
export function parseGlob(text: string): Glob | null {
  const trimmed = text.replace(/^(?:\.\/)+/, '').replace(/\/+$/, '');
  const glob = trimmed.replace(/^\/+/, '');
  if (glob === '') return null;
  const re = new RegExp(`^${regExpSource(glob)}$`);
  return trimmed.includes('/')
    ? { text, matches: (path) => re.test(path) }
    : { text, matches: (_path, name) => re.test(name) };
}

function regExpSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*' && (i === 0 || glob[i - 1] === '/')) {
      if (i + 2 === glob.length) {
        out += '.*';
        i++;
        continue;
      }
      if (glob[i + 2] === '/') {
        out += '(?:[^/]*/)*';
        i += 2;
        continue;
      }
    }
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[' && glob.indexOf(']', i + 2) !== -1) {
      const end = glob.indexOf(']', i + 2);
      let body = glob.slice(i + 1, end);
      const negated = body[0] === '!' || body[0] === '^';
      if (negated) body = body.slice(1);
      out += `[${negated ? '^/' : ''}${body.replace(/[\\^[\]]/g, '\\$&')}]`;
      i = end;
    } else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return out;
}
