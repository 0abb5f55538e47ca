// Pure readers of the few Go shapes the Kubernetes sources use to declare facts: the kinds a
// group/version registers, the prerelease-lifecycle markers generated for them, and the struct types
// with their json tags and doc comments. They read text, not Go: each shape is matched where
// Kubernetes' own generators write it, and anything else is ignored rather than guessed.

/** The group a package registers (`GroupName = "networking.k8s.io"`; "" for the core group). */
export function readGroupName(registerGo: string): string | null {
  const m = /\bGroupName\s*=\s*"([^"]*)"/.exec(registerGo);
  return m ? m[1] : null;
}

/** The version of `SchemeGroupVersion = schema.GroupVersion{Group: ..., Version: "v1beta1"}`. */
export function readSchemeVersion(registerGo: string): string | null {
  const m = /SchemeGroupVersion\s*=\s*schema\.GroupVersion\{[^}]*Version:\s*"([^"]+)"/.exec(registerGo);
  return m ? m[1] : null;
}

/**
 * The kinds `addKnownTypes` registers for the package's own group/version: every `&Kind{}` of the
 * package (types of other packages, written `&metav1.Status{}`, are not the group's kinds).
 */
export function readRegisteredKinds(registerGo: string): string[] {
  const start = registerGo.search(/func\s+addKnownTypes\s*\(/);
  if (start < 0) return [];
  const body = braceBody(registerGo, registerGo.indexOf('{', registerGo.indexOf(')', start)));
  const kinds: string[] = [];
  for (const m of body.matchAll(/&([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\{\}/g)) {
    if (!m[1].includes('.') && !kinds.includes(m[1])) kinds.push(m[1]);
  }
  return kinds;
}

/** The text between the brace at `open` and the one that closes it. */
function braceBody(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

export interface LifecycleMarkers {
  introduced: string | null;
  deprecated: string | null;
  removed: string | null;
  replacement: { group: string; version: string; kind: string } | null;
}

/**
 * The markers of zz_generated.prerelease-lifecycle.go, per kind: the release a prerelease API was
 * introduced in, deprecated in (the API server's warning header starts then) and removed in (no longer
 * served), and the group/version/kind that replaces it.
 */
export function readLifecycleMarkers(generatedGo: string): Map<string, LifecycleMarkers> {
  const out = new Map<string, LifecycleMarkers>();
  const entry = (kind: string) => {
    let e = out.get(kind);
    if (!e) {
      e = { introduced: null, deprecated: null, removed: null, replacement: null };
      out.set(kind, e);
    }
    return e;
  };
  for (const chunk of generatedGo.split(/\n(?=func\s)/)) {
    const m = /^func\s+\(in\s+\*([A-Za-z0-9_]+)\)\s+APILifecycle(Introduced|Deprecated|Removed|Replacement)\(\)/.exec(
      chunk,
    );
    if (!m) continue;
    const [, kind, what] = m;
    const body = braceBody(chunk, chunk.indexOf('{', m[0].length));
    if (what === 'Replacement') {
      const g = /Group:\s*"([^"]*)"/.exec(body),
        v = /Version:\s*"([^"]+)"/.exec(body),
        k = /Kind:\s*"([^"]+)"/.exec(body);
      if (v && k) entry(kind).replacement = { group: g ? g[1] : '', version: v[1], kind: k[1] };
      continue;
    }
    const r = /return\s+(\d+)\s*,\s*(\d+)/.exec(body);
    if (!r) continue;
    const release = `${r[1]}.${r[2]}`;
    if (what === 'Introduced') entry(kind).introduced = release;
    else if (what === 'Deprecated') entry(kind).deprecated = release;
    else entry(kind).removed = release;
  }
  return out;
}

export interface GoField {
  /** The json name; null for an inlined (embedded) field. */
  json: string | null;
  /** The Go type as written: `*ServiceSpec`, `[]string`, `metav1.ObjectMeta`, `map[string]string`. */
  type: string;
  /** The doc comment above the field, comment markers removed. */
  doc: string;
}

/** Every `type X struct { ... }` of a Go file, with its fields' json names, types and doc comments. */
export function readStructs(goSource: string): Map<string, GoField[]> {
  const out = new Map<string, GoField[]>();
  const re = /^type\s+([A-Za-z_][A-Za-z0-9_]*)\s+struct\s*\{/gm;
  for (const m of goSource.matchAll(re)) {
    const body = braceBody(goSource, m.index! + m[0].length - 1);
    out.set(m[1], readFields(body));
  }
  return out;
}

function readFields(body: string): GoField[] {
  const fields: GoField[] = [];
  let doc: string[] = [];
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      doc = [];
      continue;
    }
    if (line.startsWith('//')) {
      doc.push(line.replace(/^\/\/\s?/, ''));
      continue;
    }
    const tag = /`([^`]*)`/.exec(line);
    const json = tag ? /json:"([^"]*)"/.exec(tag[1]) : null;
    const decl = line
      .replace(/`[^`]*`/, '')
      .replace(/\/\/.*$/, '')
      .trim();
    const parts = decl.split(/\s+/);
    let type: string;
    let jsonName: string | null;
    if (parts.length === 1) {
      // An embedded type: inlined when its tag says so (or has no json name); json:"-" keeps it out of the file.
      type = parts[0];
      const name = json ? json[1].split(',')[0] : '';
      if (name === '-') {
        doc = [];
        continue;
      }
      jsonName = name === '' ? null : name;
    } else {
      type = parts.slice(1).join(' ');
      const name = json ? json[1].split(',')[0] : parts[0];
      if (name === '-') {
        doc = [];
        continue;
      }
      jsonName = name === '' ? null : name;
    }
    fields.push({ json: jsonName, type, doc: doc.join(' ') });
    doc = [];
  }
  return fields;
}

/**
 * Whether a doc comment marks its own field deprecated: Go's `Deprecated:` paragraph, a comment that
 * starts with "Deprecated" or "DEPRECATED", or one saying "this field is deprecated" (comments that only
 * mention something else being deprecated, such as an annotation, do not count).
 */
export function docSaysDeprecated(doc: string): boolean {
  return (
    /(^|\s)Deprecated:/.test(doc) ||
    /^(Deprecated|DEPRECATED)\b/.test(doc.trim()) ||
    /\b(this|the) field (is|has been) deprecated\b/i.test(doc) ||
    /^\S+ is deprecated\b/i.test(doc.trim())
  );
}

/** The Go import paths of a file's import block, by the name the file uses for each (its alias or last segment). */
export function readImports(goSource: string): Map<string, string> {
  const out = new Map<string, string>();
  const block = /^import\s*\(([\s\S]*?)^\)/m.exec(goSource)?.[1] ?? /^import\s+(.+)$/m.exec(goSource)?.[1] ?? '';
  for (const m of block.matchAll(/^\s*(?:([A-Za-z_][A-Za-z0-9_]*)\s+)?"([^"]+)"/gm)) {
    const path = m[2];
    out.set(m[1] ?? path.slice(path.lastIndexOf('/') + 1), path);
  }
  return out;
}

/**
 * Adds the struct types of another package's file to `structs`, keyed as the importing file names them
 * (`alias.Name`), with that package's references to its own types qualified the same way, so that fieldPaths walks
 * them as the kind's own (a type that reads its own JSON is named but not walked: another package's, so opaque).
 */
export function addPackageStructs(structs: Map<string, GoField[]>, alias: string, goSource: string): void {
  const own = readStructs(goSource);
  for (const [name, fields] of readJsonStructs(goSource))
    structs.set(
      `${alias}.${name}`,
      fields.map((f) => ({
        ...f,
        type: f.type.replace(/^((?:\[\]|\*)*)([A-Za-z_][A-Za-z0-9_]*)$/, (all, prefix: string, t: string) =>
          own.has(t) ? `${prefix}${alias}.${t}` : all,
        ),
      })),
    );
}

/**
 * The struct types of a file as a configuration file writes them: those with their own UnmarshalJSON in the file
 * (component-base's TimeOrMetaDuration reads "5s" or a number) are left out, so a field of such a type ends a path.
 */
export function readJsonStructs(goSource: string): Map<string, GoField[]> {
  const structs = readStructs(goSource);
  for (const m of goSource.matchAll(/^func\s*\(\s*\w+\s+\*?([A-Za-z_][A-Za-z0-9_]*)\s*\)\s*UnmarshalJSON\s*\(/gm))
    structs.delete(m[1]);
  return structs;
}
