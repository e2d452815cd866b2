/**
 * Google sign-in end to end (PROD-4, AUTH-4 in docs/requirements.md) against a local OpenID Connect
 * provider: the app asks for the authorization URL, the "browser" signs in and consents at the
 * provider, the provider redirects back to the identity callback, and the user is signed in with a
 * verified e-mail.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, IDENTITY, startIdentityApp, type IdentityTestApp } from './helpers/identity-app.ts';
import { startOidcProvider, type LocalOidcProvider } from './helpers/oidc-provider.ts';

const CALLBACK = 'http://localhost:3000/pigo-stream/identity/callback/google';

let idp: LocalOidcProvider;
let t: IdentityTestApp;
beforeAll(async () => {
  idp = await startOidcProvider(CALLBACK, [
    { sub: 'g-1001', email: 'gina@gmail.com', name: 'Gina G', picture: 'https://x.test/g.png' },
  ]);
  t = await startIdentityApp({
    GOOGLE_CLIENT_ID: idp.clientId,
    GOOGLE_CLIENT_SECRET: idp.clientSecret,
    GOOGLE_DISCOVERY_URL: idp.discoveryUrl,
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Runs the whole Google flow for a browser; returns the callback's answer. */
async function googleSignIn(client: ReturnType<IdentityTestApp['client']>, sub: string) {
  const start = await client.post(`${IDENTITY}/sign-in/oauth2`, {
    providerId: 'google',
    callbackURL: '/',
  });
  expect(start.statusCode, start.body).toBe(200);
  const { url, redirect } = start.json<{ url: string; redirect: boolean }>();
  expect(redirect).toBe(true);
  const authorize = new URL(url);
  expect(authorize.origin).toBe(idp.issuer);
  expect(authorize.searchParams.get('client_id')).toBe(idp.clientId);
  expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(
    expect.arrayContaining(['openid', 'email', 'profile']),
  );

  const back = await idp.signIn(url, sub);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('code')).toBeTruthy();
  return client.follow(back.toString());
}

it('reports google true on /auth/config when configured', async () => {
  const res = await t.client().get(`${API}/auth/config`);
  expect(res.json()).toMatchObject({ google: true });
});

it('signs a new user in with Google: verified e-mail, name, picture, first sign-in', async () => {
  const client = t.client();
  const done = await googleSignIn(client, 'g-1001');
  expect(done.statusCode).toBe(302);
  expect(done.headers.location).toBe('/');

  const me = await client.get(`${API}/auth/me`);
  expect(me.statusCode).toBe(200);
  const body = me.json<Record<string, unknown>>();
  expect(body).toMatchObject({
    displayName: 'Gina G',
    email: 'gina@gmail.com',
    emailVerified: true,
    photoURL: 'https://x.test/g.png',
    providerData: [
      { providerId: 'google', uid: 'g-1001', email: 'gina@gmail.com', displayName: 'Gina G' },
    ],
  });
  expect(body.lastSignInTime).toBe(body.creationTime);

  // A verified Google user may use product calls at once.
  const users = await client.post(`${API}/auth/users`, { userUID: body.uid });
  expect(users.statusCode).toBe(200);
  expect(users.json()).toEqual({ uid: body.uid, displayName: 'Gina G', email: 'gina@gmail.com' });
});

it('signs the same Google account in again as the same user, not a first sign-in', async () => {
  const first = t.client();
  await googleSignIn(first, 'g-1001');
  const uid = (await first.get(`${API}/auth/me`)).json<{ uid: string }>().uid;

  const again = t.client();
  expect((await googleSignIn(again, 'g-1001')).statusCode).toBe(302);
  const me = (await again.get(`${API}/auth/me`)).json<Record<string, string>>();
  expect(me.uid).toBe(uid);
  expect(me.lastSignInTime).not.toBe(me.creationTime);
});

it('refuses a callback whose state was not issued to this browser', async () => {
  const victim = t.client();
  const start = await victim.post(`${IDENTITY}/sign-in/oauth2`, {
    providerId: 'google',
    callbackURL: '/',
  });
  const back = await idp.signIn(start.json<{ url: string }>().url, 'g-1001');
  // Another browser (no state cookie) replays the callback.
  const attacker = t.client();
  const res = await attacker.follow(back.toString());
  expect(res.statusCode).toBe(302);
  expect(String(res.headers.location)).toContain('error=');
  expect((await attacker.get(`${API}/auth/me`)).json()).toBeNull();
});
