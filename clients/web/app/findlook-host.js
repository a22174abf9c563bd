// The web page's host for the shared "Find a look" panel (ui/findlook.js): a dialog holding the
// view, and the shared service (ui/findlook-service.mjs) over the page's WebSocket (ui/api.js).
// A pick sets the seed of the Fonster open when the dialog opened.

import { isCancellation } from '../ui/rpc.mjs';
import { mountFindLook } from '../ui/findlook.js';
import { createFindLookService } from '../ui/findlook-service.mjs';
import { explain } from './errors.js';

/**
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: any) => Promise<any>} deps.call
 * @param {HTMLButtonElement} deps.opener
 * @param {HTMLDialogElement} deps.dialog
 * @param {HTMLElement} deps.root where the view goes
 * @param {HTMLButtonElement} deps.closer
 * @param {() => ({ id: string, name: string, engine?: string } | null)} deps.target the open Fonster
 * @param {() => (string | undefined)} deps.engine the server's default engine
 * @param {() => string[]} deps.engines the server's engines
 * @param {(fonster: any) => void} deps.onCreated
 */
export function setupFindLook(deps) {
  let open = null; // { view, service }

  /** Open the dialog; `base`: start from this text (the look-alike warning's “Find a distinct variant”). */
  function show(opts = {}) {
    const base = typeof opts.base === 'string' ? opts.base : undefined;
    if (open && base !== undefined) close();
    if (open) { if (!deps.dialog.open) deps.dialog.showModal(); return; }
    const target = deps.target();
    let listener = () => {};
    const service = createFindLookService({
      call: deps.call,
      send: (m) => { setTimeout(() => listener(m), 0); return true; },
      target: () => target,
      engine: deps.engine,
      engines: deps.engines,
      base: () => base,
      isCancellation,
      describe: explain,
      onCreated: deps.onCreated,
    });
    const view = mountFindLook(deps.root, { post: (m) => { service.handle(m); }, listen: (fn) => { listener = fn; } });
    open = { view, service };
    deps.dialog.showModal();
    view.focus();
  }

  function close() {
    if (!open) return;
    open.view.dispose();
    open.service.close();
    open = null;
    deps.root.textContent = '';
    if (deps.dialog.open) deps.dialog.close();
    deps.opener.focus();
  }

  deps.opener.addEventListener('click', () => show());
  deps.closer.addEventListener('click', close);
  deps.dialog.addEventListener('close', close);
  return { show, close, get open() { return !!open; } };
}
