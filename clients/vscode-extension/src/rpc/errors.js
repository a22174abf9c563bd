// @ts-check
'use strict';

/** JSON-RPC and fonsters-rpc error codes (protocol draft, "Errors"). */
const ErrorCodes = Object.freeze({
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  RequestCancelled: -32800,
  NotFound: 1001,
  SeedTooLong: 1002,
  BadShareLink: 1003,
  StoreUnavailable: 1004,
  StoreReadOnly: 1005,
  NothingToUndo: 1006,
  NothingToRedo: 1007,
  FrameOutOfRange: 1008,
  TooMany: 1009,
  InvalidBundle: 1010,
  StoreCorrupt: 1011,
  StoreSchemaNewer: 1012,
  NoRandomSource: 1013,
  // Client-side conditions (never sent by the server).
  ConnectionClosed: -32099,
  Timeout: -32098,
});

/** An error answered by the server, or raised by the client about the connection. */
class RpcError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {any} [data]
   * @param {string} [method] the request that failed
   */
  constructor(code, message, data, method) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
    this.method = method;
  }

  get cancelled() {
    return this.code === ErrorCodes.RequestCancelled;
  }
}

/**
 * A sentence a person can read. The server already writes its messages for
 * people; only protocol-level failures get a client-side explanation.
 * @param {unknown} error
 * @returns {string}
 */
function readableMessage(error) {
  if (error instanceof RpcError) {
    switch (error.code) {
      case ErrorCodes.MethodNotFound:
        return `The Fonsters server does not support "${error.method || 'this request'}". It may be older than this extension.`;
      case ErrorCodes.ParseError:
      case ErrorCodes.InvalidRequest:
        return `The Fonsters server could not read a request (${error.message}).`;
      case ErrorCodes.InternalError:
        return `The Fonsters server hit an internal error: ${error.message}`;
      default:
        return error.message || `The Fonsters server reported error ${error.code}.`;
    }
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** @param {unknown} error */
function isCancellation(error) {
  return error instanceof RpcError && error.code === ErrorCodes.RequestCancelled;
}

module.exports = { ErrorCodes, RpcError, readableMessage, isCancellation };
