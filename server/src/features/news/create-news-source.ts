import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { createGdeltNewsSource } from './gdelt-news-source';
import { createDbNewsCache } from './news-cache';
import { noNews, type NewsSource } from './news-source';

/** NEWS_PROVIDER: 'none' (default) or 'gdelt' (NEWS_API_BASE overrides GDELT's host, for tests). */
export function createNewsSource(config: Config, db: Db, clock: Clock, logger?: Logger): NewsSource {
  if (config.NEWS_PROVIDER !== 'gdelt') return noNews;
  return createGdeltNewsSource({ baseUrl: config.NEWS_API_BASE, cache: createDbNewsCache(db, clock), logger });
}
