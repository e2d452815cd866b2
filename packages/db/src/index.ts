export * from './schema.ts';
export * from './library.schema.ts';
export * from './operations.schema.ts';
export * from './client.ts';
