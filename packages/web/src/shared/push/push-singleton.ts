import { PUSH_PATH } from '@safety-shield/contract';
import { getToken } from '../auth/token.js';
import { PushClient } from './push-client.js';

let client: PushClient | undefined;

/** ws:// or wss:// as the page itself was loaded, same origin (ARCHITECTURE section 3). */
export function pushUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PUSH_PATH}`;
}

/** The tab's one push client, made when first needed. */
export function pushClient(): PushClient {
  client ??= new PushClient({ url: () => pushUrl(), token: getToken, createSocket: (url) => new WebSocket(url) });
  return client;
}

/** Ends the tab's push connection (logout); pages that still watch reconnect only with a new session. */
export function closePush() {
  client?.close();
}
