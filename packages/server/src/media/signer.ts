import { GrantSigner } from '../storage/signed-urls.js';

/** What a signed play URL opens: one stream until `exp` (epoch ms). */
export interface PlayGrant {
  stream: string;
  exp: number;
}

/** Signed live play URLs: their own purpose label, so an evidence URL never opens a stream nor the reverse. */
export class LivePlaySigner extends GrantSigner<PlayGrant> {
  constructor(secretKey: Buffer) {
    super(secretKey, 'safety-shield/live-play/v1');
  }
}
