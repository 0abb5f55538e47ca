// Objects read from a cluster (reader/manifest-objects.ts): which are live, which are checked as last applied,
// where their lines are, and what an annotation that is not an object's JSON, or nests too deep, gives.
import { readManifest, readManifestExact, ManifestError } from '../../src/analysis';

const live = (annotation: string | null, extra = '') =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    '  namespace: shop',
    '  resourceVersion: "5"',
    ...(annotation === null
      ? []
      : ['  annotations:', `    kubectl.kubernetes.io/last-applied-configuration: '${annotation}'`]),
    'spec:',
    '  replicas: 1',
    extra,
  ].join('\n');

describe.each([
  ['fast', readManifest],
  ['exact', readManifestExact],
])('live objects (%s reader)', (_name, read) => {
  it('checks the applied object at the annotation line, with the live namespace where the annotation has none', () => {
    const [o] = read(live('{"apiVersion":"extensions/v1beta1","kind":"Deployment","metadata":{"name":"web"}}')).objects;
    expect([o.apiVersion, o.kind, o.name, o.namespace, o.line, o.lineOf(['spec', 'replicas'])]).toEqual([
      'extensions/v1beta1',
      'Deployment',
      'web',
      'shop',
      8,
      8,
    ]);
    expect(o.origin).toEqual({
      source: 'LAST_APPLIED',
      liveApiVersion: 'apps/v1',
      helmRelease: null,
      apiRequest: null,
    });
  });

  it('keeps the live object, marked live, without an annotation or with one that is not an object with apiVersion and kind', () => {
    for (const annotation of [null, 'not json', '{"kind":"Deployment"}', '[1,2]']) {
      const [o] = read(live(annotation)).objects;
      expect([annotation, o.apiVersion, o.line, o.origin]).toEqual([
        annotation,
        'apps/v1',
        1,
        { source: 'LIVE', liveApiVersion: 'apps/v1', helmRelease: null, apiRequest: null },
      ]);
    }
  });

  it('leaves an object written by hand alone (no uid or resourceVersion), whatever its annotations', () => {
    const text = live('{"apiVersion":"extensions/v1beta1","kind":"Deployment"}').replace(
      '  resourceVersion: "5"\n',
      '',
    );
    const [o] = read(text).objects;
    expect([o.apiVersion, o.origin]).toEqual(['apps/v1', undefined]);
  });

  it('refuses an annotation nested deeper than the depth limit as TOO_COMPLEX', () => {
    const deep = `{"apiVersion":"v1","kind":"ConfigMap","data":${'['.repeat(80)}${']'.repeat(80)}}`;
    let error: unknown;
    try {
      read(live(deep));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).code).toBe('TOO_COMPLEX');
  });
});
