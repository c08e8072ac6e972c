import { Type } from 'typebox';
import { endpoints } from '../endpoint.js';

/**
 * The evidence store's own signed URLs (`/objects/{token}`): devices PUT evidence, consoles GET it with range support.
 * The token is the whole authority, so these are outside the API's sessions and maintenance gate; the handlers
 * answer themselves (the stored object, or a bare envelope on refusal).
 */
export const objectApi = endpoints('objects', {
  upload: {
    method: 'PUT',
    path: '/objects/:token',
    summary: 'A device uploads evidence to a signed upload URL (content type, size and checksum as signed)',
    access: 'device',
    duringMaintenance: true,
    params: Type.Object({ token: Type.String() }),
    raw: true,
    hidden: true,
  },
  download: {
    method: 'GET',
    path: '/objects/:token',
    summary: 'Evidence read through a signed download URL, with range requests',
    access: 'public',
    duringMaintenance: true,
    params: Type.Object({ token: Type.String() }),
    raw: true,
    hidden: true,
  },
});

/**
 * HTTP-FLV out of the embedded media server under the portal: the signed token (issued by `POST /v1/live/start`)
 * is the whole authority, so like `/objects/{token}` this is outside the API's sessions and maintenance gate.
 */
export const mediaApi = endpoints('media', {
  play: {
    method: 'GET',
    path: '/media/live/:file',
    summary: 'Play a live stream (`{stream}.flv?token=…`) as HTTP-FLV',
    access: 'public',
    duringMaintenance: true,
    params: Type.Object({ file: Type.String() }),
    query: Type.Object({ token: Type.Optional(Type.String()) }),
    raw: true,
    hidden: true,
  },
});
