import { describe, expect, it } from 'vitest';
import { isFirebaseModule, withModulePreloads } from './landing-page';

const INDEX = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-B.css">
  </head>
  <body></body>
</html>`;

describe('withModulePreloads', () => {
  it('adds a low-priority modulepreload link per file at the end of the head, after the stylesheet', () => {
    const html = withModulePreloads(INDEX, ['assets/sign-in-C.js', 'assets/signed-in-D.js']);
    expect(html.split('\n').slice(3, 7)).toEqual([
      '    <script type="module" crossorigin src="/assets/index-A.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/index-B.css">',
      '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/sign-in-C.js">',
      '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/signed-in-D.js">',
    ]);
    expect(html.replace(/ {4}<link rel="modulepreload"[^\n]*\n/g, '')).toBe(INDEX);
  });

  it('refuses a page without a head', () => {
    expect(() => withModulePreloads('<html></html>', ['a.js'])).toThrow(/no <\/head>/);
  });
});

describe('isFirebaseModule', () => {
  it('knows the SDK by its packages, not by a name that merely contains firebase', () => {
    expect(isFirebaseModule('/app/node_modules/@firebase/auth/dist/esm/index.esm.js')).toBe(true);
    expect(isFirebaseModule('/app/node_modules/firebase/auth/dist/esm/index.esm.js')).toBe(true);
    expect(isFirebaseModule('/app/shared/auth-firebase.ts')).toBe(false);
    expect(isFirebaseModule('/app/node_modules/firebase-tools/lib/index.js')).toBe(false);
  });
});
