// STORAGE_URL (issue 41 §1, decision 097): where the uploaded files live. Parsed here, without the
// SDK, so that config.ts can refuse a wrong value at start-up with the variable's name.

/** Local disk under `${DATA_DIR}/uploads` (the default), or an S3-compatible bucket. */
export type StorageTarget =
  | { kind: 'disk' }
  | { kind: 's3'; bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean };

// S3's bucket naming rules (3–63 lowercase letters, digits, dots and dashes, starting and ending
// with a letter or digit): a name the SDK would only refuse at the first upload is refused at start.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN = new Set(['endpoint', 'region', 'forcePathStyle']);

/**
 * `file:` (or nothing) → disk; `s3://<bucket>?endpoint=<http(s)://host:port>&region=<r>&forcePathStyle=true`
 * → S3. Credentials are not part of it: the SDK reads AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY
 * (or its other standard sources), so that no secret sits in a URL that gets logged.
 */
export function parseStorageUrl(text: string | undefined): StorageTarget | { problem: string } {
  const value = text?.trim();
  if (!value || value === 'file:' || value === 'file://') return { kind: 'disk' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'is file: or s3://<bucket>?endpoint=<http(s)://host:port>&region=<region>&forcePathStyle=true' };
  }
  if (url.protocol !== 's3:') return { problem: `has the scheme ${JSON.stringify(url.protocol)}: only file: (local disk) and s3:// are known` };
  if (url.username || url.password) return { problem: 'carries no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead' };
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return { problem: `names the bucket ${JSON.stringify(bucket)}: 3 to 63 lowercase letters, digits, dots and dashes` };
  if (url.port || (url.pathname !== '' && url.pathname !== '/')) return { problem: 'is s3://<bucket> with no port or path: the server goes in ?endpoint=' };
  const unknown = [...url.searchParams.keys()].filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) return { problem: `has unknown parameters (${unknown.join(', ')}): endpoint, region and forcePathStyle are known` };
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint) {
    let server: URL | undefined;
    try {
      server = new URL(endpoint);
    } catch {
      server = undefined;
    }
    if (!server || (server.protocol !== 'http:' && server.protocol !== 'https:') || (server.pathname !== '/' && server.pathname !== '')) {
      return { problem: `has the endpoint ${JSON.stringify(endpoint)}: an http(s)://host:port address with no path` };
    }
  }
  const forcePathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') return { problem: 'has forcePathStyle other than true or false' };
  const region = url.searchParams.get('region') || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return { problem: `has the region ${JSON.stringify(region)}: lowercase letters, digits and dashes` };
  return { kind: 's3', bucket, endpoint: endpoint?.replace(/\/$/, ''), region, forcePathStyle: forcePathStyle === 'true' };
}
