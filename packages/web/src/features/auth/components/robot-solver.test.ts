import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';
import { describe, expect, it } from 'vitest';
import { solveRobotChallenge } from './robot-solver.js';

const signatureSecret = 'signature-secret';
const keySecret = 'key-secret';

/** A challenge as the portal's login robot check makes it (deterministic mode, SHA-256). */
const challenge = () =>
  createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 3_000,
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
    hmacSignatureSecret: signatureSecret,
    hmacKeySignatureSecret: keySecret,
  });

describe('robot check solver', () => {
  it('solves a portal challenge with Web Crypto into a payload the server accepts', async () => {
    const payload = await solveRobotChallenge(await challenge(), new AbortController());
    expect(payload).not.toBeNull();
    const result = await verify(payload, deriveKey, signatureSecret, keySecret);
    expect(result.error).toBeNull();
  });

  it('gives a payload the server refuses when the challenge was tampered with', async () => {
    const genuine = await challenge();
    const tampered = { ...genuine, parameters: { ...genuine.parameters, expiresAt: (genuine.parameters.expiresAt ?? 0) + 3600 } };
    const payload = await solveRobotChallenge(tampered, new AbortController());
    expect((await verify(payload, deriveKey, signatureSecret, keySecret)).error).not.toBeNull();
  });

  it('gives up when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await solveRobotChallenge(await challenge(), controller)).toBeNull();
  });
});
