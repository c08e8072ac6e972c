import { type Endpoint, httpCall, type InputOf, ZIP_DOWNLOAD_TIMEOUT_MS } from '@safety-shield/contract';
import { getToken } from '../auth/token.js';
import { i18n } from '../i18n/index.js';
import { feedback } from '../ui/feedback.js';

/** SPEC section 9: error toasts last 2 seconds. */
const TOAST_SECONDS = 2;

export interface ZipDownload {
  /** The JSON body the zip is made of (e.g. `{ eventId: [...] }`). */
  body: unknown;
  /** The name to save under when the answer names none. */
  fallbackName: string;
  /** Bytes received so far, as they arrive. */
  onProgress?: (received: number) => void;
  /** Defaults to SPEC section 9's 200000 ms. */
  timeoutMs?: number;
}

/** The file name a Content-Disposition header gives, else the fallback. */
const fileName = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

const isTimeout = (error: unknown) => error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** The body as the JSON envelope of a refusal, or null when it is not JSON (a zip starts with `PK`). */
function refusal(bytes: Uint8Array): { msg?: string; codeKey?: string } | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as { msg?: string; codeKey?: string }) : null;
  } catch {
    return null;
  }
}

/** Reads the whole answer, telling the progress on the way. */
async function readAll(response: Response, onProgress?: (received: number) => void): Promise<Uint8Array<ArrayBuffer>[]> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (!reader) return [new Uint8Array(await response.arrayBuffer())];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    received += value.length;
    onProgress?.(received);
  }
}

/**
 * A zip the API builds from a PUT body, saved as a file (SPEC section 8): a body that parses as JSON is a refusal,
 * shown as an error dialog (msg as title, codeKey as content); a time-out shows the spec's warning with OK.
 * Answers whether the file was saved.
 */
export async function downloadZip(path: string, { body, fallbackName, onProgress, timeoutMs = ZIP_DOWNLOAD_TIMEOUT_MS }: ZipDownload) {
  const token = getToken();
  try {
    const response = await fetch(path, {
      method: 'PUT',
      headers: {
        'accept-language': i18n.language || 'en',
        'content-type': 'application/json',
        ...(token ? { 'x-token': token } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const chunks = await readAll(response, onProgress);
    // Only a body starting with '{' can be JSON: a zip is never joined up just to be looked at.
    const json = chunks[0]?.[0] === 0x7b ? refusal(new Uint8Array(await new Blob(chunks).arrayBuffer())) : null;
    if (json || !response.ok) {
      feedback.modal?.error({
        title: json?.msg || i18n.t('http.genericError'),
        content: json?.codeKey ?? String(response.status),
        okText: i18n.t('common.ok'),
      });
      return false;
    }
    const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName(response.headers.get('content-disposition'), fallbackName);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch (error) {
    if (isTimeout(error)) feedback.modal?.warning({ content: i18n.t('http.zipTimeout'), okText: i18n.t('common.ok') });
    else feedback.message?.error(i18n.t('http.networkError', { message: (error as Error).message }), TOAST_SECONDS);
    return false;
  }
}

/** A zip a PUT endpoint of the contract builds from its input (see `downloadZip`). */
export function downloadZipOf<E extends Endpoint>(declaration: E, input: InputOf<E>, options: Omit<ZipDownload, 'body'>): Promise<boolean> {
  const { path, body } = httpCall(declaration, input);
  return downloadZip(path, { ...options, body });
}
