/* SPDX-License-Identifier: Apache-2.0 */
/* ftpuri.h: the C API of ftpuri, for C and for other languages' FFI (C99; nothing else needed).
 *
 *     ftpuri_diagnostic err = FTPURI_DIAGNOSTIC_INIT;
 *     if (ftpuri_validate(uri, FTPURI_NUL_TERMINATED, NULL, &err) != FTPURI_OK)
 *         fprintf(stderr, "%s at %u: %s (%s)\n", err.name, err.offset, err.message, err.hint);
 *
 *     char out[256];
 *     size_t n = 0;
 *     if (ftpuri_canonicalize(uri, FTPURI_NUL_TERMINATED, NULL, 0, out, sizeof out, &n, NULL) == FTPURI_OK)
 *         puts(out);                      // NUL-terminated; n bytes before the NUL
 *
 * The same scanner, canonical form, command plan, policy, redaction, reference resolution and
 * reply codes as the C++ API (the headers of ftpuri/), behind
 * functions that take (pointer, length) strings, write into the caller's buffers and return a
 * status. Nothing here allocates (but libidn2 for a lenient Unicode host or an "xn--" label, as
 * in C++), keeps state between calls, or throws: every function is safe to call from any thread
 * on its own arguments.
 *
 * ABI stability, for bindings that hard-code it:
 *   - every struct a caller fills in or passes for filling begins with `size`, which the caller
 *     sets to sizeof the struct it was compiled with (the _INIT macros do it). A later version
 *     may add members at the end only; it reads and writes no byte past the caller's `size`, and
 *     gives members the caller does not have their defaults. A size smaller than this header's
 *     first version of the struct is FTPURI_BAD_ARGUMENT.
 *   - the values of every enumeration are fixed; new values are added at the end. Fields that
 *     hold one are uint32_t, whatever size a compiler gives an enum.
 *   - ftpuri_plan is opaque storage of a fixed size and alignment.
 *   - strings the library returns (names, messages, hints) are static and NUL-terminated.
 * tests/abi/ checks the exported symbols and the C ABI against a committed baseline.
 *
 * Offsets and lengths are bytes of the input. An input is (pointer, length); a length of
 * FTPURI_NUL_TERMINATED means the pointer is a C string. Inputs above the parse options'
 * max_length (64 KiB by default) are invalid with input.too-long. */
#ifndef FTPURI_H
#define FTPURI_H

#include <stddef.h>
#include <stdint.h>

#include "ftpuri/export.h"
#include "ftpuri/version.h"

#ifdef __cplusplus
#define FTPURI_NOEXCEPT noexcept
extern "C" {
#else
#define FTPURI_NOEXCEPT
#endif

/* ---- results ------------------------------------------------------------------------------ */

typedef enum ftpuri_status {
    FTPURI_OK = 0,
    FTPURI_INVALID = 1,          /* not a valid ftp URI (or no plan for it): the diagnostic says why */
    FTPURI_BUFFER_TOO_SMALL = 2, /* the size out-parameter says how many bytes are needed */
    FTPURI_BAD_ARGUMENT = 3,     /* a null pointer, a struct `size` too small, an unknown enum value */
    FTPURI_MALFORMED_ESCAPE = 4, /* percent-decoding: a '%' without two hex digits */
    FTPURI_IDNA_FAILED = 5       /* canonical form: libidn2 refused a lenient Unicode host */
} ftpuri_status;

/* The length that says "the string is NUL-terminated". */
#define FTPURI_NUL_TERMINATED SIZE_MAX
/* An offset that says "absent". */
#define FTPURI_NPOS 0xFFFFFFFFu

/* The linked library's version ("0.2.0"); FTPURI_VERSION_STRING is the headers'. */
FTPURI_API const char* ftpuri_version(void) FTPURI_NOEXCEPT;

/* ---- options ------------------------------------------------------------------------------ */

typedef enum ftpuri_profile {
    FTPURI_PROFILE_STRICT = 0,  /* docs/grammar.abnf; the default, for untrusted input */
    FTPURI_PROFILE_RFC3986 = 1, /* any RFC 3986 URI with scheme ftp and an authority */
    FTPURI_PROFILE_LENIENT = 2  /* what real clients accept, each repair a warning */
} ftpuri_profile;

typedef struct ftpuri_parse_options {
    size_t size;         /* sizeof(ftpuri_parse_options) */
    uint32_t profile;    /* ftpuri_profile */
    uint32_t max_length; /* bytes; 0: the default, 65536 */
} ftpuri_parse_options;
/* clang-format off */
#define FTPURI_PARSE_OPTIONS_INIT {sizeof(ftpuri_parse_options), FTPURI_PROFILE_STRICT, 0}
/* clang-format on */

/* ---- diagnostics -------------------------------------------------------------------------- */

typedef enum ftpuri_severity {
    FTPURI_SEVERITY_ERROR = 0,
    FTPURI_SEVERITY_WARNING = 1,
    FTPURI_SEVERITY_NOTE = 2
} ftpuri_severity;

typedef enum ftpuri_component {
    FTPURI_COMPONENT_INPUT = 0,
    FTPURI_COMPONENT_SCHEME = 1,
    FTPURI_COMPONENT_AUTHORITY = 2,
    FTPURI_COMPONENT_USER = 3,
    FTPURI_COMPONENT_PASSWORD = 4,
    FTPURI_COMPONENT_HOST = 5,
    FTPURI_COMPONENT_PORT = 6,
    FTPURI_COMPONENT_PATH = 7,
    FTPURI_COMPONENT_TYPECODE = 8,
    FTPURI_COMPONENT_QUERY = 9,
    FTPURI_COMPONENT_FRAGMENT = 10
} ftpuri_component;

/* Every diagnostic id, numbered for good: docs/diagnostics.md says what each means. The
 * stable name ("host.empty") is ftpuri_diag_name(id). */
typedef enum ftpuri_diag_id {
/* One enumerator per row of ftpuri/diagnostics.def, in its order: FTPURI_DIAG_ and the row's
 * C_ID (FTPURI_DIAG_INPUT_EMPTY = 0, FTPURI_DIAG_INPUT_TOO_LONG = 1, ...). */
#define FTPURI_DIAG(id, c_id, ...) FTPURI_DIAG_##c_id,
#include "ftpuri/diagnostics.def"
#undef FTPURI_DIAG
    FTPURI_DIAG_COUNT /* not an id: the number of ids, which grows as ids are added */
} ftpuri_diag_id;

typedef struct ftpuri_diagnostic {
    size_t size;         /* sizeof(ftpuri_diagnostic) */
    uint32_t id;         /* ftpuri_diag_id */
    uint32_t severity;   /* ftpuri_severity, as reported (some ids are errors only in strict) */
    uint32_t component;  /* ftpuri_component */
    uint32_t offset;     /* bytes into the input */
    uint32_t length;     /* bytes; 0 for something missing at the end */
    const char* name;    /* "host.empty" */
    const char* message; /* what is wrong */
    const char* hint;    /* what to do about it */
} ftpuri_diagnostic;
/* clang-format off */
#define FTPURI_DIAGNOSTIC_INIT {sizeof(ftpuri_diagnostic), 0, 0, 0, 0, 0, NULL, NULL, NULL}
/* clang-format on */

/* The stable name of an id ("host.empty"), or NULL for a number that is no id. */
FTPURI_API const char* ftpuri_diag_name(uint32_t id) FTPURI_NOEXCEPT;
/* The id named `name` ("host.empty"), or FTPURI_NPOS when there is none. */
FTPURI_API uint32_t ftpuri_diag_from_name(const char* name) FTPURI_NOEXCEPT;

/* ---- validate and parse ------------------------------------------------------------------- */

/* FTPURI_OK when `input` is a valid ftp URI under `options` (NULL: strict, 64 KiB); otherwise
 * FTPURI_INVALID, with the first error in `error` when it is not NULL. */
FTPURI_API int ftpuri_validate(const char* input, size_t length, const ftpuri_parse_options* options,
                               ftpuri_diagnostic* error) FTPURI_NOEXCEPT;

/* Every finding, warnings included, in the order found: up to `capacity` of them in `items`
 * (each item's `size` set by the caller), their number in `*count` (which may exceed
 * `capacity`: the rest were not written). Returns FTPURI_OK or FTPURI_INVALID as validate. */
FTPURI_API int ftpuri_diagnose(const char* input, size_t length, const ftpuri_parse_options* options,
                               ftpuri_diagnostic* items, size_t capacity, size_t* count) FTPURI_NOEXCEPT;

typedef enum ftpuri_host_kind {
    FTPURI_HOST_DNS_NAME = 0,
    FTPURI_HOST_IPV4 = 1,
    FTPURI_HOST_IPV6 = 2,
    FTPURI_HOST_IPVFUTURE = 3,
    FTPURI_HOST_REG_NAME = 4
} ftpuri_host_kind;

/* A part of the input: FTPURI_NPOS as offset when the URI has no such part. */
typedef struct ftpuri_range {
    uint32_t offset;
    uint32_t length;
} ftpuri_range;

/* The parts of a valid URI as written (percent-encoded), as ranges of the input. */
typedef struct ftpuri_uri {
    size_t size; /* sizeof(ftpuri_uri) */
    ftpuri_range scheme;
    ftpuri_range user;      /* absent without userinfo; empty in "ftp://@h/" */
    ftpuri_range password;  /* absent without a ':' in the userinfo */
    ftpuri_range host;      /* "[::1]" with its brackets */
    ftpuri_range port;      /* the digits; absent without ':' */
    ftpuri_range path;      /* from the '/' after the authority, without ";type=" */
    ftpuri_range name;      /* the last segment: the file or directory to fetch */
    ftpuri_range typecode;  /* ";type=i" whole */
    ftpuri_range query;     /* after '?' (rfc3986 only) */
    ftpuri_range fragment;  /* after '#' */
    uint32_t host_kind;     /* ftpuri_host_kind */
    uint32_t port_number;   /* 21 when the URI gives none */
    uint32_t typecode_char; /* 'a', 'i' or 'd' (lowercase), or 0 */
} ftpuri_uri;
/* clang-format off */
#define FTPURI_URI_INIT {sizeof(ftpuri_uri), {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, 0, 0, 0}
/* clang-format on */

/* Validates `input` and, when it is valid, writes its parts to `uri`. */
FTPURI_API int ftpuri_parse(const char* input, size_t length, const ftpuri_parse_options* options, ftpuri_uri* uri,
                            ftpuri_diagnostic* error) FTPURI_NOEXCEPT;

/* ---- canonical form and equivalence ------------------------------------------------------- */

/* Flags of ftpuri_canonicalize; 0 keeps everything (each drop changes what a client asks for). */
#define FTPURI_CANONICAL_DROP_PASSWORD 1u  /* "user:secret@" becomes "user@" */
#define FTPURI_CANONICAL_DROP_FRAGMENT 2u  /* "#..." removed: it is never sent */
#define FTPURI_CANONICAL_DROP_ANONYMOUS 4u /* "anonymous@" removed when no password stays */

/* Writes the canonical form of `input` (docs/canonical.md) and a NUL into `out`; `*written`
 * (when not NULL) gets its length without the NUL. FTPURI_BUFFER_TOO_SMALL when `out_size`
 * cannot hold both: `*written` is then the length, so `*written + 1` bytes suffice.
 * 3 * length + 255 bytes always suffice. FTPURI_INVALID (with `error`) for an invalid input. */
FTPURI_API int ftpuri_canonicalize(const char* input, size_t length, const ftpuri_parse_options* options,
                                   uint32_t flags, char* out, size_t out_size, size_t* written,
                                   ftpuri_diagnostic* error) FTPURI_NOEXCEPT;
/* An `out_size` that always suffices for ftpuri_canonicalize(input, length, ...), its NUL
 * included. Each ftpuri_X that writes a caller's buffer has its ftpuri_X_size_bound; each
 * returns 0 for the arguments its ftpuri_X refuses as FTPURI_BAD_ARGUMENT, and SIZE_MAX for a
 * bound too large to say. */
FTPURI_API size_t ftpuri_canonicalize_size_bound(const char* input, size_t length) FTPURI_NOEXCEPT;

/* 1 when both inputs are valid and have the same canonical form, 0 otherwise. */
FTPURI_API int ftpuri_equivalent(const char* a, size_t a_length, const char* b, size_t b_length,
                                 const ftpuri_parse_options* options) FTPURI_NOEXCEPT;

/* ---- percent-encoding --------------------------------------------------------------------- */

/* Decodes every %XX of `input` into `out` (no NUL is added; decoding never grows a string, so
 * `length` bytes suffice). `*written` gets the bytes written; with FTPURI_BUFFER_TOO_SMALL, the
 * bytes needed. FTPURI_MALFORMED_ESCAPE: a '%' without two hex digits, at `*error_offset` (when
 * not NULL), and `*written` the bytes written before it. */
FTPURI_API int ftpuri_percent_decode(const char* input, size_t length, char* out, size_t out_size, size_t* written,
                                     uint32_t* error_offset) FTPURI_NOEXCEPT;
/* An `out_size` that always suffices for ftpuri_percent_decode: the input's length. */
FTPURI_API size_t ftpuri_percent_decode_size_bound(const char* input, size_t length) FTPURI_NOEXCEPT;

typedef enum ftpuri_encode_set {
    FTPURI_ENCODE_USP_CHAR = 0,    /* user and password: unreserved / sub-delims */
    FTPURI_ENCODE_FTP_SEGMENT = 1, /* a path segment of the strict grammar */
    FTPURI_ENCODE_PCHAR = 2,       /* an RFC 3986 segment */
    FTPURI_ENCODE_FRAGMENT = 3,    /* fragment (and query) */
    FTPURI_ENCODE_REG_NAME = 4,    /* reg-name */
    FTPURI_ENCODE_UNRESERVED = 5   /* unreserved only */
} ftpuri_encode_set;

/* Encodes every byte of `input` outside `set` (and every '%'), uppercase hex, into `out` (no
 * NUL). FTPURI_BUFFER_TOO_SMALL: `*written` is the size needed. */
FTPURI_API int ftpuri_percent_encode(const char* input, size_t length, uint32_t set, char* out, size_t out_size,
                                     size_t* written) FTPURI_NOEXCEPT;
/* The `out_size` ftpuri_percent_encode needs: exact. */
FTPURI_API size_t ftpuri_percent_encode_size_bound(const char* input, size_t length, uint32_t set) FTPURI_NOEXCEPT;

/* ---- host classification ------------------------------------------------------------------ */

/* In order of harm, most harmful first (docs/sanitizing.md). */
typedef enum ftpuri_host_class {
    FTPURI_HOST_CLASS_LOOPBACK = 0,
    FTPURI_HOST_CLASS_UNSPECIFIED = 1,
    FTPURI_HOST_CLASS_LINK_LOCAL = 2,
    FTPURI_HOST_CLASS_PRIVATE = 3,
    FTPURI_HOST_CLASS_BROADCAST = 4,
    FTPURI_HOST_CLASS_MULTICAST = 5,
    FTPURI_HOST_CLASS_RESERVED = 6,
    FTPURI_HOST_CLASS_DOCUMENTATION = 7,
    FTPURI_HOST_CLASS_SPECIAL_USE = 8,
    FTPURI_HOST_CLASS_PUBLIC = 9
} ftpuri_host_class;

/* "loopback", "link-local", ...; NULL for a number that is no class. */
FTPURI_API const char* ftpuri_host_class_name(uint32_t host_class) FTPURI_NOEXCEPT;

/* The class of a valid URI's host (the worst of its readings) in `*host_class`. */
FTPURI_API int ftpuri_classify_host(const char* input, size_t length, const ftpuri_parse_options* options,
                                    uint32_t* host_class, ftpuri_diagnostic* error) FTPURI_NOEXCEPT;
/* An `out_size` that always suffices for ftpuri_sanitize(input, length, ...), its NUL included. */
FTPURI_API size_t ftpuri_sanitize_size_bound(const char* input, size_t length) FTPURI_NOEXCEPT;

/* The class of a resolved address: 4 bytes (IPv4) or 16 (IPv6), network order. */
FTPURI_API int ftpuri_classify_address(const uint8_t* address, size_t length, uint32_t* host_class) FTPURI_NOEXCEPT;

/* ---- the command plan --------------------------------------------------------------------- */

typedef enum ftpuri_plan_mode {
    FTPURI_PLAN_RFC1738 = 0,   /* one CWD per directory segment, null CWDs included */
    FTPURI_PLAN_MULTICWD = 1,  /* one CWD per non-empty directory segment (the default) */
    FTPURI_PLAN_SINGLECWD = 2, /* one CWD of the whole directory */
    FTPURI_PLAN_NOCWD = 3      /* no CWD: the action takes the whole path */
} ftpuri_plan_mode;

typedef struct ftpuri_plan_options {
    size_t size;                      /* sizeof(ftpuri_plan_options) */
    uint32_t mode;                    /* ftpuri_plan_mode */
    uint32_t absolute;                /* nonzero: "CWD /" first */
    const char* anonymous_password;   /* PASS without userinfo; NULL: "anonymous@" */
    size_t anonymous_password_length; /* or FTPURI_NUL_TERMINATED */
} ftpuri_plan_options;
/* clang-format off */
#define FTPURI_PLAN_OPTIONS_INIT {sizeof(ftpuri_plan_options), FTPURI_PLAN_MULTICWD, 0, NULL, FTPURI_NUL_TERMINATED}
/* clang-format on */

typedef enum ftpuri_verb {
    FTPURI_VERB_USER = 0,
    FTPURI_VERB_PASS = 1,
    FTPURI_VERB_CWD = 2,
    FTPURI_VERB_TYPE = 3,
    FTPURI_VERB_RETR = 4,
    FTPURI_VERB_NLST = 5,
    FTPURI_VERB_LIST = 6
} ftpuri_verb;

/* A plan being iterated: opaque, of a fixed size, on the caller's stack. It points into the
 * input and the anonymous password, which must outlive it. */
typedef struct ftpuri_plan {
    uint64_t opaque[40];
} ftpuri_plan;

typedef struct ftpuri_command {
    size_t size;              /* sizeof(ftpuri_command) */
    uint32_t verb;            /* ftpuri_verb */
    uint32_t has_argument;    /* 0 only for LIST and NLST without one */
    const char* verb_name;    /* "RETR" */
    const char* raw_argument; /* as written in the URI (percent-encoded), or a literal */
    size_t raw_argument_length;
    uint32_t argument_offset; /* of raw_argument in the input; FTPURI_NPOS for a literal */
    uint32_t line_length;     /* bytes of the line as sent, without CRLF ("RETR motd"); a 0xFF
                                 of the argument is sent doubled (Telnet's IAC IAC) */
} ftpuri_command;
/* clang-format off */
#define FTPURI_COMMAND_INIT {sizeof(ftpuri_command), 0, 0, NULL, NULL, 0, 0, 0}
/* clang-format on */

/* Plans the FTP commands of `input` (docs/plan.md). FTPURI_OK: iterate with ftpuri_plan_next.
 * FTPURI_INVALID: the URI is invalid, or has no plan in this mode (plan.nocwd-slash), in
 * `error`. `*ask_password` (when not NULL) is 1 when the URI names a user without a password:
 * the client asks for one. */
FTPURI_API int ftpuri_plan_init(ftpuri_plan* plan, const char* input, size_t length,
                                const ftpuri_parse_options* options, const ftpuri_plan_options* plan_options,
                                int* ask_password, ftpuri_diagnostic* error) FTPURI_NOEXCEPT;

/* The next command into `command`: FTPURI_OK, or FTPURI_INVALID at the end of the plan. */
FTPURI_API int ftpuri_plan_next(ftpuri_plan* plan, ftpuri_command* command) FTPURI_NOEXCEPT;

/* The last command ftpuri_plan_next gave, as sent (decoded, without CRLF), and a NUL, into
 * `out`; `*written` gets its length. FTPURI_BUFFER_TOO_SMALL: `*written` is the length. A byte
 * 0xFF of the argument is written twice, IAC IAC, as a client sends it (RFC 854). */
FTPURI_API int ftpuri_plan_write_line(const ftpuri_plan* plan, char* out, size_t out_size,
                                      size_t* written) FTPURI_NOEXCEPT;
/* The `out_size` ftpuri_plan_write_line needs for the last command given, its NUL included:
 * exact. */
FTPURI_API size_t ftpuri_plan_write_line_size_bound(const ftpuri_plan* plan) FTPURI_NOEXCEPT;

/* ---- a service's policy: sanitize --------------------------------------------------------- */

/* A set of host classes, one bit per class: FTPURI_HOST_CLASS_BIT(FTPURI_HOST_CLASS_LOOPBACK). */
#define FTPURI_HOST_CLASS_BIT(host_class) (1u << (host_class))
/* Every class but public: what a service that fetches only from the Internet denies. */
#define FTPURI_HOST_CLASSES_NON_PUBLIC 0x1FFu

/* What a service accepts (docs/sanitizing.md). The patterns and ids are the caller's, read
 * during the call only. */
typedef struct ftpuri_policy {
    size_t size;              /* sizeof(ftpuri_policy) */
    uint32_t deny;            /* host classes refused (host.denied): FTPURI_HOST_CLASS_BIT()s */
    uint32_t reserved;        /* 0 */
    const char* const* allow; /* allowed hosts, NUL-terminated: "ftp.example.org", "*.example.net:21",
                               * "192.0.2.7", "[2001:db8::7]:21"; with any, every other host is
                               * refused (host.not-allowed). A text that is no pattern matches nothing
                               * (ftpuri_host_pattern_check says which are). */
    size_t allow_count;
    const uint32_t* as_error; /* warnings to report as errors (ftpuri_diag_id), as -Werror=ID:
                               * FTPURI_DIAG_USERINFO_PASSWORD refuses a URI with a password */
    size_t as_error_count;
} ftpuri_policy;
/* clang-format off */
#define FTPURI_POLICY_INIT {sizeof(ftpuri_policy), 0, 0, NULL, 0, NULL, 0}
/* clang-format on */

/* FTPURI_OK when `pattern` is an allowed-host pattern as ftpuri_policy's allow takes, otherwise
 * FTPURI_INVALID: for checking a configuration when it is read. ftpuri_sanitize looks at each
 * pattern in turn (the C++ policy's sorted list, searched by binary search, is C++ only). */
FTPURI_API int ftpuri_host_pattern_check(const char* pattern, size_t length) FTPURI_NOEXCEPT;

/* The one call for a service: parses `input` under `options` (NULL: strict) with the policy's
 * warnings as errors, applies the policy, and writes the canonical form (ftpuri_canonicalize's
 * flags) and a NUL into `out`. FTPURI_OK: accepted. FTPURI_INVALID: refused, and `error` says
 * why (the URI's first error, a warning made an error, host.denied or host.not-allowed).
 * FTPURI_BUFFER_TOO_SMALL: accepted, but `*written + 1` bytes are needed (3 * length + 255 always
 * suffice). `*host_class` (when not NULL) gets the host's class whenever the URI parsed. A name
 * can resolve anywhere: classify each address DNS returns with ftpuri_classify_address too. */
FTPURI_API int ftpuri_sanitize(const char* input, size_t length, const ftpuri_parse_options* options,
                               const ftpuri_policy* policy, uint32_t flags, char* out, size_t out_size, size_t* written,
                               uint32_t* host_class, ftpuri_diagnostic* error) FTPURI_NOEXCEPT;

/* ---- passwords ---------------------------------------------------------------------------- */

/* Where the password of ANY input is, valid or not, by every reading a browser, curl or RFC 3986
 * would make of it (ftpuri/redact.hpp): FTPURI_OK with its range, or FTPURI_INVALID when there
 * is none or it is empty. */
FTPURI_API int ftpuri_find_password(const char* input, size_t length, ftpuri_range* password) FTPURI_NOEXCEPT;

/* Writes `input` with that password replaced by "****", and a NUL, into `out`: what a log may
 * show. `*written` gets the length without the NUL. FTPURI_BUFFER_TOO_SMALL: `*written + 1`
 * bytes suffice (length + 5 always do). `out` must not overlap `input`. */
FTPURI_API int ftpuri_redact_password(const char* input, size_t length, char* out, size_t out_size,
                                      size_t* written) FTPURI_NOEXCEPT;
/* An `out_size` that always suffices for ftpuri_redact_password, its NUL included. */
FTPURI_API size_t ftpuri_redact_password_size_bound(const char* input, size_t length) FTPURI_NOEXCEPT;

/* ---- relative references ------------------------------------------------------------------ */

/* Resolves `reference` against `base` (RFC 3986 5.2; ftpuri/resolve.hpp) and writes the target
 * and a NUL into `out`. The base must be valid under `options` (FTPURI_INVALID, with `error`);
 * the target is not checked: validate it in the profile you need. FTPURI_BUFFER_TOO_SMALL:
 * `*written + 1` bytes are needed (base_length + reference_length + 2 always suffice). */
FTPURI_API int ftpuri_resolve(const char* base, size_t base_length, const char* reference, size_t reference_length,
                              const ftpuri_parse_options* options, char* out, size_t out_size, size_t* written,
                              ftpuri_diagnostic* error) FTPURI_NOEXCEPT;
/* An `out_size` that always suffices for ftpuri_resolve, its NUL included. */
FTPURI_API size_t ftpuri_resolve_size_bound(const char* base, size_t base_length, const char* reference,
                                            size_t reference_length) FTPURI_NOEXCEPT;

/* ---- reply codes -------------------------------------------------------------------------- */

/* Where in a URI's plan a server's reply came. */
typedef enum ftpuri_plan_stage {
    FTPURI_STAGE_LOGIN = 0,   /* USER, PASS */
    FTPURI_STAGE_PATH = 1,    /* CWD, TYPE */
    FTPURI_STAGE_TRANSFER = 2 /* RETR, NLST, LIST and their data connection */
} ftpuri_plan_stage;

/* What a client executing an ftp URI does with a reply (docs/plan.md, "Reply codes"). */
typedef enum ftpuri_client_action {
    FTPURI_ACTION_PROCEED = 0,             /* go on with the plan */
    FTPURI_ACTION_STOP = 1,                /* stop, tell the user; nothing more is sent for the URI */
    FTPURI_ACTION_STOP_KEEP_DIRECTORY = 2, /* stop, tell the user, keep the directory reached */
    FTPURI_ACTION_ASK_CREDENTIALS = 3,     /* ask the user for other credentials */
    FTPURI_ACTION_LOG_IN = 4               /* log in with the URI's credentials, else ask */
} ftpuri_client_action;

/* The action for reply `code` (any number: one outside 100-699 is no FTP reply, and stops) at
 * `stage`, in `*action`. */
FTPURI_API int ftpuri_reply_action(uint32_t code, uint32_t stage, uint32_t* action) FTPURI_NOEXCEPT;

/* "login", "path", "transfer"; NULL for a number that is no stage. */
FTPURI_API const char* ftpuri_plan_stage_name(uint32_t stage) FTPURI_NOEXCEPT;
/* "proceed", "stop", "stop-keep-directory", ...; NULL for a number that is no action. */
FTPURI_API const char* ftpuri_client_action_name(uint32_t action) FTPURI_NOEXCEPT;

/* ---- the guarded fetch (libftpuri_fetch, over libcurl; docs/fetch.md) --------------------- */

/* Receives the bytes of the file as they arrive: nonzero to go on, 0 to stop (fetch.failed). */
typedef int (*ftpuri_fetch_write)(void* user_data, const char* bytes, size_t size);

typedef struct ftpuri_fetch_options {
    size_t size;                /* sizeof(ftpuri_fetch_options) */
    uint32_t plan_mode;         /* FTPURI_PLAN_MULTICWD, _SINGLECWD or _NOCWD (_RFC1738: refused) */
    uint32_t timeout_ms;        /* the whole fetch; 0: 60000 */
    uint32_t stall_ms;          /* no byte and no reply for this long (whole seconds); 0: 15000 */
    uint32_t reserved;          /* 0 */
    uint64_t max_size;          /* bytes; 0: no limit */
    const char* password;       /* for a URI that names a user without a password, or NULL */
    const char* const* resolve; /* "HOST:PORT:ADDRESS" DNS answers, as curl's --resolve */
    size_t resolve_count;
} ftpuri_fetch_options;
/* clang-format off */
#define FTPURI_FETCH_OPTIONS_INIT {sizeof(ftpuri_fetch_options), FTPURI_PLAN_MULTICWD, 0, 0, 0, 0, NULL, NULL, 0}
/* clang-format on */

typedef struct ftpuri_fetch_result {
    size_t size;           /* sizeof(ftpuri_fetch_result) */
    uint64_t bytes;        /* given to the write callback */
    uint32_t reply_code;   /* fetch.reply: the failing code */
    uint32_t stage;        /* fetch.reply: ftpuri_plan_stage of the command it answered */
    uint32_t action;       /* fetch.reply: ftpuri_client_action for it */
    uint32_t denied_class; /* fetch.address-denied: the ftpuri_host_class refused */
    uint32_t connections;  /* connections libcurl asked for (control and data) */
    uint32_t reserved;     /* 0 */
} ftpuri_fetch_result;
/* clang-format off */
#define FTPURI_FETCH_RESULT_INIT {sizeof(ftpuri_fetch_result), 0, 0, 0, 0, 0, 0, 0}
/* clang-format on */

/* Sanitizes `uri` under `options` (NULL: strict) and `policy` as ftpuri_sanitize does, then
 * fetches it with libcurl, every address it is about to connect to (control and data) classified
 * and refused when the policy denies its class; the bytes go to `write`. FTPURI_OK: fetched
 * whole. FTPURI_INVALID: refused or failed, and `error` says why (the URI's or the policy's id,
 * or fetch.address-denied, fetch.too-large, fetch.timeout, fetch.reply, ...); what `write` got
 * is then to be thrown away. `result` (when not NULL) says what happened. Defined in
 * libftpuri_fetch, which links libcurl (CMake target ftpuri::fetch), not in libftpuri. */
FTPURI_API int ftpuri_fetch(const char* uri, size_t length, const ftpuri_parse_options* options,
                            const ftpuri_policy* policy, const ftpuri_fetch_options* fetch_options,
                            ftpuri_fetch_write write, void* user_data, ftpuri_fetch_result* result,
                            ftpuri_diagnostic* error) FTPURI_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FTPURI_H */
