// Runs the TypeScript sources of the command line and the reader processes as one esbuild bundle,
// built on first use and rebuilt when a source file changes. Loading the same sources through
// tsx's hooks cost a reader about a second of CPU before its first task (pdf.js alone 0.8 s: tsx
// rewrites every file it loads, packages too, and reads their source maps) and a server four;
// a reader from the bundle is ready in 0.4 s and a server in about one. Packages stay outside
// the bundle and load as Node loads them. When the bundle cannot be built or written (no esbuild,
// a read-only install), the sources run through tsx as before.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Change when the build options below change, so that older bundles are not reused. */
const FORMAT = 1;

/** The sources a process starts from: the commands of bin/markwise and the reader's tasks. */
function entryPoints(root) {
  const cli = fs
    .readdirSync(path.join(root, 'src/cli'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => `src/cli/${f}`);
  return [...cli, 'src/server/sandbox/sandbox-tasks.ts'];
}

/**
 * Where the bundle of a project is kept: inside it, so that the bundle finds the project's
 * packages as the sources do, under a name of the project's path, since the bundle holds that
 * path and checkouts may share one node_modules (a git worktree's link to it). `root` and
 * `entries` are the tests' to change.
 */
export const bundleProject = (root = ROOT, entries = entryPoints) => {
  const place = crypto.createHash('sha256').update(root).digest('hex').slice(0, 12);
  const cache = path.join(root, 'node_modules', '.cache', 'markwise-bundle', place);
  return { root, entries: () => entries(root), cache, manifest: path.join(cache, 'current.json') };
};

/** The output file of a source entry, e.g. src/cli/serve.ts → cli/serve.mjs. */
const outputOf = (entry) => entry.replace(/^src\//, '').replace(/\.ts$/, '.mjs');

/**
 * Loads a module of the sources (a path from the project root, e.g. 'src/cli/serve.ts'): from
 * the bundle when it can be had, else through tsx. MARKWISE_BUNDLE=0 always uses tsx.
 */
export async function loadSource(entry) {
  const dir = process.env.MARKWISE_BUNDLE === '0' ? null : await currentBundle();
  if (dir) return import(pathToFileURL(path.join(dir, outputOf(entry))).href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(ROOT, entry)).href);
}

/** The directory of an up-to-date bundle, building one if need be; null when it cannot. */
export async function currentBundle(p = bundleProject()) {
  const kept = readManifest(p);
  if (kept && upToDate(p, kept)) return path.join(p.cache, kept.dir);
  try {
    return await build(p);
  } catch (err) {
    process.emitWarning(`running the sources through tsx: the bundle failed (${err.message})`);
    return null;
  }
}

function readManifest(p) {
  try {
    const m = JSON.parse(fs.readFileSync(p.manifest, 'utf8'));
    return m.format === FORMAT && fs.existsSync(path.join(p.cache, m.dir)) ? m : null;
  } catch {
    return null;
  }
}

/** Whether every source the bundle was built from is as it was, and no entry was added. */
function upToDate(p, manifest) {
  if (p.entries().join('\n') !== manifest.entries.join('\n')) return false;
  return Object.entries(manifest.inputs).every(([file, stamp]) => {
    try {
      const s = fs.statSync(path.join(p.root, file));
      return s.mtimeMs === stamp[0] && s.size === stamp[1];
    } catch {
      return false;
    }
  });
}

/**
 * Bundles the entries into a new directory named by the stamps of its sources, then points the
 * manifest at it. Processes that build at the same time each write their own directory and
 * rename it into place, so none reads a half-written bundle.
 */
async function build(p) {
  const esbuild = await import('esbuild');
  fs.mkdirSync(p.cache, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(p.cache, 'building-'));
  try {
    const entries = p.entries();
    const result = await esbuild.build({
      absWorkingDir: p.root,
      entryPoints: Object.fromEntries(entries.map((e) => [outputOf(e).replace(/\.mjs$/, ''), e])),
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true, // the engine's modules stay a chunk of their own, loaded when first needed
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      sourcemap: 'linked',
      keepNames: true,
      metafile: true,
      logLevel: 'silent',
      plugins: [sourceLocations],
    });
    const inputs = {};
    for (const file of Object.keys(result.metafile.inputs)) {
      const s = fs.statSync(path.join(p.root, file));
      inputs[file] = [s.mtimeMs, s.size];
    }
    const stamp = crypto
      .createHash('sha256')
      .update(JSON.stringify([FORMAT, esbuild.version, entries, inputs]))
      .digest('hex')
      .slice(0, 16);
    const dir = `bundle-${stamp}`;
    try {
      fs.renameSync(tmp, path.join(p.cache, dir));
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }); // another process built the same one
    }
    const manifest = path.join(p.cache, `current-${process.pid}.json`);
    fs.writeFileSync(manifest, JSON.stringify({ format: FORMAT, dir, entries, inputs }));
    fs.renameSync(manifest, p.manifest);
    prune(p.cache, dir);
    return path.join(p.cache, dir);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

/**
 * `import.meta.url` (and `dirname`, `filename`) in a source file keep naming that file, not the
 * bundle: the sources find files beside them (the reader's script, package.json) that way.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      let code = fs.readFileSync(args.path, 'utf8');
      if (code.includes('import.meta.')) {
        const url = JSON.stringify(pathToFileURL(args.path).href);
        code = code
          .replaceAll('import.meta.url', url)
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
      }
      return { contents: code, loader: 'ts' };
    });
  },
};

/**
 * Removes older bundles, keeping the newest three and any built in the last hour: a process
 * started from one may still load its chunks (a reader loads the engine's on its first task).
 */
function prune(cache, keep) {
  const KEEP = 3;
  const HOUR = 60 * 60_000;
  const age = (d) => fs.statSync(path.join(cache, d)).mtimeMs;
  const old = fs
    .readdirSync(cache)
    .filter((d) => d.startsWith('bundle-') && d !== keep)
    .map((d) => ({ d, t: age(d) }))
    .sort((a, b) => b.t - a.t)
    .slice(KEEP - 1)
    .filter(({ t }) => Date.now() - t > HOUR);
  // and the directories of builds that were stopped half way
  const stale = fs
    .readdirSync(cache)
    .filter((d) => d.startsWith('building-'))
    .map((d) => ({ d, t: age(d) }))
    .filter(({ t }) => Date.now() - t > 10 * 60_000);
  for (const { d } of [...old, ...stale])
    fs.rmSync(path.join(cache, d), { recursive: true, force: true });
}
