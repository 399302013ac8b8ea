/** One recent headline about a company, used by the news-driven conversation starters. */
export interface Headline {
  title: string;
  url: string;
  /** The publishing site, e.g. 'reuters.com'. */
  source: string;
  /** ISO date-time when the provider saw the article, when known. */
  seenAt: string | null;
}

export interface NewsQuery {
  company: string;
}

/** Where headlines come from. Implementations never throw: a failure yields no headlines. */
export interface NewsSource {
  readonly kind: 'none' | 'gdelt';
  headlines(query: NewsQuery, signal?: AbortSignal): Promise<Headline[]>;
}

export const noNews: NewsSource = {
  kind: 'none',
  headlines: async () => [],
};
