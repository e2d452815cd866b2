/**
 * The identity e-mails (AUTH-8, AUTH-12 in docs/requirements.md: verification after sign-up and on
 * resend; ERR-1: password reset). Each has a plain-text and a simple HTML body carrying the same
 * link.
 */
import type { MailMessage } from './mailer.ts';

/** Subject of the verification e-mail (agreed identity API). */
export const VERIFY_SUBJECT = 'Verify your PigoStream e-mail';
/** Subject of the password reset e-mail (agreed identity API). */
export const RESET_SUBJECT = 'Reset your PigoStream password';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function html(greeting: string, paragraph: string, button: string, link: string, after: string) {
  const a = escapeHtml(link);
  return `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(paragraph)}</p>
<p><a href="${a}" style="display:inline-block;padding:10px 18px;background:#e50914;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(button)}</a></p>
<p>Or open this link: <a href="${a}">${a}</a></p>
<p style="color:#555">${escapeHtml(after)}</p>
</body></html>`;
}

/**
 * The message asking `to` to confirm the address: `link` is the identity's `verify-email` URL
 * (valid 1 hour); `name` is the display name.
 */
export function verificationMail(to: string, name: string, link: string): MailMessage {
  const greeting = `Hi ${name || 'there'},`;
  const paragraph = 'Confirm your e-mail address to start using PigoStream.';
  const after = 'The link works for one hour. If you did not sign up, ignore this e-mail.';
  return {
    to,
    subject: VERIFY_SUBJECT,
    link,
    text: `${greeting}\n\n${paragraph}\n\n${link}\n\n${after}\n`,
    html: html(greeting, paragraph, 'Verify e-mail', link, after),
  };
}

/**
 * The message with a password reset `link` (valid 1 hour, usable once) leading to the app's
 * `/reset-password?token=...` screen.
 */
export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const greeting = `Hi ${name || 'there'},`;
  const paragraph = 'Someone asked to reset the password of your PigoStream account.';
  const after =
    'The link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: RESET_SUBJECT,
    link,
    text: `${greeting}\n\n${paragraph} Choose a new one here:\n\n${link}\n\n${after}\n`,
    html: html(greeting, `${paragraph} Choose a new one here:`, 'Reset password', link, after),
  };
}

/** Subject of the mail telling an address's owner that someone tried to sign up with it. */
export const SIGN_UP_ATTEMPT_SUBJECT = 'Someone tried to sign up with your PigoStream e-mail';

/**
 * The message to the owner of an address someone tried to sign up with again (SEC-5: a
 * sign-up with a taken address answers like a new one, and only the owner learns of it):
 * `link` is the app's sign-in screen, where Forgot Password also is.
 */
export function signUpAttemptMail(to: string, name: string, link: string): MailMessage {
  const greeting = `Hi ${name || 'there'},`;
  const paragraph =
    'Someone tried to create a PigoStream account with this e-mail address, which already has one.';
  const after =
    'If it was you, sign in instead, or use Forgot Password on the sign-in screen. If not, ignore this e-mail: nothing has changed.';
  return {
    to,
    subject: SIGN_UP_ATTEMPT_SUBJECT,
    link,
    text: `${greeting}\n\n${paragraph}\n\n${link}\n\n${after}\n`,
    html: html(greeting, paragraph, 'Sign in', link, after),
  };
}
