import { describe, expect, it } from 'vitest';
import { csvLine } from '../src/http/csv.js';

describe('csvLine', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', null, 7])).toBe('"a,b","say ""hi""","two\nlines",,7\r\n');
  });

  it('defuses values a spreadsheet would run as formulas', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)'])).toBe(`"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1)\r\n`);
  });
});
