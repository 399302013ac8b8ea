/**
 * The layering the code keeps, as lint rules (eslint-plugin-boundaries), so it is enforced, not remembered:
 * - the apps (server/, portal/, widget/) import shared/ and never each other; shared/ imports none of them;
 * - in the portal and the widget a feature never imports another feature: what two features share
 *   lives in the app's components/, core/, lib/ or app/;
 * - on the server a feature may use another feature only through that feature's index.ts (its public
 *   API): the server composes features (icebreak debits through credits, calls run the practice engine),
 *   and the index says what a feature offers, so its other files stay free to change;
 * - a server feature never imports the app shell (server/src/app.ts, context.ts, main.ts), not even
 *   for a type: the shell composes the features and hands each the services it declares it uses;
 * - no import cycles anywhere (import-x/no-cycle; type-only imports do not count, they leave no
 *   runtime edge).
 * Tests (tests/, *.test.ts[x]) may reach anything they test.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const APPS = ['server', 'portal', 'widget'];
const FEATURES = { server: 'server/src/features/*', portal: 'portal/src/features/*', widget: 'widget/src/features/*' };

const elements = [
  ...APPS.map((app) => ({ type: `${app}-feature`, pattern: FEATURES[app], capture: ['feature'] })),
  ...APPS.map((app) => ({ type: app, pattern: app })),
  { type: 'shared', pattern: 'shared' },
];

const anyOf = (types) => ({ to: { element: { types: { anyOf: types } } } });
const appTypes = (app) => [app, `${app}-feature`];
const otherFeature = (app, extra = {}) => ({
  to: { element: { type: `${app}-feature`, captured: { feature: '!{{ from.element.captured.feature }}' }, ...extra } },
});

const policies = [
  { from: { element: { type: 'shared' } }, disallow: anyOf(APPS.flatMap(appTypes)) },
  ...APPS.map((app) => ({
    from: { element: { types: { anyOf: appTypes(app) } } },
    disallow: anyOf(APPS.filter((other) => other !== app).flatMap(appTypes)),
  })),
  { from: { element: { type: 'portal-feature' } }, disallow: otherFeature('portal') },
  { from: { element: { type: 'widget-feature' } }, disallow: otherFeature('widget') },
  { from: { element: { type: 'server-feature' } }, disallow: otherFeature('server', { fileInternalPath: '!index.ts' }) },
];

export const layering = {
  files: ['**/*.{ts,tsx}'],
  ignores: ['tests/**', '**/*.test.{ts,tsx}'],
  plugins: { boundaries, 'import-x': importX },
  settings: {
    'boundaries/elements': elements,
    // Relative imports resolve as files; '@shared' is an alias of shared/, which any app may import.
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    // import-x reads the imported TypeScript files with the TypeScript parser, and resolves like
    // TypeScript does (the '@shared' paths of tsconfig.json included).
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [
      createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], tsconfig: { configFile: path.join(ROOT, 'tsconfig.json') } }),
    ],
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'allow', policies }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: './server/src/features',
            from: ['./server/src/app.ts', './server/src/context.ts', './server/src/main.ts'],
            message: 'A feature is handed the services it uses; it never imports the app shell.',
          },
        ],
      },
    ],
  },
};
