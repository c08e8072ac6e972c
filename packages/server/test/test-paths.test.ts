import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28: server tests call endpoints through their contract declarations (`api-client.ts`: `call(ctx, token,
 * vehicleApi.trail, input)`), so a path changes in one place and a wrong field does not compile. An API path written
 * out in a test is allowed only where the path itself is what the test is about.
 */
const TEST = import.meta.dirname;
const API_PATH = /['"`]\/v1\/[A-Za-z]/;

/** Files whose subject is a path itself, each with why. */
const pathsUnderTest: Record<string, string> = {
  'test-paths.test.ts': 'this test',
  'foundation.test.ts': 'routes that must not exist or must be refused at registration, and test-only declarations',
  'hostile-http.test.ts': 'an undecodable path',
};

describe('server tests', () => {
  it('name endpoints by their contract declaration, not by a written path', () => {
    const spelled = readdirSync(TEST)
      .filter((name) => name.endsWith('.ts') && !(name in pathsUnderTest))
      .flatMap((name) => {
        const lines = readFileSync(path.join(TEST, name), 'utf8').split('\n');
        return lines.flatMap((line, i) => (API_PATH.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
      });
    expect(spelled).toEqual([]);
  });
});
