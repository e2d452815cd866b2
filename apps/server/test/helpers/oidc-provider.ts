/**
 * A local OpenID Connect provider standing in for Google (oidc-provider on 127.0.0.1, a free
 * port): discovery, authorization with PKCE, token, userinfo and JWKS, RS256-signed ID tokens.
 * Its development login and consent screens are driven with fetch, cookies carried by hand,
 * like a browser would.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  /** `${issuer}/.well-known/openid-configuration`, for GOOGLE_DISCOVERY_URL. */
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * Opens `authorizeUrl` as the browser would, signs in as `sub` and consents, and returns the
   * URL the provider finally redirects to (the relying party's callback with `code`).
   */
  signIn(authorizeUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

/** Minimal cookie jar: name -> value, sent on every request to the provider. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Starts a provider whose only client may redirect to `redirectUri`; `users` by `sub`. */
export async function startOidcProvider(
  redirectUri: string,
  users: OidcUser[],
): Promise<LocalOidcProvider> {
  const clientId = 'pigostream-test-client';
  const clientSecret = 'pigostream-test-secret-0123456789abcdef';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    async findAccount(_ctx, sub) {
      const user = users.find((u) => u.sub === sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ ...user, email_verified: true }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token carries the profile and e-mail claims.
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });
  server.on('request', provider.callback());

  /** Follows redirects within the provider, returning the first one that leaves it. */
  async function browse(jar: Jar, start: string, init?: RequestInit): Promise<Response | URL> {
    let res = await fetch(start, {
      ...init,
      redirect: 'manual',
      headers: { ...(init?.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(res);
    for (let hops = 0; res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get('location') ?? '', res.url || start);
      if (next.origin !== issuer) return next;
      if (hops > 10) throw new Error('too many redirects at the OIDC provider');
      res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.take(res);
    }
    return res;
  }

  /** Submits the interaction form of an interaction page. */
  async function submit(jar: Jar, page: Response, fields: Record<string, string>) {
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the provider page: ${html.slice(0, 300)}`);
    return browse(jar, new URL(action.replaceAll('&amp;', '&'), issuer).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    async signIn(authorizeUrl, sub) {
      const jar = new Jar();
      let step = await browse(jar, authorizeUrl);
      for (let screens = 0; !(step instanceof URL); screens++) {
        if (screens > 3 || step.status !== 200) {
          throw new Error(`provider answered ${step.status}: ${(await step.text()).slice(0, 300)}`);
        }
        const html = await step.clone().text();
        step = html.includes('name="login"')
          ? await submit(jar, step, { prompt: 'login', login: sub, password: 'any' })
          : await submit(jar, step, { prompt: 'consent' });
      }
      return step;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
