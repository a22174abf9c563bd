// @ts-check
'use strict';

/**
 * Loads `extension.js` with `require('vscode')` answered by a fresh fake
 * (test/fake-vscode). Each call gives an independent copy of the extension
 * and its fake VS Code, like two windows.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const Module = require('module');
const { createFakeVscode } = require('../fake-vscode');
const { EXTENSION_ROOT } = require('./servers');

/** @type {string | null} */
let currentKey = null;
let counter = 0;

// @ts-ignore internal but stable: how Node maps a request to a module id
const originalResolve = Module._resolveFilename;
// @ts-ignore
Module._resolveFilename = function resolveWithFakeVscode(request, ...rest) {
  if (request === 'vscode') {
    if (!currentKey) throw new Error("require('vscode') outside a test extension load");
    return currentKey;
  }
  return originalResolve.call(this, request, ...rest);
};

function installFakeVscode() {
  const vscode = createFakeVscode();
  if (currentKey) delete require.cache[currentKey];
  const key = `fake-vscode:${++counter}`;
  const mod = new Module(key);
  mod.exports = vscode;
  mod.loaded = true;
  require.cache[key] = mod;
  currentKey = key;
  return vscode;
}

/** Forget the extension's own modules so the next require loads a fresh copy. */
function purgeExtensionModules() {
  const testDir = path.join(EXTENSION_ROOT, 'test') + path.sep;
  for (const id of Object.keys(require.cache)) {
    if (id.startsWith(EXTENSION_ROOT + path.sep) && !id.startsWith(testDir)) delete require.cache[id];
  }
}

/**
 * Activate a fresh copy of the extension against `serverCommand`.
 * @param {{ serverCommand: string, storePath?: string, settings?: Record<string, any>, storageDir?: string }} options
 */
async function activateExtension(options) {
  purgeExtensionModules();
  const vscode = installFakeVscode();
  const ownStorage = !options.storageDir;
  const storageDir = options.storageDir || fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-ext-'));
  vscode.__test.configure({
    'fonsters.serverPath': options.serverCommand,
    'fonsters.storePath': options.storePath || ':memory:',
    'fonsters.serverArgs': ['--no-starter'],
    ...(options.settings || {}),
  });
  const extension = require(path.join(EXTENSION_ROOT, 'extension.js'));
  const context = vscode.__test.extensionContext(EXTENSION_ROOT, storageDir);
  const api = extension.activate(context);
  await api.started;
  return {
    vscode,
    extension,
    context,
    api,
    storageDir,
    async deactivate() {
      await extension.deactivate();
      await vscode.__test.disposeContext(context);
      if (ownStorage) fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

module.exports = { activateExtension, installFakeVscode, purgeExtensionModules };
