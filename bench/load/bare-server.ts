/**
 * The bare Fastify route the API figures are read against (QUAL-3 in docs/requirements.md): `tsx
 * bench/load/bare-server.ts <port>` answers `GET /bare/<bytes>` with a JSON body of exactly that
 * many bytes, built once per size — no database, no validation, no hooks. Stops on SIGTERM.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? '3590');
const bodies = new Map<number, string>();

/** A JSON string of exactly `bytes` bytes (at least 2). */
function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (!body) {
    body = `"${'x'.repeat(Math.max(0, bytes - 2))}"`;
    bodies.set(bytes, body);
  }
  return body;
}

const app = Fastify({ logger: false });
app.get<{ Params: { bytes: string } }>('/bare/:bytes', (req, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(Number(req.params.bytes))),
);
app.get('/health', () => ({ ok: true }));
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ port, host: '127.0.0.1' });
