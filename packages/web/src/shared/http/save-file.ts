/** The file name a Content-Disposition header gives, else the fallback. */
export const fileName = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/** Hands a downloaded file to the browser to save, under the name the answer gives or the fallback. */
export function saveFile(blob: Blob, response: Response, fallbackName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response.headers.get('content-disposition'), fallbackName);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
