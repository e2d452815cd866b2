/**
 * The together module's public entry (TOGETHER-1..10 in docs/requirements.md; DEC-33 in
 * docs/decisions.md): rooms where members on their own devices watch one title in step, their
 * calls and their WebSocket. Other files import this module only through here (ESLint enforces
 * it).
 */
export { togetherRoutes, type TogetherRoutesOptions } from './together.routes.ts';
