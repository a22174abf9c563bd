// @ts-check
'use strict';

const vscode = require('vscode');
const { readableMessage } = require('../rpc/core');
const { importShared } = require('../detail/ui-location');
const { trashItem, trashedItem, trashedNodes } = require('./trash');

/**
 * @typedef {object} FonsterNode a row of the Fonsters tree
 * @property {any} fonster the server's Fonster object
 * @property {string | undefined} thumbnail path of its thumbnail file
 * @property {{ short: string, sentence: string }} [lookalike] what the row says of the Fonsters that draw its picture
 */
/** @typedef {import('./trash').TrashNode | import('./trash').TrashedNode} TrashRow the Trash node and its deleted Fonsters */

/** The tree's thumbnails stand on their seed's sky, so dark creatures stay visible on a dark theme. */
const THUMBNAIL = { format: 'png', size: 64, background: 'sky' };

/**
 * The Fonsters view: one flat list in the server's order, with thumbnails and
 * display names from the server, then — when the library's trash holds any — a "Trash" node
 * whose children are the deleted Fonsters. Refreshes on `fonsters/didChange`.
 * @implements {vscode.TreeDataProvider<any>}
 */
class FonstersTreeProvider {
  /**
   * @param {import('../server/api').FonstersApi} api
   * @param {import('./thumbnails').ThumbnailCache} thumbnails
   */
  constructor(api, thumbnails) {
    this.api = api;
    this.thumbnails = thumbnails;
    /** @type {vscode.EventEmitter<FonsterNode | undefined | void>} */
    this.changed = new vscode.EventEmitter();
    this.onDidChangeTreeData = this.changed.event;
    /** @type {FonsterNode[]} */
    this.nodes = [];
    /** how many Fonsters the trash holds (the Trash node shows when any) */
    this.trashCount = 0;
    /** @type {string | undefined} the library's default engine, said in the view's description */
    this.defaultEngine = undefined;
    /** @type {vscode.TreeView<FonsterNode> | undefined} */
    this.view = undefined;
    /** @type {Promise<FonsterNode[]> | null} */
    this.loading = null;
    this.loads = 0;
    /** @type {NodeJS.Timeout | null} */
    this.refreshTimer = null;
  }

  /** Reload from the server (coalescing bursts of change notifications). */
  refresh() {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      this.changed.fire(undefined);
    }, 30);
  }

  /** @param {any} node */
  getTreeItem(node) {
    if (node.trash) return trashItem(node);
    if (node.trashed) return trashedItem(node);
    const f = node.fonster;
    const item = new vscode.TreeItem(f.displayName, vscode.TreeItemCollapsibleState.None);
    item.id = f.id;
    item.description = [f.birthday ? '🎂 Birthday' : '', f.engine || ''].filter(Boolean).join(' · ') || undefined;
    item.tooltip = new vscode.MarkdownString(undefined);
    item.tooltip.appendText(f.displayName);
    if (f.birthday) item.tooltip.appendText(' — happy birthday!');
    item.tooltip.appendMarkdown('\n\n');
    item.tooltip.appendText(`Seed: ${f.seed}`);
    if (f.engine) {
      item.tooltip.appendMarkdown('\n\n');
      item.tooltip.appendText(`Engine: ${f.engine}`);
    }
    item.iconPath = node.thumbnail ? vscode.Uri.file(node.thumbnail) : new vscode.ThemeIcon('smiley');
    item.contextValue = f.birthday ? 'fonster.birthday' : 'fonster';
    const label = f.birthday ? `${f.displayName}, birthday today` : f.displayName;
    item.accessibilityInformation = { label: f.engine ? `${label}, drawn by ${f.engine}` : label };
    if (node.lookalike) {
      item.description = [item.description, node.lookalike.short].filter(Boolean).join(' · ');
      item.tooltip.appendMarkdown('\n\n');
      item.tooltip.appendText(node.lookalike.sentence);
      item.accessibilityInformation.label += `. ${node.lookalike.sentence}`;
    }
    item.command = { command: 'fonsters.open', title: 'Open Fonster', arguments: [node] };
    return item;
  }

  /** @param {any} [element] */
  async getChildren(element) {
    if (element && element.trash) return trashedNodes(this.api);
    if (element) return [];
    const nodes = await this.load();
    return this.trashCount ? [...nodes, { trash: true, count: this.trashCount }] : nodes;
  }

  /** @param {any} node */
  getParent(node) {
    return node && node.trashed ? { trash: true, count: this.trashCount } : undefined;
  }

  /** @returns {Promise<FonsterNode[]>} */
  load() {
    if (!this.loading) {
      this.loading = this.fetch().finally(() => { this.loading = null; });
    }
    return this.loading;
  }

  async fetch() {
    try {
      const [fonsters, groups, shared, trash] = await Promise.all([
        this.api.list(THUMBNAIL), this.api.lookalikes().catch(() => null), importShared('lookalikes.mjs'),
        this.api.trash({ count: 0 }).catch(() => ({ total: 0 })),
      ]);
      this.trashCount = trash.total;
      const names = new Map(fonsters.map((/** @type {any} */ f) => [f.id.toUpperCase(), f.displayName]));
      const index = groups ? shared.lookalikeIndex(groups) : new Map();
      this.nodes = fonsters.map((/** @type {any} */ f) => ({
        fonster: f, thumbnail: this.thumbnailFile(f.thumbnail), lookalike: lookalikeOf(index.get(f.id.toUpperCase()), names, shared),
      }));
      this.thumbnails.sweep();
      if (this.view) this.view.message = undefined;
    } catch (error) {
      this.nodes = [];
      this.trashCount = 0;
      // A server that could not start has its own welcome content (which a message would hide).
      const failedToStart = Boolean(/** @type {any} */ (error).reason);
      if (this.view) this.view.message = failedToStart ? undefined : `Fonsters are unavailable: ${readableMessage(error)}`;
    }
    this.loads++;
    this.describeView();
    return this.nodes;
  }

  /** The view's description: how many Fonsters, and the library's default engine (“3 · new: fonsters-v2”). */
  describeView() {
    if (!this.view) return;
    const parts = [this.nodes.length ? String(this.nodes.length) : '', this.defaultEngine ? `new: ${this.defaultEngine}` : ''];
    this.view.description = parts.filter(Boolean).join(' · ') || undefined;
  }

  /** Show the library's default engine (initialize, library/settings). @param {string | undefined} engine */
  showDefaultEngine(engine) {
    this.defaultEngine = engine;
    this.describeView();
  }

  /** @param {string | undefined} dataUri */
  thumbnailFile(dataUri) {
    if (!dataUri) return undefined;
    try {
      return this.thumbnails.fileFor(dataUri);
    } catch {
      return undefined;
    }
  }

  /** @param {string} id */
  nodeFor(id) {
    return this.nodes.find((n) => n.fonster.id === id);
  }

  dispose() {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.changed.dispose();
  }
}

/**
 * A row's look-alike note: "≡ Bob" beside it, the sentence in its tooltip and accessible label.
 * @param {{ sameAs: string[], nearlyAs: string[], sameCount: number, nearlyCount: number } | undefined} found ids (the first few) and counts
 * @param {Map<string, string>} names display names by upper-cased id
 * @param {any} shared clients/web/ui/lookalikes.mjs
 */
function lookalikeOf(found, names, shared) {
  if (!found || (!found.sameCount && !found.nearlyCount)) return undefined;
  const nameOf = (/** @type {string} */ id) => names.get(id.toUpperCase()) || 'another Fonster';
  const sameAs = found.sameAs.slice(0, 5).map(nameOf);
  const nearlyAs = found.nearlyAs.slice(0, 5).map(nameOf);
  const first = sameAs.length ? `≡ ${sameAs[0]}` : `≈ ${nearlyAs[0]}`;
  const others = found.sameCount + found.nearlyCount - 1;
  return {
    short: others > 0 ? `${first} +${others}` : first,
    sentence: shared.lookalikeSentence({ sameAs, nearlyAs, sameCount: found.sameCount, nearlyCount: found.nearlyCount }),
  };
}

module.exports = { FonstersTreeProvider, THUMBNAIL };
