import { createHash } from 'node:crypto';
import http from 'node:http';
import { objectApi } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { ObjectSigner } from '../src/storage/signed-urls.js';
import { recordedUpload } from '../src/storage/upload-records.js';
import { urlOf } from './api-client.js';
import { testConfig } from './helpers.js';

/** PUTs `body` to a signed upload link. */
export const putTo = (url: string, contentType: string, body: Buffer) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(body) });

const signer = new ObjectSigner(testConfig.secretKey);

/** A download link, good for a minute, of the stored object `key` on the node at `base` (served as `contentType`). */
export const downloadLink = (base: string, key: string, contentType?: string) =>
  `${base}${urlOf(objectApi.download, { token: signer.sign({ op: 'get', key, exp: Date.now() + 60_000, contentType }) })}`;

/** The envelope a used upload link answers. */
export const linkUsed = { code: 40917, codeKey: 'UPLOAD_LINK_USED' };

/**
 * Starts a PUT of `body` to a signed upload link and breaks it off after half the bytes (the connection drops, as a
 * device's does); resolves once the connection is gone.
 */
export function breakOffPut(url: string, contentType: string, body: Buffer): Promise<void> {
  return new Promise<void>((resolve) => {
    const req = http.request(url, { method: 'PUT', headers: { 'content-type': contentType, 'content-length': body.length } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, body.length >> 1), () => {
      setTimeout(() => req.destroy(), 50);
    });
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A JPEG as far as its first bytes go, `size` bytes of `fill` after. */
const jpegOf = (fill: number, size = 5000) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size, fill)]);

export interface PortalNodes {
  /** The base URLs of two portal nodes sharing one database and one object store. */
  urls: [string, string];
  db: Db;
}

/**
 * What every signed upload link does, whichever object store is behind it (docs/device-protocol.md, `upload`): it takes
 * one complete upload, on whichever node, and refuses every later one; a stored object never changes after its size
 * and SHA-256 are recorded; an upload broken off before completion may be completed with the same link.
 */
export function oneUploadPerLink(name: string, nodes: () => PortalNodes) {
  const link = (node: string, key: string) =>
    `${node}${urlOf(objectApi.upload, { token: signer.sign({ op: 'put', key, exp: Date.now() + 60_000, maxBytes: 20_000, contentType: 'image/jpeg' }) })}`;
  const read = async (node: string, key: string) => {
    const res = await fetch(downloadLink(node, key));
    return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : null;
  };
  /** The two nodes, and an upload link of `key` signed for the first. */
  const linkOnTwoNodes = (key: string) => {
    const [a, b] = nodes().urls;
    return { a, b, url: link(a, key) };
  };
  /** What the store records of an upload of `body`. */
  const recordOf = (body: Buffer) => ({ size: body.length, sha256: sha(body) });

  describe(`${name}: one upload per signed link`, () => {
    it('refuses a second PUT to a used link on every node, with other bytes or the same; the object and its record stay', async () => {
      const key = 'once/used';
      const { a, b, url } = linkOnTwoNodes(key);
      const first = jpegOf(1);
      expect(await (await putTo(url, 'image/jpeg', first)).json()).toMatchObject({ code: 200, data: recordOf(first) });
      for (const [node, body] of [
        [a, jpegOf(2)],
        [b, jpegOf(3, 7000)],
        [a, first],
      ] as const) {
        const again = await putTo(url.replace(a, node), 'image/jpeg', body);
        expect(again.status).toBe(409);
        expect(await again.json()).toMatchObject({ ...linkUsed, msg: 'This upload link has already been used' });
      }
      // Another link to the same object is refused as well: a recorded object never changes.
      expect(await (await putTo(link(b, key), 'image/jpeg', jpegOf(4))).json()).toMatchObject(linkUsed);
      expect((await read(b, key))?.equals(first)).toBe(true);
      expect(await recordedUpload(nodes().db, key)).toEqual(recordOf(first));
    });

    it('lets one of two PUTs to one link at once, on two nodes, store its object whole; the other is refused', async () => {
      const key = 'once/raced';
      const { a, b, url } = linkOnTwoNodes(key);
      const bodies = [jpegOf(5, 15_000), jpegOf(6, 12_000)] as const;
      const answers = await Promise.all([putTo(url, 'image/jpeg', bodies[0]), putTo(url.replace(a, b), 'image/jpeg', bodies[1])]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers[0].status === 200 ? bodies[0] : bodies[1];
      expect((await read(a, key))?.equals(winner)).toBe(true);
      expect(await recordedUpload(nodes().db, key)).toEqual(recordOf(winner));
    });

    it('lets an upload broken off before completion be completed with the same link', async () => {
      const key = 'once/resumed';
      const { a, b, url } = linkOnTwoNodes(key);
      const body = jpegOf(7, 15_000);
      await breakOffPut(url, 'image/jpeg', body);
      expect(await read(a, key)).toBeNull();
      expect(await recordedUpload(nodes().db, key)).toBeNull();
      expect((await putTo(url.replace(a, b), 'image/jpeg', body)).status).toBe(200);
      expect((await read(a, key))?.equals(body)).toBe(true);
      expect((await putTo(url, 'image/jpeg', body)).status).toBe(409);
    });
  });
}
