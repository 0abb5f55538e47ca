// Turns a KubeVersion argument into a release the knowledge base knows, or a BAD_USER_INPUT error that
// lists the releases it does know.
import { badUserInput } from '../errors';
import type { UpgradePath } from '../analysis';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { formatVersion, parseVersion, VersionFormatError, type VersionKey } from '../kb/version';

function knownReleasesText(kb: KnowledgeBase): string {
  return kb.releases.map((r) => formatVersion(r.version)).join(', ');
}

export function requireRelease(kb: KnowledgeBase, input: string, argument = 'version'): VersionKey {
  let key: VersionKey;
  try {
    key = parseVersion(input);
  } catch (err) {
    if (err instanceof VersionFormatError) {
      throw badUserInput(`${argument}: ${err.message}. Known releases: ${knownReleasesText(kb)}`, {
        argument,
        knownReleases: kb.releases.map((r) => formatVersion(r.version)),
      });
    }
    throw err;
  }
  if (!kb.release(key)) {
    throw badUserInput(
      `${argument}: release ${formatVersion(key)} is not in the knowledge base. Known releases: ${knownReleasesText(kb)}`,
      { argument, knownReleases: kb.releases.map((r) => formatVersion(r.version)) },
    );
  }
  return key;
}

/**
 * from <= to, both known; the range covers releases after `from` up to and including `to`. `releases` is
 * the release path: every known release from `from` to `to`, both included, in order (what diff walks hop
 * by hop, and what upgradeReport and convertManifest analyse).
 */
export function requireRange(kb: KnowledgeBase, from: string, to: string): UpgradePath {
  const f = requireRelease(kb, from, 'from');
  const t = requireRelease(kb, to, 'to');
  if (f > t) {
    throw badUserInput(
      `from ${formatVersion(f)} is after to ${formatVersion(t)}: give the older release as from. Known releases: ${knownReleasesText(kb)}`,
      { argument: 'from', knownReleases: kb.releases.map((r) => formatVersion(r.version)) },
    );
  }
  return { from: f, to: t, releases: kb.releases.map((r) => r.version).filter((v) => v >= f && v <= t) };
}
