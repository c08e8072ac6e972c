import { get } from 'node:http';

/** Reads the start of an HTTP-FLV answer until `bytes` have come, then hangs up (one connection, no pool). */
export function readFlv(url: string, bytes: number, timeoutMs = 15_000): Promise<{ status: number; head: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const req = get(url, { agent: false }, (res) => {
      const done = () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, head: Buffer.concat(chunks) });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        got += chunk.length;
        if (got >= bytes) done();
      });
      res.on('end', done);
    });
    const timer = setTimeout(() => req.destroy(new Error('timed out')), timeoutMs);
    req.on('error', reject);
  });
}
