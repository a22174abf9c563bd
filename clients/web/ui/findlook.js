// The "Find a look" panel, shared by the web page (a dialog) and the VS Code extension (a
// webview): type a base text, tick the wanted traits, and the matches of creature/search arrive
// as they are found. Each match can become a new Fonster or the seed of the Fonster the panel
// was opened for (undoable). Like detail.js it holds no Fonsters rules: it sends what the person
// asks for to its host (findlook-service.mjs does the calls) and shows what comes back.
//
// The search says which engine it draws with and lets the person choose it: the open Fonster's
// engine (else the library's default) comes first and is chosen; “Set as seed” is offered only
// for matches drawn by the Fonster's own engine (another engine draws the seed differently).
//
// Messages to the host: ready, search {seq, base, want, engine}, cancel, create {seed, engine},
// setSeed {seed, engine}, undo. From the host: init {target: {id, name, engine} | null, engine, engines, base?},
// started {seq}, result {seq, result}, done {seq, count, tried, stoppedBy, engine}, failed {seq,
// message, traits}, cancelled {seq}, created {fonster}, seedSet {fonster}, undone {fonster,
// seed}, status {message, error?}.
//
// Where things are — each part of the panel is one file under findlook/:
//   findlook/markup.js          the form's markup and its elements
//   findlook/traits.js          the traits, creature/search's `want` from the choices, traits as text
//   findlook/trait-controls.js  the traits' checkboxes and lists, what is picked, refused traits marked
//   findlook/engine-choice.js   the engine list and note, where “Set as seed” applies
//   findlook/search.js          starting (now or after the last edit) and stopping a search
//   findlook/matches.js         a match's list item, what is said when a search ends
//   findlook/handlers.js        what each host message does to the panel
// This file composes them: the form's events start and stop searches, host messages go to the
// handlers (only the newest search's answers count).

import { FEATURES, FLAGS, CHOICES, wantFrom, traitsText } from './findlook/traits.js';
import { MARKUP, formElements } from './findlook/markup.js';
import { buildTraitControls } from './findlook/trait-controls.js';
import { canSet, showEngine } from './findlook/engine-choice.js';
import { createSearch } from './findlook/search.js';
import { matchItem } from './findlook/matches.js';
import { createHandlers } from './findlook/handlers.js';

export { FEATURES, FLAGS, CHOICES, wantFrom, traitsText };

/**
 * Build the panel inside `root` and wire it to `host` ({post, listen}, as detail.js).
 * @param {HTMLElement} root
 * @param {{ post(m: any): void, listen(fn: (m: any) => void): void }} host
 * @returns {{ dispose(): void, focus(): void, receive(m: any): void }}
 */
export function mountFindLook(root, host) {
  root.innerHTML = MARKUP;
  root.classList.add('findlook');
  const el = formElements(root);
  const view = { seq: 0, searching: false, target: null, timer: 0, disposed: false, count: 0 };
  const post = (m) => { if (!view.disposed) host.post(m); };
  buildTraitControls(el);

  /** A sentence in the status line (an error in the error colour). */
  function status(text, isError) {
    el.status.textContent = text || '';
    el.status.classList.toggle('error', !!isError);
  }
  /** A match of the running search, at the end of the list. */
  function addResult(result) {
    view.count++;
    el.results.appendChild(matchItem(result, { engine: el.engine.value, canSet: canSet(el, view.target), target: view.target, post }));
  }
  const search = createSearch(el, view, { post, status });

  el.form.addEventListener('submit', (e) => { e.preventDefault(); search.start(); });
  el.base.addEventListener('input', search.soon);
  el.form.addEventListener('change', (e) => {
    if (e.target === el.engine) showEngine(root, el, view.target);
    if (e.target !== el.base) search.soon();
  });
  el.color.addEventListener('input', () => { el.colorOn.checked = true; search.soon(); });
  el.stop.addEventListener('click', search.stop);
  el.undo.addEventListener('click', () => post({ type: 'undo' }));
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && view.searching) { e.preventDefault(); e.stopPropagation(); search.stop(); }
  });

  const handlers = createHandlers(root, el, view, { status, addResult, setSearching: search.setSearching });
  function onMessage(m) {
    if (!m || typeof m !== 'object' || view.disposed) return;
    if (!Object.prototype.hasOwnProperty.call(handlers, m.type)) return;
    handlers[m.type](m, m.seq === undefined || m.seq === view.seq);
  }
  host.listen(onMessage);
  root.setAttribute('aria-busy', 'true');
  post({ type: 'ready' });

  return {
    dispose() { view.disposed = true; clearTimeout(view.timer); if (view.searching) host.post({ type: 'cancel' }); },
    focus() { el.base.focus(); },
    receive: onMessage,
  };
}
