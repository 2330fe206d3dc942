import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { checkFile } from './file-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkFile', () => {
  it('keeps a PDF up to 512000 bytes', () => {
    expect(checkFile(file('paper.pdf', 'application/pdf', 512_000), 'pdf')).toBeNull();
  });

  it('refuses a file that is not a PDF', () => {
    expect(checkFile(file('notes.txt', 'text/plain'), 'pdf')).toBe(messages.selectPdf);
    expect(checkFile(file('fake.pdf', 'image/png'), 'pdf')).toBe(messages.selectPdf);
  });

  it('trusts the extension only when the browser gives no type', () => {
    expect(checkFile(file('paper.PDF', ''), 'pdf')).toBeNull();
    expect(checkFile(file('paper', ''), 'pdf')).toBe(messages.selectPdf);
  });

  it('refuses a PDF of 512001 bytes', () => {
    expect(checkFile(file('big.pdf', 'application/pdf', 512_001), 'pdf')).toBe(
      messages.fileTooLarge,
    );
  });

  it('keeps JPEG and PNG diagrams and refuses other images', () => {
    expect(checkFile(file('d.png', 'image/png'), 'image')).toBeNull();
    expect(checkFile(file('d.jpeg', 'image/jpeg'), 'image')).toBeNull();
    expect(checkFile(file('d.gif', 'image/gif'), 'image')).toBe(messages.selectImage);
    expect(checkFile(file('d.svg', 'image/svg+xml'), 'image')).toBe(messages.selectImage);
    expect(checkFile(file('d.png', 'image/png', 600_000), 'image')).toBe(messages.fileTooLarge);
  });
});
