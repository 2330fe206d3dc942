import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleProject, currentBundle, type BundleProject } from './bundled.mjs';

// A small project of its own in a temporary directory: the real sources are not touched.
describe('the bundle bin/markwise and the readers run from', () => {
  let root: string;
  let project: BundleProject;
  let entries: string[];
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const load = async (dir: string, out: string) =>
    (await import(`${pathToFileURL(path.join(dir, out)).href}?v=${Math.random()}`)) as {
      main(): { value: string; url: string; dir: string };
    };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-bundle-'));
    entries = ['src/cli/hello.ts'];
    project = bundleProject(root, () => entries);
    write(
      'src/cli/hello.ts',
      "import { here } from '../lib/here.ts';\nexport const main = here;\n",
    );
    write(
      'src/lib/here.ts',
      "export const here = () => ({ value: 'one', url: import.meta.url, dir: import.meta.dirname });\n",
    );
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is built on first use, with each source still finding files beside itself', async () => {
    const dir = await currentBundle(project);
    expect(dir).toMatch(/markwise-bundle[/\\][0-9a-f]{12}[/\\]bundle-[0-9a-f]{16}$/);
    const { main } = await load(dir!, 'cli/hello.mjs');
    expect(main()).toEqual({
      value: 'one',
      url: pathToFileURL(path.join(root, 'src/lib/here.ts')).href,
      dir: path.join(root, 'src/lib'),
    });
  });

  it('is reused while its sources are unchanged, and rebuilt when one changes', async () => {
    const first = await currentBundle(project);
    const manifest = fs.statSync(project.manifest).mtimeMs;
    expect(await currentBundle(project)).toBe(first);
    expect(fs.statSync(project.manifest).mtimeMs).toBe(manifest);

    write('src/lib/here.ts', "export const here = () => ({ value: 'two' });\n");
    const second = await currentBundle(project);
    expect(second).not.toBe(first);
    expect((await load(second!, 'cli/hello.mjs')).main().value).toBe('two');
  });

  it('is rebuilt when an entry is added', async () => {
    const first = await currentBundle(project);
    write('src/cli/bye.ts', "export const main = () => 'bye';\n");
    entries = ['src/cli/bye.ts', 'src/cli/hello.ts'];
    const second = await currentBundle(project);
    expect(second).not.toBe(first);
    expect(fs.existsSync(path.join(second!, 'cli/bye.mjs'))).toBe(true);
  });

  it('builds the same bundle when several processes ask at once, leaving no half-built one', async () => {
    const dirs = await Promise.all([1, 2, 3].map(() => currentBundle(project)));
    expect(new Set(dirs).size).toBe(1);
    expect(fs.readdirSync(project.cache).filter((d) => d.startsWith('building-'))).toEqual([]);
  });

  it('is null, with a warning, when the sources do not build (the caller then uses tsx)', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    write('src/lib/here.ts', 'export const here = ( =>;\n');
    expect(await currentBundle(project)).toBeNull();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/running the sources through tsx/);
    warn.mockRestore();
  });

  it('keeps the newest three bundles and those built in the last hour, not every one ever built', async () => {
    const bundles = () => fs.readdirSync(project.cache).filter((d) => d.startsWith('bundle-'));
    const rebuild = async (value: string) => {
      write('src/lib/here.ts', `export const here = () => ({ value: '${value}' });\n`);
      return (await currentBundle(project))!;
    };
    for (const value of ['a', 'b', 'c', 'd']) await rebuild(value);
    expect(bundles()).toHaveLength(4); // all built just now
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    for (const d of bundles()) fs.utimesSync(path.join(project.cache, d), hoursAgo, hoursAgo);
    const newest = await rebuild('e');
    expect(bundles()).toHaveLength(3);
    expect(bundles()).toContain(path.basename(newest));
  });

  it('is kept apart for each checkout sharing one node_modules', () => {
    const other = bundleProject(`${root}-other`, () => entries);
    expect(other.cache).not.toBe(project.cache);
  });

  it('runs the sources through tsx with MARKWISE_BUNDLE=0', () => {
    const out = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { loadSource } = await import('./src/bundled.mjs'); const m = await loadSource('src/shared/messages.ts'); console.log(typeof m.messages);",
      ],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, MARKWISE_BUNDLE: '0' },
        encoding: 'utf8',
      },
    );
    expect(out.stderr).toBe('');
    // Node 20 cannot import a .ts file itself: the module loaded, so tsx loaded it.
    expect(out.stdout.trim()).toBe('object');
  });
});
