import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed object URL allows: one operation on one object until a time, with the upload's limits. */
export interface ObjectGrant {
  op: 'get' | 'put';
  key: string;
  /** Epoch milliseconds after which the URL opens nothing. */
  exp: number;
  /** Uploads: the largest body accepted and its content type. */
  maxBytes?: number;
  contentType?: string;
  /** Uploads: the hex SHA-256 the device announced; other bytes are refused. */
  sha256?: string;
  /** Downloads of incident evidence: the view to record when the bytes are served. */
  access?: AccessGrant;
}

/**
 * Who a download URL of incident evidence was signed for and what it opens (issue 15), carried inside the signed
 * grant so the store records the view without asking the database who it was.
 */
export interface AccessGrant {
  /** The account that asked for the URL, with its username and role then; null for a share link's URL. */
  accountId: number | null;
  username: string | null;
  role: string | null;
  /** The share link a public view comes through, else null. */
  shareLinkId: string | null;
  eventId: number;
  resourceId: number;
  kind: 'picture' | 'video';
  /** A file shown in a page (view) or handed out in a batch of URLs to save (download). */
  action: 'view' | 'download';
}

/**
 * Tokens that carry their grant (JSON with an `exp` in epoch ms), signed with a key derived from SECRET_KEY and a
 * purpose label, so any node verifies them and a token of one purpose never passes as another's.
 */
export class GrantSigner<Grant extends { exp: number }> {
  private readonly key: Buffer;

  constructor(secretKey: Buffer, purpose: string) {
    this.key = createHash('sha256').update(secretKey).update(purpose).digest();
  }

  sign(grant: Grant): string {
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The grant of a token that is genuine and not expired, else null. */
  verify(token: string, now = Date.now()): Grant | null {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Grant;
      return typeof grant.exp === 'number' && grant.exp > now ? grant : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/**
 * Signed URLs of the evidence store (ARCHITECTURE section 1: `DATA_DIR/objects` behind the portal's own signed upload
 * and download URLs).
 */
export class ObjectSigner extends GrantSigner<ObjectGrant> {
  constructor(secretKey: Buffer) {
    super(secretKey, 'safety-shield/objects/v1');
  }
}
