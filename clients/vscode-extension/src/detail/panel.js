// @ts-check
'use strict';

const vscode = require('vscode');
const { buildDetailHtml } = require('./html');
const { sharedUiSegments } = require('./ui-location');
const { makeNonce } = require('../util/nonce');
const { ErrorCodes, RpcError, readableMessage, isCancellation } = require('../rpc/errors');
const { showError } = require('../feedback');
const { serverEngines, chosenEngine } = require('../settings');

const VIEW_TYPE = 'fonsters.detail';
const DISPLAY_SIZE = 512; // 16 device pixels per cell; CSS keeps it pixel-crisp
const TAP_SAMPLES = 21;
const CHOICE_SIZE = 128; // each engine's creature beside the other, for picking one

/**
 * One detail editor: a webview panel for a library Fonster (`{id}`) or for a
 * free seed ("Preview Selection", `{seed}`). It turns the page's messages into
 * server requests and sends back what the server answered.
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
    this.seed = 'seed' in deps.target ? deps.target.seed : '';
    /** @type {any} */
    this.fonster = null;
    this.received = 0;
    this.applied = 0;
    /** @type {AbortController | null} */
    this.typing = null;
    /** @type {Set<AbortController>} */
    this.frameRequests = new Set();
    this.disposed = false;
    /** @type {vscode.Disposable[]} */
    this.disposables = [];
    /** messages handled, for diagnostics */
    this.handled = 0;

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
    this.draftDirty = false;
    this.disposables.push(
      webview.onDidReceiveMessage((message) => this.onMessage(message)),
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.onDidChangeViewState(() => this.updateDraftContext()),
    );
  }

  get target() {
    return this.mode === 'fonster' ? { id: /** @type {string} */ (this.id) } : { seed: this.seed, ...this.engineParam() };
  }

  /**
   * The engine that draws this editor's creature: the Fonster's own, or for a
   * free seed the `fonsters.defaultEngine` setting (when the server has it).
   * @returns {string | undefined}
   */
  get engine() {
    if (this.mode === 'fonster') return this.fonster ? this.fonster.engine : undefined;
    return chosenEngine(this.deps.serverInfo());
  }

  /** `{engine}` for requests that draw a seed, or nothing (the server's default). */
  engineParam() {
    const engine = this.engine;
    return engine ? { engine } : {};
  }

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
    try {
      switch (m.type) {
        case 'ready': await this.sendInit(); break;
        case 'draftDirty': this.draftDirty = !!m.dirty; await this.updateDraftContext(); break;
        case 'typing': await this.preview(String(m.seed), m.seq); break;
        case 'commitSeed': await this.commitSeed(String(m.seed)); break;
        case 'setEngine': await this.setEngine(String(m.engine)); break;
        case 'rename': if (this.id) await this.show(await this.deps.api.update(this.id, { name: String(m.name) })); break;
        case 'undo': await this.history('undo'); break;
        case 'redo': await this.history('redo'); break;
        case 'random': if (this.id) await this.showRandom(await this.deps.api.random(this.id, m.source, m.mode === 'prepend' ? 'prepend' : 'replace')); break;
        case 'refresh': if (this.id) await this.showRandom(await this.deps.api.refresh(this.id)); break;
        case 'frames': await this.frames(m); break;
        case 'stopFrames': this.cancelFrames(); break;
        case 'useFrame': if (this.id) await this.show(await this.deps.api.useFrame(this.id, Number(m.frame))); break;
        case 'tap': await this.tap(m); break;
        case 'export': await this.deps.exportCreature(this.target, String(m.format)); break;
        case 'share': await this.deps.copyShareLink(this.id ? { ids: [this.id] } : { seeds: [this.seed] }); break;
        case 'saveAsFonster': await this.deps.saveAsFonster(typeof m.seed === 'string' ? m.seed : this.seed); break;
        default: break;
      }
    } catch (error) {
      this.report(error);
    }
  }

  /** @param {unknown} error */
  report(error) {
    if (isCancellation(error)) return;
    const code = error instanceof RpcError ? error.code : undefined;
    if (code === ErrorCodes.NothingToUndo || code === ErrorCodes.NothingToRedo) {
      this.post({ type: 'status', message: readableMessage(error) });
      return;
    }
    if (code === ErrorCodes.NotFound && this.mode === 'fonster') {
      vscode.window.showInformationMessage('This Fonster was deleted.');
      this.panel.dispose();
      return;
    }
    this.post({ type: 'status', message: readableMessage(error), error: true });
    showError(error);
  }

  /** Everything the page needs to draw itself (also after being hidden). */
  async sendInit() {
    const info = this.deps.serverInfo() || {};
    const caps = (info.capabilities && info.capabilities.experimental) || {};
    const sources = caps.randomSources || [];
    if (this.mode === 'fonster') {
      const fonster = await this.deps.api.get(/** @type {string} */ (this.id));
      const seq = ++this.received;
      const image = await this.image();
      const engines = await this.engineChoices(fonster);
      const environment = await this.environment();
      this.applied = Math.max(this.applied, seq);
      this.setFonster(fonster);
      await this.post({ type: 'init', mode: 'fonster', fonster, image, sources, engines, environment });
    } else {
      const image = await this.image();
      const environment = await this.environment();
      const current = this.engine || info.engine; // no engine param: the server's default draws it
      await this.post({ type: 'init', mode: 'preview', seed: this.seed, image, sources, engines: { current, choices: [] }, environment });
    }
  }

  /** Re-read the Fonster (after a change elsewhere) and update the page if it differs. */
  async reload() {
    if (this.mode !== 'fonster' || this.disposed) return;
    try {
      const fonster = await this.deps.api.get(/** @type {string} */ (this.id));
      const before = this.fonster;
      if (before && JSON.stringify(before) === JSON.stringify(fonster)) return;
      await this.show(fonster, !before || before.seed !== fonster.seed || before.engine !== fonster.engine);
    } catch (error) {
      this.report(error);
    }
  }

  /**
   * Send a Fonster (and its picture) to the page. Answers are numbered as they
   * arrive; one that arrived before an answer already shown is stale and dropped.
   * @param {any} fonster @param {boolean} [withImage]
   */
  async show(fonster, withImage = true) {
    const seq = ++this.received;
    const image = withImage ? await this.image() : undefined;
    const engines = withImage ? await this.engineChoices(fonster) : undefined;
    const environment = withImage ? await this.environment() : undefined;
    if (seq < this.applied) return;
    this.applied = seq;
    this.setFonster(fonster);
    await this.post({ type: 'fonster', fonster, image, engines, environment });
  }

  /**
   * The Fonster's seed drawn by every engine the server has, side by side for
   * picking one (none when there is only one engine).
   * @param {any} fonster
   * @returns {Promise<{ current: string, choices: { engine: string, image: any }[] }>}
   */
  async engineChoices(fonster) {
    const engines = serverEngines(this.deps.serverInfo());
    const choices = engines.length < 2 ? [] : await Promise.all(engines.map(async (engine) => ({
      engine,
      image: pickImage(await this.deps.api.render({ seed: fonster.seed, engine }, { format: 'png', size: CHOICE_SIZE })),
    })));
    return { current: fonster.engine, choices };
  }

  /**
   * Draw this Fonster with another engine (`fonsters/update {engine}`; its seed
   * history stays and the switch is not an undoable edit).
   * @param {string} engine
   */
  async setEngine(engine) {
    if (!this.id || (this.fonster && this.fonster.engine === engine)) return;
    await this.show(await this.deps.api.update(this.id, { engine }));
  }

  /** @param {any} result fonsters/random or fonsters/refresh */
  async showRandom(result) {
    const { usedFallback, ...fonster } = result;
    await this.show(fonster);
    if (usedFallback) this.post({ type: 'status', message: 'The random-text service was unreachable; used offline text instead.' });
  }

  /** @param {any} fonster */
  setFonster(fonster) {
    this.fonster = fonster;
    this.seed = fonster.seed;
    this.panel.title = fonster.displayName;
  }

  image() {
    return this.deps.api.render(this.target, { format: 'png', size: DISPLAY_SIZE }).then(pickImage);
  }

  /**
   * The scene behind the creature (sky, sun, clouds): creature/environment of
   * the target, or of a typed seed. Undefined when the server cannot say.
   * @param {any} [target]
   * @param {{ signal?: AbortSignal }} [options]
   */
  environment(target = this.target, options) {
    return this.deps.api.server.request('creature/environment', target, options).catch((error) => {
      if (isCancellation(error)) throw error;
      return undefined;
    });
  }

  /**
   * Live creature while typing: the newest keystroke cancels the previous render.
   * @param {string} seed @param {number} seq
   */
  async preview(seed, seq) {
    if (this.typing) this.typing.abort();
    const controller = new AbortController();
    this.typing = controller;
    try {
      const [result, environment] = await Promise.all([
        this.deps.api.render({ seed, ...this.engineParam() }, { format: 'png', size: DISPLAY_SIZE }, { signal: controller.signal }),
        this.environment({ seed, ...this.engineParam() }, { signal: controller.signal }),
      ]);
      await this.post({ type: 'preview', seq, seed, image: pickImage(result), environment });
    } catch (error) {
      if (isCancellation(error)) return;
      await this.post({ type: 'seedError', seq, message: readableMessage(error) });
    } finally {
      if (this.typing === controller) this.typing = null;
    }
  }

  /** @param {string} seed one undoable edit */
  async commitSeed(seed) {
    if (this.mode === 'fonster') {
      if (this.fonster && this.fonster.seed === seed) return;
      try {
        await this.show(await this.deps.api.update(/** @type {string} */ (this.id), { seed }));
      } catch (error) {
        if (error instanceof RpcError && error.code === ErrorCodes.SeedTooLong) {
          await this.post({ type: 'seedError', message: readableMessage(error) });
          return;
        }
        throw error;
      }
    } else {
      this.seed = seed;
      const [image, environment] = await Promise.all([this.image(), this.environment()]);
      await this.post({ type: 'image', seed, image, environment });
    }
  }

  /** @param {'undo' | 'redo'} which */
  async history(which) {
    if (!this.id) return;
    await this.show(await this.deps.api[which](this.id));
  }

  /** @param {{ requestId: number, start: number, count: number, speed: number }} m */
  async frames(m) {
    const controller = new AbortController();
    this.frameRequests.add(controller);
    try {
      const result = await this.deps.api.frames(this.target, {
        size: DISPLAY_SIZE, start: Math.max(0, Number(m.start) || 0), count: Math.max(1, Number(m.count) || 1), speed: Number(m.speed) || 0.1,
      }, { signal: controller.signal });
      await this.post({ type: 'frames', requestId: m.requestId, start: m.start, total: result.total, intervalMs: result.intervalMs, frames: result.frames });
    } catch (error) {
      if (isCancellation(error)) return;
      await this.post({ type: 'framesFailed', requestId: m.requestId });
      throw error;
    } finally {
      this.frameRequests.delete(controller);
    }
  }

  cancelFrames() {
    for (const controller of this.frameRequests) controller.abort();
    this.frameRequests.clear();
  }

  /** @param {{ tap: number, size: number, seed?: string }} m */
  async tap(m) {
    const seed = this.mode === 'fonster' ? this.seed : (typeof m.seed === 'string' ? m.seed : this.seed);
    const size = Math.max(1, Math.round(Number(m.size) || 256));
    try {
      const animation = await this.deps.api.tapAnimation(seed, Math.max(0, Number(m.tap) || 0), size, TAP_SAMPLES, this.engine);
      await this.post({ type: 'tap', animation });
    } catch (error) {
      await this.post({ type: 'tap', animation: null });
      throw error;
    }
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
    if (this.typing) this.typing.abort();
    this.cancelFrames();
    this.disposables.forEach((d) => d.dispose());
    this.deps.onDispose(this);
  }
}

/**
 * The folder of the shared detail modules, also a local resource root.
 * @param {vscode.Uri} extensionUri
 */
function sharedUiFolder(extensionUri) {
  return vscode.Uri.joinPath(extensionUri, ...sharedUiSegments(extensionUri.fsPath));
}

/** @param {any} result creature/render */
function pickImage(result) {
  return { dataUri: result.dataUri, alt: result.alt, width: result.width, height: result.height };
}

module.exports = { DetailPanel, VIEW_TYPE, DISPLAY_SIZE, CHOICE_SIZE, sharedUiFolder };
