import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/schema.ts', './src/library.schema.ts', './src/operations.schema.ts'],
  out: './migrations',
});
