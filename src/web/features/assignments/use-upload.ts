import { useState } from 'react';
import { uploadForm } from './upload';

/** A multipart upload with its progress (0..1) and busy flag, for forms that send files. */
export function useUpload<T>() {
  const [progress, setProgress] = useState<number | null>(null);
  const send = async (url: string, form: FormData): Promise<T> => {
    setProgress(0);
    try {
      return await uploadForm<T>(url, form, setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { send, progress, busy: progress !== null };
}
