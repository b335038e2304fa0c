// SPDX-License-Identifier: Apache-2.0
// The package's types, written by hand beside index.mjs (docs/javascript.md).

/** 'strict' (the default, for untrusted input), 'rfc3986' or 'lenient'. */
export type Profile = 'strict' | 'rfc3986' | 'lenient';
export type Severity = 'error' | 'warning' | 'note';
export type HostClass =
  | 'loopback'
  | 'unspecified'
  | 'link-local'
  | 'private'
  | 'broadcast'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'special-use'
  | 'public';
export type HostKind = 'dns-name' | 'ipv4' | 'ipv6' | 'ipvfuture' | 'reg-name';
export type PlanMode = 'multicwd' | 'rfc1738' | 'singlecwd' | 'nocwd';
export type Verb = 'USER' | 'PASS' | 'CWD' | 'TYPE' | 'RETR' | 'NLST' | 'LIST';

/** A URI: a string, or its bytes (a line of a file as read); indices then count those bytes. */
export type Uri = string | Uint8Array;

/** A range of the input: offset and length in its UTF-8 bytes (as ftpuri-check reports them),
 * start and end in the JavaScript string (uri.slice(start, end)). */
export interface Range {
  offset: number;
  length: number;
  start: number;
  end: number;
}

/** One finding: what is wrong, where, and what to do. */
export interface Diagnostic extends Range {
  /** The stable id: 'host.numeric-ambiguous'. */
  id: string;
  severity: Severity;
  /** The part it points into: 'host', 'path', ... */
  component: string;
  message: string;
  hint: string;
}

/** A part of the URI: as written, percent-decoded (bytes that are not UTF-8 as U+FFFD), and where. */
export interface Part extends Range {
  raw: string;
  value: string;
}

export interface Parts {
  scheme: Part;
  user: Part | null;
  password: Part | null;
  host: Part;
  port: Part | null;
  path: Part;
  typecode: Part | null;
  query: Part | null;
  fragment: Part | null;
}

/** What parse() finds: the verdict and every finding; the rest only when valid. */
export interface ParseResult {
  valid: boolean;
  diagnostics: Diagnostic[];
  canonical?: string;
  hostClass?: HostClass;
  hostKind?: HostKind;
  effectivePort?: number;
  segments?: string[];
  name?: string;
  typecode?: 'a' | 'i' | 'd' | null;
  parts?: Parts;
}

export interface ProfileOptions {
  profile?: Profile;
}

/** As ftpuri-check's --enable (opt-in rules to report) and --error (warnings to report as errors). */
export interface CheckOptions extends ProfileOptions {
  enable?: string[];
  error?: string[];
}

/** As ftpuri-check's --strip-password, --drop-fragment and --drop-anonymous. */
export interface CanonicalOptions extends ProfileOptions {
  stripPassword?: boolean;
  dropFragment?: boolean;
  dropAnonymous?: boolean;
}

/** As ftpuri-check's --plan-mode, --absolute, --anonymous-password and --show-password. */
export interface PlanOptions extends ProfileOptions {
  mode?: PlanMode;
  absolute?: boolean;
  anonymousPassword?: string;
  showPassword?: boolean;
  /** As --no-anonymous: refuse a URI without userinfo unless credentials are given. */
  refuseAnonymous?: boolean;
  /** The login for a URI without userinfo, instead of the anonymous one. */
  credentials?: { user: string; password: string } | null;
}

export interface Command {
  verb: Verb;
  /** As the server receives it (decoded); null for LIST or NLST without one. */
  argument: string | null;
  /** As the URI writes it, or the plan's literal ('anonymous', '/', 'I'). */
  rawArgument: string | null;
  /** The line exactly as sent, without CRLF. */
  line: string;
  /** The line as ftpuri-check --plan prints it (the password as ****). */
  shown: string;
}

export interface Plan {
  commands: Command[];
  askPassword: boolean;
}

/** As ftpuri-check's --deny (host classes, or 'non-public') and --allow-host (patterns). */
export interface Policy {
  deny?: (HostClass | 'non-public')[];
  allowHost?: string[];
}

export interface SanitizeOptions extends CanonicalOptions {
  enable?: string[];
  error?: string[];
}

export interface SanitizeResult {
  valid: boolean;
  canonical: string | null;
  error: Diagnostic | null;
  hostClass: HostClass | null;
  diagnostics: Diagnostic[];
}

export interface MemoryUsage {
  heapTop: number;
  memoryBytes: number;
}

/** A URI the library refused. */
export class FtpUriError extends Error {
  constructor(diagnostic: Diagnostic);
  diagnostic: Diagnostic;
}

export function validate(uri: Uri, options?: ProfileOptions): boolean;
export function parse(uri: Uri, options?: CheckOptions): ParseResult;
export function canonicalize(uri: Uri, options?: CanonicalOptions): string;
export function equivalent(a: Uri, b: Uri, options?: ProfileOptions): boolean;
export function classifyHost(uri: Uri, options?: ProfileOptions): HostClass;
export function plan(uri: Uri, options?: PlanOptions): Plan;
export function sanitize(uri: Uri, policy?: Policy, options?: SanitizeOptions): SanitizeResult;
export function redactPassword(uri: Uri): string;
export function memoryUsage(): MemoryUsage;
export const version: string;

declare const ftpuri: {
  validate: typeof validate;
  parse: typeof parse;
  canonicalize: typeof canonicalize;
  equivalent: typeof equivalent;
  classifyHost: typeof classifyHost;
  plan: typeof plan;
  sanitize: typeof sanitize;
  redactPassword: typeof redactPassword;
  memoryUsage: typeof memoryUsage;
  version: string;
  FtpUriError: typeof FtpUriError;
};
export default ftpuri;
