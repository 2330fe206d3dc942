// A setup file of the Vitest config: the test apps of one Vitest worker share their reader
// processes (see SpareReaders), from one test file to the next (the server project shares its
// modules between files): a reader costs about half a second of CPU to start and a second more
// to load the engine. They exit with the worker (a reader stops when its parent goes).
import { SpareReaders } from '../sandbox/spare-readers';
import { sharedReaders, shareReaders } from './shared-readers';

if (!sharedReaders()) shareReaders(new SpareReaders());
