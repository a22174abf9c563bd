// @ts-check
'use strict';

/**
 * The `fonsters` language (`.fonsters` documents: one seed a line) through the
 * server's LSP methods, over the extension's own connection: the documents are
 * sent as they open, change and close; `textDocument/publishDiagnostics` fills
 * a DiagnosticCollection; hovers, inlay hints, code actions, symbols and
 * completion are VS Code providers that ask the server. Positions are UTF-16
 * code units on both sides.
 */

const convert = require('./convert');
// The server's commands (generated from its declarations), registered as VS Code commands of the same ids.
const { COMMAND, COMMANDS } = require('./commands.generated');

const LANGUAGE = 'fonsters';

/**
 * @typedef {{
 *   request(method: string, params?: any, options?: any): Promise<any>,
 *   notify(method: string, params?: any): void,
 *   notificationListeners: ((method: string, params: any) => void)[],
 *   readyListeners: ((info: any, how: { restarted: boolean }) => void)[],
 *   log(line: string): void,
 * }} LanguageHost
 */

class FonstersLanguage {
  /**
   * @param {any} vscode
   * @param {LanguageHost} host
   */
  constructor(vscode, host) {
    this.vscode = vscode;
    this.host = host;
    this.diagnostics = vscode.languages.createDiagnosticCollection(LANGUAGE);
    /** URIs sent with didOpen (and not closed) on the current connection. */
    this.open = new Set();
  }

  /** @param {any} document */
  isOurs(document) {
    return document && document.languageId === LANGUAGE;
  }

  /** Registers everything; returns the disposables. */
  register() {
    const { vscode } = this;
    const selector = { language: LANGUAGE };
    const guard = (/** @type {() => Promise<any>} */ fn) => fn().catch((error) => {
      this.host.log(`fonsters language: ${error.message}`);
      return undefined;
    });
    this.host.notificationListeners.push((method, params) => this.onNotification(method, params));
    this.host.readyListeners.push(() => {
      // A new server process knows no document: send them all again.
      this.open.clear();
      this.diagnostics.clear();
      vscode.workspace.textDocuments.forEach((/** @type {any} */ d) => this.didOpen(d));
    });
    return [
      this.diagnostics,
      vscode.workspace.onDidOpenTextDocument((/** @type {any} */ d) => this.didOpen(d)),
      vscode.workspace.onDidChangeTextDocument((/** @type {any} */ e) => this.didChange(e)),
      vscode.workspace.onDidCloseTextDocument((/** @type {any} */ d) => this.didClose(d)),
      vscode.languages.registerHoverProvider(selector, {
        provideHover: (/** @type {any} */ document, /** @type {any} */ position) => guard(() => this.hover(document, position)),
      }),
      vscode.languages.registerInlayHintsProvider(selector, {
        provideInlayHints: (/** @type {any} */ document, /** @type {any} */ range) => guard(() => this.inlayHints(document, range)),
      }),
      vscode.languages.registerCodeActionsProvider(selector, {
        provideCodeActions: (/** @type {any} */ document, /** @type {any} */ range, /** @type {any} */ context) => guard(() => this.codeActions(document, range, context)),
      }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.Source] }),
      vscode.languages.registerDocumentSymbolProvider(selector, {
        provideDocumentSymbols: (/** @type {any} */ document) => guard(() => this.symbols(document)),
      }),
      vscode.languages.registerCompletionItemProvider(selector, {
        provideCompletionItems: (/** @type {any} */ document, /** @type {any} */ position) => guard(() => this.completion(document, position)),
      }),
      ...COMMANDS.map((id) => vscode.commands.registerCommand(id, (/** @type {any} */ argument) => this.execute(id, argument))),
    ];
  }

  /** @param {any} document */
  didOpen(document) {
    if (!this.isOurs(document)) return;
    const uri = document.uri.toString();
    this.open.add(uri);
    this.host.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: LANGUAGE, version: document.version, text: document.getText() },
    });
  }

  /** @param {any} event */
  didChange(event) {
    const uri = event.document.uri.toString();
    if (!this.isOurs(event.document) || !this.open.has(uri) || !event.contentChanges.length) return;
    this.host.notify('textDocument/didChange', {
      textDocument: { uri, version: event.document.version },
      contentChanges: event.contentChanges.map((/** @type {any} */ c) => ({ range: convert.lspRange(c.range), text: c.text })),
    });
  }

  /** @param {any} document */
  didClose(document) {
    const uri = document.uri.toString();
    if (!this.open.delete(uri)) return;
    this.host.notify('textDocument/didClose', { textDocument: { uri } });
    this.diagnostics.delete(document.uri);
  }

  /** @param {string} method @param {any} params */
  onNotification(method, params) {
    if (method === 'textDocument/publishDiagnostics') {
      if (!this.open.has(params.uri)) return;
      const uri = this.vscode.Uri.parse(params.uri);
      this.diagnostics.set(uri, params.diagnostics.map((/** @type {any} */ d) => convert.diagnostic(this.vscode, d, uri)));
    } else if (method === 'window/logMessage' && params && params.message) {
      this.host.log(params.message);
    }
  }

  /** @param {any} document @param {any} position */
  async hover(document, position) {
    const result = await this.host.request('textDocument/hover', { textDocument: { uri: document.uri.toString() }, position: { line: position.line, character: position.character } });
    if (!result) return undefined;
    return new this.vscode.Hover(convert.markup(this.vscode, result.contents), convert.range(this.vscode, result.range));
  }

  /** @param {any} document @param {any} range */
  async inlayHints(document, range) {
    const hints = await this.host.request('textDocument/inlayHint', { textDocument: { uri: document.uri.toString() }, range: convert.lspRange(range) });
    return (hints || []).map((/** @type {any} */ h) => {
      const hint = new this.vscode.InlayHint(convert.position(this.vscode, h.position), h.label);
      hint.paddingLeft = !!h.paddingLeft;
      hint.tooltip = h.tooltip;
      return hint;
    });
  }

  /** @param {any} document @param {any} range @param {any} context */
  async codeActions(document, range, context) {
    const ours = (context.diagnostics || []).filter((/** @type {any} */ d) => d.source === 'fonsters');
    const actions = await this.host.request('textDocument/codeAction', {
      textDocument: { uri: document.uri.toString() }, range: convert.lspRange(range), context: { diagnostics: ours.map(convert.lspDiagnostic) },
    });
    const { vscode } = this;
    return (actions || []).map((/** @type {any} */ a) => {
      const action = new vscode.CodeAction(a.title, a.kind === 'quickfix' ? vscode.CodeActionKind.QuickFix : vscode.CodeActionKind.Source);
      if (a.edit) action.edit = convert.workspaceEdit(vscode, a.edit);
      if (a.command) action.command = { title: a.command.title, command: a.command.command, arguments: a.command.arguments };
      if (a.isPreferred) action.isPreferred = true;
      if (a.diagnostics && a.diagnostics.length) action.diagnostics = ours.filter((/** @type {any} */ d) => a.diagnostics.some((/** @type {any} */ x) => x.range.start.line === d.range.start.line && x.code === d.code));
      return action;
    });
  }

  /** @param {any} document */
  async symbols(document) {
    const symbols = await this.host.request('textDocument/documentSymbol', { textDocument: { uri: document.uri.toString() } });
    return (symbols || []).map((/** @type {any} */ s) => new this.vscode.DocumentSymbol(
      s.name, s.detail, s.kind - 1, convert.range(this.vscode, s.range), convert.range(this.vscode, s.selectionRange)));
  }

  /** @param {any} document @param {any} position */
  async completion(document, position) {
    const list = await this.host.request('textDocument/completion', { textDocument: { uri: document.uri.toString() }, position: { line: position.line, character: position.character } });
    const { vscode } = this;
    const items = ((list && list.items) || []).map((/** @type {any} */ i) => {
      const item = new vscode.CompletionItem(i.label, i.kind - 1);
      item.detail = i.detail;
      item.filterText = i.filterText;
      item.sortText = i.sortText;
      item.range = convert.range(vscode, i.textEdit.range);
      item.insertText = i.textEdit.newText;
      if (i.documentation) item.documentation = convert.markup(vscode, i.documentation);
      return item;
    });
    return new vscode.CompletionList(items, !!(list && list.isIncomplete));
  }

  /** @param {string} command @param {any} argument */
  async execute(command, argument) {
    const result = await this.host.request('workspace/executeCommand', { command, arguments: [argument] });
    if (command === COMMAND.addAll) {
      this.vscode.window.showInformationMessage(`Added ${result.created} Fonster${result.created === 1 ? '' : 's'} to the library`
        + (result.skipped ? `; ${result.skipped} already there.` : '.'));
    } else {
      this.vscode.window.showInformationMessage(`Added “${result.displayName}” to the library.`);
    }
    return result;
  }
}

module.exports = { FonstersLanguage, LANGUAGE, COMMANDS };
