import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export type Preset = 'mobile' | 'desktop';

/** One page measured by Lighthouse with one preset (docs/architecture.md §9 "Web"). */
export type PageFigures = {
  page: string;
  path: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  /** First contentful paint: the page's first drawn text or image. */
  fcpMs: number;
  lcpMs: number;
  /**
   * Total blocking time and speed index: with FCP and LCP, what the performance score weighs
   * (and cumulative layout shift), so a score that moves while the bytes do not can be read.
   */
  tbtMs: number;
  speedIndexMs: number;
  /** Every request of the load, whatever its type. */
  requests: number;
  /** JS and CSS requests of the load. */
  jsCssRequests: number;
  /** JS + CSS bytes as the server sent them in this run (compressed or not). */
  jsCssWireBytes: number;
  /** JS + CSS bytes as brotli (quality 11) copies of the same files would weigh on the wire. */
  jsCssBrotliBytes: number;
  /** The accessibility audits that failed, by id. */
  failedA11yAudits: string[];
};

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number };
type Audit = { score: number | null; numericValue?: number; details?: { items?: unknown[] } };

const brotliCache = new Map<string, number>();

/** The brotli size of a built file, as a server sending pre-compressed copies would send it. */
function brotliSize(webDir: string, urlPath: string): number {
  const file = path.join(webDir, decodeURIComponent(urlPath));
  const cached = brotliCache.get(file);
  if (cached !== undefined) return cached;
  const size = brotliCompressSync(readFileSync(file), {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
  brotliCache.set(file, size);
  return size;
}

function isJsOrCss(request: NetworkRequest): boolean {
  return (
    request.resourceType === 'Script' ||
    request.resourceType === 'Stylesheet' ||
    /\.(js|mjs|css)(\?|$)/.test(request.url)
  );
}

/**
 * Runs Lighthouse 12 on one URL in a fresh headless Chromium. `cookie` signs the page in:
 * Lighthouse sends it as a header on every request (it clears the browser's storage first).
 */
export async function measurePage(options: {
  name: string;
  baseUrl: string;
  path: string;
  preset: Preset;
  cookie?: string;
  webDir: string;
}): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(
      `${options.baseUrl}${options.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
      },
      options.preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${options.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${options.path}: ${lhr.runtimeError.message}`);
    const audits = lhr.audits as Record<string, Audit>;
    const requests = (audits['network-requests']?.details?.items ?? []) as NetworkRequest[];
    const jsCss = requests.filter(isJsOrCss);
    const sameOrigin = (request: NetworkRequest) => request.url.startsWith(options.baseUrl);
    const failedA11yAudits = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    return {
      page: options.name,
      path: options.path,
      preset: options.preset,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      speedIndexMs: Math.round(audits['speed-index']?.numericValue ?? 0),
      requests: requests.length,
      jsCssRequests: jsCss.length,
      jsCssWireBytes: jsCss.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
      jsCssBrotliBytes: jsCss
        .filter(sameOrigin)
        .reduce(
          (sum, request) => sum + brotliSize(options.webDir, new URL(request.url).pathname),
          0,
        ),
      failedA11yAudits,
    };
  } finally {
    chrome.kill();
  }
}
