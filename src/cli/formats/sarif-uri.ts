// Artifact URIs GitHub code scanning can map to files of the repository (SARIF 2.1.0, 3.4.3-3.4.4 and
// 3.14.14): relative to a source root named by the base id %SRCROOT%, with forward slashes, no "." or ".."
// segments, each segment percent-encoded ("my app/ing#1.yaml" -> "my%20app/ing%231.yaml"); the root itself
// is an absolute file:// URI ending in "/" in run.originalUriBaseIds. A file outside the root keeps an
// absolute file:// URI of its own (no base id): valid, but code scanning cannot place it in the repository.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCE_ROOT_ID = '%SRCROOT%';

interface ArtifactUris {
  uriBaseIds: Record<string, { uri: string }>;
  artifact(file: string): { uri: string; uriBaseId?: string };
}

/** `file` as the command line got it (relative to cwd, or absolute); `root` relative to cwd or absolute. */
export function artifactUris(cwd: string, root: string): ArtifactUris {
  const rootPath = resolve(cwd, root);
  const rootUri = pathToFileURL(rootPath).href;
  return {
    uriBaseIds: { [SOURCE_ROOT_ID]: { uri: rootUri.endsWith('/') ? rootUri : `${rootUri}/` } },
    artifact(file) {
      const path = resolve(cwd, file);
      const segments = relative(rootPath, path).split(sep);
      if (segments[0] === '' || segments[0] === '..' || isAbsolute(segments.join(sep)))
        return { uri: pathToFileURL(path).href };
      return { uri: segments.map(encodeURIComponent).join('/'), uriBaseId: SOURCE_ROOT_ID };
    },
  };
}
