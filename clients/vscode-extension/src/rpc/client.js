// @ts-check
'use strict';

const { encodeMessage, FrameDecoder } = require('./framing');
const { rpcCore } = require('./core');

/** @typedef {import('../../../web/ui/rpc.mjs').RequestOptions} RequestOptions */

/**
 * The shared JSON-RPC client core (clients/web/ui/rpc.mjs, loaded by
 * `loadRpc()` first) over a pair of byte streams with Content-Length framing:
 * this adapter only frames what the core sends and decodes what arrives.
 */
class JsonRpcClient {
  /**
   * @param {NodeJS.ReadableStream} input bytes from the server
   * @param {NodeJS.WritableStream} output bytes to the server
   * @param {{ onProtocolError?: (error: Error) => void, check?: ((method: string, params: any) => void) | null }} [options]
   *   `check`: refuse calls before sending them (default: against the server's declarations)
   */
  constructor(input, output, options = {}) {
    this.core = rpcCore().createRpcClient({ send: (/** @type {any} */ m) => output.write(encodeMessage(m)), check: options.check });
    this.decoder = new FrameDecoder((message) => this.core.receive(message), options.onProtocolError || (() => {}));
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
  request(method, params, options) { return this.core.request(method, params, options); }

  /** @param {string} method @param {any} [params] */
  notify(method, params) { this.core.notify(method, params); }

  /**
   * Listen to one notification method.
   * @param {string} method
   * @param {(params: any) => void} handler
   * @returns {{ dispose(): void }}
   */
  onNotification(method, handler) { return { dispose: this.core.onNotification(method, handler) }; }

  /** @param {(method: string, params: any) => void} handler @returns {{ dispose(): void }} */
  onAnyNotification(handler) { return { dispose: this.core.onNotification('*', handler) }; }

  /** Requests waiting for an answer. */
  get pendingCount() { return this.core.pendingCount; }

  /**
   * Fail every pending request and refuse new ones.
   * @param {Error} error
   */
  close(error) {
    this.input.removeListener('data', this.onData);
    this.core.close(error);
  }
}

module.exports = { JsonRpcClient };
