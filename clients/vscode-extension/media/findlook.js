// @ts-check
/* global acquireVsCodeApi */
'use strict';

/**
 * The "Find a Look" webview's host adapter: the panel itself is the shared module
 * clients/web/ui/findlook.js (the web page's too), loaded from the folder named in `data-ui`;
 * this script connects it to the extension through postMessage.
 */
(function main() {
  // @ts-ignore provided by VS Code (or the test harness)
  const vscode = acquireVsCodeApi();
  const root = /** @type {HTMLElement} */ (document.getElementById('app'));
  const ui = document.body.dataset.ui || '';
  import(`${ui}/findlook.js`).then(({ mountFindLook }) => {
    const view = mountFindLook(root, {
      post: (/** @type {any} */ message) => vscode.postMessage(message),
      listen: (/** @type {(m: any) => void} */ fn) => window.addEventListener('message', (event) => fn(event.data)),
    });
    view.focus();
  }, (error) => {
    root.setAttribute('aria-busy', 'false');
    root.textContent = `The Find a Look panel could not load (${error && error.message}). Run “Developer: Reload Window”; if it stays, reinstall the extension.`;
    root.setAttribute('role', 'alert');
  });
}());
