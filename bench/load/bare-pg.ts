/**
 * The reference process of the footprint part (bench/footprint.ts, LEAN-6 in docs/requirements.md):
 * a bare Fastify server answering `GET /query` with one PostgreSQL query through `pg`. The bench
 * compiles it with esbuild and runs `node <compiled> <port> <databaseUrl>`, so no TypeScript loader
 * sits in the process it measures. Stops on SIGTERM.
 */
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.argv[2] ?? '3591');
const pool = new pg.Pool({ connectionString: process.argv[3], max: 10 });
const app = Fastify({ logger: false });
app.get('/query', async () => (await pool.query<{ one: number }>('select 1 as one')).rows[0]);
app.get('/health', () => ({ ok: true }));
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
await app.listen({ port, host: '127.0.0.1' });
