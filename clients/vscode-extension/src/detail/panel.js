// @ts-check
'use strict';

const path = require('path');
const { pathToFileURL } = require('url');
const vscode = require('vscode');
const { buildDetailHtml } = require('./html');
const { sharedUiSegments } = require('./ui-location');
const { makeNonce } = require('../util/nonce');
const { readableMessage, isCancellation } = require('../rpc/core');
const { showError } = require('../feedback');
const { serverEngines, chosenEngine } = require('../settings');

const VIEW_TYPE = 'fonsters.detail';

/**
 * One detail editor: a webview panel for a library Fonster (`{id}`) or for a
 * free seed ("Preview Selection", `{seed}`). The page is the shared detail
 * view (clients/web/ui/detail.js, via media/detail.js); its messages are
 * answered by the shared protocol service (clients/web/ui/detail-service.mjs),
 * the same one the web page runs, over this extension's server connection.
 * This class adds what is VS Code's own: save dialogs, the clipboard,
 * notifications, the draft context key, commands from keybindings.
 */
class DetailPanel {
  /**
   * @param {object} deps
   * @param {vscode.WebviewPanel} deps.panel
   * @param {{ id: string } | { seed: string }} deps.target
   * @param {import('../server/api').FonstersApi} deps.api
   * @param {vscode.Uri} deps.extensionUri
   * @param {() => any} deps.serverInfo the initialize result (capabilities)
   * @param {(target: any, format: string) => Promise<any>} deps.exportCreature
   * @param {(what: { ids?: string[], seeds?: string[] }) => Promise<any>} deps.copyShareLink
   * @param {(seed: string) => Promise<any>} deps.saveAsFonster
   * @param {(panel: DetailPanel) => void} deps.onDispose
   */
  constructor(deps) {
    this.deps = deps;
    this.panel = deps.panel;
    /** @type {'fonster' | 'preview'} */
    this.mode = 'id' in deps.target ? 'fonster' : 'preview';
    this.id = 'id' in deps.target ? deps.target.id : undefined;
    this.disposed = false;
    /** @type {vscode.Disposable[]} */
    this.disposables = [];
    /** messages handled, for diagnostics */
    this.handled = 0;
    this.draftDirty = false;

    const webview = this.panel.webview;
    const media = vscode.Uri.joinPath(deps.extensionUri, 'media');
    const ui = sharedUiFolder(deps.extensionUri);
    webview.options = { enableScripts: true, localResourceRoots: [media, ui] };
    webview.html = buildDetailHtml({
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'detail.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'detail.css')).toString(),
      uiUri: webview.asWebviewUri(ui).toString(),
      mode: this.mode,
      title: this.panel.title,
    });
    /** @type {any} the shared service, once its module has loaded */
    this.service = null;
    this.serviceReady = loadService(ui).then((createDetailService) => {
      this.service = createDetailService(this.serviceDeps(deps.target));
      return this.service;
    });
    this.disposables.push(
      webview.onDidReceiveMessage((message) => this.onMessage(message)),
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.onDidChangeViewState(() => this.updateDraftContext()),
    );
  }

  /** @param {{ id: string } | { seed: string }} target */
  serviceDeps(target) {
    const info = () => this.deps.serverInfo() || {};
    const caps = () => (info().capabilities && info().capabilities.experimental) || {};
    return {
      call: (/** @type {string} */ method, /** @type {any} */ params, /** @type {any} */ options) => this.deps.api.server.request(method, params, options),
      target,
      send: (/** @type {any} */ message) => this.post(message),
      sources: () => caps().randomSources || [],
      engines: () => serverEngines(info()),
      previewEngine: () => chosenEngine(info()) || info().engine, // a free seed: the library's default unless set
      defaultEngine: () => info().engine,
      isCancellation,
      describe: readableMessage,
      exportCreature: (/** @type {any} */ t, /** @type {string} */ format) => this.deps.exportCreature(t, format),
      share: (/** @type {any} */ what) => this.deps.copyShareLink(what),
      saveAsFonster: (/** @type {string} */ seed) => this.deps.saveAsFonster(seed),
      findVariant: (/** @type {string} */ seed, /** @type {any} */ fonster) =>
        vscode.commands.executeCommand('fonsters.findLook', fonster ? fonster.id : undefined, seed),
      onFonster: (/** @type {any} */ fonster) => { this.panel.title = fonster.displayName; },
      onGone: () => {
        vscode.window.showInformationMessage('This Fonster was deleted.');
        this.panel.dispose();
      },
      onError: showError,
    };
  }

  /** The Fonster shown (null before the page asked for it). */
  get fonster() { return this.service ? this.service.fonster : null; }

  /** The seed shown. */
  get seed() { return this.service ? this.service.seed : ('seed' in this.deps.target ? this.deps.target.seed : ''); }

  /** What the creature methods draw: `{id}`, or `{seed, engine?}` for a free seed. */
  get target() { return this.service ? this.service.target : this.deps.target; }

  /** @param {any} message */
  post(message) {
    if (this.disposed) return Promise.resolve(false);
    return this.panel.webview.postMessage(message);
  }

  /**
   * Handle one message from the page.
   * @param {any} m
   */
  async onMessage(m) {
    if (!m || typeof m.type !== 'string') return;
    this.handled++;
    if (m.type === 'draftDirty') {
      this.draftDirty = !!m.dirty;
      await this.updateDraftContext();
      return;
    }
    const service = await this.serviceReady;
    await service.handle(m);
  }

  /** @param {unknown} error */
  report(error) {
    this.serviceReady.then((service) => service.report(error));
  }

  /** Everything the page needs to draw itself (also after being hidden). */
  async sendInit() {
    return (await this.serviceReady).sendInit();
  }

  /** Re-read the Fonster (after a change elsewhere) and update the page if it differs. */
  async reload() {
    if (this.disposed) return;
    await (await this.serviceReady).reload();
  }

  /** @param {string} seed a preview's new text (one undoable edit for a Fonster) */
  async commitSeed(seed) {
    return (await this.serviceReady).commitSeed(seed);
  }

  /**
   * The `fonsters.draftDirty` context key: while a field holds uncommitted text,
   * the Undo/Redo keybindings stand aside and the field's own text undo runs.
   */
  updateDraftContext() {
    if (!this.panel.active && !this.disposed) return Promise.resolve();
    return vscode.commands.executeCommand('setContext', 'fonsters.draftDirty', this.draftDirty && !this.disposed);
  }

  /** Commands from outside the page (keybindings, command palette). */
  async undo() { return this.onMessage({ type: 'undo' }); }
  async redo() { return this.onMessage({ type: 'redo' }); }
  /** @param {'play' | 'pause' | 'stop'} action */
  playback(action) { return this.post({ type: 'playback', action }); }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    if (this.draftDirty) vscode.commands.executeCommand('setContext', 'fonsters.draftDirty', false);
    this.serviceReady.then((service) => service.close(), () => {});
    this.disposables.forEach((d) => d.dispose());
    this.deps.onDispose(this);
  }
}

/** @type {Map<string, Promise<any>>} the shared service module, by folder */
const serviceModules = new Map();

/**
 * `createDetailService` from the shared folder (an ES module, loaded once).
 * @param {vscode.Uri} ui
 * @returns {Promise<any>}
 */
function loadService(ui) {
  const file = path.join(ui.fsPath, 'detail-service.mjs');
  if (!serviceModules.has(file)) serviceModules.set(file, import(pathToFileURL(file).href).then((m) => m.createDetailService));
  return /** @type {Promise<any>} */ (serviceModules.get(file));
}

/**
 * The folder of the shared detail modules, also a local resource root.
 * @param {vscode.Uri} extensionUri
 */
function sharedUiFolder(extensionUri) {
  return vscode.Uri.joinPath(extensionUri, ...sharedUiSegments(extensionUri.fsPath));
}

module.exports = { DetailPanel, VIEW_TYPE, sharedUiFolder };
