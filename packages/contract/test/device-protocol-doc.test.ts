import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { documents, sectionOf } from '../scripts/message-docs.js';
import { DOWN_KINDS, UP_KINDS } from '../src/device/index.js';

const sections = documents.flatMap((document) =>
  Object.entries(document.sections).map(
    ([name, section]) => [document.path.replace(/.*\/docs\//, 'docs/'), name, document.path, section] as const,
  ),
);

describe('the sections of the protocol documents generated from the contract', () => {
  it.each(sections)(
    '%s, section %s, matches the contract (npm run docs:protocol -w @safety-shield/contract rewrites it)',
    async (_name, name, path, section) => {
      const text = await readFile(path, 'utf8');
      expect(sectionOf(text, name)).toBe(section());
    },
  );
});

/** The kinds in the first column of the first table under a heading (`| \`kind\` | …`). */
function kindsUnder(text: string, heading: string): string[] {
  const from = text.indexOf(`\n${heading}\n`);
  const table =
    text
      .slice(from)
      .split('\n\n')
      .find((block) => block.startsWith('| kind |')) ?? '';
  return [...table.matchAll(/^\| `(\w+)`/gm)].map((match) => match[1] as string);
}

describe('the effect of every kind, written by hand in docs/device-protocol.md', () => {
  it.each([
    ['### Up (device → portal)', UP_KINDS],
    ['### Down (portal → device)', DOWN_KINDS],
  ])('the table under "%s" has a row for each kind of the contract, and no other', async (heading, kinds) => {
    const path = documents[0]?.path as string;
    const text = await readFile(path, 'utf8');
    expect(kindsUnder(text, heading).sort()).toEqual([...kinds].sort());
  });
});
