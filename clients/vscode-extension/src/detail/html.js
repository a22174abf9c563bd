// @ts-check
'use strict';

/**
 * The detail webview's HTML: an empty <main> that media/detail.js (the VS Code
 * host adapter) fills with the shared detail view, clients/web/ui/detail.js —
 * the same module the web page uses. Everything it shows arrives by message
 * from the extension (which asks the server).
 *
 * Content-Security-Policy: nothing by default, images only from `data:`,
 * the script (and the modules it imports) and the stylesheets only with this
 * load's nonce.
 */

/**
 * @param {{ scriptUri: string, styleUri: string, uiUri: string, uiStyle?: string, nonce: string, title?: string, mode?: 'fonster' | 'preview' }} parts
 *   `uiUri`: the folder of the shared detail modules (clients/web/ui), as a webview URI;
 *   `uiStyle`: the shared stylesheet there (default detail.css; findlook.css for Find a Look)
 * @returns {string}
 */
function buildDetailHtml(parts) {
  const { scriptUri, styleUri, nonce } = parts;
  const uiUri = String(parts.uiUri).replace(/\/+$/, '');
  const csp = contentSecurityPolicy(nonce);
  const title = escapeHtml(parts.title || 'Fonster');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(`${uiUri}/${parts.uiStyle || 'detail.css'}`)}">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(styleUri)}">
<title>${title}</title>
</head>
<body data-mode="${parts.mode === 'preview' ? 'preview' : 'fonster'}" data-ui="${escapeHtml(uiUri)}">
<main id="app" aria-busy="true"></main>
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
