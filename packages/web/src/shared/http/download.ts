import { type Endpoint, httpCall, type InputOf } from '@safety-shield/contract';
import { getToken } from '../auth/token.js';
import { i18n } from '../i18n/index.js';
import { type Params, REQUEST_TIMEOUT_MS, toQuery } from './client.js';

/** The file name a Content-Disposition header gives, else the fallback. */
function fileName(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Saves a file the API streams (exports). SPEC section 8: export failures are only logged; the promise
 * answers whether the file was saved, so the caller can show a hint.
 */
export async function download(path: string, params: Params, fallbackName: string): Promise<boolean> {
  try {
    const token = getToken();
    const response = await fetch(path + toQuery(params), {
      headers: { 'accept-language': i18n.language || 'en', ...(token ? { 'x-token': token } : {}) },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
      console.error('export failed', path, response.status, await response.text());
      return false;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName(response.headers.get('content-disposition'), fallbackName);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch (error) {
    console.error('export failed', path, error);
    return false;
  }
}

/** Saves the file a GET endpoint of the contract streams (exports, the user guide); answers whether it was saved. */
export function downloadFile<E extends Endpoint>(declaration: E, input: InputOf<E>, fallbackName: string): Promise<boolean> {
  const { path, query } = httpCall(declaration, input);
  return download(path, query as Params, fallbackName);
}
