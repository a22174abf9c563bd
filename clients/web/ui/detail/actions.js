// The detail view's actions: Undo / Redo, random text from the server's sources (Load random,
// Prepend random, Refresh), exports, the share link (shown, copied, or its warning when too
// long) and Save as Fonster in preview mode.

import { EXPORT_OPTIONS_MARKUP, EXPORT_EXTRAS_MARKUP, EMBED_MARKUP } from './export.js';

const SOURCE_LABELS = { quote: 'Quote', words: 'Words', uuid: 'UUID', lorem: 'Lorem' };

/** The toolbar's and the share box's markup. */
export const ACTIONS_MARKUP = `
<section class="toolbar" aria-label="Actions">
  <div class="group library-only" role="group" aria-label="History">
    <button id="undo" type="button" title="Undo seed edit (Ctrl+Z)">Undo</button>
    <button id="redo" type="button" title="Redo seed edit (Ctrl+Shift+Z)">Redo</button>
  </div>
  <div class="group library-only" role="group" aria-label="Load random">
    <span class="group-label">Load random</span>
    <span id="load-random" class="sources"></span>
    <button id="refresh" type="button" title="Replace the seed with new text from the last random source">Refresh</button>
  </div>
  <div class="group library-only" role="group" aria-label="Prepend random">
    <span class="group-label">Prepend random</span>
    <span id="prepend-random" class="sources"></span>
  </div>
  <div class="group" role="group" aria-label="Export">
    <span class="group-label">Export</span>
    <button type="button" data-export="png">PNG</button>
    <button type="button" data-export="gif">GIF</button>
    <button type="button" data-export="jpeg">JPEG</button>
    <button type="button" data-export="svg">SVG</button>
    <button type="button" data-export="animated-gif" title="The evolution as an animated GIF">Animated GIF</button>${EXPORT_EXTRAS_MARKUP}
    ${EXPORT_OPTIONS_MARKUP}
  </div>
  <div class="group" role="group" aria-label="Share">
    <button id="share" type="button">Copy share link</button>
  </div>
  <div class="group preview-only" role="group" aria-label="Save">
    <button id="save-as-fonster" type="button" class="primary">Save as Fonster</button>
  </div>
</section>
<div id="share-box" class="share-box" hidden>
  <label for="share-url">Share link</label>
  <input id="share-url" type="text" readonly>
  <button id="share-copy" type="button">Copy</button>
  <p id="share-warning" class="warning" role="status" hidden></p>
</div>${EMBED_MARKUP}`;

/**
 * @param {HTMLElement} root the detail view
 * @param {(message: import('./messages.js').ToHost) => void} post
 * @param {{ seed(): string, status(text: string, isError?: boolean): void }} deps
 *   `seed`: the seed field's text (shared, saved); `status`: the view's status line
 */
export function createActionsView(root, post, deps) {
  const $ = (id) => /** @type {any} */ (root.querySelector(`#${id}`));
  const el = {
    undo: $('undo'), redo: $('redo'), refresh: $('refresh'), loadRandom: $('load-random'), prependRandom: $('prepend-random'),
    share: $('share'), saveAsFonster: $('save-as-fonster'), shareBox: $('share-box'), shareUrl: $('share-url'),
    shareCopy: $('share-copy'), shareWarning: $('share-warning'),
  };

  async function copyShareLink() {
    try {
      await navigator.clipboard.writeText(el.shareUrl.value);
      deps.status('Share link copied.');
    } catch {
      el.shareUrl.select();
      deps.status('Copying was refused by the browser: the link is selected, press Ctrl+C (Cmd+C) to copy it.', true);
    }
  }

  el.undo.addEventListener('click', () => post({ type: 'undo' }));
  el.redo.addEventListener('click', () => post({ type: 'redo' }));
  el.refresh.addEventListener('click', () => post({ type: 'refresh' }));
  el.share.addEventListener('click', () => post({ type: 'share', seed: deps.seed() }));
  el.saveAsFonster.addEventListener('click', () => post({ type: 'saveAsFonster', seed: deps.seed() }));
  el.shareCopy.addEventListener('click', () => copyShareLink());

  return {
    /** One button per random-text source the server offers, to load and to prepend. */
    showSources(sources) {
      for (const [container, mode] of [[el.loadRandom, 'replace'], [el.prependRandom, 'prepend']]) {
        container.textContent = '';
        for (const source of sources) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = SOURCE_LABELS[source] || source;
          button.dataset.source = source;
          button.dataset.mode = mode;
          button.title = `${mode === 'replace' ? 'Load' : 'Prepend'} random text (${button.textContent})`;
          button.addEventListener('click', () => post({ type: 'random', source, mode }));
          container.appendChild(button);
        }
      }
    },
    /** Which of Undo, Redo and Refresh the Fonster allows. */
    showFonster(f) {
      el.undo.disabled = !f.canUndo;
      el.redo.disabled = !f.canRedo;
      el.refresh.disabled = !f.randomSource;
    },
    /** A share link from the host: shown, and copied unless the host did — or, too long, shown with
     * its warning under it (said there, once: the warning is a live region of its own). */
    showShareLink(m) {
      el.shareBox.hidden = false;
      el.shareUrl.value = m.url;
      el.shareWarning.hidden = !m.tooLong;
      el.shareWarning.textContent = m.tooLong ? (m.warning || `This link is ${m.length} characters long, over the 2,000 that links can safely hold: share fewer or shorter seeds.`) : '';
      if (m.tooLong) deps.status('');
      else if (m.copied) deps.status('Share link copied.');
      else copyShareLink();
    },
  };
}
