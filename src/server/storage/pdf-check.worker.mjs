// Worker thread that parses PDFs with pdf.js. pdf.js's legacy build installs core-js polyfills
// over JSON.stringify, Array.prototype.push and more; kept in this thread they cannot slow the server.
import fs from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Loads the document and its first page; resolves with whether that worked. */
async function parses(file) {
  const data = new Uint8Array(await fs.readFile(file));
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) return false;
    await doc.getPage(1);
    return true;
  } catch {
    return false;
  } finally {
    await task.destroy();
  }
}

parentPort.on('message', ({ id, file }) => {
  parses(file).then(
    (ok) => parentPort.postMessage({ id, ok }),
    (err) => parentPort.postMessage({ id, error: String(err?.message ?? err) }),
  );
});
