// The JSON-RPC 2.0 client core shared by the web page and the VS Code extension: numbered
// requests matched to their answers, cancellation (`$/cancelRequest`), timeouts, `$/progress`
// routed to the request that asked for it (its workDoneToken), and notifications fanned out to
// listeners. It knows nothing of bytes: each front gives it a transport as two small adapters —
// `send(message)` to write one message, and `receive(message)` called with each parsed one.
// The page's adapter is a WebSocket (ui/api.js); the extension's is the server's pipes with
// Content-Length framing (clients/vscode-extension/src/rpc/client.js).
// (.mjs: Node loads it as a module in the extension, whatever package.json says.)

import { ERROR_CODES, METHOD_NAMES, checkCall } from './protocol.mjs';

export { ERROR_CODES, METHOD_NAMES };

/** Codes of conditions the client itself detects; the server never sends them. */
export const CLIENT_ERROR_CODES = Object.freeze({
  /** The connection closed (or the server stopped) before the answer came. */
  connectionClosed: -32099,
  /** No answer within the request's `timeoutMs`. */
  timeout: -32098,
});

/** An error answered by the server, or raised by the client about the connection. */
export class RpcError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {any} [data]
   * @param {string} [method] the request that failed
   */
  constructor(code, message, data, method) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
    this.method = method;
  }

  /** Whether the request was cancelled (by the client, or the server on its behalf). */
  get cancelled() { return this.code === ERROR_CODES.requestCancelled; }
}

/** Whether `error` is a cancellation (not a failure to show anyone). */
export function isCancellation(error) {
  return error instanceof RpcError && error.cancelled;
}

/**
 * A sentence a person can read. The server writes its messages for people; only
 * protocol-level failures get a client-side explanation.
 * @param {unknown} error
 * @returns {string}
 */
export function readableMessage(error) {
  if (error instanceof RpcError) {
    switch (error.code) {
      case ERROR_CODES.methodNotFound:
        return `The Fonsters server does not support "${error.method || 'this request'}". It may be older than this client.`;
      case ERROR_CODES.parseError:
      case ERROR_CODES.invalidRequest:
        return `The Fonsters server could not read a request (${error.message}).`;
      case ERROR_CODES.internalError:
        return `The Fonsters server hit an internal error: ${error.message}`;
      default:
        return error.message || `The Fonsters server reported error ${error.code}.`;
    }
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * @typedef {{ isCancellationRequested: boolean, onCancellationRequested: (listener: () => void) => { dispose(): void } }} CancellationToken
 *   (the shape of vscode.CancellationToken)
 * @typedef {object} RequestOptions
 * @property {AbortSignal} [signal] cancel with an AbortController
 * @property {CancellationToken} [token] or with a VS Code CancellationToken
 * @property {number} [timeoutMs] fail with CLIENT_ERROR_CODES.timeout (and cancel on the server) after this long
 * @property {(value: any) => void} [onProgress] adds a workDoneToken and receives its `$/progress` values until the answer
 */

/**
 * The client core over one transport.
 * @param {object} transport
 * @param {(message: any) => void} transport.send write one message (an object; the adapter frames it)
 * @param {((method: string, params: any) => void) | null} [transport.check] refuse a call before sending
 *   it (default: `checkCall` against the server's declarations, so a misspelt param fails at once)
 * @param {{ setTimeout: typeof setTimeout, clearTimeout: typeof clearTimeout }} [transport.timers]
 */
export function createRpcClient(transport) {
  const check = transport.check === undefined ? checkCall : transport.check;
  const timers = transport.timers || globalThis;
  let nextId = 1;
  let nextToken = 1;
  /** @type {Map<number, { method: string, resolve: (v: any) => void, reject: (e: Error) => void, cleanup: () => void }>} */
  const pending = new Map();
  /** @type {Map<string, Set<Function>>} listeners by notification method; '*' hears every one as (method, params) */
  const listeners = new Map();
  /** @type {Map<string, (value: any) => void>} */
  const progress = new Map();
  /** @type {RpcError | null} */
  let closedWith = null;

  function send(message) {
    try {
      transport.send(message);
    } catch {
      // A dead transport: its owner notices and fails or closes us.
    }
  }

  function settle(id, error, result) {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    entry.cleanup();
    if (error) entry.reject(error);
    else entry.resolve(result);
  }

  const cancelled = (method) => new RpcError(ERROR_CODES.requestCancelled, `The request ${method} was cancelled.`, undefined, method);

  /**
   * Send a request; the promise holds its result or rejects with an RpcError.
   * @param {string} method
   * @param {any} [params]
   * @param {RequestOptions} [options]
   * @returns {Promise<any>}
   */
  function request(method, params, options = {}) {
    if (closedWith) return Promise.reject(closedWith);
    if (check) {
      try { check(method, params); } catch (error) {
        return Promise.reject(new RpcError(ERROR_CODES.invalidParams, /** @type {Error} */ (error).message, undefined, method));
      }
    }
    const { signal, token, timeoutMs, onProgress } = options;
    if ((signal && signal.aborted) || (token && token.isCancellationRequested)) return Promise.reject(cancelled(method));
    const id = nextId++;
    /** @type {(() => void)[]} */
    const cleanups = [];
    let body = params;
    if (onProgress) {
      const workDoneToken = `p${nextToken++}`;
      body = { ...(params || {}), workDoneToken };
      progress.set(workDoneToken, onProgress);
      cleanups.push(() => progress.delete(workDoneToken));
    }
    return new Promise((resolve, reject) => {
      pending.set(id, { method, resolve, reject, cleanup: () => cleanups.splice(0).forEach((fn) => fn()) });
      /** Stop waiting with `error` and tell the server to stop working. */
      const giveUp = (error) => {
        if (!pending.has(id)) return;
        settle(id, error);
        send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } });
      };
      if (signal) {
        const onAbort = () => giveUp(cancelled(method));
        signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
      if (token) {
        const subscription = token.onCancellationRequested(() => giveUp(cancelled(method)));
        cleanups.push(() => subscription.dispose());
      }
      if (timeoutMs) {
        const timer = timers.setTimeout(() => giveUp(new RpcError(CLIENT_ERROR_CODES.timeout,
          `The Fonsters server did not answer ${method} within ${Math.round(timeoutMs / 1000)} s.`, undefined, method)), timeoutMs);
        cleanups.push(() => timers.clearTimeout(timer));
      }
      /** @type {any} */
      const message = { jsonrpc: '2.0', id, method };
      if (body !== undefined) message.params = body;
      send(message);
    });
  }

  /** Send a notification (no answer). */
  function notify(method, params) {
    if (closedWith) return;
    /** @type {any} */
    const message = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    send(message);
  }

  /**
   * Listen to a notification method (`*`: every notification, as `(method, params)`).
   * @returns {() => void} stop listening
   */
  function onNotification(method, fn) {
    if (!listeners.has(method)) listeners.set(method, new Set());
    const set = /** @type {Set<Function>} */ (listeners.get(method));
    set.add(fn);
    return () => { set.delete(fn); };
  }

  function deliver(method, params) {
    if (method === '$/progress' && params && progress.has(params.token)) {
      const fn = progress.get(params.token);
      try { if (fn) fn(params.value); } catch { /* a listener's error is not the connection's */ }
    }
    for (const fn of listeners.get(method) || []) {
      try { fn(params); } catch { /* keep delivering */ }
    }
    for (const fn of listeners.get('*') || []) {
      try { fn(method, params); } catch { /* keep delivering */ }
    }
  }

  /** Handle one parsed message (or batch) from the server. */
  function receive(message) {
    if (Array.isArray(message)) { message.forEach(receive); return; }
    if (!message || typeof message !== 'object') return;
    const hasId = message.id !== undefined && message.id !== null;
    if (typeof message.method === 'string') {
      if (hasId) {
        // The protocol has no server-to-client requests; answer politely.
        send({ jsonrpc: '2.0', id: message.id, error: { code: ERROR_CODES.methodNotFound, message: `The client does not handle ${message.method}.` } });
        return;
      }
      deliver(message.method, message.params);
      return;
    }
    if (!hasId) return;
    const entry = pending.get(message.id);
    if (!entry) return; // cancelled or timed out earlier
    if (message.error) {
      const e = message.error;
      settle(message.id, new RpcError(typeof e.code === 'number' ? e.code : ERROR_CODES.internalError,
        typeof e.message === 'string' ? e.message : 'Unknown error', e.data, entry.method));
    } else {
      settle(message.id, null, message.result);
    }
  }

  /** Fail every request waiting for an answer with `error` (the connection dropped); new ones may follow. */
  function failPending(error) {
    for (const id of [...pending.keys()]) settle(id, error);
  }

  /** Fail every pending request with `error` and refuse new ones with it. */
  function close(error) {
    if (closedWith) return;
    closedWith = error;
    failPending(error);
  }

  return {
    request,
    notify,
    onNotification,
    receive,
    failPending,
    close,
    /** Requests waiting for an answer. */
    get pendingCount() { return pending.size; },
    /** The error the client was closed with, or null while open. */
    get closedWith() { return closedWith; },
  };
}
