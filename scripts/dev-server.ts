// Entry point of the API under `tsx watch` (see scripts/dev.mjs): the same server `markwise serve` runs.
import { startServer } from '../src/server/main';

await startServer();
