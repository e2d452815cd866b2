/**
 * The first screen in the page (PERF-1 in docs/requirements.md): for a verified visitor whose page
 * carries its first answers (first-answers.ts), Home and the play page arrive as HTML the server
 * rendered with the app's own components (apps/web/src/entry-server.tsx, built into
 * `dist/.server/`), so the screen is painted before the app's scripts are even asked for.
 *
 * Such a page has no module script and no module preloads in `<head>`: a small inline script
 * ({@link BOOT_SCRIPT}, allowed by its hash in the Content-Security-Policy) preloads the
 * screen's modules and imports the app once the browser reports its first paint (at most
 * {@link BOOT_WAIT_MS} ms later; at once in a hidden tab). The rendered screen is `inert`
 * until then: a tap or a key on it does nothing rather than half of something, and the app's
 * first render replaces it with the same screen from the same answers.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstAnswers } from './first-answers.ts';
import { attribute } from './route-hints.ts';

/** The longest the page waits for its first paint before it imports the app, in ms. */
export const BOOT_WAIT_MS = 1000;

/**
 * The page's one inline script: reads the app's entry (`data-app`) and the screen's modules
 * (`data-modules`, space separated) from `#root`, and once the first contentful paint is
 * reported (or {@link BOOT_WAIT_MS} ms passed, or the tab is hidden) preloads the modules, one
 * a task (adding a preload costs Chromium up to 20 ms, so all of them in the paint's callback
 * would make one long task, PERF-6), then imports the entry, once. Should the import fail,
 * the rendered screen stops being inert, so its links still work.
 */
export const BOOT_SCRIPT = `(()=>{const r=document.getElementById("root"),d=r.dataset;let s=0;const go=()=>{if(s++)return;const m=(d.modules||"").split(" ").filter(Boolean),next=()=>{const h=m.shift();if(!h)return void import(d.app).catch(()=>r.firstElementChild?.removeAttribute("inert"));const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l);setTimeout(next)};next()};if(document.visibilityState!=="visible")return go();new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});setTimeout(go,${String(BOOT_WAIT_MS)})})()`;

/** {@link BOOT_SCRIPT}'s hash as a CSP source (`'sha256-…'`), for `script-src`. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** What the web build's server entry renders from (entry-server.tsx `FirstScreenInput`). */
interface FirstScreenInput {
  url: string;
  answers: ReadonlyMap<string, unknown>;
  random: number;
  viewportWidth?: number;
}

/** A phone's and a laptop's viewport width in px, as the first screen's render assumes them. */
export const PHONE_WIDTH = 390;
export const LAPTOP_WIDTH = 1280;

/**
 * The viewport width in px to render the first screen for, from the request's `User-Agent`:
 * a phone's for a browser that says it is mobile (`Mobi`, as MDN advises), else a laptop's.
 */
export function viewportWidthFor(userAgent: string | undefined): number {
  return userAgent?.includes('Mobi') ? PHONE_WIDTH : LAPTOP_WIDTH;
}

/** The web build's server entry: the first screen of a page as HTML, or undefined. */
export type RenderFirstScreen = (input: FirstScreenInput) => string | undefined;

/** Where `vite build --ssr` puts the server entry, under the web build `webDist`. */
export function serverEntryOf(webDist: string): string {
  return path.join(webDist, '.server', 'entry-server.js');
}

/**
 * Loads the web build's server entry from `webDist`; undefined when the build has none (pages
 * are then served as before).
 * @throws what importing the file throws (a broken build).
 */
export async function loadFirstScreenRenderer(
  webDist: string,
): Promise<RenderFirstScreen | undefined> {
  const file = serverEntryOf(webDist);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: unknown };
  const render = module.renderFirstScreen;
  if (typeof render !== 'function') throw new Error(`${file} exports no renderFirstScreen`);
  return render as RenderFirstScreen;
}

/**
 * The app shell cut once, at start, around what a rendered page changes: `head` without the
 * module script (up to where the hints go), `body` from there up to `#root`, and `end` after
 * `#root`'s loading mark.
 */
export interface FirstScreenShell {
  head: string;
  body: string;
  end: string;
  /** The app's entry script, as the shell's `<script type="module" src>` names it. */
  entry: string;
}

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
/** `#root` with what the shell holds in it: up to the `</div>` before `<noscript>` or `</body>`. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*(?:<noscript>|<\/body>))/;
const SHELL_TITLE = /<title>[^<]*<\/title>/;

/**
 * The shell `headHtml` + `restHtml` (the built `index.html` cut where the hints go) cut for
 * rendered pages; undefined when it is not shaped as the web build makes it (no module script
 * in the head, no `#root` after it): pages are then served unrendered.
 */
export function firstScreenShell(headHtml: string, restHtml: string): FirstScreenShell | undefined {
  const entry = ENTRY_SCRIPT.exec(headHtml)?.[1];
  const root = ROOT.exec(restHtml);
  if (entry === undefined || !root) return undefined;
  return {
    head: headHtml.replace(ENTRY_SCRIPT, ''),
    body: restHtml.slice(0, root.index),
    end: restHtml.slice(root.index + root[0].length),
    entry,
  };
}

/** What a rendered page is made from, beside its {@link FirstScreenShell}. */
export interface RenderedPage {
  /** What goes at the end of `<head>`: the data preloads and the page's answers. */
  headExtra: string;
  /** The screen's HTML as the server entry rendered it (React's hoisted `<title>` first). */
  markup: string;
  /** The number the render's random choices used, in [0, 1). */
  random: number;
  /** The screen's modules for the boot script to preload, as URL paths. */
  modules: readonly string[];
}

/**
 * The page of `shell` with `rendered`: the screen's `<title>` in place of the shell's, and
 * `#root` holding the rendered screen (inert) with the numbers the app reads (`data-seed`,
 * `data-app`, `data-modules`), followed by {@link BOOT_SCRIPT}.
 */
export function pageWithFirstScreen(
  shell: FirstScreenShell,
  { headExtra, markup, random, modules }: RenderedPage,
): string {
  const title = /^<title>[^<]*<\/title>/.exec(markup)?.[0];
  const screen = title ? markup.slice(title.length) : markup;
  const head = title ? shell.head.replace(SHELL_TITLE, () => title) : shell.head;
  const root =
    `<div id="root" data-seed="${String(random)}" data-app="${attribute(shell.entry)}"` +
    ` data-modules="${attribute(modules.join(' '))}"><div inert>${screen}</div></div>\n` +
    `    <script>${BOOT_SCRIPT}</script>`;
  return head + headExtra + shell.body + root + shell.end;
}

/**
 * The answers `answers` (JSON texts by key) as values, for the server entry; a text that is not
 * JSON is left out (the app then asks for it).
 */
export function answerValues(answers: FirstAnswers): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const [key, text] of answers) {
    try {
      values.set(key, JSON.parse(text));
    } catch {
      // Left to the app's own call.
    }
  }
  return values;
}
