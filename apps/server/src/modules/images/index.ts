/**
 * The images module's public entry: the image routes (drawn art as SVG) and the drawn-art
 * paths the catalogue and anime modules put in their answers. Other files import this module
 * only through here (ESLint enforces it).
 */
export { artPath, imageOr, type ArtKind } from './art-paths.ts';
export { imagesRoutes } from './images.routes.ts';
