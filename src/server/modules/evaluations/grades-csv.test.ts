import { describe, expect, it } from 'vitest';
import { csvCell, gradesCsv } from './grades-csv';

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Asha Rao')).toBe('Asha Rao');
    expect(csvCell(7.5)).toBe('7.5');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Rao, Anita')).toBe('"Rao, Anita"');
    expect(csvCell('Sam "B" Lee')).toBe('"Sam ""B"" Lee"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'])('defuses a formula-looking %j', (v) => {
    expect(csvCell(v).replace(/^"/, '').startsWith("'")).toBe(true);
  });
});

describe('gradesCsv', () => {
  it('writes a header and one CRLF line per submission, with a byte order mark', () => {
    const csv = gradesCsv([
      {
        studentName: 'A',
        email: 'a@x.org',
        submittedAt: '2026-01-01T00:00:00.000Z',
        marks: null,
        source: null,
        total: 10,
      },
    ]);
    expect(csv).toBe(
      '\uFEFFStudent name,Email,Submitted at,Marks,Source,Total marks\r\nA,a@x.org,2026-01-01T00:00:00.000Z,,,10\r\n',
    );
  });

  it('lists a student who has not handed in with empty time and marks', () => {
    const csv = gradesCsv([
      {
        studentName: 'B',
        email: 'b@x.org',
        submittedAt: null,
        marks: null,
        source: 'not submitted',
        total: 10,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe('B,b@x.org,,,not submitted,10');
  });
});
