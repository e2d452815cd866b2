/**
 * The web module's public entry: the plugin serving the web app, the first screen's boot
 * script (whose hash the Content-Security-Policy allows), and the reading of a build's Vite
 * manifest, which the web budget weighs. Other files import this module only through here
 * (ESLint enforces it).
 */
export { BOOT_SCRIPT_SOURCE } from './first-screen.ts';
export {
  collectChunks,
  entryKeyOf,
  manifestFileOf,
  readViteManifest,
  ROUTE_MODULES,
} from './vite-manifest.ts';
export { default as webPlugin } from './web.plugin.ts';
