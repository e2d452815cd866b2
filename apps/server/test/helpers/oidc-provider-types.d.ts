/** The slice of oidc-provider (which ships no types) that helpers/oidc-provider.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface OidcConfiguration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    findAccount(ctx: unknown, sub: string): Promise<OidcAccount | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required: () => boolean };
    /** Lifetimes of provider artefacts, in seconds. */
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: OidcConfiguration);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
