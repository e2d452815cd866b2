/**
 * Starts the outside services the app server talks to, in the runner process: a real SMTP
 * server that saves every message for the tests, and a local OpenID Connect provider standing
 * in for Google. Returns the teardown that stops both.
 */
import {
  mailDir,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_ISSUER,
  OIDC_PORT,
  APP_URL,
  SMTP_PORT,
} from './support/e2e-env.ts';
import { startOidcStub } from './support/oidc-stub.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

/** Starts the SMTP sink and the OpenID Connect provider; resolves to their teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stopSmtp = await startSmtpSink(SMTP_PORT, mailDir());
  const stopOidc = await startOidcStub({
    port: OIDC_PORT,
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUris: [`${APP_URL}/pigo-stream/identity/callback/google`],
  });
  return async () => {
    await Promise.all([stopSmtp(), stopOidc()]);
  };
}
