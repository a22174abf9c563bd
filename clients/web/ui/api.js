// The one place the web page talks to the server: JSON-RPC 2.0 over the
// page's own WebSocket (`/rpc`, same origin, cookie auth). Every method call in
// clients/web goes through `call`; notifications through `subscribe`. Written
// so it can be swapped for a module generated from openrpc.json.

import { checkCall } from './protocol.mjs';

/** An error answered by the server (or the loss of the connection). */
export class RpcError extends Error {
  /** @param {number|string} code @param {string} message @param {any} [data] */
  constructor(code, message, data) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }
}

/** `code` of the error a call gets when the connection drops before its answer. */
export const DISCONNECTED = 'disconnected';
/** `code` of the error a call gets when its AbortSignal fires. */
export const CANCELLED = -32800;

/** Reconnect delays in ms: doubling from 250 ms, at most 8 s. */
export function backoffDelay(attempt) {
  return Math.min(8000, 250 * 2 ** Math.max(0, attempt));
}

/**
 * A connection that reconnects with back-off. Calls made while it is down wait
 * for it; calls in flight when it drops fail with code `DISCONNECTED`.
 * @param {{ url: string, WebSocket?: any, setTimeout?: Function, clearTimeout?: Function }} options
 */
export function createConnection(options) {
  const Socket = options.WebSocket || globalThis.WebSocket;
  const later = options.setTimeout || globalThis.setTimeout.bind(globalThis);
  const cancelLater = options.clearTimeout || globalThis.clearTimeout.bind(globalThis);
  let socket = null;
  let open = false;
  let nextId = 1;
  let attempt = 0;
  let retryTimer = null;
  let closedForGood = false;
  /** @type {Map<number, {resolve: Function, reject: Function, cleanup: Function}>} */
  const pending = new Map();
  /** @type {string[]} messages waiting for the socket to open */
  const queue = [];
  /** @type {Map<string, Set<Function>>} */
  const listeners = new Map();
  /** @type {Set<Function>} */
  const statusListeners = new Set();
  /** @type {Map<string, Function>} `$/progress` values by the workDoneToken a call added */
  const progress = new Map();
  let status = { state: 'connecting', attempt: 0, retryInMs: 0 };

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
    ws.onmessage = (event) => receive(event.data);
    ws.onclose = () => {
      if (socket !== ws) return;
      open = false;
      socket = null;
      for (const [id, p] of pending) {
        pending.delete(id);
        p.cleanup();
        p.reject(new RpcError(DISCONNECTED, 'The connection to the Fonsters server was lost before it answered. It reconnects by itself; try again then.'));
      }
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

  /** @param {string} text */
  function receive(text) {
    let message;
    try { message = JSON.parse(text); } catch { return; }
    for (const m of Array.isArray(message) ? message : [message]) {
      if (!m || typeof m !== 'object') continue;
      if (typeof m.method === 'string' && m.id === undefined) {
        if (m.method === '$/progress' && m.params && progress.has(m.params.token)) {
          try { progress.get(m.params.token)(m.params.value); } catch (error) { console.error(error); }
        }
        for (const fn of listeners.get(m.method) || []) {
          try { fn(m.params); } catch (error) { console.error(error); }
        }
        for (const fn of listeners.get('*') || []) {
          try { fn(m.method, m.params); } catch (error) { console.error(error); }
        }
        continue;
      }
      const p = pending.get(m.id);
      if (!p) continue;
      pending.delete(m.id);
      p.cleanup();
      if (m.error) p.reject(new RpcError(m.error.code, m.error.message, m.error.data));
      else p.resolve(m.result);
    }
  }

  function send(message) {
    const text = JSON.stringify(message);
    if (open && socket) socket.send(text);
    else queue.push(text);
  }

  /**
   * Call a method; the promise holds its result or rejects with RpcError. `onProgress` adds a
   * workDoneToken to the params and receives the values of its `$/progress` until the answer.
   * @param {string} method @param {any} [params] @param {{ signal?: AbortSignal, onProgress?: (value: any) => void }} [opts]
   */
  function call(method, params, opts = {}) {
    try { checkCall(method, params); } catch (error) { return Promise.reject(new RpcError(-32602, error.message)); }
    const id = nextId++;
    const { signal, onProgress } = opts;
    if (onProgress) {
      const token = `call-${id}`;
      params = { ...params, workDoneToken: token };
      progress.set(token, onProgress);
      return sendCall(id, method, params, signal, () => progress.delete(token));
    }
    return sendCall(id, method, params, signal, () => {});
  }

  /** Send one request; `settled` runs as soon as it is answered, fails or is cancelled. */
  function sendCall(id, method, params, signal, settled) {
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) { settled(); reject(new RpcError(CANCELLED, 'The request was cancelled.')); return; }
      const onAbort = () => {
        if (!pending.has(id)) return;
        pending.delete(id);
        settled();
        send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } });
        reject(new RpcError(CANCELLED, 'The request was cancelled.'));
      };
      const cleanup = () => { settled(); if (signal) signal.removeEventListener('abort', onAbort); };
      if (signal) signal.addEventListener('abort', onAbort);
      pending.set(id, { resolve, reject, cleanup });
      const message = { jsonrpc: '2.0', id, method };
      if (params !== undefined) message.params = params;
      send(message);
    });
  }

  /**
   * Listen to a notification (`fonsters/didChange`, `$/progress`, or `*` for all).
   * @returns {() => void} unsubscribe
   */
  function subscribe(method, fn) {
    if (!listeners.has(method)) listeners.set(method, new Set());
    listeners.get(method).add(fn);
    return () => listeners.get(method).delete(fn);
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
  return { call, subscribe, onStatus, retryNow, close, get pendingCount() { return pending.size; } };
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
