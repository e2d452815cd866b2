/** Client-side checks of the sign-in and sign-up form (VALID-1..12 in docs/requirements.md). */
import { AUTH_MESSAGES } from './messages.ts';

/** The form's fields; the one a message is about gets focus and `aria-invalid`. */
export type AuthField = 'userName' | 'email' | 'password';

/** A failed check: the VALID-1..12 message and the field it is about. */
export interface FieldProblem {
  field: AuthField;
  message: string;
}

/** What the form holds when submitted (trimmed username and e-mail). */
export interface AuthFormValues {
  isSignIn: boolean;
  userName: string;
  email: string;
  password: string;
}

/**
 * The domain of a sign-up address, lower-cased, or null unless it has exactly one '@' with
 * something before it and a non-empty domain after it (VALID-1, VALID-2, VALID-6).
 */
export function emailDomain(email: string): string | null {
  const parts = email.split('@');
  if (parts.length !== 2) return null;
  const [local = '', domain = ''] = parts;
  return local && domain ? domain.toLowerCase() : null;
}

/**
 * The first problem with `values`, or null when the form may be sent. Sign up: username,
 * e-mail, its format ('Invalid email format.') and domain (must be in `allowedDomains`, else
 * 'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.'), then the password. Sign in:
 * e-mail and password are required; the server judges the rest.
 */
export function validateAuthForm(
  values: AuthFormValues,
  allowedDomains: readonly string[],
): FieldProblem | null {
  const { isSignIn, userName, email, password } = values;
  if (!isSignIn && !userName) return { field: 'userName', message: AUTH_MESSAGES.userNameRequired };
  if (!email) return { field: 'email', message: AUTH_MESSAGES.emailRequired };
  if (!isSignIn) {
    const domain = emailDomain(email);
    if (!domain) return { field: 'email', message: AUTH_MESSAGES.invalidEmail };
    if (!allowedDomains.includes(domain)) {
      return { field: 'email', message: AUTH_MESSAGES.unsupportedProvider };
    }
  }
  if (!password) return { field: 'password', message: AUTH_MESSAGES.passwordRequired };
  return null;
}
