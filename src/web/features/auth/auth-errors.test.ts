import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { ApiError } from '../../lib/api';
import {
  forgotPasswordErrorMessage,
  loginErrorMessage,
  oidcErrorMessage,
  oidcStartErrorMessage,
  passwordProblem,
  resetPasswordErrorMessage,
  signupErrorMessage,
} from './auth-errors';

const apiError = (status: number, code: string, message = 'x') =>
  new ApiError(status, code, message);

describe('loginErrorMessage', () => {
  it('says wrong email or password for rejected credentials', () => {
    expect(loginErrorMessage(apiError(401, 'INVALID_EMAIL_OR_PASSWORD'))).toBe(
      messages.wrongCredentials,
    );
  });

  it('asks to wait when the login is rate limited', () => {
    expect(loginErrorMessage(apiError(429, 'http_429'))).toBe(messages.tooManyAttempts);
  });

  it('points to sign-up for any other refusal', () => {
    expect(loginErrorMessage(apiError(400, 'INVALID_EMAIL'))).toBe(messages.loginFailed);
  });

  it('does not blame the email for an outage or a lost connection', () => {
    expect(loginErrorMessage(apiError(503, 'http_503'))).toBe(messages.serverError);
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(messages.networkError);
  });
});

describe('signupErrorMessage', () => {
  it('says the email already exists for every USER_ALREADY_EXISTS code', () => {
    expect(signupErrorMessage(apiError(422, 'USER_ALREADY_EXISTS'))).toBe(messages.emailExists);
    expect(signupErrorMessage(apiError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'))).toBe(
      messages.emailExists,
    );
  });

  it('passes on the password policy of the server', () => {
    expect(signupErrorMessage(apiError(400, 'PASSWORD_TOO_SHORT'))).toBe(messages.passwordTooShort);
    expect(signupErrorMessage(apiError(400, 'PASSWORD_TOO_LONG', 'Password too long'))).toBe(
      'Password too long',
    );
  });

  it('asks to wait when rate limited and otherwise says the account was not created', () => {
    expect(signupErrorMessage(apiError(429, 'http_429'))).toBe(messages.tooManyAttempts);
    expect(signupErrorMessage(apiError(500, 'http_500'))).toBe(messages.signupFailed);
  });
});

describe('passwordProblem', () => {
  it('refuses fewer than 6 characters before comparing', () => {
    expect(passwordProblem('12345', 'other')).toBe(messages.passwordTooShort);
  });

  it('refuses a confirmation that differs', () => {
    expect(passwordProblem('123456', '1234567')).toBe(messages.passwordsDoNotMatch);
  });

  it('accepts 6 matching characters', () => {
    expect(passwordProblem('123456', '123456')).toBeNull();
  });
});

describe('oidcErrorMessage', () => {
  it('shows nothing when the provider did not report an error', () => {
    expect(oidcErrorMessage(null)).toBeNull();
  });

  it('tells the owner of a password account to log in with the password', () => {
    expect(oidcErrorMessage('account_not_linked')).toBe(messages.oidcAccountExists);
  });

  it('says the sign-in did not complete for any other provider error', () => {
    expect(oidcErrorMessage('access_denied')).toBe(messages.oidcFailed);
    expect(oidcErrorMessage('')).toBe(messages.oidcFailed);
  });
});

describe('oidcStartErrorMessage', () => {
  it('asks to wait when starting sign-ins is rate limited', () => {
    expect(oidcStartErrorMessage(apiError(429, 'http_429'))).toBe(messages.tooManyAttempts);
  });

  it('says the sign-in did not complete when the server refuses to start it', () => {
    expect(oidcStartErrorMessage(apiError(500, 'http_500'))).toBe(messages.oidcFailed);
  });

  it('blames the connection when the server cannot be reached', () => {
    expect(oidcStartErrorMessage(new TypeError('Failed to fetch'))).toBe(messages.networkError);
  });
});

describe('forgotPasswordErrorMessage', () => {
  it('says why a request for a reset email was refused', () => {
    expect(forgotPasswordErrorMessage(apiError(429, 'too_many_reset_requests'))).toBe(
      messages.tooManyResetRequests,
    );
    expect(forgotPasswordErrorMessage(apiError(429, 'http_429'))).toBe(messages.tooManyAttempts);
    expect(forgotPasswordErrorMessage(apiError(400, 'VALIDATION_ERROR'))).toBe(
      messages.invalidEmail,
    );
    expect(forgotPasswordErrorMessage(apiError(500, 'internal'))).toBe(messages.serverError);
    expect(forgotPasswordErrorMessage(new TypeError('Failed to fetch'))).toBe(
      messages.networkError,
    );
  });
});

describe('resetPasswordErrorMessage', () => {
  it('says a spent or expired link is spent, and passes the password rules on', () => {
    expect(resetPasswordErrorMessage(apiError(400, 'INVALID_TOKEN'))).toBe(
      messages.resetLinkInvalid,
    );
    expect(resetPasswordErrorMessage(apiError(400, 'PASSWORD_TOO_SHORT'))).toBe(
      messages.passwordTooShort,
    );
    expect(resetPasswordErrorMessage(apiError(400, 'PASSWORD_TOO_LONG', 'Password too long'))).toBe(
      'Password too long',
    );
    expect(resetPasswordErrorMessage(new TypeError('Failed to fetch'))).toBe(messages.networkError);
  });
});
