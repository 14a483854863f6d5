import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue } from './promText';

const TEXT = [
  '# HELP revdesk_http_requests_total HTTP requests answered.',
  '# TYPE revdesk_http_requests_total counter',
  'revdesk_http_requests_total{method="GET",route="/api/v1/taxpayers/:btin",status_class="2xx"} 3',
  'revdesk_http_requests_total{method="GET",route="unmatched",status_class="4xx"} 1',
  'revdesk_http_request_duration_seconds_bucket{le="+Inf",method="GET"} 4',
  'nodejs_heap_size_total_bytes 123456789',
  'nodejs_eventloop_lag_seconds Nan',
  'odd_labels{path="a \\"quoted\\" \\\\ back,slash\\nnext",empty=""} 2.5e-3 1712345678000',
  '',
].join('\n');

describe('parsePrometheusText', () => {
  const samples = parsePrometheusText(TEXT);

  it('reads every sample line and skips comments and blanks', () => {
    expect(samples.map((s) => s.name)).toEqual([
      'revdesk_http_requests_total',
      'revdesk_http_requests_total',
      'revdesk_http_request_duration_seconds_bucket',
      'nodejs_heap_size_total_bytes',
      'nodejs_eventloop_lag_seconds',
      'odd_labels',
    ]);
    expect(samples[4]?.value).toBeNaN();
  });

  it('reads labels, escaped values and timestamps', () => {
    expect(samples[0]?.labels).toEqual({
      method: 'GET',
      route: '/api/v1/taxpayers/:btin',
      status_class: '2xx',
    });
    expect(samples[2]?.labels.le).toBe('+Inf');
    expect(samples[5]).toEqual({
      name: 'odd_labels',
      labels: { path: 'a "quoted" \\ back,slash\nnext', empty: '' },
      value: 0.0025,
    });
  });

  it('finds one sample by name and labels, and refuses an ambiguous question', () => {
    expect(sampleValue(samples, 'revdesk_http_requests_total', { route: 'unmatched' })).toBe(1);
    expect(sampleValue(samples, 'nodejs_heap_size_total_bytes')).toBe(123_456_789);
    expect(sampleValue(samples, 'revdesk_http_requests_total', { route: '/nowhere' })).toBe(
      undefined,
    );
    expect(() => sampleValue(samples, 'revdesk_http_requests_total')).toThrow(/2 samples/);
  });

  it('refuses a line that is not a sample', () => {
    expect(() => parsePrometheusText('revdesk_broken{method="GET" 1')).toThrow(/not a sample/);
    expect(() => parsePrometheusText('revdesk_broken{method="GET} 1')).toThrow();
    expect(() => parsePrometheusText('revdesk_broken 1x')).toThrow(/not a sample value/);
  });
});
