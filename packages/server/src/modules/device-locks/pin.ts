import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * A lock's PIN is kept as `scrypt$N$salt$hash` (base64url). A PIN of 4 to 8 digits falls to any offline search
 * whatever the cost, so the cost is kept low enough for a batch of 500 devices; what protects a PIN is that it is
 * never shown and that wrong tries are limited (LOCK_PIN_TRIES, LOCK_BLOCK_MS) and, through a link, counted as uses.
 */
const COST = 2 ** 12;
const KEY_BYTES = 32;

const derive = (pin: string, salt: Buffer, cost: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { N: cost, r: 8, p: 1 };
    scrypt(pin, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, COST);
  return `scrypt$${COST}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether the PIN matches a stored hash; a hash of another form matches nothing. */
export async function verifyPin(stored: string | null, pin: string): Promise<boolean> {
  const [kind, cost, salt, key] = stored?.split('$') ?? [];
  if (kind !== 'scrypt' || !cost || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(pin, Buffer.from(salt, 'base64url'), Number(cost));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
