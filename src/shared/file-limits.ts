/**
 * What a user reads when a file breaks one of the reading limits: at upload (the file is refused)
 * and at grading (the answer is marked unreadable with the same words).
 */
const megapixels = (pixels: number) => Math.round(pixels / 1e6);
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const fileLimitMessages = {
  tooManyPages: (pages: number, max: number) =>
    `This PDF has ${pages.toLocaleString('en')} pages; the limit is ${max}.`,
  imageTooLarge: (width: number, height: number, maxPixels: number) =>
    `This PDF has an image of ${width.toLocaleString('en')} × ${height.toLocaleString('en')} pixels; the limit is ${megapixels(maxPixels)} megapixels.`,
  someImageTooLarge: (maxPixels: number) =>
    `This PDF has an image larger than ${megapixels(maxPixels)} megapixels, the limit.`,
  decodedTooLarge: (maxBytes: number) =>
    `This PDF unpacks to more than ${megabytes(maxBytes)} MB of data, the limit. Export or print it again as a simple PDF.`,
  tooSlow: (seconds: number) =>
    `This PDF took longer than ${seconds} seconds to read, the limit. Export or print it again as a simple PDF.`,
  tooMuchMemory: (mb: number) =>
    `Reading this PDF needed more than ${mb} MB of memory, the limit. Export or print it again as a simple PDF.`,
  readerCrashed: 'Reading this PDF stopped the reader. Export or print it again as a simple PDF.',
  encrypted:
    'This PDF is protected by a password. Remove the password (export or print it again) and upload it.',
  javascript:
    'This PDF contains JavaScript. Export or print it again as a plain PDF and upload that.',
  namedPdfButNot:
    'This file is named .pdf but is not a PDF. Export or save your document as a PDF and upload that.',
} as const;
