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

/** The setting's default: empty, the library's own default engine (library/settings; fonsters-v2 for a new library). */
const DEFAULT_ENGINE = '';

/** Why fonsters-v2 is the better default, in one sentence (the page says the same). */
const ENGINE_WHY = 'fonsters-v2 draws far more distinct creatures: of the 20,000 seeds “alice 0” … “alice 19999”, fonsters-v1 draws 10 distinct pictures, fonsters-v2 draws 16,575.';

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
 * the `fonsters.defaultEngine` setting when it names an engine the server
 * draws with, else undefined — the library's default engine, which the
 * server uses when a request names none (so an empty setting follows the
 * library, and one the server does not know never breaks creating or importing).
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

module.exports = { readSettings, affectsServer, serverEngines, chosenEngine, SERVER_KEYS, DEFAULT_ENGINE, ENGINE_WHY };
