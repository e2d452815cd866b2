/**
 * Every text the auth screens show (AUTH-1..6 in docs/requirements.md, AUTH-7..17, VALID-1..12,
 * ERR-1), word for word where the spec names it. Server errors show the identity server's own
 * message.
 */
export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email format.',
  unsupportedProvider: 'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.',
  userNameRequired: 'Please enter a username.',
  emailRequired: 'Please enter your email address.',
  passwordRequired: 'Please enter your password.',
  resetNeedsEmail: 'Please enter your email to reset your password.',
  resetSent: 'If this email is registered, a password reset email has been sent.',
  verificationSent: 'Verification email sent! Please check your inbox.',
  // OPS-4: the server keeps mail it could not send yet and retries it.
  verificationDelayed:
    'Your account is created, but the verification email could not be sent yet. We will keep trying: check your inbox in a few minutes.',
  verificationResendDelayed:
    'The verification email could not be sent yet. We will keep trying: check your inbox in a few minutes.',
  resetDelayed:
    'If this email is registered, a password reset email will be sent, but sending is delayed right now. Check your inbox in a few minutes.',
  verificationResent: 'Verification email resent! Check your inbox.',
  resendFailed: 'Failed to resend verification email. Please try again.',
  verificationPending: 'Email verification pending. Please click resend and check your inbox.',
  googleNotConfigured: 'Google sign-in is not configured.',
  googleFailed: 'Google sign-in failed. Please try again.',
  verifyLinkInvalid:
    'This verification link is invalid or has expired. Sign in and click Resend verification.',
  welcome: 'Welcome to PigoStream!',
  newPasswordRequired: 'Please enter a new password.',
  passwordsDiffer: 'The two passwords do not match.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  passwordReset: 'Your password has been reset. Please sign in.',
} as const;
