import { createRequire } from 'node:module';
import type * as MathjsModule from 'mathjs';

/**
 * The engine's own mathjs instance, made from the factories it uses (units and simplification),
 * loaded on first use: mathjs costs about 0.6 s and 80 MB to load, and most answers the engine
 * reads are prose that never needs it. Its own instance, so nothing the engine does changes the
 * shared default one.
 */

type Mathjs = Pick<MathjsModule.MathJsInstance, 'unit' | 'simplify' | 'parse'>;

let instance: Mathjs | null = null;

/** The mathjs instance, loading it the first time (outside any reading's time budget). */
export function mathjs(): Mathjs {
  if (instance) return instance;
  const m = createRequire(import.meta.url)('mathjs') as typeof MathjsModule;
  const factories = {
    unitDependencies: m.unitDependencies!,
    simplifyDependencies: m.simplifyDependencies!,
    parseDependencies: m.parseDependencies!,
  };
  const made = m.create(factories) as Mathjs;
  // The first simplification compiles mathjs's rules; do it now rather than inside a budget.
  made.simplify('x + x');
  made.unit(1, 'kJ').toNumber('J');
  instance = made;
  return made;
}
