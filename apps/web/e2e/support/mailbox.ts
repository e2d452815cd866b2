/**
 * Reads the mail the test SMTP server saved (smtp-sink.ts): waits for a message to an address
 * with a subject, decodes its plain-text part and returns the first link in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mailDir } from './e2e-env.ts';
import type { SavedMail } from './smtp-sink.ts';

/** Subjects of the identity mails (IDENTITY-API.md). */
export const SUBJECTS = {
  verify: 'Verify your PigoStream e-mail',
  reset: 'Reset your PigoStream password',
  /**
   * To the owner of an address someone tried to sign up with again (SEC-5 in docs/requirements.md).
   */
  signUpAttempt: 'Someone tried to sign up with your PigoStream e-mail',
} as const;

/** Splits a raw MIME entity into its header block (unfolded) and body. */
function splitEntity(raw: string): { headers: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: raw, body: '' };
  const headers = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function header(headers: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers);
  return match?.[1]?.trim() ?? '';
}

/** Decodes an RFC 2047 encoded-word header such as a UTF-8 subject. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
    (_m, _charset, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** The decoded text/plain part of a raw message (multipart or not). */
export function plainText(raw: string): string {
  const { headers, body } = splitEntity(raw);
  const type = header(headers, 'Content-Type') || 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) {
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeBody(body, header(headers, 'Content-Transfer-Encoding'));
}

function readAll(): (SavedMail & { file: string; subject: string })[] {
  const dir = mailDir();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const mail = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SavedMail;
    const subject = decodeWords(header(splitEntity(mail.raw).headers, 'Subject'));
    return { ...mail, file: name, subject };
  });
}

/** How many messages with `subject` reached `to` so far. */
export function countMail(to: string, subject: string): number {
  return readAll().filter((m) => m.to.includes(to.toLowerCase()) && m.subject === subject).length;
}

/**
 * Waits up to `timeoutMs` ms for message number `index` (0, the default, is the first) with
 * `subject` to `to`, and returns the first http(s) link of its plain-text part.
 */
export async function waitForMailLink(
  to: string,
  subject: string,
  { index = 0, timeoutMs = 15_000 }: { index?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readAll().filter((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
    const mail = mails[index];
    if (mail) {
      const link = /https?:\/\/\S+/.exec(plainText(mail.raw))?.[0];
      if (!link) throw new Error(`No link in mail ${mail.file}`);
      return link;
    }
    if (Date.now() > deadline) {
      throw new Error(`No mail number ${String(index + 1)} '${subject}' to ${to} arrived`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
