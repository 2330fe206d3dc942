/**
 * The engine's mathematics: reading quantities, equations and expressions from answers, what a
 * model answer's key point asks for when it is mathematics, and how an answer stands against it.
 */
export { readMaths } from './read';
export { mathsTarget } from './targets';
export { judgeMaths } from './judge';
export { displayMaths } from './display';
export * from './types';
export { readingContext } from './context';
export type { ReadingContext } from './names';
