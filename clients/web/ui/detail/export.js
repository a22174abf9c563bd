// The detail view's export options: the size (32–2048, a multiple of 32) and what the picture
// stands on (its sky, transparent, or a colour), by default what the screen shows — the picture's
// size on screen, on its sky. Where the host offers them (`host.exportExtras`: the web page),
// **Copy image** puts the PNG on the clipboard and **Embed…** shows the `fonsters-rpc render`
// command and an `<img>` with the data URI.

/** The options' markup (inside the Export group). */
export const EXPORT_OPTIONS_MARKUP = `
<div class="export-options" role="group" aria-label="Export options">
  <label for="export-size">Size</label>
  <input id="export-size" type="number" min="32" max="2048" step="32" value="512" inputmode="numeric">
  <label for="export-background">on</label>
  <select id="export-background">
    <option value="sky">its sky</option>
    <option value="transparent">transparent</option>
    <option value="color">a colour</option>
  </select>
  <input id="export-color" type="color" value="#ffffff" aria-label="Background colour" hidden>
</div>`;

/** The extras' markup (after the format buttons). */
export const EXPORT_EXTRAS_MARKUP = `
<button id="export-copy" type="button" class="web-only" title="Copy the PNG to the clipboard">Copy image</button>
<button id="export-embed" type="button" class="web-only" title="A command and an HTML snippet for this picture">Embed…</button>`;

/** The embed box's markup. */
export const EMBED_MARKUP = `
<div id="embed-box" class="embed-box" hidden>
  <label for="embed-command">Command line</label>
  <textarea id="embed-command" rows="2" readonly spellcheck="false"></textarea>
  <label for="embed-html">HTML</label>
  <textarea id="embed-html" rows="3" readonly spellcheck="false"></textarea>
</div>`;

/** The nearest export size (a multiple of 32 from 32 to 2048) to `pixels`. */
export function exportSize(pixels) {
  const n = Math.round(Number(pixels) / 32) * 32;
  return Math.min(2048, Math.max(32, Number.isFinite(n) ? n : 512));
}

/**
 * @param {HTMLElement} root the detail view
 * @param {(message: any) => void} post
 * @param {{ shownSize(): number }} deps the picture's size on screen
 */
export function createExportOptions(root, post, deps) {
  const $ = (id) => /** @type {any} */ (root.querySelector(`#${id}`));
  const size = $('export-size');
  const background = $('export-background');
  const color = $('export-color');
  const embedBox = $('embed-box');
  let touched = false;

  /** The options as the server takes them. */
  function options() {
    const chosen = background.value === 'color' ? color.value : background.value;
    return { size: exportSize(touched ? size.value : deps.shownSize()), background: chosen };
  }

  size.addEventListener('change', () => {
    if (size.value === '') return; // being cleared to type another
    touched = true;
    size.value = String(exportSize(size.value));
  });
  background.addEventListener('change', () => { color.hidden = background.value !== 'color'; });
  for (const button of root.querySelectorAll('[data-export]')) {
    button.addEventListener('click', () => post({ type: 'export', format: /** @type {HTMLElement} */ (button).dataset.export || '', ...options() }));
  }
  $('export-copy').addEventListener('click', () => post({ type: 'export', format: 'copy', ...options() }));
  $('export-embed').addEventListener('click', () => post({ type: 'export', format: 'embed', ...options() }));

  return {
    /** The size field follows the picture on screen until the person sets it. */
    follow() { if (!touched) size.value = String(exportSize(deps.shownSize())); },
    /** The host's embed snippets. @param {{ command: string, html: string }} m */
    showEmbed(m) {
      embedBox.hidden = false;
      $('embed-command').value = m.command;
      $('embed-html').value = m.html;
      $('embed-command').focus();
      $('embed-command').select();
    },
  };
}
