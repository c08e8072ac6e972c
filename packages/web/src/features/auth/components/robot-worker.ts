// One solver of the robot check: altcha-lib's worker loop with the Web Crypto key derivation.
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
