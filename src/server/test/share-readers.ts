// A setup file of the Vitest config: the test apps of one test file share their reader
// processes (see SpareReaders): starting one costs about a second of CPU. Stopped at the end.
import { afterAll } from 'vitest';
import { SpareReaders } from '../sandbox/spare-readers';
import { shareReaders } from './shared-readers';

const spare = new SpareReaders();
shareReaders(spare);
afterAll(async () => {
  shareReaders(undefined);
  await spare.close();
});
