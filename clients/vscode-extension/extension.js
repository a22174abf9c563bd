// @ts-check
'use strict';

/**
 * Fonsters for VS Code: a thin client of `fonsters-rpc --stdio`. Every rule
 * (names, seeds, history, frames, export names, share links) is the server's;
 * this file wires VS Code's views and commands to it.
 */

const path = require('path');
const vscode = require('vscode');
const { ServerConnection } = require('./src/server/connection');
const { locateServer, serverArguments, EXECUTABLE } = require('./src/server/locate');
const { FonstersApi } = require('./src/server/api');
const { FonstersTreeProvider } = require('./src/tree/provider');
const { FonstersDragAndDrop } = require('./src/tree/dragAndDrop');
const { ThumbnailCache } = require('./src/tree/thumbnails');
const { DetailPanels } = require('./src/detail/panels');
const { VIEW_TYPE } = require('./src/detail/panel');
const { FindLookPanel } = require('./src/findlook/panel');
const { libraryCommands } = require('./src/commands/library');
const { trashCommands } = require('./src/commands/trash');
const { selectionCommands } = require('./src/commands/selection');
const { copyShareLink, importShareLink } = require('./src/commands/share');
const { exportLibrary, importLibrary } = require('./src/commands/bundle');
const { exportCreature, pickFormat } = require('./src/commands/exporting');
const { resolveFonsters } = require('./src/commands/targets');
const { readSettings, affectsServer } = require('./src/settings');
const { guarded } = require('./src/feedback');
const { FonstersLanguage } = require('./src/language/client');

/**
 * The current server process. Settings changes swap the connection; the API
 * object keeps pointing here.
 */
class ServerHost {
  /**
   * @param {vscode.ExtensionContext} context
   * @param {vscode.OutputChannel} output
   */
  constructor(context, output) {
    this.context = context;
    this.output = output;
    /** @type {ServerConnection | null} */
    this.connection = null;
    /** @type {((method: string, params: any) => void)[]} */
    this.notificationListeners = [];
    /** @type {((info: any, how: { restarted: boolean }) => void)[]} */
    this.readyListeners = [];
    /** @type {((error: Error) => void)[]} */
    this.failedListeners = [];
  }

  /** Create (or replace) the connection from the current settings and start it. */
  async connect() {
    if (this.connection) {
      const old = this.connection;
      this.connection = null;
      old.removeAllListeners();
      await old.stop();
    }
    const settings = readSettings();
    const found = locateServer({ settingPath: settings.serverPath, extensionPath: this.context.extensionPath });
    if (!found.command) this.log(`fonsters-rpc not found; looked in: ${found.tried.join(', ')}`);
    const connection = new ServerConnection({
      command: found.command || EXECUTABLE,
      args: serverArguments({ storePath: settings.storePath, logLevel: settings.logLevel, extraArgs: settings.serverArgs }),
      clientInfo: { name: 'fonsters-vscode', version: this.context.extension ? this.context.extension.packageJSON.version : undefined },
    });
    connection.on('stderr', (text) => this.output.append(text));
    connection.on('log', (line) => this.log(line));
    connection.on('notification', (method, params) => this.notificationListeners.forEach((fn) => fn(method, params)));
    connection.on('ready', (info, how) => {
      setServerState('running');
      this.readyListeners.forEach((fn) => fn(info, how));
    });
    connection.on('restartScheduled', () => setServerState('starting'));
    connection.on('failed', (error) => {
      setServerState('failed', /** @type {any} */ (error).reason || 'other');
      this.failedListeners.forEach((fn) => fn(error));
      vscode.window.showErrorMessage(error.message, 'Show Log', 'Restart Server').then((choice) => {
        if (choice === 'Show Log') this.output.show(true);
        if (choice === 'Restart Server') vscode.commands.executeCommand('fonsters.restartServer');
      });
    });
    this.connection = connection;
    setServerState('starting');
    return connection.start();
  }

  /** @param {string} line */
  log(line) {
    this.output.appendLine(`[client ${new Date().toISOString()}] ${line}`);
  }

  /**
   * @param {string} method
   * @param {any} [params]
   * @param {import('./src/rpc/client').RequestOptions} [options]
   */
  request(method, params, options) {
    if (!this.connection) return Promise.reject(new Error('The Fonsters server is not running.'));
    return this.connection.request(method, params, options);
  }

  info() {
    return this.connection ? this.connection.info : null;
  }

  /**
   * Sends a notification (dropped while the server is not running: the
   * language client sends its documents again when it is ready).
   * @param {string} method @param {any} [params]
   */
  notify(method, params) {
    if (this.connection) this.connection.notify(method, params);
  }

  async dispose() {
    if (this.connection) {
      const c = this.connection;
      this.connection = null;
      c.removeAllListeners();
      await c.stop();
    }
  }
}

/** @type {ServerHost | null} */
let activeHost = null;

/**
 * The context keys the view's welcome content reads: `fonsters.serverState`
 * (starting | running | failed) and, when failed, `fonsters.serverFailure`
 * (notFound | notExecutable | keepsStopping | other). An empty library and a
 * server that could not start thus get different welcome text.
 * @param {'starting' | 'running' | 'failed'} state
 * @param {string} [failure]
 */
function setServerState(state, failure) {
  vscode.commands.executeCommand('setContext', 'fonsters.serverFailure', failure || '');
  vscode.commands.executeCommand('setContext', 'fonsters.serverState', state);
}

/** @param {vscode.ExtensionContext} context */
function activate(context) {
  const output = vscode.window.createOutputChannel('Fonsters Server');
  const host = new ServerHost(context, output);
  activeHost = host;
  const api = new FonstersApi(host);
  const storage = context.globalStorageUri.fsPath;
  const thumbnails = new ThumbnailCache(path.join(storage, 'thumbnails'));
  const importThumbnails = new ThumbnailCache(path.join(storage, 'import-thumbnails'));

  const tree = new FonstersTreeProvider(api, thumbnails);
  const treeView = vscode.window.createTreeView('fonsters.library', {
    treeDataProvider: tree,
    dragAndDropController: new FonstersDragAndDrop(api, tree),
    canSelectMany: true,
    showCollapseAll: false,
  });
  tree.view = treeView;

  const exportSize = () => readSettings().exportSize;
  const panels = new DetailPanels({
    api,
    extensionUri: context.extensionUri,
    serverInfo: () => host.info(),
    exportCreature: (target, format) => exportCreature(api, target, format, exportSize()),
    copyShareLink: (what) => copyShareLink(api, what),
    saveAsFonster: (seed) => vscode.commands.executeCommand('fonsters.saveSelection', seed),
  });

  /** The library's default engine, in the view's title bar (“3 · new: fonsters-v2”). @param {any} engine */
  const showDefaultEngine = (engine) => tree.showDefaultEngine(typeof engine === 'string' ? engine : undefined);
  host.readyListeners.push((info) => showDefaultEngine(info && info.engine));
  host.notificationListeners.push((method, params) => {
    if (method !== 'fonsters/didChange') return;
    if (params && params.reason === 'settings') { // changes no Fonster: the library's default engine
      const engine = params.settings && params.settings.defaultEngine;
      const info = host.info();
      if (info && typeof engine === 'string') info.engine = engine; // what initialize would say now
      showDefaultEngine(engine);
      const preview = panels.previewPanel;
      if (preview) preview.sendInit().catch((/** @type {any} */ error) => preview.report(error));
      return;
    }
    tree.refresh();
    panels.onLibraryChanged(params || { ids: [], reason: 'external' });
  });
  host.failedListeners.push(() => tree.refresh()); // empty rows: the view shows why
  host.readyListeners.push((info, how) => {
    if (how.restarted) {
      tree.refresh();
      panels.reinitialiseAll();
    }
  });

  const language = new FonstersLanguage(vscode, host);
  context.subscriptions.push(...language.register());

  const ctx = { api, tree, treeView, panels };
  /** @type {FindLookPanel | null} the one Find a Look panel */
  let findLook = null;
  /** @type {Record<string, (...args: any[]) => any>} */
  const commands = {
    ...libraryCommands(ctx),
    ...trashCommands(ctx),
    ...selectionCommands(ctx),

    /** @param {any} arg @param {any} selected */
    async 'fonsters.copyShareLink'(arg, selected) {
      const fonsters = await resolveFonsters(ctx, arg, selected, { many: true, placeHolder: 'Share which Fonsters?' });
      if (!fonsters.length) return undefined;
      return copyShareLink(api, { ids: fonsters.map((f) => f.id) });
    },
    async 'fonsters.importShareLink'(/** @type {any} */ url) {
      return importShareLink(api, importThumbnails, typeof url === 'string' ? url : undefined);
    },
    /**
     * Find a Look: for a tree row, an id, or the active detail editor's Fonster (else creating only);
     * `base`: start from this text (a look-alike warning's “Find a distinct variant”).
     * @param {any} arg @param {string} [base]
     */
    async 'fonsters.findLook'(arg, base) {
      const target = await findLookTarget(ctx, arg);
      if (findLook && typeof base === 'string') findLook.panel.dispose(); // a new start from that text
      if (findLook) {
        await findLook.reveal(target);
        return findLook;
      }
      findLook = new FindLookPanel({
        api, extensionUri: context.extensionUri, serverInfo: () => host.info(), target, onDispose: () => { findLook = null; },
        base: typeof base === 'string' ? base : undefined,
      });
      return findLook;
    },
    async 'fonsters.exportLibrary'() {
      return exportLibrary(api);
    },
    async 'fonsters.importLibrary'() {
      return importLibrary(api);
    },
    /** @param {any} arg @param {string} [format] */
    async 'fonsters.export'(arg, format) {
      const [fonster] = await resolveFonsters(ctx, arg, undefined, { placeHolder: 'Export which Fonster?' });
      if (!fonster) return undefined;
      const chosen = typeof format === 'string' ? format : await pickFormat();
      if (!chosen) return undefined;
      return exportCreature(api, { id: fonster.id }, chosen, exportSize());
    },
    /** @param {any} arg */
    async 'fonsters.undo'(arg) {
      return historyStep(ctx, arg, 'undo');
    },
    /** @param {any} arg */
    async 'fonsters.redo'(arg) {
      return historyStep(ctx, arg, 'redo');
    },
    async 'fonsters.restartServer'() {
      try {
        await host.connect();
      } catch {
        return; // the connection's 'failed' event has already told the user, with actions
      }
      tree.refresh();
      panels.reinitialiseAll();
      vscode.window.showInformationMessage('Fonsters server restarted.');
    },
    async 'fonsters.showServerLog'() {
      output.show(true);
    },
  };

  for (const [id, fn] of Object.entries(commands)) {
    context.subscriptions.push(vscode.commands.registerCommand(id, (...args) => guarded(() => fn(...args))));
  }

  context.subscriptions.push(
    output,
    treeView,
    tree,
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, panels),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // The engine setting is each request's `engine`: open previews redraw, no restart.
      if (event.affectsConfiguration('fonsters.defaultEngine') && panels.previewPanel) {
        const preview = panels.previewPanel;
        preview.sendInit().catch((error) => preview.report(error));
      }
      if (!affectsServer(event)) return;
      host.connect().then(() => {
        tree.refresh();
        panels.reinitialiseAll();
      }, (error) => host.log(`Restart after a settings change failed: ${error.message}`));
    }),
    { dispose: () => { panels.dispose(); if (findLook) findLook.panel.dispose(); } },
    { dispose: () => { host.dispose(); } },
  );

  const started = host.connect().then(() => tree.refresh(), (error) => {
    host.log(`Start failed: ${error.message}`);
  });

  return { host, api, tree, treeView, panels, language, started, get findLook() { return findLook; } };
}

/**
 * Undo/Redo: in the active detail editor (keys), or on a tree row.
 * @param {{ api: FonstersApi, panels: DetailPanels, tree: FonstersTreeProvider, treeView: any }} ctx
 * @param {any} arg
 * @param {'undo' | 'redo'} which
 */
async function historyStep(ctx, arg, which) {
  if (!arg) {
    const active = ctx.panels.active();
    if (active && active.id) return active[which]();
  }
  const [fonster] = await resolveFonsters(ctx, arg, undefined, { placeHolder: `${which === 'undo' ? 'Undo' : 'Redo'} the last seed edit of which Fonster?` });
  if (!fonster) return undefined;
  return ctx.api[which](fonster.id);
}

/**
 * The Fonster a Find a Look pick sets the seed of: a tree row, an id, or the active detail
 * editor's; null when there is none (picks then only create).
 * @param {{ api: FonstersApi, panels: DetailPanels }} ctx
 * @param {any} arg
 */
async function findLookTarget(ctx, arg) {
  let f = null;
  if (arg && arg.fonster && arg.fonster.id) f = arg.fonster;
  else if (typeof arg === 'string' && arg) f = await ctx.api.get(arg);
  else {
    const active = ctx.panels.active();
    if (active && active.id) f = active.fonster || await ctx.api.get(active.id);
  }
  return f ? { id: f.id, name: f.displayName, engine: f.engine } : null;
}

/** VS Code waits for the returned promise: the server gets an orderly shutdown. */
function deactivate() {
  const host = activeHost;
  activeHost = null;
  return host ? host.dispose() : undefined;
}

module.exports = { activate, deactivate };
