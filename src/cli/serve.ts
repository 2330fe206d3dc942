import { startServer } from '../server/main';

/** `markwise serve`: runs the server until it is stopped (exit code decided by shutdown). */
export async function main(): Promise<undefined> {
  await startServer();
  return undefined;
}
