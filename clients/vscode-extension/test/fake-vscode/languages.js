// @ts-check
'use strict';

/**
 * The fake `vscode` module's language features: the classes the language
 * client builds (Diagnostic, Hover, InlayHint, CodeAction, DocumentSymbol,
 * CompletionItem, WorkspaceEdit…), `languages` recording each registered
 * provider and diagnostic collection, and text documents that open, change
 * (incremental, with versions) and close under `__test`, firing the
 * workspace's events as VS Code does.
 */

/** @param {any} fake the module `createFakeVscode` built (extended in place) */
function addLanguages(fake) {
  const { Position, Range, EventEmitter, Disposable, Uri } = fake;

  const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };
  class Diagnostic {
    /** @param {any} range @param {string} message @param {number} [severity] */
    constructor(range, message, severity = DiagnosticSeverity.Error) { this.range = range; this.message = message; this.severity = severity; }
  }
  class Location {
    /** @param {any} uri @param {any} range */
    constructor(uri, range) { this.uri = uri; this.range = range; }
  }
  class DiagnosticRelatedInformation {
    /** @param {Location} location @param {string} message */
    constructor(location, message) { this.location = location; this.message = message; }
  }
  class Hover {
    /** @param {any} contents @param {any} [range] */
    constructor(contents, range) { this.contents = Array.isArray(contents) ? contents : [contents]; this.range = range; }
  }
  class InlayHint {
    /** @param {any} position @param {string} label @param {number} [kind] */
    constructor(position, label, kind) { this.position = position; this.label = label; this.kind = kind; }
  }
  class CodeActionKind {
    /** @param {string} value */
    constructor(value) { this.value = value; }
  }
  CodeActionKind.QuickFix = new CodeActionKind('quickfix');
  CodeActionKind.Source = new CodeActionKind('source');
  class CodeAction {
    /** @param {string} title @param {CodeActionKind} [kind] */
    constructor(title, kind) { this.title = title; this.kind = kind; }
  }
  class WorkspaceEdit {
    constructor() { /** @type {{ uri: any, range: any, newText: string }[]} */ this._edits = []; }
    /** @param {any} uri @param {any} range @param {string} newText */
    replace(uri, range, newText) { this._edits.push({ uri, range, newText }); }
    /** @returns {[any, { range: any, newText: string }[]][]} */
    entries() {
      /** @type {Map<string, [any, any[]]>} */
      const byUri = new Map();
      for (const e of this._edits) {
        const key = e.uri.toString();
        if (!byUri.has(key)) byUri.set(key, [e.uri, []]);
        /** @type {any} */ (byUri.get(key))[1].push({ range: e.range, newText: e.newText });
      }
      return [...byUri.values()];
    }
  }
  const SymbolKind = { Object: 18, String: 14, Variable: 12 };
  class DocumentSymbol {
    /** @param {string} name @param {string} detail @param {number} kind @param {any} range @param {any} selectionRange */
    constructor(name, detail, kind, range, selectionRange) { Object.assign(this, { name, detail, kind, range, selectionRange, children: [] }); }
  }
  const CompletionItemKind = { Text: 0, Value: 11 };
  class CompletionItem {
    /** @param {string} label @param {number} [kind] */
    constructor(label, kind) { this.label = label; this.kind = kind; }
  }
  class CompletionList {
    /** @param {CompletionItem[]} items @param {boolean} [isIncomplete] */
    constructor(items, isIncomplete) { this.items = items; this.isIncomplete = !!isIncomplete; }
  }

  /** @type {Map<string, any[]>} registered providers by kind */
  const providers = new Map();
  /** @type {Map<string, Map<string, any[]>>} diagnostic collections by name */
  const collections = new Map();
  const register = (/** @type {string} */ kind) => (/** @type {any} */ selector, /** @type {any} */ provider, /** @type {any} */ metadata) => {
    if (!providers.has(kind)) providers.set(kind, []);
    const entry = { selector, provider, metadata };
    /** @type {any[]} */ (providers.get(kind)).push(entry);
    return new Disposable(() => { const list = providers.get(kind) || []; list.splice(list.indexOf(entry), 1); });
  };
  const languages = {
    /** @param {string} [name] */
    createDiagnosticCollection(name = '') {
      /** @type {Map<string, any[]>} */
      const entries = new Map();
      collections.set(name, entries);
      return {
        name,
        /** @param {any} uri @param {any[]} diagnostics */
        set(uri, diagnostics) { entries.set(uri.toString(), diagnostics); },
        /** @param {any} uri */
        delete(uri) { entries.delete(uri.toString()); },
        /** @param {any} uri */
        get(uri) { return entries.get(uri.toString()); },
        clear() { entries.clear(); },
        dispose() { entries.clear(); collections.delete(name); },
      };
    },
    registerHoverProvider: register('hover'),
    registerInlayHintsProvider: register('inlayHints'),
    registerCodeActionsProvider: register('codeActions'),
    registerDocumentSymbolProvider: register('documentSymbols'),
    registerCompletionItemProvider: register('completion'),
  };

  // ---- text documents ----------------------------------------------------------
  const opened = new EventEmitter(), changed = new EventEmitter(), closed = new EventEmitter();
  /** @type {any[]} */
  const textDocuments = [];
  /** @param {string} text @param {number} offset (UTF-16) */
  const positionAt = (text, offset) => {
    const before = text.slice(0, offset).split('\n');
    return new Position(before.length - 1, before[before.length - 1].length);
  };
  /** @param {string} text @param {any} p */
  const offsetAt = (text, p) => text.split('\n').slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  /** @param {any} uri @param {string} languageId @param {string} text */
  function makeDocument(uri, languageId, text) {
    return {
      uri, languageId, version: 1, _text: text,
      /** @param {any} [range] */
      getText(range) { return range ? this._text.slice(offsetAt(this._text, range.start), offsetAt(this._text, range.end)) : this._text; },
      get lineCount() { return this._text.split('\n').length; },
      /** @param {number} offset */
      positionAt(offset) { return positionAt(this._text, offset); },
    };
  }

  Object.assign(fake.workspace, {
    textDocuments,
    onDidOpenTextDocument: opened.event,
    onDidChangeTextDocument: changed.event,
    onDidCloseTextDocument: closed.event,
    /** Applies a WorkspaceEdit to open documents, as VS Code does (one change event each). @param {WorkspaceEdit} edit */
    async applyEdit(edit) {
      for (const [uri, edits] of edit.entries()) {
        const document = textDocuments.find((d) => d.uri.toString() === uri.toString());
        if (!document) return false;
        for (const e of edits) fake.__test.editDocument(document, e.range, e.newText);
      }
      return true;
    },
  });

  Object.assign(fake.__test, {
    providers,
    collections,
    /** Opens a document (fires onDidOpenTextDocument). @param {string} file @param {string} text @param {string} [languageId] */
    openDocument(file, text, languageId = 'fonsters') {
      const document = makeDocument(Uri.file(file), languageId, text);
      textDocuments.push(document);
      opened.fire(document);
      return document;
    },
    /** Replaces `range` with `text` (fires onDidChangeTextDocument with the change). @param {any} document @param {any} range @param {string} text */
    editDocument(document, range, text) {
      const start = offsetAt(document._text, range.start), end = offsetAt(document._text, range.end);
      document._text = document._text.slice(0, start) + text + document._text.slice(end);
      document.version += 1;
      changed.fire({ document, contentChanges: [{ range, rangeOffset: start, rangeLength: end - start, text }], reason: undefined });
    },
    /** Closes a document (fires onDidCloseTextDocument). @param {any} document */
    closeDocument(document) {
      textDocuments.splice(textDocuments.indexOf(document), 1);
      closed.fire(document);
    },
    /** The providers of `kind` registered for `languageId`. @param {string} kind @param {string} languageId */
    providersFor(kind, languageId) {
      return (providers.get(kind) || []).filter((p) => p.selector.language === languageId).map((p) => p.provider);
    },
  });

  Object.assign(fake, {
    DiagnosticSeverity, Diagnostic, Location, DiagnosticRelatedInformation, Hover, InlayHint, CodeActionKind, CodeAction,
    WorkspaceEdit, SymbolKind, DocumentSymbol, CompletionItemKind, CompletionItem, CompletionList, languages,
  });
  return fake;
}

module.exports = { addLanguages };
