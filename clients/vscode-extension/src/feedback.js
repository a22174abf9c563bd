// @ts-check
'use strict';

const vscode = require('vscode');
const { readableMessage, isCancellation } = require('./rpc/core');

/**
 * Show an error as a sentence (the server's own message where it has one).
 * Cancellations are not errors and stay silent.
 * @param {unknown} error
 * @param {string} [doing] what was being attempted, e.g. "Could not delete Bob"
 */
function showError(error, doing) {
  if (isCancellation(error)) return undefined;
  const message = readableMessage(error);
  return vscode.window.showErrorMessage(doing ? `${doing}: ${message}` : message);
}

/**
 * Run an action and show any failure.
 * @template T
 * @param {() => Promise<T>} action
 * @param {string} [doing]
 * @returns {Promise<T | undefined>}
 */
async function guarded(action, doing) {
  try {
    return await action();
  } catch (error) {
    showError(error, doing);
    return undefined;
  }
}

module.exports = { showError, guarded };
