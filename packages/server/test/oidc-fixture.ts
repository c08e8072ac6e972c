/// <reference path="./oidc-provider.d.ts" />
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderContext } from 'oidc-provider';

/** A person the test provider knows: who they are at the provider and what it says of their e-mail. */
export interface ProviderUser {
  email?: string;
  emailVerified?: boolean;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** A real OpenID provider (oidc-provider) on a free loopback port, with knobs to make it misbehave. */
export interface TestProvider {
  issuer: string;
  client: TestClient;
  /** Who the provider signs in at the next authorization (its login step passes at once). */
  signInAs: string;
  users: Record<string, ProviderUser>;
  /** Seconds an authorization code lives. */
  codeTtl: number;
  /** Rewrites the claims of the next ID tokens the token endpoint answers (re-signed with the provider's own key). */
  tamperIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | undefined;
  close(): Promise<void>;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Starts the provider; `redirectUri` is the portal's `/auth-redirect` registered for its one client. */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const client: TestClient = { clientId: 'safety-shield', clientSecret: randomBytes(24).toString('base64url'), redirectUri };

  const fixture: TestProvider = {
    issuer,
    client,
    signInAs: 'alice',
    users: {},
    codeTtl: 60,
    tamperIdToken: undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const provider = new Provider(issuer, {
    clients: [
      { client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'] },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx: unknown, sub: string) {
      const user = fixture.users[sub];
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: user.email, email_verified: user.emailVerified ?? false }) };
    },
    // The portal is a first-party client: no consent screen.
    async loadExistingGrant(ctx: ProviderContext) {
      const grant = new ctx.oidc.provider.Grant({ accountId: ctx.oidc.session.accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    ttl: {
      AuthorizationCode: () => fixture.codeTtl,
      AccessToken: 600,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
  });

  provider.use(async (ctx, next) => {
    // The login step signs in `signInAs` at once, as a person typing their password would.
    if (ctx.method === 'GET' && ctx.path.startsWith('/interaction/')) {
      await provider.interactionDetails(ctx.req, ctx.res);
      const to = await provider.interactionResult(
        ctx.req,
        ctx.res,
        { login: { accountId: fixture.signInAs } },
        { mergeWithLastSubmission: false },
      );
      ctx.redirect(to);
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && fixture.tamperIdToken && body?.id_token) {
      const [header, payload] = body.id_token.split('.');
      const claims = fixture.tamperIdToken(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')));
      const signed = `${header}.${base64url(claims)}`;
      body.id_token = `${signed}.${createSign('RSA-SHA256').update(signed).sign(privateKey).toString('base64url')}`;
    }
  });
  server.on('request', provider.callback());
  return fixture;
}

/**
 * Follows the provider's redirects the way a browser would (keeping its cookies) until it sends the browser back to
 * the portal; answers the query the provider put on `/auth-redirect`.
 */
export async function authorizeAt(url: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) jar.set(pair.slice(0, at), value);
      else jar.delete(pair.slice(0, at));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    const target = new URL(location, next);
    if (target.pathname.endsWith('/auth-redirect')) return Object.fromEntries(target.searchParams);
    next = target.href;
  }
  throw new Error('too many redirects at the provider');
}
