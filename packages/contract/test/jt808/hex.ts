/** Test data as hex text, the way other gateways' tests print it. */
export const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
export const upperHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();
