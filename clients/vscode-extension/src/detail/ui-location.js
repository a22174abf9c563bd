// @ts-check
'use strict';

const fs = require('fs');
const path = require('path');

/**
 * Where the shared detail modules (the web page's `clients/web/ui`) are: in a
 * packaged extension the .vsix carries them as `ui/`; in the repository they
 * are read from `../web/ui`, so both hosts run the very same files.
 * @param {string} extensionPath
 * @returns {string[]} path segments below the extension folder
 */
function sharedUiSegments(extensionPath) {
  if (fs.existsSync(path.join(extensionPath, 'ui', 'detail.js'))) return ['ui'];
  return ['..', 'web', 'ui'];
}

/** @type {Map<string, Promise<any>>} */
const loaded = new Map();

/**
 * A module of the shared folder (an ES module: `.mjs`, so Node loads it as one wherever it is
 * packaged), loaded once.
 * @param {string} name e.g. `lookalikes.mjs`
 * @returns {Promise<any>}
 */
function importShared(name) {
  const root = path.resolve(__dirname, '..', '..');
  const file = path.join(root, ...sharedUiSegments(root), name);
  if (!loaded.has(file)) loaded.set(file, import(require('url').pathToFileURL(file).href));
  return /** @type {Promise<any>} */ (loaded.get(file));
}

module.exports = { sharedUiSegments, importShared };
