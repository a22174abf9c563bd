// @ts-check
'use strict';

const vscode = require('vscode');
const { showError } = require('../feedback');

const MIME = 'application/vnd.code.tree.fonsters.library';

/**
 * Reorder by dragging: dropped Fonsters move to the target's position
 * (`fonsters/move`); dropping on empty space moves them to the end.
 * @implements {vscode.TreeDragAndDropController<import('./provider').FonsterNode>}
 */
class FonstersDragAndDrop {
  /**
   * @param {import('../server/api').FonstersApi} api
   * @param {import('./provider').FonstersTreeProvider} tree
   */
  constructor(api, tree) {
    this.api = api;
    this.tree = tree;
    this.dragMimeTypes = [MIME];
    this.dropMimeTypes = [MIME];
  }

  /**
   * @param {readonly import('./provider').FonsterNode[]} source
   * @param {vscode.DataTransfer} dataTransfer
   */
  handleDrag(source, dataTransfer) {
    const fonsters = source.filter((node) => node.fonster); // the Trash and its rows do not move
    if (fonsters.length) dataTransfer.set(MIME, new vscode.DataTransferItem(fonsters.map((node) => node.fonster.id)));
  }

  /**
   * @param {import('./provider').FonsterNode | undefined} target
   * @param {vscode.DataTransfer} dataTransfer
   */
  async handleDrop(target, dataTransfer) {
    const item = dataTransfer.get(MIME);
    if (!item) return;
    /** @type {string[]} */
    const ids = typeof item.value === 'string' ? JSON.parse(item.value) : item.value;
    if (!Array.isArray(ids) || ids.length === 0) return;
    const order = this.tree.nodes.map((n) => n.fonster.id);
    const last = order.length - 1;
    let index = target && target.fonster ? order.indexOf(target.fonster.id) : last;
    if (index < 0) index = last;
    try {
      // Keep the dragged Fonsters in their order: each lands after the previous one.
      for (const id of ids) {
        const from = order.indexOf(id);
        if (from < 0) continue;
        if (from !== index) {
          await this.api.move(id, index);
          order.splice(from, 1);
          order.splice(index, 0, id);
        }
        if (from >= index && index < last) index++;
      }
    } catch (error) {
      showError(error, 'Could not move the Fonster');
    }
  }
}

module.exports = { FonstersDragAndDrop, MIME };
