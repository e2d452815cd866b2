/**
 * A stand-in web build for the web module's tests (web.test.ts, first-screen.test.ts): a Vite
 * manifest shaped as the real one, and a fresh folder holding a shell, the entry script, the
 * manifest and any other files.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A build's manifest, as Vite writes it: the entry, two lazy routes' chunks, shared chunks. */
export const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc123.js',
    isEntry: true,
    imports: ['_react-entry1.js'],
    dynamicImports: ['src/app/app-layout.tsx', 'src/app/routes/home.tsx'],
    css: ['assets/index-abc123.css'],
  },
  '_react-entry1.js': { file: 'assets/react-entry1.js' },
  '../../packages/contracts/src/identity.ts': {
    file: 'assets/identity-i1.js',
    isDynamicEntry: true,
    imports: ['_zod-z1.js'],
  },
  '_zod-z1.js': { file: 'assets/zod-z1.js' },
  '_use-query-q1.js': { file: 'assets/use-query-q1.js', imports: ['index.html'] },
  '_row-r1.js': { file: 'assets/row-r1.js', imports: ['index.html', '_use-query-q1.js'] },
  'src/app/app-layout.tsx': {
    file: 'assets/app-layout-l1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_use-query-q1.js', '_react-entry1.js'],
  },
  'src/app/routes/sign-in.tsx': { file: 'assets/sign-in-s1.js', imports: ['index.html'] },
  'src/app/routes/reset-password.tsx': { file: 'assets/reset-password-p1.js' },
  'src/app/routes/home.tsx': {
    file: 'assets/home-h1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_row-r1.js', '_use-query-q1.js'],
  },
  'src/app/routes/my-list.tsx': { file: 'assets/my-list-m1.js' },
  'src/app/routes/play.tsx': { file: 'assets/play-y1.js', imports: ['_row-r1.js'] },
  'src/app/routes/pigostore.tsx': { file: 'assets/pigostore-g1.js' },
  'src/app/routes/stremio.tsx': { file: 'assets/stremio-t1.js' },
};

/** What {@link fakeWebBuild} writes. */
export interface FakeWebBuild {
  /** `index.html`. */
  shell: string;
  /** The entry script, `assets/index-abc123.js`. */
  entryScript: string;
  /** `.vite/manifest.json`, as JSON; none when undefined. */
  manifest?: unknown;
  /** Other files by path in the build (`.server/entry-server.js`), with their text. */
  files?: Record<string, string>;
}

/** Writes the build `build` into a fresh folder; returns the folder. */
export function fakeWebBuild({ shell, entryScript, manifest, files = {} }: FakeWebBuild): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'pigo-web-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  };
  write('index.html', shell);
  write('assets/index-abc123.js', entryScript);
  if (manifest !== undefined) write('.vite/manifest.json', JSON.stringify(manifest));
  for (const [file, text] of Object.entries(files)) write(file, text);
  return dist;
}
