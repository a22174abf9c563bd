// @ts-check
'use strict';

/** Where the extension finds the server, and the arguments it passes. */

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { locateServer, serverArguments } = require('../src/server/locate');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-locate-'));
test.after(() => fs.rmSync(root, { recursive: true, force: true }));

/** @param {string} file */
function executable(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
  return file;
}

test('the fonsters.serverPath setting wins, with ~ expanded', () => {
  assert.equal(locateServer({ settingPath: '/opt/x/fonsters-rpc', extensionPath: root }).command, '/opt/x/fonsters-rpc');
  assert.equal(locateServer({ settingPath: '~/bin/fonsters-rpc', extensionPath: root }).command, path.join(os.homedir(), 'bin', 'fonsters-rpc'));
});

test('then a bundled server, then the package build folders, then PATH', () => {
  const ext = path.join(root, 'pkg', 'clients', 'vscode-extension');
  fs.mkdirSync(ext, { recursive: true });
  const onPath = executable(path.join(root, 'bin', 'fonsters-rpc'));
  assert.equal(locateServer({ extensionPath: ext, envPath: path.dirname(onPath) }).command, onPath);
  const release = executable(path.join(root, 'pkg', '.build', 'release', 'fonsters-rpc'));
  assert.equal(locateServer({ extensionPath: ext, envPath: path.dirname(onPath) }).command, release);
  const debug = executable(path.join(root, 'pkg', '.build', 'debug', 'fonsters-rpc'));
  assert.equal(locateServer({ extensionPath: ext, envPath: '' }).command, debug);
  const bundled = executable(path.join(ext, 'server', 'fonsters-rpc'));
  assert.equal(locateServer({ extensionPath: ext, envPath: '' }).command, bundled);
});

test('nothing found: no command, and the places tried', () => {
  const found = locateServer({ extensionPath: path.join(root, 'empty'), envPath: '' });
  assert.equal(found.command, null);
  assert.ok(found.tried.length >= 3);
});

test('settings become server arguments', () => {
  assert.deepEqual(serverArguments({}), ['--stdio']);
  assert.deepEqual(serverArguments({ storePath: ':memory:' }), ['--stdio', '--memory']);
  assert.deepEqual(serverArguments({ storePath: '/tmp/lib.sqlite', logLevel: 'debug', extraArgs: ['--no-starter'] }),
    ['--stdio', '--store', '/tmp/lib.sqlite', '--log-level', 'debug', '--no-starter']);
});
