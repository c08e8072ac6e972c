import * as oidc from 'openid-client';
import { AppError } from '../../http/errors.js';

/** Seconds a call to a provider may take (discovery, token, user info). */
const PROVIDER_TIMEOUT_S = 10;
/** How long one node keeps a provider's discovered metadata before asking again. */
const DISCOVERY_CACHE_MS = 10 * 60_000;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An issuer URL the portal will talk to: https, or plain http on this machine (a provider under test or development). */
export function checkedIssuer(issuer: string): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new AppError('PARAM_CHECK_FAIL', 'issuer', { field: 'issuer' });
  }
  const loopback = LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new AppError('PARAM_CHECK_FAIL', 'issuer', { field: 'issuer' });
  if (url.username || url.password || url.search || url.hash) throw new AppError('PARAM_CHECK_FAIL', 'issuer', { field: 'issuer' });
  return url;
}

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The openid-client configuration of a company's provider, discovered from its issuer (openid-client checks that the
 * metadata names the same issuer). The client authenticates with HTTP Basic when the provider offers it (the default
 * of OpenID Connect), else with the secret in the body.
 */
export async function discover({ issuer, clientId, clientSecret }: ProviderClient): Promise<oidc.Configuration> {
  const url = checkedIssuer(issuer);
  const insecure = url.protocol === 'http:';
  const found = await oidc.discovery(url, clientId, undefined, undefined, {
    execute: insecure ? [oidc.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_S,
  });
  const metadata = found.serverMetadata();
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth =
    !methods || methods.includes('client_secret_basic') ? oidc.ClientSecretBasic(clientSecret) : oidc.ClientSecretPost(clientSecret);
  const config = new oidc.Configuration(metadata, clientId, clientSecret, auth);
  config.timeout = PROVIDER_TIMEOUT_S;
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}

/** Discovered configurations per company, kept for a while; a changed setting (another `version`) is discovered anew. */
export class ProviderCache {
  private readonly entries = new Map<number, { version: string; at: number; config: Promise<oidc.Configuration> }>();

  get(companyId: number, version: string, client: ProviderClient): Promise<oidc.Configuration> {
    const now = Date.now();
    const entry = this.entries.get(companyId);
    if (entry && entry.version === version && now - entry.at < DISCOVERY_CACHE_MS) return entry.config;
    const config = discover(client);
    this.entries.set(companyId, { version, at: now, config });
    // A failed discovery is not kept: the next sign-in asks again.
    config.catch(() => {
      if (this.entries.get(companyId)?.config === config) this.entries.delete(companyId);
    });
    return config;
  }

  forget(companyId: number): void {
    this.entries.delete(companyId);
  }
}
