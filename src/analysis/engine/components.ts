// Finds where a manifest runs a Kubernetes component and what it passes to it: containers whose command
// and args (one word list across both, shell strings split into words) name one of the component's
// binaries, or a multi-call binary with one of the component's subcommands (`hyperkube apiserver`), behind
// any wrapper (`flock <lock>`, `sh -c "..."`, `exec`, `nice`, `tini --`: every word is looked at); or whose
// image is the component's image; and component-config objects (KubeProxyConfiguration, ...). The flags
// are the words after the binary (or subcommand) up to a shell separator, so a wrapper's own flags are not
// the component's. Which binaries, launchers, images and config kinds belong to which component is data
// (components.yaml).
import type { Component, FlagPlace } from '../../kb/model';
import { isPlainObject, type ManifestObject, type PathSegment } from '../reader/manifest';
import { locate, podsIn } from './object-paths';
import type { AnalysisKb } from '../types';

export interface FlagUse {
  /** "--proxy-mode" */
  name: string;
  /** The value given with "=" or as the next word; null for a bare flag. */
  value: string | null;
  /** Path of the command/args item holding it. */
  path: PathSegment[];
  /** Path of the item holding the value when it is the next word ("--proxy-mode", "userspace"). */
  valuePath?: PathSegment[];
  /** `path` written out (pathText), once a finding needs it. */
  pathString?: string;
  /** The field of a config file that holds the flag's value (kubeadm's nodeRegistration.criSocket), if one does. */
  field?: string;
}

interface ComponentInvocation {
  component: Component;
  /** Path of the container (or of the place in kinds.yaml flagPlaces that holds the flags). */
  container: PathSegment[];
  /** `container` written out (pathText), once a finding needs it. */
  containerString?: string;
  flags: FlagUse[];
}

interface Word {
  text: string;
  path: PathSegment[];
  /** A shell separator (;, &&, ||, |, &): the command before it ends there. */
  separator?: boolean;
}

// Two rules (component-flag, feature-gate) ask for the same object's invocations, one right after the
// other: the last object's are kept (a WeakMap of every object cost more in lookups and garbage collection).
let last: { object: ManifestObject; kb: AnalysisKb; invocations: ComponentInvocation[] } | null = null;

export function invocationsIn(object: ManifestObject, kb: AnalysisKb): ComponentInvocation[] {
  if (last?.object === object && last.kb === kb) return last.invocations;
  const invocations = findInvocations(object, kb);
  last = { object, kb, invocations };
  return invocations;
}

function findInvocations(object: ManifestObject, kb: AnalysisKb): ComponentInvocation[] {
  const out: ComponentInvocation[] = [];
  for (const { at, pod } of podsIn(object, kb)) {
    const spec = pod.spec;
    if (!isPlainObject(spec)) continue;
    for (const list of CONTAINER_LISTS) {
      const containers = spec[list];
      if (!Array.isArray(containers)) continue;
      containers.forEach((container, i) => {
        if (!isPlainObject(container)) return;
        const containerPath: PathSegment[] = [...at, 'spec', list, i];
        const words = wordsOf(container, containerPath);
        const byWord = detect(kb, words);
        if (byWord) {
          out.push({ component: byWord.component, container: containerPath, flags: flagsIn(words, byWord.from) });
          return;
        }
        const byImage = typeof container.image === 'string' ? componentOfImage(kb, container.image) : null;
        // No word names the component, so every command of the container may be it: all its flags count.
        if (byImage) out.push({ component: byImage, container: containerPath, flags: flagsIn(words, 0, false) });
      });
    }
  }
  out.push(...placedInvocations(object, kb));
  return out;
}

/**
 * Flags an object passes to a component in a place of kinds.yaml `flagPlaces` (kubeadm's extraArgs): a map of
 * names without dashes to values, or a list of {name, value} items; each flag's path is its key or item. A place
 * with a `flag` is one field that is that flag's value (kubeadm's criSocket, passed as the kubelet's
 * --container-runtime-endpoint).
 */
function placedInvocations(object: ManifestObject, kb: AnalysisKb): ComponentInvocation[] {
  const places = flagPlacesOf(kb).get(object.kind);
  if (!places) return [];
  const group = object.apiVersion.includes('/') ? object.apiVersion.slice(0, object.apiVersion.lastIndexOf('/')) : '';
  const out: ComponentInvocation[] = [];
  for (const place of places) {
    if (place.objectGroups.length > 0 && !place.objectGroups.includes(group)) continue;
    const component = kb.components.find((c) => c.name === place.component);
    if (!component) continue;
    for (const holder of locate(object.value, place.path)) {
      const flags: FlagUse[] = [];
      const add = (name: unknown, value: unknown, path: PathSegment[]) => {
        if (typeof name !== 'string' || name === '') return;
        const text =
          typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
        flags.push({ name: name.startsWith('-') ? name : `--${name}`, value: text, path });
      };
      if (place.flag) {
        add(place.flag, holder.value, holder.path);
        if (flags.length > 0) flags[flags.length - 1].field = place.path;
      } else if (isPlainObject(holder.value))
        for (const [k, v] of Object.entries(holder.value)) add(k, v, [...holder.path, k]);
      else if (Array.isArray(holder.value))
        holder.value.forEach((item, i) => {
          if (isPlainObject(item)) add(item.name, item.value, [...holder.path, i]);
        });
      if (flags.length > 0) out.push({ component, container: holder.path, flags });
    }
  }
  return out;
}

const flagPlaceIndexes = new WeakMap<AnalysisKb, Map<string, FlagPlace[]>>();
function flagPlacesOf(kb: AnalysisKb): Map<string, FlagPlace[]> {
  let byKind = flagPlaceIndexes.get(kb);
  if (!byKind) {
    flagPlaceIndexes.set(kb, (byKind = new Map()));
    for (const k of kb.kinds) if (k.flagPlaces.length > 0) byKind.set(k.kind, k.flagPlaces);
  }
  return byKind;
}

const fileReaders = new WeakMap<AnalysisKb, Map<string, string>>();

/** The tool that reads objects of `kind` as its configuration file (kinds.yaml configFileOf: kubeadm), if any. */
export function configFileReader(kind: string, kb: AnalysisKb): string | undefined {
  let byKind = fileReaders.get(kb);
  if (!byKind) {
    fileReaders.set(kb, (byKind = new Map()));
    for (const k of kb.kinds) if (k.configFileOf) byKind.set(k.kind, k.configFileOf);
  }
  return byKind.get(kind);
}

/** The config kinds of components: the object and its component, when the object is one. */
export function configOwner(object: ManifestObject, kb: AnalysisKb): Component | null {
  let byKind = configKinds.get(kb);
  if (!byKind) {
    configKinds.set(kb, (byKind = new Map()));
    for (const c of kb.components) {
      for (const k of c.configKinds) {
        const kind = k.slice(k.lastIndexOf('/') + 1);
        byKind.set(kind, [...(byKind.get(kind) ?? []), { groupKind: k, component: c }]);
      }
    }
  }
  // Most objects are of a kind no component reads as its config: decided without building a string.
  const candidates = byKind.get(object.kind);
  if (!candidates) return null;
  const group = object.apiVersion.includes('/') ? object.apiVersion.slice(0, object.apiVersion.lastIndexOf('/')) : '';
  return candidates.find((c) => c.groupKind === `${group}/${object.kind}`)?.component ?? null;
}

const configKinds = new WeakMap<AnalysisKb, Map<string, { groupKind: string; component: Component }[]>>();

const WORD_LISTS = ['command', 'args'];

function wordsOf(container: Record<string, unknown>, containerPath: PathSegment[]): Word[] {
  const words: Word[] = [];
  for (const key of WORD_LISTS) {
    const items = container[key];
    if (!Array.isArray(items)) continue;
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      if (typeof item !== 'string' && typeof item !== 'number') continue;
      const path = [...containerPath, key, i];
      const text = String(item);
      // Most items are one word; a shell string ("exec kube-proxy --v=2 1>>/var/log/x") holds several.
      if (!SHELL_CHARACTERS.test(text)) {
        if (text !== '') words.push({ text, path });
        continue;
      }
      for (const w of splitWords(text)) words.push({ text: w.text, separator: w.separator, path });
    }
  }
  return words;
}

const SHELL_CHARACTERS = /[\s"';|&]/;

/**
 * Splits a string holding SHELL_CHARACTERS (wordsOf takes the others whole) like a shell would for our
 * purpose: on white space, honouring quotes (also inside a word: --x="a b"), with the command separators
 * ;, &&, ||, | and & as words of their own (a redirection such as 2>&1 stays one word).
 */
function splitWords(s: string): { text: string; separator?: boolean }[] {
  const out: { text: string; separator?: boolean }[] = [];
  let word = '';
  let open = false; // a word is under way (it may be the empty string "")
  const end = () => {
    if (open) out.push({ text: word });
    word = '';
    open = false;
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '"' || ch === "'") {
      const close = s.indexOf(ch, i + 1);
      const stop = close === -1 ? s.length : close;
      word += s.slice(i + 1, stop);
      open = true;
      i = stop;
    } else if (/\s/.test(ch)) {
      end();
    } else if (ch === ';' || ch === '|' || (ch === '&' && !word.endsWith('>'))) {
      end();
      const two = s.slice(i, i + 2);
      const sep = two === '&&' || two === '||' ? two : ch;
      out.push({ text: sep, separator: true });
      i += sep.length - 1;
    } else {
      word += ch;
      open = true;
    }
  }
  end();
  return out;
}

const CONTAINER_LISTS = ['initContainers', 'containers'];

/**
 * The first word that runs a component: one of its binaries (by base name), or a launcher binary followed
 * by one of its subcommands; with the index of the first word that belongs to the component.
 */
function detect(kb: AnalysisKb, words: Word[]): { component: Component; from: number } | null {
  const { byBinary, byLauncher } = binariesOf(kb);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w.separator || w.text.startsWith('-') || w.text.includes('=')) continue;
    const base = w.text.slice(w.text.lastIndexOf('/') + 1);
    const c = byBinary.get(base);
    if (c) return { component: c, from: i + 1 };
    const next = words[i + 1];
    if (!next || next.separator) continue;
    const launched = byLauncher.get(base)?.get(next.text);
    if (launched) return { component: launched, from: i + 2 };
  }
  return null;
}

/** Which component each binary is, and each launcher binary's subcommands (the first component listed wins). */
function binariesOf(kb: AnalysisKb) {
  let found = binaryIndexes.get(kb);
  if (!found) {
    found = { byBinary: new Map(), byLauncher: new Map() };
    for (const c of kb.components) {
      for (const b of c.binaries) if (!found.byBinary.has(b)) found.byBinary.set(b, c);
      for (const l of c.launchers) {
        let names = found.byLauncher.get(l.binary);
        if (!names) found.byLauncher.set(l.binary, (names = new Map()));
        for (const n of l.names) if (!names.has(n)) names.set(n, c);
      }
    }
    binaryIndexes.set(kb, found);
  }
  return found;
}

const binaryIndexes = new WeakMap<
  AnalysisKb,
  { byBinary: Map<string, Component>; byLauncher: Map<string, Map<string, Component>> }
>();

// Manifests repeat a handful of images: each is matched against the components once per knowledge base.
const imageOwners = new WeakMap<AnalysisKb, Map<string, Component | null>>();
function componentOfImage(kb: AnalysisKb, image: string): Component | null {
  let owners = imageOwners.get(kb);
  if (!owners) imageOwners.set(kb, (owners = new Map()));
  let owner = owners.get(image);
  if (owner === undefined) {
    const name = imageName(image);
    owner =
      kb.components.find((x) =>
        x.images.some(
          (i) =>
            name === i ||
            (name.startsWith(`${i}-`) && /^(amd64|arm64|arm|ppc64le|s390x|386)$/.test(name.slice(i.length + 1))),
        ),
      ) ?? null;
    if (owners.size < 10_000) owners.set(image, owner);
  }
  return owner;
}

/** "registry.k8s.io/kube-proxy-amd64:v1.14.0@sha256:..." -> "kube-proxy-amd64" */
function imageName(image: string): string {
  const noDigest = image.split('@')[0];
  const lastSlash = noDigest.lastIndexOf('/');
  const tail = noDigest.slice(lastSlash + 1);
  return tail.split(':')[0];
}

/** The flags among words[from..], up to the first shell separator (or past them, when `toSeparator` is false). */
function flagsIn(words: Word[], from: number, toSeparator = true): FlagUse[] {
  const flags: FlagUse[] = [];
  for (let i = from; i < words.length; i++) {
    const w = words[i];
    if (w.separator && toSeparator) break;
    if (w.separator) continue;
    const text = w.text;
    if (!text.startsWith('--')) continue;
    const eq = text.indexOf('=');
    const name = eq === -1 ? text : text.slice(0, eq);
    if (!FLAG_NAME.test(name)) continue;
    let value: string | null = eq === -1 ? null : text.slice(eq + 1);
    if (value !== null && /[\n\r\u2028\u2029]/.test(value)) continue; // a value is one line
    const next = words[i + 1];
    if (value === null && next && !next.separator && !next.text.startsWith('-') && !/^[0-9]?[<>]/.test(next.text)) {
      flags.push({ name, value: next.text, path: w.path, valuePath: next.path });
      continue;
    }
    flags.push({ name, value, path: w.path });
  }
  return flags;
}

/** "A=true,B=false" -> [["A", true], ["B", false]]; items that are not NAME=BOOL are skipped. */
export function parseFeatureGates(value: string): [string, boolean][] {
  const out: [string, boolean][] = [];
  for (const part of value.split(',')) {
    const item = part.trim();
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    const name = item.slice(0, eq);
    const setting = item.slice(eq + 1);
    if (BOOLEAN.test(setting) && GATE_NAME.test(name)) out.push([name, setting.toLowerCase() === 'true']);
  }
  return out;
}

const FLAG_NAME = /^--[a-z0-9][a-z0-9-]*$/;
const GATE_NAME = /^[A-Za-z0-9]+$/;
const BOOLEAN = /^(?:true|false)$/i;
