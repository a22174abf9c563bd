// @ts-check
'use strict';

/**
 * The server the suites run against: the real `fonsters-rpc`, from
 * `FONSTERS_SERVER` when set, else the package's build folder
 * (`../../.build/debug/fonsters-rpc`, then `.build/release`) relative to the
 * extension folder. Server suites skip, with a message saying so, only when no
 * binary can be found.
 */

const fs = require('fs');
const path = require('path');

const EXTENSION_ROOT = path.resolve(__dirname, '..', '..');

function findRealServer() {
  const fromEnv = process.env.FONSTERS_SERVER;
  if (fromEnv) {
    const resolved = path.resolve(fromEnv);
    if (!fs.existsSync(resolved)) throw new Error(`FONSTERS_SERVER points to ${resolved}, which does not exist`);
    return { command: resolved, via: 'FONSTERS_SERVER' };
  }
  for (const config of ['debug', 'release']) {
    const candidate = path.resolve(EXTENSION_ROOT, '..', '..', '.build', config, 'fonsters-rpc');
    if (fs.existsSync(candidate)) return { command: candidate, via: `.build/${config}` };
  }
  return null;
}

const NO_SERVER = 'no fonsters-rpc binary found: set FONSTERS_SERVER=/path/to/fonsters-rpc or run `swift build` at the package root '
  + `(looked for ${path.resolve(EXTENSION_ROOT, '..', '..', '.build', '{debug,release}', 'fonsters-rpc')})`;

/**
 * @typedef {{ name: string, command: string, real: boolean, skip: string | false }} ServerKind
 * @returns {ServerKind[]}
 */
function serverKinds() {
  const real = findRealServer();
  return [
    real
      ? { name: `real fonsters-rpc (${real.via})`, command: real.command, real: true, skip: false }
      : { name: 'real fonsters-rpc', command: '', real: true, skip: NO_SERVER },
  ];
}

module.exports = { findRealServer, serverKinds, NO_SERVER, EXTENSION_ROOT };
