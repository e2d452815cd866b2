/**
 * The mail module's public entry: the mailer, the outbox that retries what it could not send,
 * and the identity mails' templates. Other files import this module only through here (ESLint
 * enforces it).
 */
export { createMailOutbox, type MailCheck, type MailOutbox } from './mail-outbox.ts';
export { createMailer } from './mailer.ts';
export { passwordResetMail, signUpAttemptMail, verificationMail } from './mail.templates.ts';
