import { apiEndpoints, type Endpoint } from '@safety-shield/contract';
import type { FastifyInstance } from 'fastify';

/** Paths the server answers besides the console's files: the API, the evidence store's signed URLs and live media. */
const SERVED = /^\/(v1|v2|health|objects|media)(\/|$)/;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the contract check saw: the endpoints this app serves. */
    contract: { served: string[] };
  }
}

const keyOf = (declaration: Pick<Endpoint, 'method' | 'path'>) => `${declaration.method} ${declaration.path}`;

/** Every endpoint the contract declares, as `METHOD /path`. */
export const declaredEndpoints = (): string[] =>
  Object.values(apiEndpoints)
    .flatMap((group) => Object.values(group) as Endpoint[])
    .map(keyOf);

/**
 * Start-up fails unless the server's routes are exactly the contract's endpoints: a route registered by hand, or
 * a declaration nobody serves, stops the portal before it listens (and the suite that builds it).
 */
export function registerContractCheck(app: FastifyInstance): { served: string[] } {
  const served: string[] = [];
  const undeclared: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    if (!SERVED.test(route.url)) return;
    for (const method of methods) (route.config?.endpoint ? served : undeclared).push(`${method} ${route.url}`);
  });
  app.addHook('onReady', async () => {
    const unserved = declaredEndpoints().filter((key) => !served.includes(key));
    if (undeclared.length || unserved.length) {
      throw new Error(
        `Routes and contract differ. Routes without a declaration: ${undeclared.join(', ') || 'none'}. Declarations without a route: ${unserved.join(', ') || 'none'}`,
      );
    }
  });
  return { served };
}
