/**
 * Where player releases come from (DEC-20 in docs/decisions.md: "a release manifest the operator
 * configures"):
 * - RELEASES_FILE, a JSON object `{ "<platform>": { "version": "1.2.0", "url": "https://..." } }`
 *   for any of windows, macos, linux, android, ios;
 * - files under DATA_DIR/releases named `pigoplayer-<platform>-<version>.<ext>` (ext: zip, exe,
 *   msi, dmg, pkg, AppImage, deb, rpm, tar.gz, apk, ipa); the highest version per platform wins.
 */
import { readdir, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { PLATFORMS, platformSchema, type Platform } from '@pigostream/contracts';

/** A platform's release: its version and download link. */
export interface Release {
  version: string;
  url: string;
}

const releaseSchema = z
  .object({
    version: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .refine((v) => v !== 'NA', 'version NA is reserved for "no release"'),
    url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
  })
  .strict();

const manifestSchema = z.partialRecord(platformSchema, releaseSchema);

/** Releases by platform; absent platforms have none. */
export type ReleaseManifest = Partial<Record<Platform, Release>>;

/**
 * Reads and validates RELEASES_FILE.
 * @throws Error naming the file and the platform or field at fault.
 */
export async function loadReleaseManifest(file: string): Promise<ReleaseManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new Error(`RELEASES_FILE ${file}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) =>
      i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message,
    );
    throw new Error(`RELEASES_FILE ${file}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Release file names: `pigoplayer-<platform>-<version>.<ext>`. */
const RELEASE_FILE = new RegExp(
  `^pigoplayer-(${PLATFORMS.join('|')})-(\\d[\\w.+-]{0,49}?)\\.(zip|exe|msi|dmg|pkg|appimage|deb|rpm|tar\\.gz|apk|ipa)$`,
  'i',
);

/** Platform and version a release file name carries, or undefined for any other name. */
export function parseReleaseFileName(
  name: string,
): { platform: Platform; version: string } | undefined {
  const match = RELEASE_FILE.exec(name);
  if (!match?.[1] || !match[2]) return undefined;
  return { platform: match[1] as Platform, version: match[2] };
}

/** Compares versions part by part: numeric parts as numbers (`1.10.0` > `1.9.2`). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i] ?? '', pb[i] ?? ''];
    const [nx, ny] = [Number(x), Number(y)];
    const diff =
      x !== '' && y !== '' && Number.isInteger(nx) && Number.isInteger(ny)
        ? nx - ny
        : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The newest release file per platform in `dir` (file name and version); empty when the folder
 * does not exist.
 */
export async function listReleaseFiles(
  dir: string,
): Promise<Map<Platform, { name: string; version: string }>> {
  const names = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const newest = new Map<Platform, { name: string; version: string }>();
  for (const entry of names) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const parsed = parseReleaseFileName(entry.name);
    if (!parsed) continue;
    const current = newest.get(parsed.platform);
    if (!current || compareVersions(parsed.version, current.version) > 0) {
      newest.set(parsed.platform, { name: entry.name, version: parsed.version });
    }
  }
  return newest;
}
