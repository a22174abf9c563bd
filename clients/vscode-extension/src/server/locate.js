// @ts-check
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const EXECUTABLE = process.platform === 'win32' ? 'fonsters-rpc.exe' : 'fonsters-rpc';

/**
 * Where the extension looks for `fonsters-rpc`, in order:
 * 1. the `fonsters.serverPath` setting (`~` expanded),
 * 2. a server bundled into the extension (`server/fonsters-rpc`),
 * 3. the package build folders when the extension runs from the repository
 *    (`../../.build/debug`, `../../.build/release`),
 * 4. `fonsters-rpc` on PATH.
 * @param {{ settingPath?: string, extensionPath: string, envPath?: string }} where
 * @returns {{ command: string | null, tried: string[] }}
 */
function locateServer(where) {
  const tried = [];
  const setting = (where.settingPath || '').trim();
  if (setting) {
    const expanded = setting.startsWith('~') ? path.join(os.homedir(), setting.slice(1)) : setting;
    // An explicit setting wins even if it is missing: the spawn error then names it.
    return { command: path.resolve(where.extensionPath, expanded), tried: [expanded] };
  }
  const candidates = [
    path.join(where.extensionPath, 'server', EXECUTABLE),
    path.resolve(where.extensionPath, '..', '..', '.build', 'debug', EXECUTABLE),
    path.resolve(where.extensionPath, '..', '..', '.build', 'release', EXECUTABLE),
  ];
  for (const candidate of candidates) {
    tried.push(candidate);
    if (isExecutable(candidate)) return { command: candidate, tried };
  }
  const envPath = where.envPath !== undefined ? where.envPath : process.env.PATH || '';
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, EXECUTABLE);
    if (isExecutable(candidate)) return { command: candidate, tried: [...tried, candidate] };
  }
  tried.push(`${EXECUTABLE} on PATH`);
  return { command: null, tried };
}

/** @param {string} file */
function isExecutable(file) {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Arguments for the server from the settings.
 * @param {{ storePath?: string, logLevel?: string, extraArgs?: string[] }} settings
 */
function serverArguments(settings) {
  const args = ['--stdio'];
  const store = (settings.storePath || '').trim();
  if (store === ':memory:') args.push('--memory');
  else if (store) args.push('--store', store.startsWith('~') ? path.join(os.homedir(), store.slice(1)) : store);
  if (settings.logLevel) args.push('--log-level', settings.logLevel);
  if (Array.isArray(settings.extraArgs)) args.push(...settings.extraArgs.map(String));
  return args;
}

module.exports = { locateServer, serverArguments, isExecutable, EXECUTABLE };
