/** What the news feature offers the server's other features (the layering lint rule lets them import only this). */
export type { Headline } from './news-source';
export type { NewsSource } from './news-source';
