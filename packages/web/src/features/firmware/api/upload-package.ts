import { type Envelope, type FirmwarePackage, type FirmwareUploadFields, firmwareApi, httpCall } from '@safety-shield/contract';
import { ApiError, apiHeaders, failureText, TOAST_SECONDS } from '../../../shared/http/client.js';
import { i18n } from '../../../shared/i18n/index.js';
import { feedback } from '../../../shared/ui/feedback.js';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * `upgradeDevice2` through XMLHttpRequest, not fetch: only it reports how much of the body went out, and a package can
 * be hundreds of MB. The fields go first, then the file (the server streams the file and needs the fields before it).
 * A refusal is shown as every call's is and rejects with an ApiError (its `data.field` names the field refused).
 */
export function uploadPackage(
  fields: FirmwareUploadFields,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<FirmwarePackage> {
  const { method, path } = httpCall(firmwareApi.upload, undefined);
  const form = new FormData();
  form.append('version', fields.version);
  if (fields.models) form.append('models', fields.models);
  if (fields.notes) form.append('notes', fields.notes);
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [name, value] of Object.entries(apiHeaders(false))) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    const fail = (text: string, error: ApiError) => {
      feedback.message?.error(text, TOAST_SECONDS);
      reject(error);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? { code: xhr.status, codeKey: 'SERVER_EXCEPTION' }) as Partial<Envelope<FirmwarePackage>>;
      if (body.code === 200 && body.data) return resolve(body.data);
      const text = failureText(body);
      fail(text, new ApiError(body.msg || i18n.t('http.genericError'), body.code ?? xhr.status, body.codeKey, body.data ?? null));
    };
    xhr.onerror = () => {
      const text = i18n.t('firmware.upload.networkError');
      fail(i18n.t('http.networkError', { message: text }), new ApiError(text, 0, undefined));
    };
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
