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
    defaultEngine: /** @type {string} */ (config.get('defaultEngine', DEFAULT_ENGINE)),
  };
}

/** The engine new Fonsters, free seeds and share-link imports use when the setting is unset. */
const DEFAULT_ENGINE = 'fonsters-v1';

/**
 * The engines a server draws with (`initialize`'s `capabilities.experimental.engines`),
 * or just its `engine` when it names no list.
 * @param {any} info the initialize result, or null before it
 * @returns {string[]}
 */
function serverEngines(info) {
  const caps = (info && info.capabilities && info.capabilities.experimental) || {};
  if (Array.isArray(caps.engines) && caps.engines.length) return caps.engines.filter((/** @type {unknown} */ e) => typeof e === 'string');
  return info && typeof info.engine === 'string' ? [info.engine] : [];
}

/**
 * The `engine` param for new Fonsters, free seeds and share-link imports:
 * the `fonsters.defaultEngine` setting when the server draws with it, else
 * undefined (the server's own default), so a setting the server does not
 * know never breaks creating or importing.
 * @param {any} info the initialize result
 * @returns {string | undefined}
 */
function chosenEngine(info) {
  const wanted = readSettings().defaultEngine;
  return serverEngines(info).includes(wanted) ? wanted : undefined;
}

/** @param {import('vscode').ConfigurationChangeEvent} event */
function affectsServer(event) {
  return SERVER_KEYS.some((key) => event.affectsConfiguration(key));
}

module.exports = { readSettings, affectsServer, serverEngines, chosenEngine, SERVER_KEYS, DEFAULT_ENGINE };
