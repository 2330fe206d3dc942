import crypto from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other: no 0/O, 1/I/L. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 31^7 ≈ 27.5 billion codes: collisions are rare and guessing is hopeless behind the rate limit. */
export const CODE_LENGTH = 7;

/** A random class code from the unambiguous alphabet. */
export function newClassCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * How a typed code is looked up: case ignored and every space dropped, so a code read off the
 * board in groups ("k7p qxma") still matches; codes never contain spaces.
 */
export const normalizeCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();
