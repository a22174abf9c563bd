// @ts-check
'use strict';

const crypto = require('crypto');

/** A fresh value for a Content-Security-Policy nonce (base64, 128 bits). */
function makeNonce() {
  return crypto.randomBytes(16).toString('base64');
}

module.exports = { makeNonce };
