// Find a look's searches: one starts on Find, or a moment after the last edit (typing does not
// start one per key), and stops on Stop or Escape. Each is numbered (`view.seq`) so that what
// comes back for an older one is left out.

import { wantFrom, traitsText } from './traits.js';
import { picked } from './trait-controls.js';

/** How long after the last edit a search starts again. */
const DEBOUNCE_MS = 350;

/**
 * @param {any} el the form's elements (markup.js's formElements)
 * @param {{ seq: number, searching: boolean, timer: any, count: number }} view the panel's state
 * @param {{ post(m: any): void, status(text: string, isError?: boolean): void }} to the host and the status line
 */
export function createSearch(el, view, to) {
  /** Whether a search is running: Stop and the results' busy state follow it. */
  function setSearching(on) {
    view.searching = on;
    el.stop.disabled = !on;
    el.results.setAttribute('aria-busy', String(on));
  }

  /** Start a search now (or say what is missing). */
  function start() {
    clearTimeout(view.timer);
    const base = el.base.value;
    const want = wantFrom(picked(el));
    if (!base.trim()) { to.status('Type a base text: its variants are searched.'); return; }
    if (!want) { to.status('Tick at least one trait to look for.'); return; }
    view.seq++;
    view.count = 0;
    el.results.textContent = '';
    setSearching(true);
    to.status(`Looking for ${traitsText(want)}, drawn by ${el.engine.value}…`);
    to.post({ type: 'search', seq: view.seq, base, want, engine: el.engine.value });
  }

  /** Restart a little after the last edit, so typing does not start a search per key. */
  function soon() {
    clearTimeout(view.timer);
    if (!el.base.value.trim() || !wantFrom(picked(el))) return;
    view.timer = setTimeout(start, DEBOUNCE_MS);
  }

  /** Stop the search about to start and the one running. */
  function stop() {
    clearTimeout(view.timer);
    if (view.searching) to.post({ type: 'cancel' });
  }

  return { start, soon, stop, setSearching };
}
