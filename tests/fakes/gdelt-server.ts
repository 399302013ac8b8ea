/**
 * A loopback fake of the GDELT DOC 2.0 API: GET /api/v2/doc/doc?query=…&mode=artlist&format=json
 * answers `{"articles":[{url,url_mobile,title,seendate,socialimage,domain,language,sourcecountry}]}`
 * like the real one (`{}` when nothing matched; plain-text errors with status 200).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGdeltArticle {
  url: string;
  title: string;
  seendate: string;
  domain: string;
}

export interface FakeGdelt {
  /** NEWS_API_BASE */
  url: string;
  /** Query strings received, parsed. */
  requests: URLSearchParams[];
  /** Articles returned for queries containing `company` (case-insensitive). */
  articles: Map<string, FakeGdeltArticle[]>;
  /** 'ok' answers articles; 'stall' never answers; 'text-error' answers a plain-text error like GDELT does. */
  mode: 'ok' | 'stall' | 'text-error';
  close(): Promise<void>;
}

export async function startFakeGdelt(): Promise<FakeGdelt> {
  const fake: Omit<FakeGdelt, 'url' | 'close'> = { requests: [], articles: new Map(), mode: 'ok' };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/api/v2/doc/doc') {
      res.writeHead(404).end('not found');
      return;
    }
    fake.requests.push(url.searchParams);
    if (fake.mode === 'stall') return; // never answers; the client's timeout must fire
    if (fake.mode === 'text-error') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('The specified phrase is too short.');
      return;
    }
    const query = (url.searchParams.get('query') ?? '').toLowerCase();
    const max = Number(url.searchParams.get('maxrecords') ?? 75);
    const found = [...fake.articles.entries()].filter(([company]) => query.includes(company.toLowerCase())).flatMap(([, a]) => a);
    const body = found.length
      ? {
          articles: found.slice(0, max).map((a) => ({
            url: a.url,
            url_mobile: '',
            title: a.title,
            seendate: a.seendate,
            socialimage: '',
            domain: a.domain,
            language: 'English',
            sourcecountry: 'United States',
          })),
        }
      : {};
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
