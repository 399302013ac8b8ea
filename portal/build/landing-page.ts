import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANDING_PAGE } from '../../shared/constants.js';

/**
 * index.html with modulepreload links for `files` at the end of the head, at low priority: they
 * come after the stylesheet and the entry, so the first paint and the entry are not slowed down.
 */
export function withModulePreloads(html: string, files: string[]): string {
  const links = files.map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">\n`).join('');
  const head = html.indexOf('</head>');
  if (head === -1) throw new Error('index.html has no </head>');
  const line = html.lastIndexOf('\n', head) + 1;
  return html.slice(0, line) + links + html.slice(line);
}

/** A module of the Firebase JS SDK (firebase/* and the @firebase/* packages it is made of). */
export const isFirebaseModule = (id: string) => /[\\/]node_modules[\\/](@firebase|firebase)[\\/]/.test(id);

/**
 * Writes LANDING_PAGE: index.html plus modulepreload links for the named chunks (the sign-in
 * group, which holds what both screens share, and the signed-in landing). A signed-in visitor's
 * browser then fetches them while the entry loads and runs, instead of after it has run and asked
 * for them: on /icebreak, Lighthouse's largest paint ~0.3 s sooner (performance 87–90 → 92–93).
 * /auth keeps index.html, so the sign-in page loads nothing of the signed-in screens.
 */
export function landingPage(chunkNames: string[]): Plugin {
  return {
    name: 'landing-page',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const named = chunks.filter((chunk) => chunkNames.includes(chunk.name)).map((chunk) => chunk.fileName);
      if (named.length !== chunkNames.length)
        throw new Error(`landing-page: expected chunks ${chunkNames.join(', ')}, found ${named.join(', ')}`);
      // The Firebase SDK too: a returning user's screen waits for it to restore the session.
      const sdk = chunks.filter((chunk) => chunk.moduleIds.some(isFirebaseModule)).map((chunk) => chunk.fileName);
      if (sdk.length === 0) throw new Error('landing-page: no chunk of the Firebase SDK found');
      const files = [...named, ...sdk].sort();
      const dir = options.dir!;
      writeFileSync(path.join(dir, LANDING_PAGE), withModulePreloads(readFileSync(path.join(dir, 'index.html'), 'utf8'), files));
    },
  };
}
