import crypto from 'node:crypto';

const SEED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 10-character letters-and-digits string, as the spec's generated avatar uses. */
export function randomSeed(length = 10): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => SEED_ALPHABET[b % SEED_ALPHABET.length]).join('');
}

/** Address of the avatar image generated from a seed (served by the avatars route, no third party). */
export const avatarUrl = (seed: string) => `/api/avatars/${seed}.svg`;
