// @ts-check
'use strict';

/** Find and run headless Chromium (Debian's `chromium` package). */

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFile } = require('child_process');

function findChromium() {
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
  if (process.env.CHROMIUM) return fs.existsSync(process.env.CHROMIUM) ? process.env.CHROMIUM : null;
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      } catch { /* next */ }
    }
  }
  return null;
}

/**
 * @param {string} chromium
 * @param {string[]} args page URL last
 * @returns {Promise<string>} stdout
 */
function runChromium(chromium, args) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-chromium-'));
  const base = ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--no-first-run', '--disable-extensions',
    '--force-device-scale-factor=1', `--user-data-dir=${profile}`];
  return new Promise((resolve, reject) => {
    execFile(chromium, [...base, ...args], { timeout: 60000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      fs.rmSync(profile, { recursive: true, force: true });
      if (error) reject(new Error(`chromium failed: ${error.message}\n${stderr.slice(-2000)}`));
      else resolve(stdout);
    });
  });
}

module.exports = { findChromium, runChromium };
