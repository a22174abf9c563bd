// @ts-check
'use strict';

const vscode = require('vscode');

/**
 * Which Fonsters a command acts on: the clicked tree row (and the rest of a
 * multi-selection), an id passed by another command, the tree's selection,
 * the active detail editor, or — from the command palette — a quick pick.
 *
 * @param {object} ctx
 * @param {import('../server/api').FonstersApi} ctx.api
 * @param {vscode.TreeView<import('../tree/provider').FonsterNode>} ctx.treeView
 * @param {import('../detail/panels').DetailPanels} ctx.panels
 * @param {any} arg first command argument
 * @param {any} [selected] second argument (tree multi-selection)
 * @param {{ many?: boolean, placeHolder?: string }} [options]
 * @returns {Promise<any[]>} Fonster objects (at least `{id}`), empty when cancelled
 */
async function resolveFonsters(ctx, arg, selected, options = {}) {
  const many = !!options.many;
  if (arg && arg.fonster && arg.fonster.id) {
    if (many && Array.isArray(selected) && selected.some((n) => n && n.fonster && n.fonster.id === arg.fonster.id)) {
      return selected.filter((n) => n && n.fonster).map((n) => n.fonster);
    }
    return [arg.fonster];
  }
  if (typeof arg === 'string' && arg) return [await ctx.api.get(arg)];
  if (arg && typeof arg.id === 'string') return [arg];
  const selection = (ctx.treeView.selection || []).filter((n) => n && n.fonster); // not the Trash or its rows
  if (selection.length && ctx.treeView.visible) return (many ? selection : selection.slice(0, 1)).map((n) => n.fonster);
  const active = ctx.panels.active();
  if (active && active.id) return [active.fonster || { id: active.id }];
  const fonsters = await ctx.api.list();
  if (!fonsters.length) {
    vscode.window.showInformationMessage('The library has no Fonsters yet.');
    return [];
  }
  const items = fonsters.map((/** @type {any} */ f) => ({ label: f.displayName, description: f.birthday ? '🎂' : undefined, detail: f.seed, fonster: f }));
  const placeHolder = options.placeHolder || 'Choose a Fonster';
  if (many) {
    const picked = await vscode.window.showQuickPick(items, { canPickMany: true, placeHolder });
    return picked ? picked.map((p) => p.fonster) : [];
  }
  const picked = await vscode.window.showQuickPick(items, { placeHolder });
  return picked ? [picked.fonster] : [];
}

module.exports = { resolveFonsters };
