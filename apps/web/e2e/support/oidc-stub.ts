/**
 * A local OpenID Connect provider (oidc-provider) standing in for Google in the browser tests.
 * Its built-in development login page accepts any login and password; the login becomes the
 * account id, and an account id that is an e-mail address is the verified `email` claim.
 * Consent is granted automatically, as Google does for a returning user.
 */
import { createServer } from 'node:http';
import Provider, { type OidcContext } from 'oidc-provider';

/** Where the provider listens and the one client (the app server) it knows. */
export interface OidcStubOptions {
  port: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider may send the browser back to (the identity callback). */
  redirectUris: string[];
}

/** Claims of the account `id`: an e-mail login is the address, anything else gets one. */
function claimsFor(id: string) {
  const email = id.includes('@') ? id.toLowerCase() : `${id.toLowerCase()}@gmail.com`;
  const local = email.split('@')[0] ?? 'user';
  return { sub: id, email, email_verified: true, name: `Google ${local}` };
}

/** Starts the provider on `port`; resolves to its closer. */
export async function startOidcStub(options: OidcStubOptions): Promise<() => Promise<void>> {
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['pigostream-e2e-oidc-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => claimsFor(id),
    }),
    // Grant every scope the client asks for, so no consent page interrupts the test.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result, provider: self } = ctx.oidc;
      if (!client || !session) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const server = createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => {
      resolve();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
}
