// SPDX-License-Identifier: Apache-2.0
// ftpuri for JavaScript: the library as WebAssembly (js/binding.cpp), ready when imported.
//
//     import ftpuri from 'ftpuri';
//     ftpuri.validate('ftp://ftp.example.org/pub/');   // true
//
// This file checks the arguments, names the options as JavaScript does, converts the URI at the
// boundary and throws; every answer is the library's. docs/javascript.md describes the API.
import createFtpuri from './ftpuri-wasm.mjs';

// The .wasm's bytes where fetch() cannot read them (node, from a file: URL); elsewhere Emscripten
// fetches the file beside ftpuri-wasm.mjs itself.
async function wasmBytes() {
  const url = new URL('./ftpuri-wasm.wasm', import.meta.url);
  if (url.protocol !== 'file:') return undefined;
  const { readFile } = await import('node:fs/promises');
  return readFile(url);
}

const wasm = await createFtpuri({ wasmBinary: await wasmBytes() });

/** A URI the library refused: `diagnostic` is the error, with its offsets and hint. */
export class FtpUriError extends Error {
  constructor(diagnostic) {
    super(`${diagnostic.message} [${diagnostic.id}] at offset ${diagnostic.offset}; ${diagnostic.hint}`);
    this.name = 'FtpUriError';
    this.diagnostic = diagnostic;
  }
}

// ---- arguments --------------------------------------------------------------------------------

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// A string whose every surrogate is paired. Emscripten's encoder would read a lone one with the
// character after it, so such a string crosses as bytes instead, each lone surrogate as the three
// bytes a lax encoder gives it (never UTF-8): the library refuses them where they are, and the
// offsets still count one index per surrogate.
// The most bytes a URI given as bytes may have: the WebAssembly's memory (4 GiB at most) holds a
// copy, and the library refuses anything past 64 KiB anyway.
const MAX_BYTES = 2 ** 30;

function uriArgument(value, what = 'uri') {
  if (value instanceof Uint8Array) {
    if (value.length > MAX_BYTES) throw new RangeError(`${what}: ${value.length} bytes, past the ${MAX_BYTES} this package takes`);
    return value;
  }
  if (typeof value !== 'string')
    throw new TypeError(`${what} must be a string or a Uint8Array, not ${describe(value)}`);
  if (!LONE_SURROGATE.test(value)) return value;
  const bytes = [];
  for (const ch of value) {
    const c = ch.codePointAt(0);
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Uint8Array.from(bytes);
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

// The options object of a call: only the names it knows, each of its type, defaults filled in.
function readOptions(options, defaults, call) {
  if (options === undefined) return { ...defaults };
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(`${call}: options must be an object, not ${describe(options)}`);
  const out = { ...defaults };
  for (const [key, value] of Object.entries(options)) {
    if (!(key in defaults)) throw new TypeError(`${call}: unknown option '${key}' (${Object.keys(defaults).join(', ')})`);
    if (value === undefined) continue;
    const want = Array.isArray(defaults[key]) ? 'array' : typeof defaults[key]; // null: an object or null
    const got = Array.isArray(value) ? 'array' : typeof value;
    if (got !== want)
      throw new TypeError(`${call}: option '${key}' must be ${want === 'array' ? 'an' : 'a'} ${want}, not ${describe(value)}`);
    if (want === 'array' && !value.every((item) => typeof item === 'string'))
      throw new TypeError(`${call}: option '${key}' must hold strings only`);
    out[key] = value;
  }
  return out;
}

// For a URI given as bytes, start and end index those bytes, as offset and length do.
function withIndices(uri, result) {
  if (!(uri instanceof Uint8Array)) return result;
  const visit = (value) => {
    if (value === null || typeof value !== 'object') return;
    if (typeof value.offset === 'number' && typeof value.start === 'number') {
      value.start = value.offset;
      value.end = value.offset + value.length;
    }
    Object.values(value).forEach(visit);
  };
  visit(result);
  return result;
}

// The binding's answer, or its complaint thrown: a bad argument as a RangeError, a refused URI as
// an FtpUriError.
function answer(uri, result) {
  withIndices(uri, result);
  if (result !== null && typeof result === 'object') {
    if ('problem' in result) throw new RangeError(result.problem);
    if ('error' in result && !('valid' in result)) throw new FtpUriError(result.error);
  }
  return result;
}

const PROFILE = { profile: 'strict' };
const CANONICAL = { ...PROFILE, stripPassword: false, dropFragment: false, dropAnonymous: false };
const PLAN = {
  ...PROFILE,
  mode: 'multicwd',
  absolute: false,
  anonymousPassword: 'anonymous@',
  showPassword: false,
  refuseAnonymous: false,
  credentials: null,
};
const POLICY = { deny: [], allowHost: [] };
const CHECKS = { enable: [], error: [] };
const PARSE = { ...PROFILE, ...CHECKS };
const SANITIZE = { ...CANONICAL, ...CHECKS };

// ---- the API ----------------------------------------------------------------------------------

/** Whether `uri` is a valid ftp URI in the profile ('strict', 'rfc3986' or 'lenient'). */
export function validate(uri, options) {
  const o = readOptions(options, PROFILE, 'validate');
  return answer(uri, wasm.validate(uriArgument(uri), o.profile));
}

/** The URI taken apart: the verdict and every finding always; when valid, its parts (each with
 * its offsets), the canonical form, the host's kind and class. Never throws for a bad URI. */
export function parse(uri, options) {
  const o = readOptions(options, PARSE, 'parse');
  return answer(uri, wasm.parse(uriArgument(uri), o.profile, o.enable, o.error));
}

/** The canonical form (docs/canonical.md); an FtpUriError when the URI is invalid. */
export function canonicalize(uri, options) {
  const o = readOptions(options, CANONICAL, 'canonicalize');
  return answer(uri, wasm.canonicalize(uriArgument(uri), o.profile, o.stripPassword, o.dropFragment, o.dropAnonymous))
    .canonical;
}

/** Whether both URIs have the same canonical form; an invalid URI is equivalent to nothing. */
export function equivalent(a, b, options) {
  const o = readOptions(options, PROFILE, 'equivalent');
  return answer(null, wasm.equivalent(uriArgument(a, 'a'), uriArgument(b, 'b'), o.profile));
}

/** The class of the URI's host ('public', 'loopback', 'private', ...), the worst of its readings;
 * an FtpUriError when the URI is invalid. */
export function classifyHost(uri, options) {
  const o = readOptions(options, PROFILE, 'classifyHost');
  return answer(uri, wasm.classifyHost(uriArgument(uri), o.profile)).hostClass;
}

/** The FTP commands the URI asks a client to send (docs/plan.md); an FtpUriError when the URI is
 * invalid or the mode refuses it. */
export function plan(uri, options) {
  const o = readOptions(options, PLAN, 'plan');
  const credentials = o.credentials;
  if (credentials !== null && (typeof credentials.user !== 'string' || typeof credentials.password !== 'string'))
    throw new TypeError("plan: option 'credentials' must be {user: string, password: string}");
  for (const text of [o.anonymousPassword, credentials?.user, credentials?.password])
    if (text !== undefined && LONE_SURROGATE.test(text)) throw new RangeError('plan: an option holds a lone surrogate');
  return answer(
    uri,
    wasm.plan(uriArgument(uri), o.profile, o.mode, o.absolute, o.anonymousPassword, o.showPassword,
      o.refuseAnonymous, credentials),
  );
}

/** Parse, check against the policy ({deny, allowHost}, as ftpuri-check's --deny and --allow-host)
 * and canonicalize in one call (docs/sanitizing.md). Never throws for a bad URI: `valid` says. */
export function sanitize(uri, policy, options) {
  const p = readOptions(policy, POLICY, 'sanitize policy');
  const o = readOptions(options, SANITIZE, 'sanitize');
  return answer(
    uri,
    wasm.sanitize(uriArgument(uri), p.deny, p.allowHost, o.enable, o.error, o.profile, o.stripPassword, o.dropFragment,
      o.dropAnonymous),
  );
}

/** `uri` (valid or not) with its password masked as '****', wherever a WHATWG, curl or RFC 3986
 * reader would find one: what ftpuri-check's reports show of an input. */
export function redactPassword(uri) {
  return wasm.redactPassword(uriArgument(uri));
}

/** What the WebAssembly instance holds: the top of malloc's heap (freed memory is reused below
 * it, leaked memory pushes it up) and the memory's size, in bytes. */
export function memoryUsage() {
  return { heapTop: wasm.heapTop(), memoryBytes: wasm.HEAPU8.length };
}

/** The library's version. */
export const version = wasm.version();

export default {
  validate,
  parse,
  canonicalize,
  equivalent,
  classifyHost,
  plan,
  sanitize,
  redactPassword,
  memoryUsage,
  version,
  FtpUriError,
};
