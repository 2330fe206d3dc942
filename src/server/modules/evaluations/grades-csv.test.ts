import { describe, expect, it } from 'vitest';
import { csvCell, gradesCsv, zonedTime, type GradeLine } from './grades-csv';

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

describe('csvCell against formulas', () => {
  it.each([' =1+1', '\u00a0@A1', '\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20A1', '\r=1'])(
    'defuses %j too',
    (v) => expect(csvCell(v).replace(/^"/, '').startsWith("'")).toBe(true),
  );
  it('leaves text that only contains such signs alone', () => {
    expect(csvCell('Good, but see Q2 = 3')).toBe('"Good, but see Q2 = 3"');
  });
});

describe('zonedTime', () => {
  it('writes the local time with its offset, summer and winter, east and west', () => {
    expect(zonedTime('2026-07-01T08:30:00.000Z', 'Europe/London')).toBe(
      '2026-07-01T09:30:00+01:00',
    );
    expect(zonedTime('2026-12-01T08:30:00.000Z', 'Europe/London')).toBe(
      '2026-12-01T08:30:00+00:00',
    );
    expect(zonedTime('2026-12-01T20:00:00.000Z', 'Asia/Kolkata')).toBe('2026-12-02T01:30:00+05:30');
    expect(zonedTime('2026-12-01T03:00:00.000Z', 'America/New_York')).toBe(
      '2026-11-30T22:00:00-05:00',
    );
    expect(zonedTime('2026-12-01T03:00:00.000Z', 'UTC')).toBe('2026-12-01T03:00:00+00:00');
  });
});

const line = (over: Partial<GradeLine>): GradeLine => ({
  studentName: 'A',
  email: 'a@x.org',
  submittedAt: '2026-01-01T00:00:00.000Z',
  marks: null,
  source: null,
  total: 10,
  questions: [],
  comment: null,
  regrades: '',
  ...over,
});

describe('gradesCsv', () => {
  it('writes a header and one CRLF line per submission, with a byte order mark', () => {
    expect(gradesCsv([line({})], { questions: [], timeZone: 'UTC' })).toBe(
      '\uFEFFStudent name,Email,Submitted at (UTC),Marks,Source,Total marks,Overall comment,Regrade requests,Late by,Late penalty (%),Marks after late penalty\r\nA,a@x.org,2026-01-01T00:00:00+00:00,,,10,,,,,\r\n',
    );
  });

  it('lists a student who has not handed in with empty time and marks', () => {
    const csv = gradesCsv(
      [line({ studentName: 'B', submittedAt: null, source: 'not submitted' })],
      {
        questions: [{ number: '1', total: 10 }],
        timeZone: 'UTC',
      },
    );
    expect(csv.split('\r\n')[1]).toBe('B,a@x.org,,,not submitted,10,,,,,,,');
  });

  it('writes marks and comments per question, the overall comment and regrades, defused', () => {
    const csv = gradesCsv(
      [
        line({
          marks: 7,
          source: 'teacher',
          questions: [
            { marks: 4, comment: '-1 for the units' },
            { marks: 3, comment: null },
          ],
          comment: '@all: see me',
          regrades: 'Q2 open',
        }),
      ],
      {
        questions: [
          { number: '1', total: 5 },
          { number: '2', total: 5 },
        ],
        timeZone: 'Asia/Kolkata',
      },
    );
    const [head, row] = csv.replace('\uFEFF', '').split('\r\n');
    expect(head).toBe(
      'Student name,Email,Submitted at (Asia/Kolkata),Marks,Source,Total marks,Q1 marks (of 5),Q1 comment,Q2 marks (of 5),Q2 comment,Overall comment,Regrade requests,Late by,Late penalty (%),Marks after late penalty',
    );
    expect(row).toBe(
      "A,a@x.org,2026-01-01T05:30:00+05:30,7,teacher,10,4,'-1 for the units,3,,'@all: see me,Q2 open,,,7",
    );
  });
});

describe('gradesCsv late columns', () => {
  it('writes how late, the penalty and the marks after it; on time, the marks themselves', () => {
    const csv = gradesCsv(
      [
        line({
          marks: 15,
          late: {
            lateSeconds: 100_800,
            lateBy: '1 day 4 h',
            penaltyPercent: 20,
            penalisedMarks: 12,
          },
        }),
        line({ studentName: 'B', marks: 9 }),
      ],
      { questions: [], timeZone: 'UTC' },
    );
    const rows = csv.replace('\uFEFF', '').split('\r\n');
    expect(rows[1]!.endsWith(',1 day 4 h,20,12')).toBe(true);
    expect(rows[2]!.endsWith(',,,9')).toBe(true);
  });
});
