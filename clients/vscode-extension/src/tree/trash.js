// @ts-check
'use strict';

const vscode = require('vscode');

/**
 * @typedef {{ trash: true, count: number }} TrashNode the "Trash" node, last in the tree while the trash holds any
 * @typedef {{ trashed: any }} TrashedNode a deleted Fonster under it (the server's Fonster & {deletedAt})
 */

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". @param {string} iso @param {Date} [now] */
function deletedAgo(iso, now = new Date()) {
  const seconds = Math.max(0, (now.getTime() - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'deleted just now';
  const [n, unit] = seconds < 3600 ? [Math.floor(seconds / 60), 'minute']
    : seconds < 86400 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 86400), 'day'];
  return `deleted ${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** @param {TrashNode} node */
function trashItem(node) {
  const item = new vscode.TreeItem('Trash', vscode.TreeItemCollapsibleState.Collapsed);
  item.id = 'fonsters.trash';
  item.description = String(node.count);
  item.iconPath = new vscode.ThemeIcon('trash');
  item.contextValue = 'trash';
  item.tooltip = `${node.count} deleted Fonster${node.count === 1 ? '' : 's'}, kept for 30 days: restore them, or delete them for good.`;
  item.accessibilityInformation = { label: `Trash, ${node.count} deleted Fonster${node.count === 1 ? '' : 's'}` };
  return item;
}

/** @param {TrashedNode} node */
function trashedItem(node) {
  const f = node.trashed;
  const item = new vscode.TreeItem(f.displayName, vscode.TreeItemCollapsibleState.None);
  item.id = `trashed:${f.id}`;
  item.description = deletedAgo(f.deletedAt);
  item.iconPath = new vscode.ThemeIcon('history');
  item.contextValue = 'trashed';
  item.tooltip = `${f.displayName}, ${deletedAgo(f.deletedAt)} (${new Date(f.deletedAt).toLocaleString()}). Seed: ${f.seed}`;
  item.accessibilityInformation = { label: `${f.displayName}, ${deletedAgo(f.deletedAt)}` };
  return item;
}

/** The trash's Fonsters as nodes, newest deletion first. @param {import('../server/api').FonstersApi} api */
async function trashedNodes(api) {
  const result = await api.trash();
  return result.fonsters.map((/** @type {any} */ f) => ({ trashed: f }));
}

module.exports = { deletedAgo, trashItem, trashedItem, trashedNodes };
