import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/**
 * The README promises that a fresh `npm install` on every Node line `package.json`'s `engines`
 * admits prints no `EBADENGINE` warning: every package the lockfile installs, dependencies and
 * the tests' own alike, declares support for the oldest release of each of those lines. A
 * dependency moved to a major that needs a newer Node fails here, not on a user's first install.
 */
interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** The oldest release of each line the range admits: `^20.19.0 || ^22.13.0` gives 20.19.0 and 22.13.0. */
function oldestOfEachLine(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => {
    const oldest = semver.minVersion(comparators.map((comparator) => comparator.value).join(' '));
    if (!oldest) throw new Error(`no version satisfies ${range}`);
    return oldest.version;
  });
}

describe('Node engines', () => {
  const supported = oldestOfEachLine(manifest.engines.node);

  it('reads the lines package.json supports', () => {
    expect(supported.length).toBeGreaterThan(0);
    expect(supported.every((version) => semver.satisfies(version, manifest.engines.node))).toBe(true);
  });

  it('installs no package whose engines refuse the oldest release of a supported line', () => {
    const refused: string[] = [];
    let declared = 0;
    for (const [path, locked] of Object.entries(lock.packages)) {
      const node = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      if (!path || !node) continue;
      declared += 1;
      const refusedVersions = supported.filter((version) => !semver.satisfies(version, node));
      if (refusedVersions.length > 0)
        refused.push(`${path}@${locked.version}: node ${node} refuses ${refusedVersions.join(', ')}`);
    }
    expect(declared).toBeGreaterThan(100);
    expect(refused).toEqual([]);
  });
});
