// @ts-check
/* global acquireVsCodeApi */
'use strict';

/**
 * The detail webview's host adapter. The view itself is the shared module
 * clients/web/ui/detail.js — the same one the web page shows — loaded from the
 * folder the extension names in `data-ui`; this script only connects it to VS
 * Code: messages through postMessage, view state through the webview state
 * API (it survives hide/show and window reloads). Ctrl/Cmd+Z stay with VS
 * Code's keybindings (fonsters.undo / fonsters.redo), so the page leaves them.
 */
(function main() {
  // @ts-ignore provided by VS Code (or the test harness)
  const vscode = acquireVsCodeApi();
  const root = /** @type {HTMLElement} */ (document.getElementById('app'));
  const ui = document.body.dataset.ui || '';
  import(`${ui}/detail.js`).then(({ mountDetail }) => {
    mountDetail(root, {
      mode: document.body.dataset.mode,
      post: (/** @type {any} */ message) => vscode.postMessage(message),
      listen: (/** @type {(m: any) => void} */ fn) => window.addEventListener('message', (event) => fn(event.data)),
      getState: () => vscode.getState(),
      setState: (/** @type {any} */ state) => vscode.setState(state),
      undoKeys: false,
    });
  }, (error) => {
    root.setAttribute('aria-busy', 'false');
    root.textContent = `The Fonsters view could not load (${error && error.message}). Run “Developer: Reload Window”; if it stays, reinstall the extension.`;
    root.setAttribute('role', 'alert');
  });
}());
