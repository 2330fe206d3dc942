import { fileLimitMessages } from '../shared/file-limits';
import { messages } from '../shared/messages';
import { budgetMessage, documentOf, readTextOnlyPage } from './extract';
import { checkPdfBudget } from './pdf-budget';
import { loadPdfJs } from './pdfjs';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './read-limits';
import type { ExtractedDocument, ExtractedPage } from './types';

/** Why a PDF is refused at upload, before anyone tries to grade it. */
export type PdfProblem = 'corrupt' | 'encrypted' | 'javascript' | 'too-many-pages' | 'over-limit';

/**
 * The verdict on an uploaded PDF: fine, with its page count and, when no page needs OCR, the
 * document as grading reads it (so an answer is read once, when it is handed in); or the problem
 * in words.
 */
export type PdfInspection =
  | { ok: true; pages: number; document: ExtractedDocument | null }
  | { ok: false; problem: PdfProblem; message: string };

const refuse = (problem: PdfProblem, message: string): PdfInspection => ({
  ok: false,
  problem,
  message,
});

/** Scripts in the raw bytes (link and page actions), which pdf.js does not report. */
const RAW_SCRIPT = /\/S\s*\/JavaScript\b|\/JS\s*[(<]/;

/**
 * Checks that a PDF can be read within the limits: its decoded sizes and image sizes (raw bytes),
 * then with pdf.js: not password-protected, no scripts, at most `maxPages` pages, and every page
 * opens and parses. A file that passes is one the grading engine can read; when none of its pages
 * has images to OCR it is read here too, exactly as extraction reads it. Never throws.
 */
export async function inspectPdf(
  bytes: Uint8Array,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<PdfInspection> {
  const budget = checkPdfBudget(bytes, limits);
  if (!budget.ok) {
    const problem = budget.limit === 'pages' ? 'too-many-pages' : 'over-limit';
    return refuse(problem, budgetMessage(budget, limits));
  }
  if (RAW_SCRIPT.test(Buffer.from(bytes).toString('latin1'))) {
    return refuse('javascript', fileLimitMessages.javascript);
  }
  const task = loadPdfJs().getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
    maxImageSize: limits.maxImagePixels,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) return refuse('corrupt', messages.corruptPdf);
    if (doc.numPages > limits.maxPages) {
      return refuse(
        'too-many-pages',
        fileLimitMessages.tooManyPages(doc.numPages, limits.maxPages),
      );
    }
    if (await doc.hasJSActions()) return refuse('javascript', fileLimitMessages.javascript);
    const read: (ExtractedPage | null)[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      if (await page.getJSActions()) return refuse('javascript', fileLimitMessages.javascript);
      await page.getOperatorList();
      read.push(await readTextOnlyPage(page));
      page.cleanup();
    }
    const pages = read.filter((p) => p !== null);
    const document = pages.length === read.length ? documentOf(pages) : null;
    return { ok: true, pages: doc.numPages, document };
  } catch (err) {
    const error = err as { name?: string; message?: string } | null;
    if (error?.name === 'PasswordException')
      return refuse('encrypted', fileLimitMessages.encrypted);
    if (/exceeded maximum allowed size/.test(error?.message ?? '')) {
      return refuse('over-limit', fileLimitMessages.someImageTooLarge(limits.maxImagePixels));
    }
    return refuse('corrupt', messages.corruptPdf);
  } finally {
    await task.destroy();
  }
}
