import type { TestContext } from '../../testing/context';

/** Test helpers of the SSC module (not a test file itself). */

export const SSC_HEADER = 'staff_id,name,grade_level,gross_monthly_pay';

/** A schedule CSV: the header then each row's four cells. */
export function scheduleCsv(rows: readonly (readonly string[])[], header = SSC_HEADER): string {
  return [header, ...rows.map((r) => r.join(','))].join('\n');
}

/** POST /ssc/schedules as the upload form sends it. */
export function uploadSchedule(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  fields: { mdaId?: string; category?: string; month?: string },
  file: { text?: string; bytes?: Buffer; fileName?: string } | null,
) {
  const boundary = '----revdesk-ssc-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName ?? 'schedule.csv'}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes ?? Buffer.from(file.text ?? '', 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ssc/schedules',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}
