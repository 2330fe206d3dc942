// @ts-check
// Which folder may import which: the zones of `import-x/no-restricted-paths`, built from the
// folders on disk so a new web feature or server module is covered the day it is added.
// CONTRIBUTING.md ("Layers and boundaries") explains the rules in words.
import fs from 'node:fs';
import path from 'node:path';

const SEE = 'See CONTRIBUTING.md, "Layers and boundaries".';

/** The four layers and what each may not import: shared ← grading ← server, shared ← web. */
const layers = {
  'src/shared': ['src/grading', 'src/server', 'src/web', 'src/cli'],
  'src/grading': ['src/server', 'src/web', 'src/cli'],
  'src/server': ['src/web', 'src/cli'],
  'src/web': ['src/grading', 'src/server', 'src/cli'],
};

/** A server module's public surface: what another module may import from it. */
const PUBLIC_SURFACE = /\.(service|policy)\.ts$/;

/**
 * Imports of another server module's internals, per importing file (paths under
 * src/server/modules): a debt to pay by moving the code behind the other module's service or
 * policy. Empty: every module talks to the others through its services and policies. Nothing
 * may be added here without its reason written beside it and agreed in the review.
 * @type {Record<string, string[]>}
 */
export const serverModuleExceptions = {};

/** The names of the folders directly inside `dir` (none when it does not exist). */
function foldersIn(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** The files of module `name` that other modules may import (its services and policies). */
function publicFiles(modulesDir, name) {
  return fs
    .readdirSync(path.join(modulesDir, name))
    .filter((f) => PUBLIC_SURFACE.test(f) && !f.endsWith('.test.ts'))
    .map((f) => `./${f}`);
}

/**
 * The zones for files under `root`. `allowed` adds files (paths under src/server/modules) that
 * may be imported on top of the public surface: the exceptions of one importing file.
 * @param {string} root
 * @param {string[]} [allowed]
 */
export function boundaryZones(root, allowed = []) {
  const zones = Object.entries(layers).map(([target, from]) => ({
    target,
    from,
    message: `${target} may not import ${from.join(', ')}. ${SEE}`,
  }));

  // Inside the web app: components/ui and lib ← features ← app (pages compose features).
  zones.push(
    {
      target: ['src/web/components', 'src/web/lib'],
      from: ['src/web/features', 'src/web/app'],
      message: `The UI kit and lib are shared by every feature and import none. ${SEE}`,
    },
    {
      target: 'src/web/features',
      from: 'src/web/app',
      message: `Features do not import pages; pages in src/web/app compose features. ${SEE}`,
    },
  );
  const features = path.join(root, 'src/web/features');
  for (const name of foldersIn(features)) {
    zones.push({
      target: `src/web/features/${name}`,
      from: 'src/web/features',
      except: [`./${name}`],
      message: `A feature does not import another feature: put what both need in src/web/components/ui or src/web/lib, or compose them in a page. ${SEE}`,
    });
  }

  // Server modules: another module's *.service.ts and *.policy.ts only.
  const modules = path.join(root, 'src/server/modules');
  for (const name of foldersIn(modules)) {
    for (const other of foldersIn(modules)) {
      if (other === name) continue;
      const extra = allowed
        .filter((file) => file.startsWith(`${other}/`))
        .map((file) => `./${file.slice(other.length + 1)}`);
      zones.push({
        target: `src/server/modules/${name}`,
        from: `src/server/modules/${other}`,
        except: [...publicFiles(modules, other), ...extra],
        message: `A server module imports only another module's *.service.ts or *.policy.ts, never its repository or helpers. ${SEE}`,
      });
    }
  }
  return zones;
}

/**
 * ESLint config objects for the boundaries: one for all code, and one per file with listed
 * exceptions (the same zones with that file's exceptions allowed).
 * @param {string} root
 */
export function boundaryConfigs(root) {
  const rule = (/** @type {string[]} */ allowed) => ({
    'import-x/no-restricted-paths': [
      'error',
      { basePath: root, zones: boundaryZones(root, allowed) },
    ],
  });
  return [
    { files: ['src/**/*.{ts,tsx}'], rules: rule([]) },
    ...Object.entries(serverModuleExceptions).map(([file, allowed]) => ({
      files: [`src/server/modules/${file}`],
      rules: rule(allowed),
    })),
  ];
}
