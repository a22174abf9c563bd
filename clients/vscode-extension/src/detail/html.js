// @ts-check
'use strict';

/**
 * The detail webview's HTML. Everything the page shows arrives by message
 * from the extension (which asks the server); the page itself only lays out,
 * times playback with the server's interval and plays the server's tap samples.
 *
 * Content-Security-Policy: nothing by default, images only from `data:`,
 * the one script and the one stylesheet only with this load's nonce.
 */

/**
 * @param {{ scriptUri: string, styleUri: string, nonce: string, title?: string, mode?: 'fonster' | 'preview' }} parts
 * @returns {string}
 */
function buildDetailHtml(parts) {
  const { scriptUri, styleUri, nonce } = parts;
  const csp = contentSecurityPolicy(nonce);
  const title = escapeHtml(parts.title || 'Fonster');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(styleUri)}">
<title>${title}</title>
</head>
<body data-mode="${parts.mode === 'preview' ? 'preview' : 'fonster'}">
<main id="app" aria-busy="true">
  <section class="fields">
    <div class="field library-only">
      <label for="name">Name</label>
      <input id="name" type="text" autocomplete="off" spellcheck="false" placeholder="Name (optional)">
      <span id="birthday" class="birthday" hidden title="Birthday today">🎂 Birthday</span>
    </div>
    <div class="field">
      <label for="seed">Seed</label>
      <textarea id="seed" rows="2" spellcheck="false" placeholder="Type anything: every text is a creature"></textarea>
    </div>
    <p id="seed-error" class="error" role="alert" hidden></p>
    <p id="engine-line" class="engine-line" hidden>Drawn by <strong id="engine-name"></strong></p>
  </section>

  <section class="stage">
    <button id="creature-button" class="creature-button" type="button" title="Tap to animate" aria-label="Tap to animate">
      <span id="creature-wrap" class="creature-wrap">
        <img id="creature" class="creature" alt="" draggable="false">
        <span id="overlay" class="overlay" aria-hidden="true"></span>
      </span>
    </button>
    <p id="prefix-line" class="prefix-line" hidden>
      <span class="prefix-label">Using for creature:</span>
      <span id="prefix-text" class="prefix-text"><mark id="prefix-mark"></mark><span id="prefix-rest" class="prefix-rest"></span></span>
      <button id="use-as-seed" type="button" class="library-only">Use as seed</button>
    </p>
    <p id="frame-counter" class="frame-counter" aria-live="off"></p>
  </section>

  <section id="engines" class="engines library-only" aria-labelledby="engines-label" hidden>
    <p id="engines-label" class="group-label">Engine: pick the one that draws this Fonster (its seed history stays)</p>
    <div id="engine-choices" class="engine-choices" role="radiogroup" aria-labelledby="engines-label"></div>
  </section>

  <section class="toolbar">
    <div class="group library-only" role="group" aria-label="History">
      <button id="undo" type="button" title="Undo seed edit (Ctrl+Z)">Undo</button>
      <button id="redo" type="button" title="Redo seed edit (Ctrl+Shift+Z)">Redo</button>
    </div>
    <div class="group" role="group" aria-label="Evolution">
      <button id="play" type="button">Play</button>
      <button id="stop" type="button">Stop</button>
      <label class="speed" for="speed">Speed</label>
      <input id="speed" type="range" min="10" max="100" step="10" value="10">
      <output id="speed-out" for="speed">10 %</output>
    </div>
    <div class="group library-only" role="group" aria-label="Load random">
      <span class="group-label">Load random</span>
      <span id="load-random" class="sources"></span>
    </div>
    <div class="group library-only" role="group" aria-label="Prepend random">
      <span class="group-label">Prepend random</span>
      <span id="prepend-random" class="sources"></span>
      <button id="refresh" type="button" title="Load new text from the last random source">Refresh</button>
    </div>
    <div class="group" role="group" aria-label="Export">
      <span class="group-label">Export</span>
      <button type="button" data-export="png">PNG</button>
      <button type="button" data-export="gif">GIF</button>
      <button type="button" data-export="jpeg">JPEG</button>
      <button type="button" data-export="svg">SVG</button>
      <button type="button" data-export="animated-gif" title="The evolution as an animated GIF">Animated GIF</button>
      <button id="share" type="button">Copy share link</button>
    </div>
    <div class="group preview-only" role="group" aria-label="Save">
      <button id="save-as-fonster" type="button">Save as Fonster</button>
    </div>
  </section>
  <p id="status" class="status" role="status" aria-live="polite"></p>
</main>
<script nonce="${nonce}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>
`;
}

/** @param {string} nonce */
function contentSecurityPolicy(nonce) {
  return `default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';`;
}

/** @param {string} text */
function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c] || c));
}

module.exports = { buildDetailHtml, contentSecurityPolicy, escapeHtml };
