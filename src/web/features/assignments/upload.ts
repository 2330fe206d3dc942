import type { ErrorResponse } from '../../../shared/api';
import { ApiError } from '../../lib/api';

/**
 * Sends a multipart form with XMLHttpRequest so the page can show upload progress (fetch cannot
 * report it). `onProgress` receives 0..1. Resolves with the JSON reply; rejects with ApiError.
 */
export function uploadForm<T>(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const err = (body as Partial<ErrorResponse> | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          err?.code ?? `http_${xhr.status}`,
          err?.message ?? (xhr.statusText || 'The upload failed.'),
          err?.details,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network_error', 'The upload failed: check your connection.'));
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
