/**
 * Reads Prometheus's text exposition format (what GET /metrics answers) into samples, for the
 * tests that scrape the app. Comments (# HELP, # TYPE) are skipped; label values are unescaped
 * (\\, \" and \n, as the format defines them).
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;

export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`not a sample line: ${line}`);
    samples.push({
      name: match[1],
      labels: parseLabels(match[2] ?? ''),
      value: parseValue(match[3]),
    });
  }
  return samples;
}

function parseValue(text: string): number {
  // prom-client writes NaN as `Nan` (an event loop figure before its first sample).
  if (/^nan$/i.test(text)) return Number.NaN;
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`not a sample value: ${text}`);
  return value;
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let at = 0;
  while (at < text.length) {
    const equalsAt = text.indexOf('="', at);
    if (equalsAt === -1) throw new Error(`not a label set: {${text}}`);
    const name = text.slice(at, equalsAt).trim();
    let value = '';
    let i = equalsAt + 2;
    for (; i < text.length && text[i] !== '"'; i += 1) {
      if (text[i] === '\\') {
        i += 1;
        value += text[i] === 'n' ? '\n' : (text[i] ?? '');
      } else {
        value += text[i];
      }
    }
    if (i >= text.length) throw new Error(`unterminated label value: {${text}}`);
    labels[name] = value;
    at = i + 1;
    if (text[at] === ',') at += 1;
  }
  return labels;
}

/** The value of the one sample with this name and (at least) these labels; undefined if none. */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1)
    throw new Error(`${found.length} samples of ${name} match; name more labels`);
  return found[0]?.value;
}
