// @ts-check
'use strict';

const { importShared } = require('../detail/ui-location');

/**
 * The JSON-RPC client core the extension shares with the web page
 * (clients/web/ui/rpc.mjs: requests, cancellation, timeouts, `$/progress`,
 * notifications, RpcError, the server's error codes from the generated
 * protocol.mjs). It is an ES module, so this CommonJS extension loads it once
 * with `import()` — ServerConnection.start awaits `loadRpc()` before it
 * starts a server, so every later use finds it loaded.
 */

/** @type {any} */
let core = null;
/** @type {Promise<any> | null} */
let loading = null;

/** Load the shared core (once). @returns {Promise<any>} */
function loadRpc() {
  if (!loading) loading = importShared('rpc.mjs').then((m) => { core = m; return m; });
  return loading;
}

/** The loaded core (`createRpcClient`, `RpcError`, `ERROR_CODES`, `CLIENT_ERROR_CODES`, …). */
function rpcCore() {
  if (!core) throw new Error('The shared JSON-RPC module is not loaded yet: await loadRpc() first.');
  return core;
}

/**
 * A sentence a person can read (the server's own, or the core's for protocol failures).
 * Before the core has loaded no RpcError exists, so an error is then a plain one.
 * @param {unknown} error
 * @returns {string}
 */
function readableMessage(error) {
  if (core) return core.readableMessage(error);
  return error instanceof Error ? error.message : String(error);
}

/** Whether `error` is a cancellation, which nobody needs to be told of. @param {unknown} error */
function isCancellation(error) {
  return !!core && core.isCancellation(error);
}

module.exports = { loadRpc, rpcCore, readableMessage, isCancellation };
