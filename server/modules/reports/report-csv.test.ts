import { describe, expect, it } from 'vitest';
import { csvCell } from './report-csv';

describe('CSV cells', () => {
  it('quotes separators and defuses what a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // Some locales split on ";": the part after it must not start a formula either.
    expect(csvCell('x;=HYPERLINK("http://e.example")')).toBe(
      '"x;=HYPERLINK(""http://e.example"")"',
    );
    expect(csvCell('tab\there')).toBe('"tab\there"');
  });
});
