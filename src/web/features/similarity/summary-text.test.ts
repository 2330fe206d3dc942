import { describe, expect, it } from 'vitest';
import { ignoredLine, overLimitLine, papersNotIgnored } from './summary-text';

const read = { ignored: true, reason: null };

describe('the report summary', () => {
  it('says the papers were ignored only when they were, and why not', () => {
    const both = [
      { paper: 'question-paper' as const, ...read },
      { paper: 'model-answer' as const, ...read },
    ];
    expect(ignoredLine({ papers: both, commonPhrases: 3 })).toBe(
      'Ignored: the question paper, the model answer and 3 phrases that many hand-ins have.',
    );
    expect(papersNotIgnored({ papers: both })).toEqual([]);
    const unread = [
      {
        paper: 'question-paper' as const,
        ignored: false,
        reason: 'This PDF took longer than 60 seconds to read, the limit.',
      },
      { paper: 'model-answer' as const, ...read },
    ];
    expect(ignoredLine({ papers: unread, commonPhrases: 0 })).toBe('Ignored: the model answer.');
    expect(papersNotIgnored({ papers: unread })).toEqual([
      'The question paper could not be read, so its text was not left out: students who quote it may be listed. This PDF took longer than 60 seconds to read, the limit.',
    ]);
    expect(ignoredLine({ papers: [unread[0]!], commonPhrases: 1 })).toBe(
      'Ignored: 1 phrase that many hand-ins have.',
    );
    expect(ignoredLine({ papers: [unread[0]!], commonPhrases: 0 })).toBeNull();
  });

  it('says how many hand-ins were over the most compared', () => {
    expect(overLimitLine({ overLimit: null })).toBeNull();
    expect(overLimitLine({ overLimit: { limit: 1000, thisClass: 12, earlier: 1 } })).toBe(
      "Not compared: 12 hand-ins of this class (the latest) and 1 hand-in of earlier classes. A report compares at most 1,000 hand-ins, this class's first.",
    );
  });
});
