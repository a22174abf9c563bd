// @ts-check
'use strict';

/**
 * The protocol's methods as functions. Each is one request: the extension
 * never computes what the server owns (names, file names, frames, links).
 * test/api-protocol.test.js checks every call against openrpc.json (which is
 * generated from the server's method types), so a renamed param fails a test.
 * `target` is `{ id }` or `{ seed }` as in the protocol.
 *
 * @typedef {{ id: string } | { seed: string }} Target
 * @typedef {{ request(method: string, params?: any, options?: import('../rpc/client').RequestOptions): Promise<any>, info?(): any }} Requester
 */
class FonstersApi {
  /** @param {Requester} server */
  constructor(server) {
    this.server = server;
  }

  /** The server's `initialize` result (engines, capabilities), or null before it answered. */
  serverInfo() { return this.server.info ? this.server.info() : null; }

  /** @param {{ format?: string, size?: number }} [thumbnails] */
  list(thumbnails) {
    return this.server.request('fonsters/list', thumbnails ? { thumbnails } : {}).then((r) => r.fonsters);
  }
  /** @param {string} id */
  get(id) { return this.server.request('fonsters/get', { id }); }
  /** @param {{ name?: string, seed?: string, engine?: string }} [fields] */
  create(fields = {}) { return this.server.request('fonsters/create', fields); }
  /** @param {string} id @param {{ name?: string, seed?: string, engine?: string }} fields `engine` switches the engine (not undoable) */
  update(id, fields) { return this.server.request('fonsters/update', { id, ...fields }); }
  /** @param {string} id */
  delete(id) { return this.server.request('fonsters/delete', { id }); }
  /** Brings a deleted Fonster back from the trash as it was (id, createdAt, seed history). @param {string} id */
  restore(id) { return this.server.request('fonsters/restore', { id }); }
  /** The trash, newest deletion first: `{fonsters: [Fonster & {deletedAt}], total}`. @param {{ start?: number, count?: number }} [page] */
  trash(page = {}) { return this.server.request('fonsters/trash', page); }
  /** Delete for good: these ids, or (none given) the whole trash. @param {string[]} [ids] */
  purge(ids) { return this.server.request('fonsters/purge', ids ? { ids } : {}); }
  /** The library's settings (`{defaultEngine}`); with `defaultEngine`, sets it for every window. @param {{ defaultEngine?: string }} [change] */
  librarySettings(change = {}) { return this.server.request('library/settings', change); }
  /** @param {string} id */
  duplicate(id) { return this.server.request('fonsters/duplicate', { id }); }
  /** @param {string} id @param {number} index */
  move(id, index) { return this.server.request('fonsters/move', { id, index }); }
  /** @param {string} id */
  undo(id) { return this.server.request('fonsters/undo', { id }); }
  /** @param {string} id */
  redo(id) { return this.server.request('fonsters/redo', { id }); }
  /** @param {string} id @param {string} source @param {'replace' | 'prepend'} mode */
  random(id, source, mode) { return this.server.request('fonsters/random', { id, source, mode }); }
  /** @param {string} id */
  refresh(id) { return this.server.request('fonsters/refresh', { id }); }
  /** @param {string} id @param {number} frame 1-based */
  useFrame(id, frame) { return this.server.request('fonsters/useFrame', { id, frame }); }

  /**
   * @param {Target} target
   * @param {{ format?: string, size?: number }} [options]
   * @param {import('../rpc/client').RequestOptions} [requestOptions]
   */
  render(target, options = {}, requestOptions) {
    return this.server.request('creature/render', { ...target, ...options }, requestOptions);
  }
  /** @param {Target} target @param {number} [tap] */
  describe(target, tap) { return this.server.request('creature/describe', tap === undefined ? { ...target } : { ...target, tap }); }
  /**
   * @param {Target} target
   * @param {{ size?: number, start?: number, count?: number, speed?: number }} options
   * @param {import('../rpc/client').RequestOptions} [requestOptions]
   */
  frames(target, options, requestOptions) {
    return this.server.request('creature/frames', { ...target, ...options }, requestOptions);
  }
  /**
   * @param {Target} target
   * @param {{ size?: number, speed?: number }} options
   * @param {import('../rpc/client').RequestOptions} [requestOptions]
   */
  animate(target, options, requestOptions) {
    return this.server.request('creature/animate', { ...target, ...options }, requestOptions);
  }
  /** @param {string} seed @param {number} tap @param {number} viewSize points @param {number} samples @param {string} [engine] */
  tapAnimation(seed, tap, viewSize, samples, engine) {
    return this.server.request('creature/tapAnimation', engine ? { seed, tap, viewSize, samples, engine } : { seed, tap, viewSize, samples });
  }
  /** @param {{ ids?: string[], seeds?: string[] }} what */
  shareBuild(what) { return this.server.request('share/build', what); }
  /**
   * @param {string} url
   * @param {string[]} [engines] also `thumbnails {engine: dataUri}` per seed, drawn by each of these
   */
  sharePreview(url, engines) {
    return this.server.request('share/preview', engines && engines.length ? { url, engines } : { url }).then((r) => r.seeds);
  }
  /** @param {string} url @param {number[]} [select] @param {string} [engine] draws the new Fonsters */
  shareImport(url, select, engine) {
    return this.server.request('share/import', { url, ...(select ? { select } : {}), ...(engine ? { engine } : {}) });
  }
  /** @param {{ format?: string, size?: number, engine?: string }} [options] the current time's creature: `{seed}` and its render */
  clockCreature(options = {}) { return this.server.request('clock/creature', options); }
  /** The whole library as a bundle object. */
  libraryExport() { return this.server.request('library/export', {}).then((r) => r.bundle); }
  /** The library grouped by identical (`exact`) and nearly identical (`near`) pictures. */
  lookalikes() { return this.server.request('fonsters/lookalikes', {}); }
  /** @param {any} bundle @param {number[]} [select] */
  libraryImport(bundle, select) { return this.server.request('library/import', select ? { bundle, select } : { bundle }); }
}

module.exports = { FonstersApi };
