import { type Endpoint, httpCall, type InputOf, type QueryParams, toQuery } from '@safety-shield/contract';
import { apiHeaders, REQUEST_TIMEOUT_MS } from './client.js';
import { saveFile } from './save-file.js';

/**
 * Saves the file a GET endpoint of the contract streams (exports, the user guide). SPEC section 8: export failures
 * are only logged; the promise answers whether the file was saved, so the caller can show a hint.
 */
export async function downloadFile<E extends Endpoint>(declaration: E, input: InputOf<E>, fallbackName: string): Promise<boolean> {
  const { path, query } = httpCall(declaration, input);
  try {
    const response = await fetch(path + toQuery(query as QueryParams), {
      headers: apiHeaders(false),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // A refusal is the JSON envelope; a JSON file comes as an attachment.
    const envelope =
      (response.headers.get('content-type') ?? '').includes('application/json') &&
      !(response.headers.get('content-disposition') ?? '').startsWith('attachment');
    if (!response.ok || envelope) {
      console.error('export failed', path, response.status, await response.text());
      return false;
    }
    saveFile(await response.blob(), response, fallbackName);
    return true;
  } catch (error) {
    console.error('export failed', path, error);
    return false;
  }
}
