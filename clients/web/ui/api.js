// The web page's way to the server: the shared JSON-RPC client core (ui/rpc.mjs) over the
// page's own WebSocket (`/rpc`, same origin, cookie auth), reconnecting with back-off when the
// server goes away. Every method call in clients/web goes through `call`; notifications
// through `subscribe`.

import { createRpcClient, RpcError, CLIENT_ERROR_CODES } from './rpc.mjs';

/** Reconnect delays in ms: doubling from 250 ms, at most 8 s. */
export function backoffDelay(attempt) {
  return Math.min(8000, 250 * 2 ** Math.max(0, attempt));
}

/**
 * A connection that reconnects with back-off. Calls made while it is down wait
 * for it; calls in flight when it drops fail with CLIENT_ERROR_CODES.connectionClosed.
 * @param {{ url: string, WebSocket?: any, setTimeout?: Function, clearTimeout?: Function }} options
 */
export function createConnection(options) {
  const Socket = options.WebSocket || globalThis.WebSocket;
  const later = options.setTimeout || globalThis.setTimeout.bind(globalThis);
  const cancelLater = options.clearTimeout || globalThis.clearTimeout.bind(globalThis);
  let socket = null;
  let open = false;
  let attempt = 0;
  let retryTimer = null;
  let closedForGood = false;
  /** @type {string[]} messages waiting for the socket to open */
  const queue = [];
  /** @type {Set<Function>} */
  const statusListeners = new Set();
  let status = { state: 'connecting', attempt: 0, retryInMs: 0 };
  const rpc = createRpcClient({
    send(message) {
      const text = JSON.stringify(message);
      if (open && socket) socket.send(text);
      else queue.push(text);
    },
  });

  function setStatus(next) {
    status = next;
    for (const fn of statusListeners) fn(status);
  }

  function connect() {
    retryTimer = null;
    setStatus({ state: 'connecting', attempt, retryInMs: 0 });
    let ws;
    try {
      ws = new Socket(options.url);
    } catch {
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      open = true;
      const reconnected = attempt > 0;
      attempt = 0;
      while (queue.length) ws.send(queue.shift());
      setStatus({ state: 'open', attempt: 0, retryInMs: 0, reconnected });
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      rpc.receive(message);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      open = false;
      socket = null;
      rpc.failPending(new RpcError(CLIENT_ERROR_CODES.connectionClosed,
        'The connection to the Fonsters server was lost before it answered. It reconnects by itself; try again then.'));
      if (!closedForGood) scheduleRetry();
      else setStatus({ state: 'closed', attempt, retryInMs: 0 });
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  function scheduleRetry() {
    const delay = backoffDelay(attempt);
    attempt++;
    setStatus({ state: 'retrying', attempt, retryInMs: delay });
    retryTimer = later(connect, delay);
  }

  /**
   * Call a method; the promise holds its result or rejects with RpcError (see ui/rpc.mjs for
   * `signal`, `onProgress` and `timeoutMs`).
   * @param {string} method @param {any} [params] @param {import('./rpc.mjs').RequestOptions} [opts]
   */
  function call(method, params, opts) {
    return rpc.request(method, params, opts);
  }

  /**
   * Listen to a notification (`fonsters/didChange`, `$/progress`, or `*` for all).
   * @returns {() => void} unsubscribe
   */
  function subscribe(method, fn) {
    return rpc.onNotification(method, fn);
  }

  /** Follow the connection's state: connecting, open (reconnected?), retrying (retryInMs), closed. */
  function onStatus(fn) {
    statusListeners.add(fn);
    fn(status);
    return () => statusListeners.delete(fn);
  }

  /** Try now instead of waiting for the back-off. */
  function retryNow() {
    if (open || !retryTimer) return;
    cancelLater(retryTimer);
    connect();
  }

  function close() {
    closedForGood = true;
    if (retryTimer) cancelLater(retryTimer);
    if (socket) socket.close();
  }

  connect();
  return { call, subscribe, onStatus, retryNow, close, get pendingCount() { return rpc.pendingCount; } };
}

let current = null;

/** Open the page's connection (`ws://host/rpc`); `call` and `subscribe` use it. */
export function connect(url = defaultUrl()) {
  current = createConnection({ url });
  return current;
}

function defaultUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/rpc`;
}

/** Call a method on the page's connection. */
export function call(method, params, opts) {
  return current.call(method, params, opts);
}

/** Listen to a notification on the page's connection. */
export function subscribe(method, fn) {
  return current.subscribe(method, fn);
}

/** Follow the page's connection state. */
export function onStatus(fn) {
  return current.onStatus(fn);
}

/** Reconnect now. */
export function retryNow() {
  if (current) current.retryNow();
}
