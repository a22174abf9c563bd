// @ts-check
'use strict';

const { encodeMessage, FrameDecoder } = require('./framing');
const { ErrorCodes, RpcError } = require('./errors');

/**
 * @typedef {{ isCancellationRequested: boolean, onCancellationRequested: (listener: () => void) => { dispose(): void } }} CancellationToken
 *   (the shape of vscode.CancellationToken)
 * @typedef {{ kind: 'begin' | 'report' | 'end', title?: string, message?: string, percentage?: number }} ProgressValue
 * @typedef {object} RequestOptions
 * @property {AbortSignal} [signal] cancel with an AbortController
 * @property {CancellationToken} [token] or with a vscode CancellationToken
 * @property {number} [timeoutMs] reject with a timeout error after this long
 * @property {(value: ProgressValue) => void} [onProgress] adds a workDoneToken and receives `$/progress`
 */

/**
 * JSON-RPC 2.0 client over any pair of byte streams using Content-Length
 * framing: numbered requests matched to responses, notifications both ways,
 * cancellation with `$/cancelRequest`, `$/progress` routing.
 */
class JsonRpcClient {
  /**
   * @param {NodeJS.ReadableStream} input bytes from the server
   * @param {NodeJS.WritableStream} output bytes to the server
   * @param {{ onProtocolError?: (error: Error) => void }} [options]
   */
  constructor(input, output, options = {}) {
    this.output = output;
    this.nextId = 1;
    this.nextToken = 1;
    /** @type {Map<number, { method: string, resolve: (v: any) => void, reject: (e: Error) => void, cleanup: () => void }>} */
    this.pending = new Map();
    /** @type {Map<string, Set<(params: any) => void>>} */
    this.handlers = new Map();
    /** @type {Set<(method: string, params: any) => void>} */
    this.anyHandlers = new Set();
    /** @type {Map<string | number, (value: ProgressValue) => void>} */
    this.progress = new Map();
    /** @type {RpcError | null} */
    this.closedWith = null;
    const onProtocolError = options.onProtocolError || (() => {});
    this.decoder = new FrameDecoder((message) => this.dispatch(message), onProtocolError);
    this.onData = (/** @type {Buffer} */ chunk) => this.decoder.push(chunk);
    this.input = input;
    input.on('data', this.onData);
  }

  /**
   * Send a request and wait for its result.
   * @param {string} method
   * @param {any} [params]
   * @param {RequestOptions} [options]
   * @returns {Promise<any>}
   */
  request(method, params, options = {}) {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    /** @type {(() => void)[]} */
    const cleanups = [];
    let body = params;
    if (options.onProgress) {
      const token = `p${this.nextToken++}`;
      body = { ...(params || {}), workDoneToken: token };
      this.progress.set(token, options.onProgress);
      cleanups.push(() => this.progress.delete(token));
    }
    return new Promise((resolve, reject) => {
      const entry = {
        method,
        resolve,
        reject,
        cleanup: () => cleanups.splice(0).forEach((fn) => fn()),
      };
      this.pending.set(id, entry);
      const cancel = () => {
        if (!this.pending.has(id)) return;
        this.settle(id, new RpcError(ErrorCodes.RequestCancelled, `The request ${method} was cancelled.`, undefined, method));
        this.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } });
      };
      if (options.signal) {
        if (options.signal.aborted) {
          this.pending.delete(id);
          entry.cleanup();
          reject(new RpcError(ErrorCodes.RequestCancelled, `The request ${method} was cancelled.`, undefined, method));
          return;
        }
        const signal = options.signal;
        signal.addEventListener('abort', cancel, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', cancel));
      }
      if (options.token) {
        if (options.token.isCancellationRequested) {
          this.pending.delete(id);
          entry.cleanup();
          reject(new RpcError(ErrorCodes.RequestCancelled, `The request ${method} was cancelled.`, undefined, method));
          return;
        }
        const subscription = options.token.onCancellationRequested(cancel);
        cleanups.push(() => subscription.dispose());
      }
      if (options.timeoutMs) {
        const timer = setTimeout(() => {
          if (!this.pending.has(id)) return;
          this.settle(id, new RpcError(ErrorCodes.Timeout,
            `The Fonsters server did not answer ${method} within ${Math.round(options.timeoutMs / 1000)} s.`, undefined, method));
          this.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } });
        }, options.timeoutMs);
        cleanups.push(() => clearTimeout(timer));
      }
      /** @type {any} */
      const message = { jsonrpc: '2.0', id, method };
      if (body !== undefined) message.params = body;
      this.send(message);
    });
  }

  /**
   * @param {string} method
   * @param {any} [params]
   */
  notify(method, params) {
    if (this.closedWith) return;
    /** @type {any} */
    const message = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    this.send(message);
  }

  /**
   * Listen to one notification method. Returns a disposable.
   * @param {string} method
   * @param {(params: any) => void} handler
   */
  onNotification(method, handler) {
    let set = this.handlers.get(method);
    if (!set) this.handlers.set(method, (set = new Set()));
    set.add(handler);
    return { dispose: () => set && set.delete(handler) };
  }

  /** @param {(method: string, params: any) => void} handler */
  onAnyNotification(handler) {
    this.anyHandlers.add(handler);
    return { dispose: () => this.anyHandlers.delete(handler) };
  }

  get pendingCount() {
    return this.pending.size;
  }

  /**
   * Fail every pending request and refuse new ones.
   * @param {RpcError} error
   */
  close(error) {
    if (this.closedWith) return;
    this.closedWith = error;
    this.input.removeListener('data', this.onData);
    for (const id of [...this.pending.keys()]) this.settle(id, error);
  }

  /** @param {any} message */
  send(message) {
    try {
      this.output.write(encodeMessage(message));
    } catch {
      // A dead pipe: the owner notices the exit and closes us.
    }
  }

  /**
   * @param {number} id
   * @param {Error | null} error
   * @param {any} [result]
   */
  settle(id, error, result) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    entry.cleanup();
    if (error) entry.reject(error);
    else entry.resolve(result);
  }

  /** @param {any} message */
  dispatch(message) {
    if (Array.isArray(message)) {
      message.forEach((m) => this.dispatch(m));
      return;
    }
    if (!message || typeof message !== 'object') return;
    const hasId = message.id !== undefined && message.id !== null;
    if (typeof message.method === 'string') {
      if (hasId) {
        // The contract has no server-to-client requests; answer politely.
        this.send({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCodes.MethodNotFound, message: `Client does not handle ${message.method}` } });
        return;
      }
      this.deliver(message.method, message.params);
      return;
    }
    if (!hasId) return;
    const entry = this.pending.get(message.id);
    if (!entry) return; // cancelled or timed out earlier
    if (message.error) {
      const e = message.error;
      this.settle(message.id, new RpcError(
        typeof e.code === 'number' ? e.code : ErrorCodes.InternalError,
        typeof e.message === 'string' ? e.message : 'Unknown error', e.data, entry.method));
    } else {
      this.settle(message.id, null, message.result);
    }
  }

  /**
   * @param {string} method
   * @param {any} params
   */
  deliver(method, params) {
    if (method === '$/progress' && params && this.progress.has(params.token)) {
      const fn = this.progress.get(params.token);
      try { fn && fn(params.value); } catch { /* listener errors are not ours */ }
    }
    for (const handler of this.handlers.get(method) || []) {
      try { handler(params); } catch { /* keep delivering */ }
    }
    for (const handler of this.anyHandlers) {
      try { handler(method, params); } catch { /* keep delivering */ }
    }
  }
}

module.exports = { JsonRpcClient };
