import { loadingStore, type LoadingStore } from '@/lib/loading/loading-store';
import { ApiError, errorEnvelopeSchema, isServerErrorCode } from './api-error';
import { reportSessionEnded } from './session-ended';

/** A path of this console's API: the only place the client calls. */
export type ApiPath = `/api/${string}`;

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Validates the answer; a body that does not match is an `invalid_response` error. Anything
   * with a zod-like `safeParse` works: the shell's own validators (lib/validation/validator.ts),
   * or a zod schema in code that already loads zod (the live part, tests).
   */
  schema: AnswerSchema<T>;
  signal?: AbortSignal;
  /** Polling and token refresh: not counted by the loading overlay. */
  background?: boolean;
}

/**
 * A call with no whole answer after this fails as `timeout`: a server or proxy that takes the
 * request and never answers must not leave a screen waiting (an overlay, "Saving…") for ever. A
 * download (lib/api/api-download.ts) has it for each chunk of its body instead.
 */
export const answerDeadlineMs = 30_000;

/** The part of a zod schema, or of a lib/validation validator, that the client uses. */
export interface AnswerSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  loading?: LoadingStore;
  /** Told of every `unauthorized` answer: the session is over (lib/api/session-ended.ts). */
  onSessionEnded?: () => void;
  deadlineMs?: number;
}

function parseRetryAfter(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? null : JSON.parse(text);
}

async function toHttpError(response: Response): Promise<ApiError> {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  const status = response.status;
  try {
    const body = await readJson(response);
    const envelope = errorEnvelopeSchema.safeParse(body);
    if (envelope.success && isServerErrorCode(envelope.data.error.code)) {
      const { code, message } = envelope.data.error;
      return new ApiError(code, message, { status, retryAfterSeconds, body });
    }
  } catch {
    // Not JSON (a proxy's error page, say): fall through to the generic error.
  }
  return new ApiError('http_error', `HTTP ${status}`, { status, retryAfterSeconds });
}

// By name: a failure may come from another realm (Node's fetch under Jest, say).
const isSyntaxError = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'SyntaxError';

function toTransportError(
  error: unknown,
  signal: AbortSignal | undefined,
  timedOut: boolean,
): ApiError {
  if (timedOut && !signal?.aborted)
    return new ApiError('timeout', 'The server did not answer in time', { cause: error });
  if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
    return new ApiError('aborted', 'The request was cancelled', { cause: error });
  }
  return new ApiError('network', 'The server could not be reached', { cause: error });
}

/** A request as sent, before its answer is read. */
interface Call {
  method: string;
  accept: string;
  body?: unknown;
  signal?: AbortSignal;
  background?: boolean;
}

/** What `read` is given besides the answer. */
export interface Reading {
  /** Types an error met while reading the body. */
  fail: (error: unknown) => ApiError;
  /** The body is still coming: the deadline starts again (a download's chunks). */
  stillComing: () => void;
}

/** Sends one call; `read` takes a successful answer. */
export function createCaller({
  fetch: fetchImpl,
  loading = loadingStore,
  onSessionEnded = reportSessionEnded,
  deadlineMs = answerDeadlineMs,
}: ApiClientOptions) {
  return async function call<T>(
    path: ApiPath,
    request: Call,
    read: (response: Response, reading: Reading) => Promise<T>,
  ): Promise<T> {
    const settle = request.background ? () => undefined : loading.begin();
    const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    // The caller's cancel and the deadline, as one signal for the request and its body.
    const stop = new AbortController();
    let timedOut = false;
    const expire = () => {
      timedOut = true;
      stop.abort();
    };
    let timer = setTimeout(expire, deadlineMs);
    const cancel = () => stop.abort();
    if (request.signal?.aborted) cancel();
    request.signal?.addEventListener('abort', cancel);
    const fail = (error: unknown) => toTransportError(error, request.signal, timedOut);
    try {
      let response: Response;
      try {
        response = await doFetch(path, {
          method: request.method,
          headers: {
            accept: request.accept,
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          credentials: 'same-origin',
          signal: stop.signal,
        });
      } catch (error) {
        throw fail(error);
      }
      if (!response.ok) {
        const error = await toHttpError(response);
        if (error.code === 'unauthorized') onSessionEnded();
        throw error;
      }
      return await read(response, {
        fail: (error) =>
          stop.signal.aborted || !isSyntaxError(error)
            ? fail(error)
            : new ApiError('invalid_response', 'The answer was not JSON', { cause: error }),
        stillComing: () => {
          clearTimeout(timer);
          timer = setTimeout(expire, deadlineMs);
        },
      });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
      settle();
    }
  };
}

/** The one way the browser calls `/api/*`: counts calls in flight, validates answers, types errors. */
export function createApiClient(options: ApiClientOptions = {}) {
  const call = createCaller(options);
  return function apiRequest<T>(path: ApiPath, request: ApiRequest<T>): Promise<T> {
    const sent = { ...request, method: request.method ?? 'GET', accept: 'application/json' };
    return call(path, sent, async (response, { fail }) => {
      let payload: unknown;
      try {
        payload = await readJson(response);
      } catch (error) {
        // Only a SyntaxError is a body that is not JSON: anything else (the connection cut while
        // the body came, the page being left) means no whole answer arrived.
        throw fail(error);
      }
      const parsed = request.schema.safeParse(payload);
      if (!parsed.success) {
        throw new ApiError('invalid_response', 'The answer had an unexpected shape', {
          status: response.status,
          cause: parsed.error,
        });
      }
      return parsed.data;
    });
  };
}

export const apiRequest = createApiClient();
