import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { documents, sectionOf } from '../scripts/message-docs.js';

describe('the generated schema sections of the protocol documents', () => {
  it.each(documents.map((document) => [document.path.replace(/.*\/docs\//, 'docs/'), document] as const))(
    '%s matches the contract’s schemas (npm run docs:protocol -w @safety-shield/contract rewrites it)',
    async (_name, document) => {
      const text = await readFile(document.path, 'utf8');
      expect(sectionOf(text)).toBe(document.section());
    },
  );
});
