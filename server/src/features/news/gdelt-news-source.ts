import type { Logger } from 'pino';
import type { Headline, NewsQuery, NewsSource } from './news-source';
import type { NewsCache } from './news-cache';

export const GDELT_DEFAULT_BASE = 'https://api.gdeltproject.org';

export interface GdeltOptions {
  /** NEWS_API_BASE; the DOC 2.0 path /api/v2/doc/doc is appended. */
  baseUrl?: string;
  timeoutMs?: number;
  maxRecords?: number;
  /** GDELT timespan syntax, e.g. '14d'. */
  timespan?: string;
  cache?: NewsCache;
  logger?: Pick<Logger, 'warn'>;
  fetch?: typeof fetch;
}

interface GdeltArticle {
  url?: string;
  title?: string;
  seendate?: string;
  domain?: string;
}

/** GDELT's '20250101T120000Z' → ISO 8601. */
function isoFromSeenDate(s: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : null;
}

/** Normalised cache key: one entry per company, whatever the spelling of spaces and case. */
export function newsQueryKey(q: NewsQuery): string {
  return q.company.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The GDELT DOC 2.0 API (keyless): recent English articles whose text mentions the company.
 * Short timeout; any failure (network, non-JSON answer, rate limit) gives no headlines.
 */
export function createGdeltNewsSource(options: GdeltOptions = {}): NewsSource {
  const base = (options.baseUrl ?? GDELT_DEFAULT_BASE).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function fetchHeadlines(key: string, signal?: AbortSignal): Promise<Headline[] | null> {
    // GDELT refuses very short phrases; quote multi-word names so they match as a phrase.
    const phrase = key.includes(' ') ? `"${key}"` : key;
    const params = new URLSearchParams({
      query: `${phrase} sourcelang:english`,
      mode: 'artlist',
      format: 'json',
      maxrecords: String(options.maxRecords ?? 5),
      timespan: options.timespan ?? '14d',
      sort: 'datedesc',
    });
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 2500);
    try {
      const res = await doFetch(`${base}/api/v2/doc/doc?${params}`, {
        headers: { Accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`GDELT answered ${res.status}`);
      // An empty result is `{}`; errors come back as plain text with status 200.
      const body = JSON.parse(text) as { articles?: GdeltArticle[] };
      const seen = new Set<string>();
      const out: Headline[] = [];
      for (const a of body.articles ?? []) {
        const title = (a.title ?? '').replace(/\s+/g, ' ').trim();
        if (!title || !a.url || !/^https?:\/\//.test(a.url) || seen.has(title.toLowerCase())) continue;
        seen.add(title.toLowerCase());
        out.push({ title, url: a.url, source: a.domain ?? new URL(a.url).hostname, seenAt: isoFromSeenDate(a.seendate) });
      }
      return out;
    } catch (err) {
      if (signal?.aborted) return [];
      options.logger?.warn({ err: (err as Error).message, company: key }, 'news lookup failed');
      return null;
    }
  }

  return {
    kind: 'gdelt',
    async headlines(query, signal) {
      const key = newsQueryKey(query);
      if (key.length < 3) return [];
      const cached = await options.cache?.get('gdelt', key).catch(() => undefined);
      if (cached) return cached;
      const fresh = await fetchHeadlines(key, signal);
      if (signal?.aborted) return [];
      await options.cache?.put('gdelt', key, fresh ?? [], fresh === null).catch(() => undefined);
      return fresh ?? [];
    },
  };
}
