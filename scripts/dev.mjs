// `npm run dev`: the API under `tsx watch` (restarts when server code changes) and the Vite dev
// server (hot reload, /api proxied to the API). Ctrl-C stops both; if one dies, the other is stopped.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const webOrigins = ['http://localhost:5173', 'http://127.0.0.1:5173'];
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  TRUSTED_ORIGINS: [process.env.TRUSTED_ORIGINS, ...webOrigins].filter(Boolean).join(','),
};

const children = [
  run('api', [
    path.join(root, 'node_modules/tsx/dist/cli.mjs'),
    'watch',
    '--clear-screen=false',
    '--exclude',
    'src/web/**',
    'scripts/dev-server.ts',
  ]),
  run('web', [path.join(root, 'node_modules/vite/bin/vite.js'), '--strictPort']),
];
console.log(
  `Markwise dev: open ${webOrigins[0]} (API on http://localhost:${port}). Ctrl-C stops both.`,
);

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }, 5000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode === null ? once(c) : null))).then(() =>
    process.exit(code),
  );
}

function run(name, args) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping the other.`);
      stopAll(code || 1);
    }
  });
  return child;
}

function once(child) {
  return new Promise((resolve) => child.once('exit', resolve));
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
