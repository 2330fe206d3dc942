import { messages } from '../../../shared/messages';
import { MIN_PASSWORD_LENGTH } from '../../../shared/limits';
import { ApiError } from '../../lib/api';

/** The message a failed log-in shows (spec section 8), with honest wording for throttling and outages. */
export function loginErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messages.networkError;
  if (err.status === 429) return messages.tooManyAttempts;
  if (err.code === 'INVALID_EMAIL_OR_PASSWORD') return messages.wrongCredentials;
  if (err.status >= 500) return messages.serverError;
  return messages.loginFailed;
}

/** The message a failed sign-up shows; the provider's own password rules are passed on as they come. */
export function signupErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messages.networkError;
  if (err.status === 429) return messages.tooManyAttempts;
  if (err.code.startsWith('USER_ALREADY_EXISTS')) return messages.emailExists;
  if (err.code === 'PASSWORD_TOO_SHORT') return messages.passwordTooShort;
  if (err.code === 'PASSWORD_TOO_LONG' || err.code === 'invalid_name') return err.message;
  return messages.signupFailed;
}

/** The message when a reset email cannot be asked for: the server's own words for the limit. */
export function forgotPasswordErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messages.networkError;
  if (err.code === 'too_many_reset_requests') return messages.tooManyResetRequests;
  if (err.status === 429) return messages.tooManyAttempts;
  if (err.status === 400) return messages.invalidEmail;
  return messages.serverError;
}

/** The message when a new password is refused: a spent or expired link, or the password rules. */
export function resetPasswordErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messages.networkError;
  if (err.code === 'INVALID_TOKEN' || err.code === 'USER_NOT_FOUND')
    return messages.resetLinkInvalid;
  if (err.code === 'PASSWORD_TOO_SHORT') return messages.passwordTooShort;
  if (err.code === 'PASSWORD_TOO_LONG') return err.message;
  if (err.status === 429) return messages.tooManyAttempts;
  return messages.serverError;
}

/**
 * The message for an external sign-in that came back with `?error=…`. An email that already has a
 * password account is not linked to the provider (unverified emails could be taken over that way),
 * so the user is told to use the password instead of a vague failure.
 */
export function oidcErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  if (code === 'account_not_linked') return messages.oidcAccountExists;
  return messages.oidcFailed;
}

/** The message when the provider sign-in cannot even start (the browser has not left yet). */
export function oidcStartErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messages.networkError;
  if (err.status === 429) return messages.tooManyAttempts;
  return messages.oidcFailed;
}

/** The sign-up form's own checks before anything is sent: length first, then the confirmation. */
export function passwordProblem(password: string, confirm: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return messages.passwordTooShort;
  if (password !== confirm) return messages.passwordsDoNotMatch;
  return null;
}
