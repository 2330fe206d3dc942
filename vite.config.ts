import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/** Writes .br and .gz beside every built text file, which the server sends to browsers that accept them. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'markwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
        const file = path.join(outDir, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
      }
    },
  };
}

/**
 * Adds modulepreload links for the landing page's lazy chunk and its imports, so a first visit
 * to / fetches them alongside the main script instead of after it (one round trip less).
 */
function preloadLandingPage(): Plugin {
  const files = (bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk, seen: Set<string>) => {
    for (const name of [chunk.fileName, ...chunk.imports]) {
      const dep = bundle[name];
      if (seen.has(name) || dep?.type !== 'chunk' || dep.isEntry) continue;
      seen.add(name);
      if (name !== chunk.fileName) files(bundle, dep, seen);
    }
    return seen;
  };
  return {
    name: 'markwise-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const landing = Object.values(bundle ?? {}).find(
          (c): c is Rollup.OutputChunk =>
            c.type === 'chunk' && /app\/routes\/landing\.tsx$/.test(c.facadeModuleId ?? ''),
        );
        if (!bundle || !landing) return [];
        // Chunks the entry imports statically are preloaded by Vite already.
        const entryImports = Object.values(bundle).flatMap((c) =>
          c.type === 'chunk' && c.isEntry ? c.imports : [],
        );
        return [...files(bundle, landing, new Set(entryImports))]
          .filter((name) => !entryImports.includes(name))
          .map((name) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), preloadLandingPage(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false },
    },
  },
});
