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

module.exports = { sharedUiSegments };
