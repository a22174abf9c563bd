// @ts-check
'use strict';

const path = require('path');
const { pathToFileURL } = require('url');
const vscode = require('vscode');
const { buildDetailHtml } = require('../detail/html');
const { sharedUiFolder } = require('../detail/panel');
const { makeNonce } = require('../util/nonce');
const { readableMessage, isCancellation } = require('../rpc/core');
const { chosenEngine, serverEngines } = require('../settings');

const VIEW_TYPE = 'fonsters.findLook';

/**
 * "Find a Look": the shared panel (clients/web/ui/findlook.js, via media/findlook.js) in a
 * webview, its messages answered by the shared service (clients/web/ui/findlook-service.mjs)
 * over this extension's server connection — the same modules the web page uses. One panel at a
 * time; a pick sets the seed of the Fonster it was opened for.
 */
class FindLookPanel {
  /**
   * @param {object} deps
   * @param {import('../server/api').FonstersApi} deps.api
   * @param {vscode.Uri} deps.extensionUri
   * @param {() => any} deps.serverInfo the initialize result
   * @param {{ id: string, name: string, engine?: string } | null} deps.target
   * @param {(fonster: any) => void} [deps.onCreated]
   * @param {string} [deps.base] the base text to start from
   * @param {() => void} deps.onDispose
   */
  constructor(deps) {
    this.deps = deps;
    this.target = deps.target;
    const media = vscode.Uri.joinPath(deps.extensionUri, 'media');
    const ui = sharedUiFolder(deps.extensionUri);
    this.panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Find a Look', vscode.ViewColumn.Active, {
      enableScripts: true, localResourceRoots: [media, ui],
    });
    this.panel.iconPath = vscode.Uri.joinPath(media, 'fonsters.svg');
    const webview = this.panel.webview;
    webview.html = buildDetailHtml({
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'findlook.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'detail.css')).toString(),
      uiUri: webview.asWebviewUri(ui).toString(),
      uiStyle: 'findlook.css',
      title: 'Find a Look',
    });
    this.disposed = false;
    this.serviceReady = loadService(ui).then((create) => create({
      call: (/** @type {string} */ method, /** @type {any} */ params, /** @type {any} */ options) => deps.api.server.request(method, params, options),
      send: (/** @type {any} */ m) => (this.disposed ? Promise.resolve(false) : this.panel.webview.postMessage(m)),
      target: () => this.target,
      engine: () => chosenEngine(deps.serverInfo()),
      engines: () => serverEngines(deps.serverInfo()),
      base: () => deps.base,
      isCancellation,
      describe: readableMessage,
      onCreated: (/** @type {any} */ f) => {
        vscode.window.showInformationMessage(`Created “${f.displayName}”, last in the library.`);
        if (deps.onCreated) deps.onCreated(f);
      },
    }));
    this.disposables = [
      webview.onDidReceiveMessage(async (m) => (await this.serviceReady).handle(m)),
      this.panel.onDidDispose(() => this.dispose()),
    ];
  }

  /**
   * Show the panel again, now for `target` (when given).
   * @param {{ id: string, name: string, engine?: string } | null} target
   */
  async reveal(target) {
    this.panel.reveal();
    if (target && (!this.target || this.target.id !== target.id)) {
      this.target = target;
      (await this.serviceReady).retarget();
    }
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    this.serviceReady.then((s) => s.close(), () => {});
    this.disposables.forEach((d) => d.dispose());
    this.deps.onDispose();
  }
}

/** @type {Map<string, Promise<any>>} */
const serviceModules = new Map();

/** `createFindLookService` from the shared folder (an ES module, loaded once). @param {vscode.Uri} ui */
function loadService(ui) {
  const file = path.join(ui.fsPath, 'findlook-service.mjs');
  if (!serviceModules.has(file)) serviceModules.set(file, import(pathToFileURL(file).href).then((m) => m.createFindLookService));
  return /** @type {Promise<any>} */ (serviceModules.get(file));
}

module.exports = { FindLookPanel, VIEW_TYPE };
