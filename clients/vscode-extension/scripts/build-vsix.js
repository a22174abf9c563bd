#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Build an installable .vsix without npm or vsce:
 *   node scripts/build-vsix.js [--out FILE] [--server PATH/TO/fonsters-rpc]
 * The archive holds extension.vsixmanifest, [Content_Types].xml and
 * extension/ (package.json, extension.js, src/, media/, README.md; with
 * --server also server/fonsters-rpc, found first by the extension).
 * Install with: code --install-extension dist/fonsters-<version>.vsix
 */

const fs = require('fs');
const path = require('path');
const { writeZip } = require('./zip');
const { vsixManifest, contentTypes } = require('./vsix-manifest');

const ROOT = path.resolve(__dirname, '..');
const INCLUDE = ['package.json', 'extension.js', 'README.md', 'src', 'media'];

/** @param {string} dir relative to ROOT */
function listFiles(dir) {
  const full = path.join(ROOT, dir);
  if (!fs.statSync(full).isDirectory()) return [dir];
  return fs.readdirSync(full).sort().flatMap((name) => listFiles(path.join(dir, name)));
}

/**
 * @param {{ out?: string, server?: string }} [options]
 * @returns {{ file: string, entries: string[] }}
 */
function buildVsix(options = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  for (const field of ['name', 'version', 'publisher', 'main']) {
    if (!pkg[field]) throw new Error(`package.json needs "${field}"`);
  }
  if (!pkg.engines || !pkg.engines.vscode) throw new Error('package.json needs engines.vscode');
  /** @type {{ name: string, data: Buffer | string, mode?: number }[]} */
  const files = INCLUDE.flatMap(listFiles).map((rel) => ({
    name: `extension/${rel.split(path.sep).join('/')}`,
    data: fs.readFileSync(path.join(ROOT, rel)),
  }));
  if (options.server) {
    files.push({ name: 'extension/server/fonsters-rpc', data: fs.readFileSync(options.server), mode: 0o755 });
  }
  const names = files.map((f) => f.name);
  const main = `extension/${path.posix.normalize(pkg.main)}`;
  if (!names.includes(main)) throw new Error(`main ${pkg.main} is not in the package`);
  const manifest = vsixManifest(pkg, { readme: names.includes('extension/README.md') ? 'extension/README.md' : undefined });
  const entries = [
    { name: 'extension.vsixmanifest', data: manifest },
    { name: '[Content_Types].xml', data: contentTypes(['extension.vsixmanifest', ...names]) },
    ...files,
  ];
  const out = options.out || path.join(ROOT, 'dist', `${pkg.name}-${pkg.version}.vsix`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, writeZip(entries));
  return { file: out, entries: entries.map((e) => e.name) };
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const value = (/** @type {string} */ flag) => { const i = args.indexOf(flag); return i >= 0 ? args[i + 1] : undefined; };
  const { file, entries } = buildVsix({ out: value('--out'), server: value('--server') });
  process.stdout.write(`Wrote ${path.relative(process.cwd(), file)} (${entries.length} entries, ${fs.statSync(file).size} bytes)\n`);
}

module.exports = { buildVsix };
