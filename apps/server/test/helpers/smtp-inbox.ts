/**
 * A real SMTP server inside the test process (smtp-server on 127.0.0.1, a free port, no TLS,
 * no auth) that keeps every message it receives, parsed: headers, plain-text and HTML bodies
 * (multipart, quoted-printable and base64 decoded) and the links in them. `hold()` makes it
 * take messages in full but not acknowledge them until released, so a test can tell whether
 * the server answered a request before its mail was delivered.
 */
import type { AddressInfo, Server } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  /** Header values by lower-case name (the last one wins). */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  /** http(s) links found in the plain-text body, in order. */
  links: string[];
  raw: string;
}

/** Messages taken in full while held, but not acknowledged (so not delivered) yet. */
export interface MailHold {
  /** Messages received and waiting for their acknowledgement, oldest first. */
  readonly pending: ReceivedMail[];
  /** Resolves with the first held message (already there or arriving) that `match` accepts. */
  arrived(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * Acknowledges every held message (they join `messages`, unless the sender hung up waiting)
   * and stops holding.
   */
  release(): void;
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** Messages delivered (acknowledged), oldest first. */
  messages: ReceivedMail[];
  /** Holds every message from now until `release()`. One hold at a time. */
  hold(): MailHold;
  /** Resolves with the first message (already received or arriving) that `match` accepts. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split === -1 ? normalised : normalised.slice(0, split);
  const body = split === -1 ? '' : normalised.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g,
    (_m, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  );
}

/** Leaf parts of a (possibly multipart) message. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(parsePart(chunk.replace(/^\n/, ''))));
}

/** Parses a raw RFC 5322 message. */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const top = parsePart(raw);
  const parts = leaves(top);
  const bodyOf = (type: string) =>
    parts
      .filter((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type))
      .map(decodeBody)
      .join('\n');
  const text = bodyOf('text/plain');
  return {
    to,
    headers: top.headers,
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    text,
    html: bodyOf('text/html'),
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    raw,
  };
}

/**
 * Starts the inbox on `port` (0: any free one; a given one lets a test stop the SMTP server and
 * bring it back at the same address); close it in `afterAll`.
 */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let holding: { pending: ReceivedMail[]; acks: (() => void)[] } | undefined;
  /** Sessions whose client hung up: a held message it gave up on is never delivered. */
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        const deliver = () => {
          if (closed.has(session.id)) return;
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        };
        if (holding) {
          holding.pending.push(mail);
          holding.acks.push(deliver);
          for (const wake of waiters) wake();
        } else {
          deliver();
        }
      });
    },
  });
  const listening = await new Promise<Server>((resolve) => {
    const net = server.listen(port, '127.0.0.1', () => {
      resolve(net);
    });
  });
  const { port: boundPort } = listening.address() as AddressInfo;

  /** Resolves with the first mail of `list()` that `match` accepts, now or once it arrives. */
  const waitIn = (
    list: () => ReceivedMail[],
    match: (mail: ReceivedMail) => boolean,
    timeoutMs: number,
  ) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const check = () => {
        const found = list().find(match);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching mail within ${timeoutMs} ms (${list().length} received)`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  const release = () => {
    const held = holding;
    holding = undefined;
    for (const ack of held?.acks ?? []) ack();
  };

  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    hold() {
      if (holding) throw new Error('the inbox is already holding messages');
      const state = { pending: [] as ReceivedMail[], acks: [] as (() => void)[] };
      holding = state;
      return {
        pending: state.pending,
        arrived: (match, timeoutMs = 5000) => waitIn(() => state.pending, match, timeoutMs),
        release,
      };
    },
    waitFor: (match, timeoutMs = 5000) => waitIn(() => messages, match, timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.close(resolve);
      }),
  };
}
