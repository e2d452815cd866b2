/**
 * Writes docs/screens.md: every screen of tools/screen-names.ts at phone (390x844)
 * and laptop (1280x800) size, showing the pictures the browser tests compare against
 * (apps/web/e2e/screens/<screen>-<size>.png). `npm run screens` takes those pictures again from
 * the current build first, so the page and the README's pictures are never older than the test.
 * Fails when a picture is missing.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCREEN_CAPTIONS, SIZES } from '../tools/screen-names.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PICTURES = 'apps/web/e2e/screens';

const missing: string[] = [];
const picture = (name: string, size: string) => {
  const file = `${PICTURES}/${name}-${size}.png`;
  if (!existsSync(path.join(repoRoot, file))) missing.push(file);
  return `../${file}`;
};

const sections = Object.entries(SCREEN_CAPTIONS).map(([name, caption]) => {
  const [phone, laptop] = SIZES.map((size) => picture(name, size.name));
  return [
    `## ${caption}`,
    '',
    '<p>',
    `<img src="${String(phone)}" alt="${caption}, phone (390x844)" width="24%">`,
    `<img src="${String(laptop)}" alt="${caption}, laptop (1280x800)" width="74%">`,
    '</p>',
  ].join('\n');
});

if (missing.length > 0) {
  console.error(`missing pictures (run npm run screens):\n${missing.join('\n')}`);
  process.exit(1);
}

const page = [
  '# Every screen',
  '',
  '<!-- Written by `npm run screens` (scripts/screens-doc.ts): do not edit by hand. -->',
  '',
  'Each screen at phone (390x844) and laptop (1280x800) size, signed in as an account with a',
  'few titles in My List and Watch History and two searches, on the starter catalogue. These are',
  "the browser tests' own pictures (apps/web/e2e/screens.spec.ts): a test fails when a screen",
  'no longer looks like its picture, and `npm run screens` takes them again from the current',
  'build. What moves by itself (a playing video, another site’s frame) is painted grey; a',
  "room's video, paused at its start, shows its first frame.",
  '',
  ...sections.flatMap((section) => [section, '']),
].join('\n');

writeFileSync(path.join(repoRoot, 'docs/screens.md'), page);
console.log(`docs/screens.md: ${String(sections.length)} screens, ${String(SIZES.length)} sizes`);
