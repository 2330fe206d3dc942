import crypto from 'node:crypto';
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '../../../shared/limits';

/** Letters and digits that cannot be mistaken for each other (kept in shared/limits). */
export const CODE_ALPHABET = CLASS_CODE_ALPHABET;
/** Seven characters (see shared/limits). */
export const CODE_LENGTH = CLASS_CODE_LENGTH;

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
