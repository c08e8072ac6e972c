import { solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Challenge, Solution } from 'altcha-lib/types';

/** Enough workers to finish quickly on a laptop without starving a phone. */
const MAX_WORKERS = 4;

/** The login's `code`: the challenge and its solution, base64 JSON as ALTCHA submits it (ARCHITECTURE section 3). */
function encodePayload(challenge: Challenge, solution: Solution): string {
  return btoa(JSON.stringify({ challenge, solution }));
}

/**
 * Solves an ALTCHA proof-of-work challenge with Web Crypto, in workers where the browser has them,
 * on this thread (yielding now and then) where it does not; null when aborted or out of time.
 */
export async function solveRobotChallenge(challenge: Challenge, controller: AbortController): Promise<string | null> {
  const solution =
    typeof Worker === 'undefined'
      ? await solveChallenge({ challenge, controller, deriveKey })
      : await solveChallengeWorkers({
          challenge,
          controller,
          concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
          createWorker: () => new Worker(new URL('./robot-worker.ts', import.meta.url), { type: 'module' }),
        });
  return solution ? encodePayload(challenge, solution) : null;
}
