import { describe, expect, it } from 'vitest';
import { limitKeys } from './identity.rate-limit.ts';
import { checkIdentityCall, checkName, checkPassword, RULE_MESSAGES } from './identity.rules.ts';

const settings = { allowedEmailDomains: ['gmail.com'], passwordMinLength: 6 };

describe('display names', () => {
  it('takes 1 to 64 characters after trimming, counting characters, not bytes', () => {
    expect(checkName('  Kim  ')).toBeNull();
    expect(checkName('é'.repeat(64))).toBeNull();
    expect(checkName('😀'.repeat(64))).toBeNull();
    expect(checkName(` ${'x'.repeat(64)} `)).toBeNull();
    expect(checkName('x'.repeat(65))?.message).toBe(RULE_MESSAGES.usernameTooLong);
    expect(checkName('x'.repeat(90_000))?.message).toBe(RULE_MESSAGES.usernameTooLong);
    expect(checkName('   ')?.message).toBe(RULE_MESSAGES.usernameRequired);
    expect(checkName(42)?.message).toBe(RULE_MESSAGES.usernameRequired);
  });

  it('refuses control characters', () => {
    for (const name of ['a\u0000b', 'a\nb', 'a\tb', 'a\u007fb', 'a\u001bb']) {
      expect(checkName(name)?.message, JSON.stringify(name)).toBe(RULE_MESSAGES.usernameInvalid);
    }
  });
});

describe('new passwords', () => {
  it('needs the minimum length and something other than whitespace', () => {
    expect(checkPassword('secret', settings)).toBeNull();
    expect(checkPassword('  pass  ', settings)).toBeNull();
    expect(checkPassword('short', settings)?.code).toBe('PASSWORD_TOO_SHORT');
    expect(checkPassword('      ', settings)?.message).toBe(RULE_MESSAGES.passwordBlank);
    expect(checkPassword('\t\t\t\t\t\t\n', settings)?.code).toBe('PASSWORD_BLANK');
  });

  it('applies to sign-up, reset-password and change-password; names to update-user', () => {
    const blank = { newPassword: '      ', token: 't' };
    expect(checkIdentityCall('reset-password', blank, settings)?.code).toBe('PASSWORD_BLANK');
    expect(checkIdentityCall('change-password', blank, settings)?.code).toBe('PASSWORD_BLANK');
    expect(
      checkIdentityCall(
        'sign-up/email',
        { name: 'kim', email: 'kim@gmail.com', password: '      ' },
        settings,
      )?.code,
    ).toBe('PASSWORD_BLANK');
    expect(checkIdentityCall('update-user', { name: 'x'.repeat(65) }, settings)?.code).toBe(
      'USERNAME_TOO_LONG',
    );
    expect(checkIdentityCall('update-user', { image: null }, settings)).toBeNull();
    expect(checkIdentityCall('get-session', undefined, settings)).toBeNull();
  });
});

describe('attempt limit keys', () => {
  it('counts one address however it is spelled, and per IP', () => {
    const a = limitKeys('sign-in/email', '10.0.0.1', { email: ' Kim@Gmail.COM ' }, undefined);
    const b = limitKeys('sign-in/email', '10.0.0.2', { email: 'kim@gmail.com' }, undefined);
    expect(a?.subject).toBe('sign-in/email|address|kim@gmail.com');
    expect(a?.subject).toBe(b?.subject);
    expect(a?.ip).not.toBe(b?.ip);
    expect(a?.limit).toEqual({ subject: 'address', perSubject: 10, perIp: 30 });
  });

  it('keys reset-password by token, change-password by user, change-email by new address', () => {
    expect(limitKeys('reset-password', '::1', { token: 'tok' }, undefined)?.subject).toBe(
      'reset-password|token|tok',
    );
    expect(limitKeys('change-password', '::1', {}, 'user-1')?.subject).toBe(
      'change-password|user|user-1',
    );
    expect(limitKeys('change-email', '::1', { newEmail: 'NEW@gmail.com' }, 'u')?.subject).toBe(
      'change-email|new-address|new@gmail.com',
    );
    // IPv6 clients count per /64, as @fastify/rate-limit does.
    expect(limitKeys('sign-up/email', '2001:db8::1', {}, undefined)?.ip).toBe(
      limitKeys('sign-up/email', '2001:db8::ffff', {}, undefined)?.ip,
    );
    expect(limitKeys('get-session', '::1', {}, undefined)).toBeNull();
  });
});
