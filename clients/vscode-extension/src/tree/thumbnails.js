// @ts-check
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { decodeDataUri } = require('../util/dataUri');

const EXTENSIONS = { 'image/png': '.png', 'image/svg+xml': '.svg', 'image/gif': '.gif', 'image/jpeg': '.jpg' };

/**
 * Tree items and quick-pick items show icons from files, so the server's
 * thumbnail data URIs are written once each to a cache folder (named by a
 * hash of their content) in the extension's global storage.
 */
class ThumbnailCache {
  /** @param {string} folder */
  constructor(folder) {
    this.folder = folder;
    /** @type {Set<string>} */
    this.used = new Set();
  }

  /**
   * The file for a thumbnail, written if it is not there yet.
   * @param {string} dataUri
   * @returns {string} absolute path
   */
  fileFor(dataUri) {
    const { mime, bytes } = decodeDataUri(dataUri);
    const name = crypto.createHash('sha1').update(bytes).digest('hex') + (EXTENSIONS[/** @type {'image/png'} */ (mime)] || '.img');
    const file = path.join(this.folder, name);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(this.folder, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, bytes);
      fs.renameSync(temp, file);
    }
    this.used.add(name);
    return file;
  }

  /**
   * Delete cached files not handed out since the last sweep. Other windows
   * share the folder, so only files untouched for a while go.
   * @param {number} [minAgeMs]
   */
  sweep(minAgeMs = 10 * 60 * 1000) {
    let names = [];
    try {
      names = fs.readdirSync(this.folder);
    } catch {
      return;
    }
    const cutoff = Date.now() - minAgeMs;
    for (const name of names) {
      if (this.used.has(name)) continue;
      const file = path.join(this.folder, name);
      try {
        if (fs.statSync(file).mtimeMs < cutoff) fs.unlinkSync(file);
      } catch { /* gone already, or another window holds it */ }
    }
    this.used.clear();
  }
}

module.exports = { ThumbnailCache };
