// @ts-check
'use strict';

/**
 * Holds a store's SQLite write lock from another process for as long as a test says, so that the
 * server's library requests wait on something the test controls rather than on a request
 * happening to be slow (a release build renders 2,048-pixel frames faster than any fixed sleep).
 * The holder is python3's standard sqlite3 module (scripts/test.sh installs python3).
 * The server gives up on a held lock after its busy timeout (5 s), so hold it briefly.
 */

const { spawn } = require('node:child_process');

const HOLDER = [
  'import sqlite3, sys',
  'db = sqlite3.connect(sys.argv[1], isolation_level=None)',
  'db.execute("BEGIN IMMEDIATE")',
  'print("locked", flush=True)',
  'sys.stdin.read()',
  'db.execute("COMMIT")',
].join('\n');

/**
 * Takes the write lock of the SQLite file `dbPath`.
 * @param {string} dbPath
 * @returns {Promise<{ release: () => Promise<void> }>} once the lock is held
 */
function holdStoreLock(dbPath) {
  const child = spawn('python3', ['-c', HOLDER, dbPath], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  /** @type {any} */ (child.stderr).on('data', (/** @type {Buffer} */ d) => { stderr += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('error', (e) => reject(new Error(`cannot run python3 to hold the store lock: ${e.message}`)));
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before locking: ${stderr}`)));
    /** @type {any} */ (child.stdout).once('data', () => resolve({
      async release() {
        /** @type {any} */ (child.stdin).end();
        await exited;
      },
    }));
  });
}

module.exports = { holdStoreLock };
