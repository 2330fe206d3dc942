// Adds lockfile entries for optional platform packages that the registry mirror does not serve
// (binaries for other operating systems). npm records nothing for them when their versions cannot
// be fetched, and `npm ci` then refuses the lockfile as out of sync. The entries carry os/cpu/libc,
// so npm skips them on other platforms without fetching. Run after every `npm install`:
//   node scripts/complete-lockfile.mjs
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;

/** Platform fields from a binding package's name, e.g. oxide-linux-arm-gnueabihf. */
function platformOf(name) {
  const os = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'wasm32'].find((o) =>
    name.includes(`-${o}-`),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 's390x', 'riscv64', 'wasi'].find(
    (c) => new RegExp(`-${c}(-|$)`).test(name),
  );
  const libc = /-(gnu|gnueabihf)$/.test(name)
    ? ['glibc']
    : /-musl(eabihf)?$/.test(name)
      ? ['musl']
      : undefined;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  return {
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu === 'wasi' ? 'wasm32' : cpu] } : {}),
    ...(libc ? { libc } : {}),
  };
}

let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (pkgs[`node_modules/${dep}`] || pkgs[nested]) continue;
    // Same key order as npm writes (version first, then alphabetical), so npm install keeps it as is.
    const fields = { ...(entry.dev ? { dev: true } : {}), optional: true, ...platformOf(dep) };
    pkgs[`node_modules/${dep}`] = {
      version,
      ...Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    added++;
  }
}
if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
  );
  fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
}
console.log(`complete-lockfile: ${added} optional platform entries added`);
