// What each host message does to Find a look (findlook.js lists the messages): init names the
// Fonster matches may become the seed of and the engines; result, done, failed, started and
// cancelled follow the search (only the newest one's, `current`); created, seedSet and undone
// answer Create, Set as seed and Undo.

import { fillEngines, showEngine } from './engine-choice.js';
import { markRefused, clearRefused } from './trait-controls.js';
import { doneSentence, stoppedSentence } from './matches.js';

/**
 * The handlers, by message type; each is called with the message and whether it is of the newest search.
 * @param {HTMLElement} root the panel
 * @param {any} el the form's elements (markup.js's formElements)
 * @param {{ target: any, count: number }} view the panel's state
 * @param {{ status(text: string, isError?: boolean): void, addResult(result: any): void, setSearching(on: boolean): void }} panel
 * @returns {{ [type: string]: (m: any, current: boolean) => void }}
 */
export function createHandlers(root, el, view, panel) {
  const { status } = panel;
  return {
    init(m) {
      view.target = m.target;
      el.target.textContent = m.target ? `“Set as seed” gives a match to “${m.target.name}” (undoable).` : 'Open a Fonster first to set a match as its seed.';
      fillEngines(el, m);
      showEngine(root, el, view.target);
      if (typeof m.base === 'string') { // from a look-alike warning: variants of that seed
        el.base.value = m.base;
        status(`Tick the traits you want: variants of “${m.base}” are searched.`);
        const first = el.features.querySelector('input');
        if (first) first.focus();
      }
      root.setAttribute('aria-busy', 'false');
    },
    result(m, current) {
      if (current) { panel.addResult(m.result); status(`Found ${view.count} so far…`); }
    },
    done(m, current) {
      if (!current) return;
      panel.setSearching(false);
      status(doneSentence(m, view.count, m.engine || el.engine.value));
    },
    failed(m, current) {
      if (!current) return;
      panel.setSearching(false);
      status(m.message, true);
      markRefused(root, el, m.traits);
    },
    started() { clearRefused(root); },
    cancelled(m, current) {
      if (!current) return;
      panel.setSearching(false);
      status(stoppedSentence(view.count));
    },
    created(m) { status(`Created “${m.fonster.displayName}”.`); },
    seedSet(m) { // said once, on the Undo line (a live region of its own)
      el.undoText.textContent = `Set the seed of “${m.fonster.displayName}” to “${m.fonster.seed}”.`;
      el.undoLine.hidden = false;
    },
    undone(m) {
      el.undoLine.hidden = true;
      status(`Undone: “${m.fonster.displayName}” has its seed “${m.fonster.seed}” again.`);
    },
    status(m) { panel.status(m.message, m.error); },
  };
}
