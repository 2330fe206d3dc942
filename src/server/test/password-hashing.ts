// Password hashing for test apps: better-auth's own scrypt hash and check, each worked out once
// per process for the same inputs. Every test user has the same password, and a real hash costs
// about 100 ms of CPU, which a file signing up dozens of users paid again for every one of them.
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../auth/better-auth';

const hashes = new Map<string, Promise<string>>();
const checks = new Map<string, Promise<boolean>>();

/** One real scrypt hash per password (salt shared between users) and one real check per pair. */
export const reusedPasswordHashing: PasswordHashing = {
  hash(password) {
    let hash = hashes.get(password);
    if (!hash) hashes.set(password, (hash = hashPassword(password)));
    return hash;
  },
  verify(data) {
    const key = JSON.stringify([data.hash, data.password]);
    let check = checks.get(key);
    if (!check) checks.set(key, (check = verifyPassword(data)));
    return check;
  },
};
