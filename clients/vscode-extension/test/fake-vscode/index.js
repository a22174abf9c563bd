// @ts-check
'use strict';

/**
 * A small, faithful stand-in for the `vscode` module: the classes and
 * functions the extension uses, with the real API's signatures (see
 * https://code.visualstudio.com/api/references/vscode-api). Dialogs answer
 * from scripted queues; everything the extension shows is recorded.
 * Test-only controls live under `__test` (never touched by the extension).
 */

const fs = require('fs');
const path = require('path');
const { URL, pathToFileURL } = require('url');

function createFakeVscode() {
  // ---- basics -----------------------------------------------------------------
  class Disposable {
    /** @param {() => any} callOnDispose */
    constructor(callOnDispose) { this._fn = callOnDispose; }
    /** @param {...{ dispose(): any }} disposables */
    static from(...disposables) { return new Disposable(() => disposables.forEach((d) => d && d.dispose())); }
    dispose() { if (this._fn) { const fn = this._fn; this._fn = undefined; fn(); } }
  }

  /** @template T */
  class EventEmitter {
    constructor() {
      /** @type {Set<(e: T) => any>} */
      this._listeners = new Set();
      /**
       * @param {(e: T) => any} listener
       * @param {any} [thisArgs]
       * @param {Disposable[]} [disposables]
       */
      this.event = (listener, thisArgs, disposables) => {
        const bound = thisArgs ? listener.bind(thisArgs) : listener;
        this._listeners.add(bound);
        const d = new Disposable(() => this._listeners.delete(bound));
        if (Array.isArray(disposables)) disposables.push(d);
        return d;
      };
    }
    /** @param {T} data */
    fire(data) { for (const l of [...this._listeners]) l(data); }
    dispose() { this._listeners.clear(); }
  }

  class Uri {
    /** @param {string} scheme @param {string} authority @param {string} p @param {string} query @param {string} fragment */
    constructor(scheme, authority, p, query, fragment) {
      this.scheme = scheme; this.authority = authority; this.path = p; this.query = query; this.fragment = fragment;
    }
    get fsPath() { return this.scheme === 'file' ? path.normalize(decodeURIComponent(this.path)) : this.path; }
    /** @param {string} p */
    static file(p) { return new Uri('file', '', path.resolve(p).split(path.sep).join('/'), '', ''); }
    /** @param {string} value @param {boolean} [strict] */
    static parse(value, strict) {
      const m = /^([a-zA-Z][\w+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(value);
      if (!m) { if (strict) throw new Error(`Invalid URI ${value}`); return new Uri('file', '', value, '', ''); }
      return new Uri(m[1], m[2] || '', m[3] || '', m[4] || '', m[5] || '');
    }
    /** @param {Uri} base @param {...string} pathSegments */
    static joinPath(base, ...pathSegments) {
      return base.with({ path: path.posix.join(base.path, ...pathSegments) });
    }
    /** @param {{ scheme: string, authority?: string, path?: string, query?: string, fragment?: string }} c */
    static from(c) { return new Uri(c.scheme, c.authority || '', c.path || '', c.query || '', c.fragment || ''); }
    /** @param {{ scheme?: string, authority?: string, path?: string, query?: string, fragment?: string }} change */
    with(change) {
      return new Uri(change.scheme ?? this.scheme, change.authority ?? this.authority, change.path ?? this.path,
        change.query ?? this.query, change.fragment ?? this.fragment);
    }
    /** @param {boolean} [skipEncoding] */
    toString(skipEncoding) {
      const p = skipEncoding ? this.path : encodeURI(this.path);
      return `${this.scheme}:${this.authority || this.scheme === 'file' ? `//${this.authority}` : ''}${p}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
    }
    toJSON() { return { scheme: this.scheme, authority: this.authority, path: this.path, query: this.query, fragment: this.fragment }; }
  }

  class ThemeColor { /** @param {string} id */ constructor(id) { this.id = id; } }
  class ThemeIcon {
    /** @param {string} id @param {ThemeColor} [color] */
    constructor(id, color) { this.id = id; this.color = color; }
  }
  ThemeIcon.File = new ThemeIcon('file');
  ThemeIcon.Folder = new ThemeIcon('folder');

  class MarkdownString {
    /** @param {string} [value] @param {boolean} [supportThemeIcons] */
    constructor(value, supportThemeIcons) { this.value = value || ''; this.supportThemeIcons = supportThemeIcons; this.isTrusted = undefined; this.supportHtml = undefined; }
    /** @param {string} value */
    appendText(value) { this.value += value.replace(/[\\`*_{}[\]()#+\-.!<>]/g, '\\$&'); return this; }
    /** @param {string} value */
    appendMarkdown(value) { this.value += value; return this; }
    /** @param {string} value @param {string} [language] */
    appendCodeblock(value, language) { this.value += `\n\`\`\`${language || ''}\n${value}\n\`\`\`\n`; return this; }
  }

  const TreeItemCollapsibleState = Object.freeze({ None: 0, Collapsed: 1, Expanded: 2 });
  class TreeItem {
    /** @param {string | Uri | { label: string }} labelOrUri @param {number} [collapsibleState] */
    constructor(labelOrUri, collapsibleState) {
      if (labelOrUri instanceof Uri) this.resourceUri = labelOrUri;
      else this.label = labelOrUri;
      this.collapsibleState = collapsibleState ?? TreeItemCollapsibleState.None;
      /** @type {string | undefined} */ this.id = undefined;
      /** @type {any} */ this.iconPath = undefined;
      /** @type {string | boolean | undefined} */ this.description = undefined;
      /** @type {any} */ this.tooltip = undefined;
      /** @type {any} */ this.command = undefined;
      /** @type {string | undefined} */ this.contextValue = undefined;
      /** @type {any} */ this.accessibilityInformation = undefined;
    }
  }

  const ViewColumn = Object.freeze({ Active: -1, Beside: -2, One: 1, Two: 2, Three: 3 });
  const ConfigurationTarget = Object.freeze({ Global: 1, Workspace: 2, WorkspaceFolder: 3 });
  const ExtensionMode = Object.freeze({ Production: 1, Development: 2, Test: 3 });
  const ProgressLocation = Object.freeze({ SourceControl: 1, Window: 10, Notification: 15 });

  class DataTransferItem {
    /** @param {any} value */
    constructor(value) { this.value = value; }
    asString() { return Promise.resolve(typeof this.value === 'string' ? this.value : JSON.stringify(this.value)); }
    asFile() { return undefined; }
  }
  class DataTransfer {
    constructor() { /** @type {Map<string, DataTransferItem>} */ this._items = new Map(); }
    /** @param {string} mimeType */
    get(mimeType) { return this._items.get(mimeType.toLowerCase()); }
    /** @param {string} mimeType @param {DataTransferItem} value */
    set(mimeType, value) { this._items.set(mimeType.toLowerCase(), value); }
    /** @param {(item: DataTransferItem, mimeType: string, dataTransfer: DataTransfer) => void} callbackfn @param {any} [thisArg] */
    forEach(callbackfn, thisArg) { for (const [m, i] of this._items) callbackfn.call(thisArg, i, m, this); }
    [Symbol.iterator]() { return this._items.entries(); }
  }

  class CancellationTokenSource {
    constructor() {
      const emitter = new EventEmitter();
      this._emitter = emitter;
      this.token = { isCancellationRequested: false, onCancellationRequested: emitter.event };
    }
    cancel() { if (!this.token.isCancellationRequested) { this.token.isCancellationRequested = true; this._emitter.fire(undefined); } }
    dispose() { this._emitter.dispose(); }
  }

  class Position {
    /** @param {number} line @param {number} character */
    constructor(line, character) { this.line = line; this.character = character; }
    /** @param {Position} other */
    isEqual(other) { return this.line === other.line && this.character === other.character; }
  }
  class Range {
    /** @param {Position | number} a @param {Position | number} b @param {number} [c] @param {number} [d] */
    constructor(a, b, c, d) {
      if (typeof a === 'number') { this.start = new Position(a, /** @type {number} */ (b)); this.end = new Position(/** @type {number} */ (c), /** @type {number} */ (d)); }
      else { this.start = a; this.end = /** @type {Position} */ (b); }
    }
    get isEmpty() { return this.start.isEqual(this.end); }
  }
  class Selection extends Range {
    /** @param {Position} anchor @param {Position} active */
    constructor(anchor, active) { super(anchor, active); this.anchor = anchor; this.active = active; }
  }

  // ---- test state ---------------------------------------------------------------
  /** @type {Map<string, any[]>} */
  const answers = new Map();
  /** @type {{ method: string, args: any[] }[]} */
  const calls = [];
  const messages = { info: /** @type {any[]} */ ([]), warning: /** @type {any[]} */ ([]), error: /** @type {any[]} */ ([]) };
  /** @type {Map<string, any>} */
  const contextKeys = new Map();
  /** @type {Map<string, Function>} */
  const commandRegistry = new Map();
  /** @type {Map<string, any>} */
  const treeViews = new Map();
  /** @type {any[]} */
  const panels = [];
  /** @type {Map<string, any>} */
  const serializers = new Map();
  /** @type {Map<string, any>} */
  const outputChannels = new Map();
  /** @type {Record<string, any>} */
  const configuration = {};
  const configChanged = new EventEmitter();
  let clipboardText = '';

  /** @param {string} method @param {any[]} args */
  function answer(method, args) {
    calls.push({ method, args });
    const queue = answers.get(method) || [];
    if (queue.length === 0) return Promise.resolve(undefined);
    const next = queue.shift();
    return Promise.resolve(typeof next === 'function' ? next(...args) : next);
  }

  /** @param {'info' | 'warning' | 'error'} kind @param {string} method */
  function messageFn(kind, method) {
    /** @param {string} message @param {...any} rest */
    return (message, ...rest) => {
      const options = rest.length && rest[0] && typeof rest[0] === 'object' && !('title' in rest[0]) ? rest.shift() : undefined;
      messages[kind].push({ message, options, items: rest });
      return answer(method, [message, options, ...rest]);
    };
  }

  // ---- webviews -------------------------------------------------------------------
  let panelCounter = 0;
  /**
   * @param {string} viewType @param {string} title @param {any} showOptions @param {any} [options]
   */
  function createWebviewPanel(viewType, title, showOptions, options) {
    const received = new EventEmitter();
    const viewState = new EventEmitter();
    const disposed = new EventEmitter();
    /** @type {any[]} */
    const posted = [];
    /** @type {{ predicate: (m: any) => boolean, resolve: (m: any) => void }[]} */
    const waiters = [];
    const webview = {
      options: options || {},
      html: '',
      cspSource: `https://fake-webview-${++panelCounter}.vscode-cdn.net`,
      /** @param {Uri} localResource */
      asWebviewUri(localResource) {
        return Uri.from({ scheme: 'https', authority: 'file+.vscode-resource.vscode-cdn.net', path: localResource.path });
      },
      /** @param {any} message */
      postMessage(message) {
        if (panel._disposed) return Promise.reject(new Error('Webview is disposed'));
        const copy = JSON.parse(JSON.stringify(message));
        if (!panel.visible && !(panel.options && panel.options.retainContextWhenHidden)) return Promise.resolve(false);
        posted.push(copy);
        for (const w of [...waiters]) if (w.predicate(copy)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(copy); }
        return Promise.resolve(true);
      },
      onDidReceiveMessage: received.event,
    };
    const column = typeof showOptions === 'object' ? showOptions.viewColumn : showOptions;
    const panel = {
      viewType,
      title,
      /** @type {any} */ iconPath: undefined,
      webview,
      options: options || {},
      viewColumn: column === ViewColumn.Beside ? 2 : 1,
      active: !(typeof showOptions === 'object' && showOptions.preserveFocus),
      visible: true,
      _disposed: false,
      onDidChangeViewState: viewState.event,
      onDidDispose: disposed.event,
      /** @param {number} [viewColumn] @param {boolean} [preserveFocus] */
      reveal(viewColumn, preserveFocus) {
        calls.push({ method: 'WebviewPanel.reveal', args: [viewColumn, preserveFocus] });
        panel._setState(true, !preserveFocus);
      },
      dispose() {
        if (panel._disposed) return;
        panel._disposed = true;
        panel.visible = false;
        panel.active = false;
        disposed.fire(undefined);
      },
      // ---- test controls ----
      /** Messages the extension posted to the page. */
      __posted: posted,
      /** Simulate the page calling `vscode.postMessage`. */
      __fromPage(/** @type {any} */ message) { received.fire(JSON.parse(JSON.stringify(message))); },
      /** Resolve with the next posted message that matches. */
      __waitForPosted(/** @type {(m: any) => boolean} */ predicate, timeoutMs = 10000) {
        const already = posted.find(predicate);
        if (already) return Promise.resolve(already);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no matching webview message within ${timeoutMs} ms; got ${posted.map((m) => m.type).join(', ')}`)), timeoutMs);
          waiters.push({ predicate, resolve: (m) => { clearTimeout(timer); resolve(m); } });
        });
      },
      /** Hide or show the tab (a hidden webview without retainContextWhenHidden loses its page). */
      _setState(/** @type {boolean} */ visible, /** @type {boolean} */ active) {
        if (active) {
          // One active editor; tabs sharing its column are hidden behind it.
          for (const other of panels) {
            if (other === panel || other._disposed || (!other.active && !(other.visible && other.viewColumn === panel.viewColumn))) continue;
            other.active = false;
            if (other.viewColumn === panel.viewColumn) other.visible = false;
            other.__viewState.fire({ webviewPanel: other });
          }
        }
        panel.visible = visible;
        panel.active = active;
        viewState.fire({ webviewPanel: panel });
      },
      __viewState: viewState,
    };
    panels.push(panel);
    if (panel.active) {
      panel.active = false;
      panel._setState(true, true);
    }
    calls.push({ method: 'createWebviewPanel', args: [viewType, title, showOptions, options] });
    return panel;
  }

  // ---- tree views -----------------------------------------------------------------
  /** @param {string} viewId @param {any} options */
  function createTreeView(viewId, options) {
    const selectionChanged = new EventEmitter();
    const visibility = new EventEmitter();
    const view = {
      /** @type {any[]} */ selection: [],
      visible: true,
      /** @type {string | undefined} */ message: undefined,
      /** @type {string | undefined} */ title: undefined,
      /** @type {string | undefined} */ description: undefined,
      badge: undefined,
      onDidChangeSelection: selectionChanged.event,
      onDidChangeVisibility: visibility.event,
      onDidExpandElement: new EventEmitter().event,
      onDidCollapseElement: new EventEmitter().event,
      onDidChangeCheckboxState: new EventEmitter().event,
      /** @param {any} element @param {{ select?: boolean, focus?: boolean, expand?: boolean | number }} [revealOptions] */
      reveal(element, revealOptions) { calls.push({ method: 'TreeView.reveal', args: [element, revealOptions] }); return Promise.resolve(); },
      dispose() { treeViews.delete(viewId); },
      // ---- test controls ----
      __options: options,
      __refreshes: 0,
      /** Select rows as a click would. */
      __select(/** @type {any[]} */ elements) { view.selection = elements; selectionChanged.fire({ selection: elements }); },
      /** Ask the provider for the rows and their TreeItems, as the workbench does. */
      async __render() {
        const provider = options.treeDataProvider;
        const elements = (await provider.getChildren(undefined)) || [];
        const items = [];
        for (const element of elements) items.push({ element, item: await provider.getTreeItem(element) });
        return items;
      },
    };
    if (options.treeDataProvider.onDidChangeTreeData) {
      options.treeDataProvider.onDidChangeTreeData(() => { view.__refreshes++; });
    }
    treeViews.set(viewId, view);
    return view;
  }

  // ---- namespaces ------------------------------------------------------------------
  const commands = {
    /** @param {string} command @param {(...args: any[]) => any} callback @param {any} [thisArg] */
    registerCommand(command, callback, thisArg) {
      if (commandRegistry.has(command)) throw new Error(`command '${command}' already exists`);
      commandRegistry.set(command, thisArg ? callback.bind(thisArg) : callback);
      return new Disposable(() => commandRegistry.delete(command));
    },
    /** @param {string} command @param {...any} rest */
    async executeCommand(command, ...rest) {
      calls.push({ method: 'executeCommand', args: [command, ...rest] });
      if (command === 'setContext') { contextKeys.set(rest[0], rest[1]); return undefined; }
      const fn = commandRegistry.get(command);
      if (!fn) throw new Error(`command '${command}' not found`);
      return fn(...rest);
    },
    /** @param {boolean} [filterInternal] */
    getCommands(filterInternal) { return Promise.resolve([...commandRegistry.keys()]); },
  };

  const window = {
    /** @type {any} */ activeTextEditor: undefined,
    /** @param {string} name @param {string} [languageId] */
    createOutputChannel(name, languageId) {
      const channel = {
        name,
        text: '',
        shown: 0,
        /** @param {string} value */ append(value) { channel.text += value; },
        /** @param {string} value */ appendLine(value) { channel.text += `${value}\n`; },
        /** @param {string} value */ replace(value) { channel.text = value; },
        clear() { channel.text = ''; },
        /** @param {any} [columnOrPreserveFocus] @param {boolean} [preserveFocus] */ show(columnOrPreserveFocus, preserveFocus) { channel.shown++; },
        hide() {},
        dispose() { outputChannels.delete(name); },
      };
      outputChannels.set(name, channel);
      return channel;
    },
    createTreeView,
    /** @param {string} viewId @param {any} treeDataProvider */
    registerTreeDataProvider(viewId, treeDataProvider) { createTreeView(viewId, { treeDataProvider }); return new Disposable(() => treeViews.delete(viewId)); },
    createWebviewPanel,
    /** @param {string} viewType @param {any} serializer */
    registerWebviewPanelSerializer(viewType, serializer) {
      serializers.set(viewType, serializer);
      return new Disposable(() => serializers.delete(viewType));
    },
    showInformationMessage: messageFn('info', 'showInformationMessage'),
    showWarningMessage: messageFn('warning', 'showWarningMessage'),
    showErrorMessage: messageFn('error', 'showErrorMessage'),
    /** @param {any} [options] @param {any} [token] */
    showInputBox(options, token) { return answer('showInputBox', [options, token]); },
    /** @param {any} items @param {any} [options] @param {any} [token] */
    async showQuickPick(items, options, token) { return answer('showQuickPick', [await items, options, token]); },
    /** @param {any} [options] */
    showSaveDialog(options) { return answer('showSaveDialog', [options]); },
    /** @param {any} [options] */
    showOpenDialog(options) { return answer('showOpenDialog', [options]); },
    /** @param {any} options @param {(progress: any, token: any) => Thenable<any>} task */
    withProgress(options, task) {
      const source = new CancellationTokenSource();
      return Promise.resolve(task({ report() {} }, source.token));
    },
    /** @param {string} text @param {number} [hideAfterTimeout] */
    setStatusBarMessage(text, hideAfterTimeout) { calls.push({ method: 'setStatusBarMessage', args: [text] }); return new Disposable(() => {}); },
  };

  const workspace = {
    /** @type {{ uri: Uri, name: string, index: number }[] | undefined} */ workspaceFolders: undefined,
    /** @param {string} [section] @param {any} [scope] */
    getConfiguration(section, scope) {
      const prefix = section ? `${section}.` : '';
      return {
        /** @param {string} key @param {any} [defaultValue] */
        get(key, defaultValue) { return Object.prototype.hasOwnProperty.call(configuration, prefix + key) ? configuration[prefix + key] : defaultValue; },
        /** @param {string} key */
        has(key) { return Object.prototype.hasOwnProperty.call(configuration, prefix + key); },
        /** @param {string} key */
        inspect(key) { return { key: prefix + key, globalValue: configuration[prefix + key] }; },
        /** @param {string} key @param {any} value @param {any} [target] @param {boolean} [overrideInLanguage] */
        update(key, value, target, overrideInLanguage) { setConfiguration(prefix + key, value); return Promise.resolve(); },
      };
    },
    onDidChangeConfiguration: configChanged.event,
    fs: {
      /** @param {Uri} uri @param {Uint8Array} content */
      async writeFile(uri, content) {
        if (!(content instanceof Uint8Array)) throw new TypeError('content must be a Uint8Array');
        fs.mkdirSync(path.dirname(uri.fsPath), { recursive: true });
        fs.writeFileSync(uri.fsPath, content);
      },
      /** @param {Uri} uri */
      async readFile(uri) { return new Uint8Array(fs.readFileSync(uri.fsPath)); },
      /** @param {Uri} uri */
      async createDirectory(uri) { fs.mkdirSync(uri.fsPath, { recursive: true }); },
      /** @param {Uri} uri */
      async stat(uri) { const s = fs.statSync(uri.fsPath); return { type: s.isDirectory() ? 2 : 1, ctime: s.ctimeMs, mtime: s.mtimeMs, size: s.size }; },
      /** @param {Uri} uri @param {{ recursive?: boolean }} [options] */
      async delete(uri, options) { fs.rmSync(uri.fsPath, { recursive: !!(options && options.recursive), force: true }); },
    },
  };

  const env = {
    appName: 'Fake VS Code',
    language: 'en',
    machineId: 'fake-machine',
    clipboard: {
      readText() { return Promise.resolve(clipboardText); },
      /** @param {string} value */
      writeText(value) { clipboardText = value; return Promise.resolve(); },
    },
    /** @param {Uri} target */
    openExternal(target) { calls.push({ method: 'openExternal', args: [target] }); return Promise.resolve(true); },
  };

  /** @param {string} key @param {any} value */
  function setConfiguration(key, value) {
    if (value === undefined) delete configuration[key];
    else configuration[key] = value;
    configChanged.fire({ affectsConfiguration: (/** @type {string} */ section) => key === section || key.startsWith(`${section}.`) });
  }

  const __test = {
    answers,
    calls,
    messages,
    contextKeys,
    commandRegistry,
    treeViews,
    panels,
    serializers,
    outputChannels,
    configuration,
    /** Queue answers for a dialog method (a value, or a function of the dialog's arguments). */
    script(/** @type {string} */ method, /** @type {any[]} */ ...values) {
      if (!answers.has(method)) answers.set(method, []);
      answers.get(method).push(...values);
    },
    /** Set a setting without firing a change event (before activation). */
    configure(/** @type {Record<string, any>} */ values) { Object.assign(configuration, values); },
    setConfiguration,
    /** Make an editor with `text` the active one, with the given selections ([start, end] offsets). */
    setActiveEditor(/** @type {string} */ text, /** @type {[number, number][]} */ selections) {
      const lines = text.split('\n');
      const toPosition = (/** @type {number} */ offset) => {
        let line = 0; let rest = offset;
        while (line < lines.length - 1 && rest > lines[line].length) { rest -= lines[line].length + 1; line++; }
        return new Position(line, rest);
      };
      const toOffset = (/** @type {Position} */ p) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
      const document = {
        uri: Uri.file('/fake/untitled.txt'),
        languageId: 'plaintext',
        lineCount: lines.length,
        /** @param {Range} [range] */
        getText(range) { return range ? text.slice(toOffset(range.start), toOffset(range.end)) : text; },
      };
      const sels = selections.map(([s, e]) => new Selection(toPosition(s), toPosition(e)));
      window.activeTextEditor = { document, selection: sels[0], selections: sels };
    },
    /** An ExtensionContext for `activate`. */
    extensionContext(/** @type {string} */ extensionPath, /** @type {string} */ storagePath) {
      const memento = () => {
        const data = new Map();
        return { keys: () => [...data.keys()], get: (/** @type {string} */ k, /** @type {any} */ d) => (data.has(k) ? data.get(k) : d), update: (/** @type {string} */ k, /** @type {any} */ v) => { data.set(k, v); return Promise.resolve(); } };
      };
      const packageJSON = JSON.parse(fs.readFileSync(path.join(extensionPath, 'package.json'), 'utf8'));
      return {
        subscriptions: /** @type {{ dispose(): any }[]} */ ([]),
        extensionPath,
        extensionUri: Uri.file(extensionPath),
        extension: { id: `${packageJSON.publisher}.${packageJSON.name}`, extensionPath, extensionUri: Uri.file(extensionPath), packageJSON },
        globalStorageUri: Uri.file(path.join(storagePath, 'global')),
        storageUri: Uri.file(path.join(storagePath, 'workspace')),
        logUri: Uri.file(path.join(storagePath, 'log')),
        globalState: memento(),
        workspaceState: memento(),
        extensionMode: ExtensionMode.Test,
        /** @param {string} relativePath */
        asAbsolutePath(relativePath) { return path.join(extensionPath, relativePath); },
      };
    },
    /** Dispose a context's subscriptions the way VS Code does on deactivation. */
    async disposeContext(/** @type {any} */ context) {
      for (const d of context.subscriptions.splice(0).reverse()) await d.dispose();
    },
    /** Map a webview resource URI back to a file URL (for loading the page in a browser). */
    webviewUriToFileUrl(/** @type {string} */ uri) {
      const u = new URL(uri);
      return pathToFileURL(decodeURIComponent(u.pathname)).toString();
    },
  };

  return require('./languages').addLanguages({
    Disposable, EventEmitter, Uri, ThemeColor, ThemeIcon, MarkdownString, TreeItem, TreeItemCollapsibleState,
    ViewColumn, ConfigurationTarget, ExtensionMode, ProgressLocation, DataTransfer, DataTransferItem,
    CancellationTokenSource, Position, Range, Selection,
    commands, window, workspace, env,
    version: '1.85.0',
    __test,
  });
}

module.exports = { createFakeVscode };
