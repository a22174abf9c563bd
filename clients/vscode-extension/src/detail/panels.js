// @ts-check
'use strict';

const vscode = require('vscode');
const { DetailPanel, VIEW_TYPE, sharedUiFolder } = require('./panel');

/**
 * All open detail editors: one per library Fonster, plus the selection preview.
 * Routes library changes to them and restores them after a window reload.
 * @implements {vscode.WebviewPanelSerializer}
 */
class DetailPanels {
  /**
   * @param {Omit<ConstructorParameters<typeof DetailPanel>[0], 'panel' | 'target' | 'onDispose'>} deps
   */
  constructor(deps) {
    this.deps = deps;
    /** @type {Map<string, DetailPanel>} */
    this.byId = new Map();
    /** @type {DetailPanel | null} */
    this.previewPanel = null;
    /** @type {DetailPanel | null} */
    this.lastActive = null;
  }

  /** @param {string} id @param {string} [title] */
  open(id, title) {
    const existing = this.byId.get(id);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, title || 'Fonster', vscode.ViewColumn.Active, panelOptions(this.deps.extensionUri));
    return this.adopt(panel, { id });
  }

  /** @param {string} seed */
  preview(seed) {
    if (this.previewPanel) {
      this.previewPanel.commitSeed(seed).catch(() => {});
      this.previewPanel.panel.reveal(undefined, true);
      return this.previewPanel;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Fonster Preview', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      panelOptions(this.deps.extensionUri));
    return this.adopt(panel, { seed });
  }

  /**
   * @param {vscode.WebviewPanel} panel
   * @param {{ id: string } | { seed: string }} target
   */
  adopt(panel, target) {
    panel.iconPath = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'fonsters.svg');
    const detail = new DetailPanel({
      ...this.deps,
      panel,
      target,
      onDispose: (p) => this.forget(p),
    });
    if (detail.id) this.byId.set(detail.id, detail);
    else this.previewPanel = detail;
    panel.onDidChangeViewState((e) => { if (e.webviewPanel.active) this.lastActive = detail; });
    if (panel.active) this.lastActive = detail;
    return detail;
  }

  /** @param {DetailPanel} panel */
  forget(panel) {
    if (panel.id && this.byId.get(panel.id) === panel) this.byId.delete(panel.id);
    if (this.previewPanel === panel) this.previewPanel = null;
    if (this.lastActive === panel) this.lastActive = null;
  }

  /** The detail editor the user is looking at (for Undo/Redo keys and palette commands). */
  active() {
    for (const panel of this.all()) if (panel.panel.active) return panel;
    return this.lastActive && !this.lastActive.disposed ? this.lastActive : undefined;
  }

  all() {
    return [...this.byId.values(), ...(this.previewPanel ? [this.previewPanel] : [])];
  }

  /**
   * `fonsters/didChange`: close editors of deleted Fonsters, refresh the others.
   * @param {{ ids: string[], reason: string }} change
   */
  onLibraryChanged(change) {
    const ids = Array.isArray(change.ids) ? change.ids : [];
    for (const [id, panel] of this.byId) {
      if (change.reason === 'delete' && ids.includes(id)) {
        panel.panel.dispose();
      } else if (ids.length === 0 || ids.includes(id)) {
        panel.reload();
      }
    }
  }

  /** After a server restart every page asks again. */
  reinitialiseAll() {
    for (const panel of this.all()) panel.sendInit().catch((error) => panel.report(error));
  }

  /**
   * Restore an editor VS Code kept across a reload (state saved by the page).
   * @param {vscode.WebviewPanel} panel
   * @param {any} state
   */
  async deserializeWebviewPanel(panel, state) {
    const target = state && state.target;
    if (target && typeof target.id === 'string' && !this.byId.has(target.id)) {
      this.adopt(panel, { id: target.id });
    } else if (target && typeof target.seed === 'string' && !this.previewPanel) {
      this.adopt(panel, { seed: target.seed });
    } else {
      panel.dispose();
    }
  }

  dispose() {
    for (const panel of this.all()) panel.panel.dispose();
  }
}

/** @param {vscode.Uri} extensionUri */
function panelOptions(extensionUri) {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), sharedUiFolder(extensionUri)],
    // No retainContextWhenHidden: the page saves its state and rebuilds itself when shown again.
  };
}

module.exports = { DetailPanels };
