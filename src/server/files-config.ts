import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** S3 access as Markwise passes it to the SDK; the SDK itself reads no environment or profile. */
export interface S3Settings {
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end; '' keeps keys at the root. */
  prefix: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2…); unset means AWS itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

/** Where uploaded files are kept: a folder of this machine, or a bucket of an S3-compatible service. */
export type FilesConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Settings);

type FilesUrl = { kind: 'local'; dir: string } | { kind: 's3'; bucket: string; prefix: string };

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_.-]+$/;
const FILES_URL_FORMS = 'must be s3://bucket/prefix or file:///absolute/path';

/** FILES_URL: `s3://bucket/prefix` (prefix optional) or `file:///absolute/path`. */
export const filesUrl = z
  .string()
  .trim()
  .transform((v, ctx): FilesUrl => {
    const s3 = /^s3:\/\/([^/]*)(\/.*)?$/.exec(v);
    if (s3) {
      const bucket = s3[1]!;
      const prefix = (s3[2] ?? '').replace(/^\/+|\/+$/g, '');
      const segments = prefix ? prefix.split('/') : [];
      if (!BUCKET.test(bucket)) {
        ctx.addIssue({ code: 'custom', message: `"${bucket}" is not a valid S3 bucket name` });
      } else if (segments.some((s) => !PREFIX_SEGMENT.test(s) || s === '.' || s === '..')) {
        ctx.addIssue({
          code: 'custom',
          message: 'the prefix may hold letters, digits, ".", "-" and "_" between single slashes',
        });
      } else return { kind: 's3', bucket, prefix };
      return z.NEVER;
    }
    if (v.startsWith('file:///')) {
      try {
        return { kind: 'local', dir: path.resolve(fileURLToPath(v)) };
      } catch {
        // falls through to the message below
      }
    }
    ctx.addIssue({ code: 'custom', message: FILES_URL_FORMS });
    return z.NEVER;
  });

/** The storage variables of the environment schema, after their own parsing. */
interface StorageEnv {
  FILES_DIR?: string;
  FILES_URL?: FilesUrl | string;
  AWS_ENDPOINT_URL_S3?: string;
  AWS_REGION?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}

const isS3 = (u: StorageEnv['FILES_URL']) => typeof u === 'object' && u.kind === 's3';

/** Combinations of the storage variables that cannot work, each with the variable to blame. */
export function storageProblems(env: StorageEnv): Array<{ path: string[]; message: string }> {
  const problems: Array<{ path: string[]; message: string }> = [];
  if (env.FILES_URL !== undefined && env.FILES_DIR !== undefined) {
    problems.push({ path: ['FILES_URL'], message: 'set FILES_URL or FILES_DIR, not both' });
  }
  if (!isS3(env.FILES_URL)) return problems;
  if (!env.AWS_ACCESS_KEY_ID || !env.AWS_SECRET_ACCESS_KEY) {
    problems.push({
      path: ['AWS_ACCESS_KEY_ID'],
      message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required when FILES_URL is s3://',
    });
  }
  if (!env.AWS_REGION && !env.AWS_ENDPOINT_URL_S3) {
    problems.push({
      path: ['AWS_REGION'],
      message: 'required when FILES_URL is s3:// without AWS_ENDPOINT_URL_S3',
    });
  }
  return problems;
}

/** The file store the (valid) environment asks for; the AWS variables count only for s3://. */
export function filesConfig(env: StorageEnv, dataDir: string): FilesConfig {
  const url = env.FILES_URL;
  if (typeof url === 'object' && url.kind === 's3') {
    return {
      kind: 's3',
      bucket: url.bucket,
      prefix: url.prefix,
      region: env.AWS_REGION ?? 'us-east-1',
      endpoint: env.AWS_ENDPOINT_URL_S3,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID!,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY!,
      },
    };
  }
  if (typeof url === 'object') return url;
  return {
    kind: 'local',
    dir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : path.join(dataDir, 'files'),
  };
}
