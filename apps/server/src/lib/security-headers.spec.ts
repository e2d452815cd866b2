import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { addSecurityHeaders, API_SECURITY_HEADERS, securityHeadersOf } from './security-headers.ts';

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

it('sends the short API set under the API prefix, and page headers to its pages', async () => {
  const app = Fastify();
  addSecurityHeaders(app, {}, { prefix: '/api', pages: ['/api/docs'] });
  for (const url of ['/page', '/api', '/apix/call', '/api/call', '/api/docs', '/api/docs/json'])
    app.get(url, () => ({ ok: true }));
  const csp = async (url: string) => (await app.inject({ url })).headers['content-security-policy'];
  const apiCsp = API_SECURITY_HEADERS['content-security-policy'];
  expect(await csp('/api/call')).toBe(apiCsp);
  expect(await csp('/api/call?x=1')).toBe(apiCsp);
  expect(await csp('/api/docs-other')).toBe(apiCsp);
  for (const url of ['/page', '/api', '/apix/call', '/api/docs', '/api/docs/json']) {
    expect(await csp(url)).toContain("script-src 'self'");
  }
  const api = await app.inject({ url: '/api/call' });
  expect(api.headers['x-content-type-options']).toBe('nosniff');
  expect(api.headers).not.toHaveProperty('origin-agent-cluster');
  await app.close();
});
