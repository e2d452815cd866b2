import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { addSecurityHeaders, securityHeadersOf } from './security-headers.ts';

it("records helmet's headers for the given options, once", () => {
  const headers = securityHeadersOf({
    contentSecurityPolicy: { directives: { 'frame-src': ['*'] } },
    referrerPolicy: { policy: 'same-origin' },
  });
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['content-security-policy']).toContain('frame-src *');
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers).not.toHaveProperty('x-powered-by');
});

it('refuses options helmet refuses', () => {
  expect(() =>
    securityHeadersOf({ contentSecurityPolicy: { directives: { 'script-src': ['self'] } } }),
  ).toThrow(/self/);
});

it('sends the headers on every answer, and lets a route set its own', async () => {
  const app = Fastify();
  addSecurityHeaders(app, { xFrameOptions: { action: 'deny' } });
  app.get('/plain', () => ({ ok: true }));
  app.get('/own', (_req, reply) => reply.header('x-frame-options', 'SAMEORIGIN').send('own'));
  const plain = await app.inject({ url: '/plain' });
  expect(plain.headers['x-frame-options']).toBe('DENY');
  expect(plain.headers['x-content-type-options']).toBe('nosniff');
  expect((await app.inject({ url: '/missing' })).headers['x-content-type-options']).toBe('nosniff');
  expect((await app.inject({ url: '/own' })).headers['x-frame-options']).toBe('SAMEORIGIN');
  await app.close();
});
