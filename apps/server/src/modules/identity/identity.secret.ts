/**
 * The secret that signs sessions, verification links and OAuth state. AUTH_SECRET when set;
 * otherwise one generated once into `DATA_DIR/auth-secret` (mode 0600) and reused on every
 * start, so sessions survive restarts; with `DATA_DIR=memory://` a fresh one per process.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Random bytes in a generated secret (256 bits). */
const SECRET_BYTES = 32;

/** File under DATA_DIR holding the generated secret. */
export const SECRET_FILE = 'auth-secret';

function generate(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/**
 * Returns `configured` when given, else the secret kept in `dataDir` (created on first call).
 * @throws when DATA_DIR cannot be read or written.
 */
export async function resolveAuthSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  if (dataDir.startsWith('memory://')) return generate();
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = generate();
  try {
    // 'wx': when two processes start together, the first file written wins for both.
    await writeFile(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await readFile(file, 'utf8')).trim();
  }
}
