import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';

/** What the server answered: status, headers, the body as text and, when it parses, as JSON. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body exactly as received, decoded as UTF-8. */
  text: string;
  /** The body parsed as JSON, or `undefined` when it is empty or not JSON. */
  json: unknown;
}

export interface RawRequestOptions {
  /** Sent byte for byte. A string is encoded as UTF-8. */
  body?: string | Buffer;
  /** Extra request headers. */
  headers?: Readonly<Record<string, string>>;
  /**
   * Content-Type of a request with a body: `application/json` unless told otherwise; `null` sends
   * no Content-Type header at all.
   */
  contentType?: string | null;
  /** Send the body with `Transfer-Encoding: chunked` instead of a Content-Length. */
  chunked?: boolean;
  /** Connection handling; by default a fresh connection that closes after the response. */
  agent?: Agent | false;
  /**
   * Send the whole body even when the answer comes first, and resolve only once it is sent
   * (to test that a keep-alive connection stays usable after an early answer).
   */
  finishBody?: boolean;
  /** Fails the request when no complete response arrived in time (default 15 s). */
  timeoutMs?: number;
}

/**
 * A minimal HTTP client on `node:http` for the API tests. Unlike `fetch`, it sends a GET with a
 * body and sends the path exactly as given (malformed percent escapes, `%252F`, upper case...).
 *
 * It resolves as soon as the whole response has arrived, even when the server answered before
 * reading the whole request body (413): the unsent rest of the body is then dropped, so a test
 * never hangs on a server that stopped reading.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  rawPath: string,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = {};
  if (body !== undefined) {
    const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
    if (contentType !== null) headers['Content-Type'] = contentType;
    // Node frames a GET body only when told: it does not chunk GETs by default.
    if (options.chunked) headers['Transfer-Encoding'] = 'chunked';
    else headers['Content-Length'] = String(body.length);
  }
  Object.assign(headers, options.headers);

  return new Promise<RawResponse>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };

    const req = httpRequest(
      {
        host: hostname,
        port: Number(port),
        method,
        path: rawPath,
        headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (e) => finish(() => reject(e)));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const answer = (): void =>
            finish(() =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) }),
            );
          if (req.writableFinished) {
            answer();
          } else if (options.finishBody) {
            req.once('finish', answer);
          } else {
            // The server answered without reading everything (413): drop the rest of the body.
            answer();
            req.destroy();
          }
        });
      },
    );
    // Write errors after the answer (EPIPE, ECONNRESET on a 413) are expected and ignored.
    req.on('error', (e) => finish(() => reject(e)));

    const timer = setTimeout(() => {
      finish(() => reject(new Error(`${method} ${rawPath}: no complete response in time`)));
      req.destroy();
    }, options.timeoutMs ?? 15_000);

    if (body === undefined) {
      req.end();
    } else if (options.chunked) {
      req.write(body);
      req.end();
    } else {
      req.end(body);
    }
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A client bound to one server: `client.get('/api/tags')`, `client.put(path, [...])`... */
export interface ApiClient {
  readonly baseUrl: string;
  request(method: string, rawPath: string, options?: RawRequestOptions): Promise<RawResponse>;
  get(rawPath: string, options?: RawRequestOptions): Promise<RawResponse>;
  /** GET with a JSON body (serialised with `JSON.stringify`). */
  getWithJson(rawPath: string, body: unknown, options?: RawRequestOptions): Promise<RawResponse>;
  /** PUT with a JSON body (serialised with `JSON.stringify`). */
  put(rawPath: string, body: unknown, options?: RawRequestOptions): Promise<RawResponse>;
}

export function apiClient(baseUrl: string): ApiClient {
  const request = (method: string, rawPath: string, options?: RawRequestOptions) =>
    rawRequest(baseUrl, method, rawPath, options);
  return {
    baseUrl,
    request,
    get: (rawPath, options) => request('GET', rawPath, options),
    getWithJson: (rawPath, body, options) =>
      request('GET', rawPath, { ...options, body: JSON.stringify(body) }),
    put: (rawPath, body, options) => request('PUT', rawPath, { ...options, body: JSON.stringify(body) }),
  };
}
