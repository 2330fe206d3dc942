import crypto from 'node:crypto';
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '../../../shared/limits';

/** A random class code from the unambiguous alphabet. */
export function newClassCode(length = CLASS_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++)
    code += CLASS_CODE_ALPHABET[crypto.randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}

/**
 * How a typed code is looked up: case ignored and every space dropped, so a code read off the
 * board in groups ("k7p qxma") still matches; codes never contain spaces.
 */
export const normalizeCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();
