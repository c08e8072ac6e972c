import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and video are compressed already. */
const COMPRESSIBLE = /\.(js|css|json|html|svg|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** Brotli and gzip copies of one file next to it (`x.js.br`, `x.js.gz`), each only when smaller. */
export async function compressFile(file: string): Promise<{ raw: number; br: number | null; gz: number | null }> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzipAsync(raw, { level: 9 }),
  ]);
  const keep = async (copy: Buffer, extension: string) => {
    if (copy.length >= raw.length) return null;
    await writeFile(`${file}${extension}`, copy);
    return copy.length;
  };
  return { raw: raw.length, br: await keep(br, '.br'), gz: await keep(gz, '.gz') };
}

/**
 * The console's files are served as built (`@fastify/static` with `preCompressed`): this writes each text file's
 * brotli and gzip copies at build time, so the portal never compresses per request and the browser receives the
 * smallest copy it accepts.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'safety-shield-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      const sizes = await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          return (await stat(file)).size >= MIN_BYTES ? compressFile(file) : null;
        }),
      );
      const raw = sizes.reduce((sum, entry) => sum + (entry?.raw ?? 0), 0);
      const br = sizes.reduce((sum, entry) => sum + (entry?.br ?? entry?.raw ?? 0), 0);
      this.info(
        `precompressed ${sizes.filter(Boolean).length} files: ${(raw / 1024).toFixed(0)} KB raw, ${(br / 1024).toFixed(0)} KB brotli`,
      );
    },
  };
}
