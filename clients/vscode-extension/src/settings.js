// @ts-check
'use strict';

const vscode = require('vscode');

/** Keys whose change needs a new server process. */
const SERVER_KEYS = ['fonsters.serverPath', 'fonsters.storePath', 'fonsters.serverArgs', 'fonsters.logLevel'];

/** The extension's settings (contributes.configuration in package.json). */
function readSettings() {
  const config = vscode.workspace.getConfiguration('fonsters');
  return {
    serverPath: /** @type {string} */ (config.get('serverPath', '')),
    storePath: /** @type {string} */ (config.get('storePath', '')),
    serverArgs: /** @type {string[]} */ (config.get('serverArgs', [])),
    logLevel: /** @type {string} */ (config.get('logLevel', 'info')),
    exportSize: /** @type {number} */ (config.get('exportSize', 512)),
  };
}

/** @param {import('vscode').ConfigurationChangeEvent} event */
function affectsServer(event) {
  return SERVER_KEYS.some((key) => event.affectsConfiguration(key));
}

module.exports = { readSettings, affectsServer, SERVER_KEYS };
