import { afterAll, describe, expect, it } from 'vitest';
import {
  createOcrEngine,
  decodeReading,
  encodeReading,
  extractDocument,
  gradeAnswers,
  inspectPdf,
  prepareAssignment,
} from '.';
import { encryptedPdf } from './testing/encrypted-pdf';
import { makePdf, textPdf } from './testing/make-pdf';
import { textPng } from './testing/render-png';

// One OCR worker for the whole file: starting tesseract is the slow part.
const ocr = createOcrEngine();
afterAll(() => ocr.terminate());

describe('inspectPdf reads what needs no OCR', () => {
  it('reads a text-only PDF exactly as extraction does', async () => {
    const bytes = await makePdf([
      { text: '1. A stack is last in, first out.\n2. A queue is first in, first out.' },
      { text: 'Second page words' },
      {},
    ]);
    const inspection = await inspectPdf(bytes);
    expect(inspection).toMatchObject({ ok: true, pages: 3 });
    if (!inspection.ok) return;
    expect(inspection.document).toEqual(await extractDocument({ kind: 'pdf', bytes }, { ocr }));
    // Kept with the submission and read back the same.
    expect(decodeReading(encodeReading(inspection.document!))).toEqual(inspection.document);
  });

  it('leaves a page with an image to OCR for grading', async () => {
    const png = await textPng(['A labelled diagram']);
    const bytes = await makePdf([{ text: 'Words' }, { text: 'See the figure', png }]);
    expect(await inspectPdf(bytes)).toEqual({ ok: true, pages: 2, document: null });
  });

  it('reads a blank PDF as empty, as extraction does', async () => {
    const inspection = await inspectPdf(await makePdf([{}]));
    expect(inspection.ok && inspection.document).toMatchObject({
      status: 'unreadable',
      reason: 'empty',
    });
  });

  it('does not take a reading made by another version of the reader', () => {
    expect(decodeReading(JSON.stringify({ v: 1, doc: { status: 'ok' } }))).toBeNull();
    expect(decodeReading(null)).toBeNull();
  });
});

describe('extractDocument', () => {
  it('reads the text layer of a PDF page by page', async () => {
    const bytes = await makePdf([{ text: 'First page words' }, { text: 'Second page words' }]);
    const doc = await extractDocument({ kind: 'pdf', bytes }, { ocr });
    expect(doc.status).toBe('ok');
    expect(doc.pages.map((p) => [p.text, p.source])).toEqual([
      ['First page words', 'text'],
      ['Second page words', 'text'],
    ]);
  });

  it('reads a scanned, image-only page by OCR and keeps its confidence', async () => {
    const png = await textPng([
      'Photosynthesis turns light energy',
      'into chemical energy in plants',
    ]);
    const doc = await extractDocument(
      { kind: 'pdf', bytes: await makePdf([{ png, imageWidth: 480 }]) },
      { ocr },
    );
    expect(doc.status).toBe('ok');
    if (doc.status !== 'ok') return;
    expect(doc.pages[0]!.source).toBe('ocr');
    expect(doc.text.toLowerCase()).toContain('photosynthesis');
    expect(doc.text.toLowerCase()).toContain('chemical energy');
    expect(doc.ocrConfidence).toBeGreaterThan(0.6);
  }, 30_000);

  it.each([
    ['random bytes', new Uint8Array([1, 2, 3, 4, 5])],
    ['a truncated PDF', new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog')],
    ['no bytes at all', new Uint8Array()],
  ])('reports %s as unreadable, without throwing', async (_name, bytes) => {
    const doc = await extractDocument({ kind: 'pdf', bytes }, { ocr });
    expect(doc).toMatchObject({ status: 'unreadable', reason: 'corrupt' });
  });

  it('reports a PDF that needs a password as encrypted', async () => {
    const doc = await extractDocument({ kind: 'pdf', bytes: encryptedPdf('secret') }, { ocr });
    expect(doc).toMatchObject({
      status: 'unreadable',
      reason: 'encrypted',
      message: 'The PDF is protected by a password.',
    });
  });

  it('reports a PDF without any text as empty', async () => {
    const doc = await extractDocument({ kind: 'pdf', bytes: await makePdf([{}]) }, { ocr });
    expect(doc).toMatchObject({ status: 'unreadable', reason: 'empty' });
  });
});

describe('diagram keywords', () => {
  it('finds keywords written in a diagram image and gives them their share', async () => {
    const model = await extractDocument({
      kind: 'text',
      text: 'Plants make glucose from carbon dioxide and water using light.',
    });
    const prepared = prepareAssignment({
      modelAnswer: model,
      totalMarks: 10,
      diagramKeywords: ['chloroplast', 'stomata', 'xylem'],
    });
    const png = await textPng(['chloroplast', 'stomata']);
    const withDiagram = await makePdf([
      {
        text: 'Plants make glucose from carbon dioxide and water using light.',
        png,
        imageWidth: 300,
      },
    ]);
    const without = await textPdf('Plants make glucose from carbon dioxide and water using light.');
    const docs = await Promise.all(
      [withDiagram, without].map((bytes) => extractDocument({ kind: 'pdf', bytes }, { ocr })),
    );
    const [a, b] = gradeAnswers(
      prepared,
      docs.map((document, i) => ({ id: String(i), document })),
    );
    if (a?.status !== 'graded' || b?.status !== 'graded')
      throw new Error('both answers should be graded');
    expect(a.questions[0]).toMatchObject({
      keywordsFound: ['chloroplast', 'stomata'],
      keywordsMissing: ['xylem'],
    });
    expect(b.questions[0]!.keywordsFound).toEqual([]);
    expect(a.marks).toBeGreaterThan(b.marks);
    expect(b.feedback).toContain('chloroplast');
  }, 30_000);
});
