import { fileLimitMessages } from '../shared/file-limits';
import { messages } from '../shared/messages';
import { budgetMessage } from './extract';
import type { PdfProblem } from './inspect';
import { checkPdfBudget } from './pdf-budget';
import { pageLayoutsOf, type PageLayout } from './page-layout';
import { loadPdfJs } from './pdfjs';
import type { ReadLimits } from './read-limits';
import type { ExtractedDocument } from './types';

/** An answer's pages as shown with their words, or why they could not be read within the limits. */
export type PageLayoutsReading =
  { ok: true; layouts: PageLayout[] } | { ok: false; problem: PdfProblem; message: string };

const refuse = (problem: PdfProblem, message: string): PageLayoutsReading => ({
  ok: false,
  problem,
  message,
});

/**
 * Reads where a PDF's words stand on its pages (pageLayoutsOf) within the read limits: the raw
 * bytes' budget first (pages claimed, decoded sizes, image sizes), then pdf.js with the image
 * limit, refusing a password-protected file and one over the page limit. Meant for a reader
 * process (sandbox-tasks.ts), which bounds its time and memory. Never throws.
 */
export async function readPageLayouts(
  bytes: Uint8Array,
  reading: ExtractedDocument | null,
  limits: ReadLimits,
): Promise<PageLayoutsReading> {
  const budget = checkPdfBudget(bytes, limits);
  if (!budget.ok)
    return refuse(
      budget.limit === 'pages' ? 'too-many-pages' : 'over-limit',
      budgetMessage(budget, limits),
    );
  const task = loadPdfJs().getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
    maxImageSize: limits.maxImagePixels,
  });
  try {
    const pdf = await task.promise;
    if (pdf.numPages < 1) return refuse('corrupt', messages.corruptPdf);
    if (pdf.numPages > limits.maxPages)
      return refuse(
        'too-many-pages',
        fileLimitMessages.tooManyPages(pdf.numPages, limits.maxPages),
      );
    return { ok: true, layouts: await pageLayoutsOf(pdf, reading) };
  } catch (err) {
    if ((err as { name?: string } | null)?.name === 'PasswordException')
      return refuse('encrypted', fileLimitMessages.encrypted);
    return refuse('corrupt', messages.corruptPdf);
  } finally {
    await task.destroy();
  }
}
