export * from './common.ts';
export * from './catalogue.ts';
export * from './providers.ts';
export * from './genres.ts';
export * from './anime.ts';
export * from './library.ts';
export * from './sources.ts';
export * from './store.ts';
