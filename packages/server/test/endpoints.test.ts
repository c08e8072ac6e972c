import { describe, expect, it } from 'vitest';
import { declaredEndpoints } from '../src/http/contract-check.js';
import { testApp } from './helpers.js';

describe('the contract is the server', () => {
  it('serves exactly the declared endpoints, each registered from its declaration', async () => {
    const { app, close } = await testApp();
    try {
      await app.ready();
      expect([...app.contract.served].sort()).toEqual(declaredEndpoints().sort());
    } finally {
      await close();
    }
  });
});
