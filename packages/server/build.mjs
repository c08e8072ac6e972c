// Bundles the server into dist/main.js: our workspace packages are compiled in, npm packages stay external.
import { build } from 'esbuild';

const releaseTime = new Date().toISOString().slice(0, 19).replace('T', ' ');

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  define: { __RELEASE_TIME__: JSON.stringify(releaseTime) },
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@safety-shield/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`server bundled (release ${releaseTime})`);
