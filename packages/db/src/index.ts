export * from './schema.ts';
export * from './client.ts';
