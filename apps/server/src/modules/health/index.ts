/**
 * The health module's public entry: the health and app-config routes and the readiness
 * checker the app wires them to. Other files import this module only through here (ESLint
 * enforces it).
 */
export { appConfigRoutes } from './app-config.routes.ts';
export { healthRoutes } from './health.routes.ts';
export { createReadiness, startReadiness, type Readiness } from './readiness.ts';
