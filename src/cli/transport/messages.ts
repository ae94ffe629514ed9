// Request, Response and FormData for the CLI bundle's HTTP transport (see index.ts for why): the part
// of fetch's surface that the CLI, coffer/client and openapi-fetch use. Bodies are whole strings or
// bytes, never streams: Coffer's answers are small. What is left out throws, rather than misbehaving.
import { type HeadersInit, TransportHeaders } from "./headers.ts";

export const notSupported = (what: string): Error => new Error(`not supported by the CLI transport: ${what}`);

export interface RequestInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | URLSearchParams | null;
  signal?: AbortSignal | null;
  redirect?: "follow" | "manual" | "error";
}
const REQUEST_INIT_KEYS = new Set(["method", "headers", "body", "signal", "redirect"]);

// Methods fetch upper-cases whatever their case; any other is sent as written.
const NORMALISED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

export class TransportRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: TransportHeaders;
  readonly signal: AbortSignal | undefined;
  /** Kept for what reads it: the transport follows no redirect whatever it says (fetch.ts). */
  readonly redirect: "follow" | "manual" | "error";
  readonly #body: string | null;

  constructor(input: string | URL | TransportRequest, init: RequestInit = {}) {
    for (const [key, value] of Object.entries(init)) {
      if (value !== undefined && !REQUEST_INIT_KEYS.has(key)) throw notSupported(`Request's ${key}`);
    }
    const from = input instanceof TransportRequest ? input : undefined;
    let url: URL;
    try {
      url = new URL(from ? from.url : String(input));
    } catch (error) {
      // Not the text itself: a URL may carry a share link's token in its path.
      throw new TypeError("Failed to parse URL", { cause: error });
    }
    // As fetch: node:http would send them as Basic authorization.
    if (url.username || url.password)
      throw new TypeError(
        `Request cannot be constructed from a URL that includes credentials: ${url.origin}`,
      );
    this.url = url.href;
    const method = init.method ?? from?.method ?? "GET";
    this.method = NORMALISED_METHODS.has(method.toUpperCase()) ? method.toUpperCase() : method;
    this.headers = new TransportHeaders(init.headers ?? from?.headers);
    this.signal = init.signal ?? from?.signal ?? undefined;
    this.redirect = init.redirect ?? from?.redirect ?? "follow";

    let body: string | null = from ? from.#body : null;
    if (init.body instanceof URLSearchParams) {
      body = init.body.toString();
      // As fetch does for a form.
      if (!this.headers.has("content-type"))
        this.headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    } else if (typeof init.body === "string") {
      body = init.body;
      if (!this.headers.has("content-type")) this.headers.set("content-type", "text/plain;charset=UTF-8");
    } else if (init.body === null) {
      body = null;
    } else if (init.body !== undefined) {
      throw notSupported("a request body that is not a string or URLSearchParams");
    }
    if (body !== null && (this.method === "GET" || this.method === "HEAD"))
      throw new TypeError("Request with GET/HEAD method cannot have body.");
    this.#body = body;
  }

  /** The body as it goes on the wire (fetch.ts); null when there is none. */
  bodyText(): string | null {
    return this.#body;
  }

  get body(): never {
    throw notSupported("Request.body as a stream (the transport keeps bodies whole)");
  }

  clone(): TransportRequest {
    return new TransportRequest(this);
  }

  async text(): Promise<string> {
    return this.#body ?? "";
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  get [Symbol.toStringTag](): string {
    return "Request";
  }
}

export interface ResponseInit {
  status?: number;
  statusText?: string;
  headers?: HeadersInit;
  /** The transport's own (fetch.ts): the address that answered. */
  url?: string;
}

export class TransportResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: TransportHeaders;
  readonly url: string;
  readonly redirected = false;
  readonly type = "basic";
  readonly #bytes: Uint8Array;
  #used = false;

  constructor(body: string | Uint8Array | null = null, init: ResponseInit = {}) {
    this.status = init.status ?? 200;
    if (this.status < 200 || this.status > 599)
      throw new RangeError(`init["status"] must be in the range of 200 to 599, inclusive.`);
    this.statusText = init.statusText ?? "";
    this.headers = new TransportHeaders(init.headers);
    this.url = init.url ?? "";
    this.#bytes = typeof body === "string" ? Buffer.from(body, "utf8") : (body ?? new Uint8Array(0));
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  get body(): never {
    throw notSupported("Response.body as a stream (the transport reads answers whole)");
  }

  #consume(): Uint8Array {
    if (this.#used) throw new TypeError("Body is unusable: Body has already been read");
    this.#used = true;
    return this.#bytes;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#consume();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  /** UTF-8, a byte-order mark dropped, as fetch's text() decodes. */
  async text(): Promise<string> {
    const text = Buffer.from(this.#consume()).toString("utf8");
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  blob(): never {
    throw notSupported("Response.blob()");
  }

  formData(): never {
    throw notSupported("Response.formData()");
  }

  clone(): TransportResponse {
    if (this.#used) throw new TypeError("Response.clone: Body has already been consumed.");
    const { status, statusText, headers, url } = this;
    return new TransportResponse(this.#bytes, { status, statusText, headers, url });
  }

  get [Symbol.toStringTag](): string {
    return "Response";
  }
}

/** Never made by the CLI: only there for openapi-fetch's `instanceof FormData` checks. */
export class TransportFormData {
  constructor() {
    throw notSupported("FormData");
  }
}
