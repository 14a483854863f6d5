/**
 * A small example of the batch file, made in the browser so that it always matches what the
 * server reads: a header `rrr`, optionally `mdaCode` (rows without one use the MDA chosen in the
 * dialog). RRRs may be written with dashes or spaces, as payers copy them from the slip.
 */
export const SAMPLE_CSV = ['rrr,mdaCode', '280123456789,BIRS', '2801-2345-6790,', ''].join('\r\n');

export const SAMPLE_CSV_NAME = 'rrr-check-sample.csv';

export function downloadSampleCsv(): void {
  const url = URL.createObjectURL(new Blob([SAMPLE_CSV], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = SAMPLE_CSV_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by now; the URL is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
