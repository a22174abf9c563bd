// @ts-check
'use strict';

const { spawn } = require('child_process');
const { EventEmitter } = require('events');
const { JsonRpcClient } = require('../rpc/client');
const { loadRpc, rpcCore } = require('../rpc/core');

/** The error of requests the ended connection leaves unanswered. @param {string} message */
const connectionClosed = (message) => new (rpcCore().RpcError)(rpcCore().CLIENT_ERROR_CODES.connectionClosed, message);

/**
 * @typedef {object} BackoffOptions
 * @property {number} [initialMs] first restart delay
 * @property {number} [maxMs] longest delay
 * @property {number} [resetAfterMs] a server that lived this long starts the back-off over
 * @property {number} [maxAttempts] consecutive failed starts before giving up
 *
 * @typedef {object} ConnectionOptions
 * @property {string} command executable
 * @property {string[]} [args] e.g. ['--stdio', '--store', path]
 * @property {string} [cwd]
 * @property {NodeJS.ProcessEnv} [env]
 * @property {{ name: string, version?: string }} [clientInfo]
 * @property {BackoffOptions} [backoff]
 * @property {number} [initializeTimeoutMs]
 * @property {number} [requestTimeoutMs] default timeout for requests (0 = none)
 */

/**
 * One `fonsters-rpc --stdio` child process with its JSON-RPC client:
 * initialize handshake, requests that wait while the server (re)starts,
 * restart with exponential back-off when it dies, orderly shutdown.
 *
 * Events: 'ready' (initializeResult, {restarted}), 'notification' (method, params),
 * 'stderr' (text), 'log' (line), 'exit' ({code, signal, expected}),
 * 'restartScheduled' ({delayMs, attempt}), 'failed' (Error).
 */
class ServerConnection extends EventEmitter {
  /** @param {ConnectionOptions} options */
  constructor(options) {
    super();
    this.options = options;
    this.backoff = { initialMs: 500, maxMs: 30000, resetAfterMs: 60000, maxAttempts: 6, ...(options.backoff || {}) };
    /** @type {'stopped' | 'starting' | 'running' | 'restarting' | 'failed'} */
    this.state = 'stopped';
    /** @type {import('child_process').ChildProcess | null} */
    this.child = null;
    /** @type {JsonRpcClient | null} */
    this.client = null;
    /** @type {any} */
    this.info = null;
    this.attempt = 0;
    this.startCount = 0;
    /** @type {Error | null} */
    this.failure = null;
    /** @type {NodeJS.Timeout | null} */
    this.restartTimer = null;
    /** @type {{ promise: Promise<any>, resolve: (v: any) => void, reject: (e: Error) => void } | null} */
    this.readyWaiter = null;
    this.stopping = false;
  }

  get pid() {
    return this.child ? this.child.pid : undefined;
  }

  /**
   * Start the server if it is not running; resolves with the initialize result.
   * @returns {Promise<any>}
   */
  start() {
    if (this.state === 'running') return Promise.resolve(this.info);
    if (this.state === 'starting' || this.state === 'restarting') return this.waitReady();
    this.stopping = false;
    this.failure = null;
    this.attempt = 0;
    this.state = 'starting';
    const waiting = this.waitReady();
    loadRpc().then(() => { if (!this.stopping) this.launch(); },
      (error) => this.giveUp(failure('other', `The extension's shared modules could not load (${error.message}). Reinstall the extension.`)));
    return waiting;
  }

  /** Stop and start again with a fresh back-off (the "Restart Server" command). */
  async restart() {
    await this.stop();
    return this.start();
  }

  /**
   * Send a request, waiting for the server to be ready first.
   * @param {string} method
   * @param {any} [params]
   * @param {import('../rpc/client').RequestOptions} [options]
   */
  async request(method, params, options = {}) {
    if (this.state === 'stopped') await this.start();
    else await this.waitReady();
    const client = /** @type {JsonRpcClient} */ (this.client);
    const timeoutMs = options.timeoutMs !== undefined ? options.timeoutMs : this.options.requestTimeoutMs;
    return client.request(method, params, { ...options, timeoutMs });
  }

  /**
   * @param {string} method
   * @param {any} [params]
   */
  notify(method, params) {
    if (this.client && this.state === 'running') this.client.notify(method, params);
  }

  /** Orderly shutdown: `shutdown`, `exit`, then signals if it lingers. */
  async stop() {
    this.stopping = true;
    await loadRpc();
    if (this.restartTimer) {
      clearTimeout(this.restartTimer);
      this.restartTimer = null;
    }
    const child = this.child;
    const client = this.client;
    if (!child) {
      this.state = 'stopped';
      this.rejectWaiter(connectionClosed('The Fonsters server was stopped.'));
      return;
    }
    const exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
      else child.once('exit', () => resolve(undefined));
    });
    if (client && this.state === 'running') {
      try {
        await client.request('shutdown', undefined, { timeoutMs: 2000 });
        client.notify('exit');
      } catch {
        // fall through to signals
      }
    }
    const timer = setTimeout(() => child.kill('SIGTERM'), 2000);
    const killer = setTimeout(() => child.kill('SIGKILL'), 4000);
    try {
      if (child.stdin) child.stdin.end();
    } catch { /* already closed */ }
    await exited;
    clearTimeout(timer);
    clearTimeout(killer);
    this.state = 'stopped';
  }

  // ---- internals -------------------------------------------------------

  waitReady() {
    if (this.state === 'running') return Promise.resolve(this.info);
    if (this.state === 'failed') return Promise.reject(this.failure);
    if (!this.readyWaiter) {
      /** @type {any} */
      const waiter = {};
      waiter.promise = new Promise((resolve, reject) => {
        waiter.resolve = resolve;
        waiter.reject = reject;
      });
      waiter.promise.catch(() => {}); // callers handle it; avoid unhandled noise
      this.readyWaiter = waiter;
    }
    return /** @type {any} */ (this.readyWaiter).promise;
  }

  /** @param {any} info */
  resolveWaiter(info) {
    const waiter = this.readyWaiter;
    this.readyWaiter = null;
    if (waiter) waiter.resolve(info);
  }

  /** @param {Error} error */
  rejectWaiter(error) {
    const waiter = this.readyWaiter;
    this.readyWaiter = null;
    if (waiter) waiter.reject(error);
  }

  launch() {
    const restarted = this.startCount > 0;
    this.startCount++;
    this.state = restarted ? 'restarting' : 'starting';
    const { command } = this.options;
    const args = this.options.args || ['--stdio'];
    this.emit('log', `Starting ${command} ${args.join(' ')}`);
    /** @type {import('child_process').ChildProcess} */
    let child;
    try {
      child = spawn(command, args, {
        cwd: this.options.cwd,
        env: this.options.env || process.env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      this.giveUp(spawnFailure(command, /** @type {NodeJS.ErrnoException} */ (error)));
      return;
    }
    this.child = child;
    const startedAt = Date.now();
    let done = false;
    /** @type {JsonRpcClient} */
    const client = new JsonRpcClient(/** @type {any} */ (child.stdout), /** @type {any} */ (child.stdin), {
      onProtocolError: (error) => this.emit('log', `Protocol error from server: ${error.message}`),
    });
    this.client = client;
    client.onAnyNotification((method, params) => this.emit('notification', method, params));
    child.stderr && child.stderr.on('data', (chunk) => this.emit('stderr', chunk.toString('utf8')));
    child.stdin && child.stdin.on('error', () => { /* EPIPE after a crash; 'exit' handles it */ });

    /** @param {number | null} code @param {NodeJS.Signals | null} signal @param {Error} [spawnError] */
    const onGone = (code, signal, spawnError) => {
      if (done) return;
      done = true;
      if (this.child === child) this.child = null;
      const expected = this.stopping;
      const what = spawnError ? spawnError.message : describeExit(code, signal);
      client.close(connectionClosed(expected
        ? 'The Fonsters server was stopped.'
        : `The Fonsters server stopped unexpectedly (${what}).`));
      this.emit('exit', { code, signal, expected });
      if (expected) {
        this.state = 'stopped';
        this.rejectWaiter(connectionClosed('The Fonsters server was stopped.'));
        return;
      }
      const errno = spawnError && /** @type {NodeJS.ErrnoException} */ (spawnError).code;
      if (errno === 'ENOENT' || errno === 'EACCES') {
        this.giveUp(spawnFailure(command, /** @type {NodeJS.ErrnoException} */ (spawnError)));
        return;
      }
      this.scheduleRestart(Date.now() - startedAt, what);
    };
    child.on('error', (error) => onGone(null, null, error));
    child.on('exit', (code, signal) => onGone(code, signal));

    const initTimeout = this.options.initializeTimeoutMs || 15000;
    client.request('initialize', {
      processId: process.pid,
      clientInfo: this.options.clientInfo || { name: 'fonsters-vscode' },
    }, { timeoutMs: initTimeout }).then((info) => {
      if (this.child !== child) return;
      this.info = info;
      this.state = 'running';
      client.notify('initialized', {});
      this.emit('log', `Server ready (${info && info.serverInfo ? `${info.serverInfo.name} ${info.serverInfo.version}` : 'unknown version'}, pid ${child.pid})`);
      this.emit('ready', info, { restarted });
      this.resolveWaiter(info);
    }, (error) => {
      if (this.child !== child || done) return;
      this.emit('log', `Initialize failed: ${error.message}`);
      child.kill('SIGKILL');
    });
  }

  /**
   * @param {number} livedMs
   * @param {string} what
   */
  scheduleRestart(livedMs, what) {
    if (livedMs >= this.backoff.resetAfterMs) this.attempt = 0;
    if (this.attempt >= this.backoff.maxAttempts) {
      this.giveUp(failure('keepsStopping', `The Fonsters server keeps stopping (${what}); gave up after ${this.attempt} restarts. See the "Fonsters Server" output for details, then run "Fonsters: Restart Server".`));
      return;
    }
    const delayMs = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** this.attempt);
    this.attempt++;
    this.state = 'restarting';
    this.emit('log', `Server stopped (${what}); restarting in ${delayMs} ms (attempt ${this.attempt}).`);
    this.emit('restartScheduled', { delayMs, attempt: this.attempt });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopping) this.launch();
    }, delayMs);
  }

  /** @param {Error} error */
  giveUp(error) {
    this.state = 'failed';
    this.failure = error;
    this.emit('log', error.message);
    this.emit('failed', error);
    this.rejectWaiter(error);
  }
}

/**
 * @param {number | null} code
 * @param {NodeJS.Signals | null} signal
 */
function describeExit(code, signal) {
  if (signal) return `killed by ${signal}`;
  return `exit code ${code}`;
}

/**
 * @param {string} command
 * @param {NodeJS.ErrnoException} error
 */
function spawnFailure(command, error) {
  if (error.code === 'ENOENT') {
    return failure('notFound', `The Fonsters server was not found at "${command}". Set "fonsters.serverPath" to the fonsters-rpc executable.`);
  }
  if (error.code === 'EACCES') {
    return failure('notExecutable', `The Fonsters server at "${command}" is not executable. Check its permissions or "fonsters.serverPath".`);
  }
  return failure('other', `The Fonsters server could not be started (${error.message}).`);
}

/**
 * An error that ends the restarts, with `reason` for the welcome view:
 * notFound | notExecutable | keepsStopping | other.
 * @param {'notFound' | 'notExecutable' | 'keepsStopping' | 'other'} reason
 * @param {string} message
 */
function failure(reason, message) {
  return Object.assign(new Error(message), { reason });
}

module.exports = { ServerConnection };
