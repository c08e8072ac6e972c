import { type Endpoint, httpCall, type InputOf, ZIP_DOWNLOAD_TIMEOUT_MS } from '@safety-shield/contract';
import { i18n } from '../i18n/index.js';
import { feedback } from '../ui/feedback.js';
import { apiHeaders, TOAST_SECONDS } from './client.js';
import { saveFile } from './save-file.js';

export interface ZipDownload {
  /** The name to save under when the answer names none. */
  fallbackName: string;
  /** Bytes received so far, as they arrive. */
  onProgress?: (received: number) => void;
  /** Defaults to SPEC section 9's 200000 ms. */
  timeoutMs?: number;
}

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
 * A zip the API builds from a call's input (a PUT body), saved as a file (SPEC section 8): a body that parses as JSON is a refusal,
 * shown as an error dialog (msg as title, codeKey as content); a time-out shows the spec's warning with OK.
 * Answers whether the file was saved.
 */
export async function downloadZip<E extends Endpoint>(
  declaration: E,
  input: InputOf<E>,
  { fallbackName, onProgress, timeoutMs = ZIP_DOWNLOAD_TIMEOUT_MS }: ZipDownload,
): Promise<boolean> {
  const { method, path, body } = httpCall(declaration, input);
  try {
    const response = await fetch(path, {
      method,
      headers: apiHeaders(true),
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
    saveFile(new Blob(chunks, { type: 'application/zip' }), response, fallbackName);
    return true;
  } catch (error) {
    if (isTimeout(error)) feedback.modal?.warning({ content: i18n.t('http.zipTimeout'), okText: i18n.t('common.ok') });
    else feedback.message?.error(i18n.t('http.networkError', { message: (error as Error).message }), TOAST_SECONDS);
    return false;
  }
}
