// SPDX-License-Identifier: Apache-2.0
// ftpuri/diagnostic.hpp: what is wrong with a URI, where, and what to do about it.
//
// Every finding has a stable kebab-case id (`host.numeric-ambiguous`), a severity, the
// component it was found in, and a byte range [offset, offset + length) into the input.
// Message and hint are constant per id and live in one table, `diag_catalogue`, which is
// checked against the enum at compile time: adding an enumerator without its row fails the
// build. docs/diagnostics.md lists every id with an input that triggers it.
//
// Severity:
//   error    the URI is invalid; parsing stops at the first one.
//   warning  the URI is valid but something in it is risky, deprecated or not canonical.
//   note     context for the error beside it, or for the warning just before it
//            (interop.typecode-case): `interop.*`, how other parsers read the same bytes.
// Some ids are errors in the strict profile and warnings elsewhere (the catalogue's severity is
// the strict one); each diagnostic carries the severity it was reported with.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>

#include "ftpuri/export.h"

namespace ftpuri {

enum class severity : std::uint8_t { error, warning, note };

// The part of the URI a diagnostic points into.
enum class component : std::uint8_t {
    input,
    scheme,
    authority,
    user,
    password,
    host,
    port,
    path,
    typecode,
    query,
    fragment
};

// New ids are appended, just before `count`: an id's number is ABI (ftpuri.h), so none moves.
enum class diag_id : std::uint8_t {
    // the input as a whole
    input_empty,    // input.empty
    input_too_long, // input.too-long
    // raw bytes, wherever they are
    char_control,     // char.control: a raw C0 control or DEL
    char_space,       // char.space
    char_non_ascii,   // char.non-ascii
    char_unsafe,      // char.unsafe: \ " < > ^ ` { | }
    char_not_allowed, // char.not-allowed: a character the component's rule excludes
    // percent-encoding
    pct_malformed,         // pct.malformed: "%" without two hex digits
    pct_forbidden_control, // pct.forbidden-control: decodes to NUL, CR or LF (every profile)
    pct_control,           // pct.control: decodes to another C0 control or DEL
    pct_lowercase,         // pct.lowercase
    pct_needless,          // pct.needless: an encoded unreserved character
    pct_non_utf8,          // pct.non-utf8: a decoded component that is not UTF-8
    pct_overlong_utf8,     // pct.overlong-utf8: overlong UTF-8, a surrogate, or above U+10FFFF
    pct_line_separator,    // pct.line-separator: decodes to U+0085, U+2028 or U+2029
    // scheme
    scheme_missing,   // scheme.missing
    scheme_not_ftp,   // scheme.not-ftp
    scheme_uppercase, // scheme.uppercase
    // authority and userinfo
    authority_missing,    // authority.missing: no "//"
    userinfo_multiple_at, // userinfo.multiple-at
    userinfo_raw_colon,   // userinfo.raw-colon: a second ":" (strict)
    userinfo_password,    // userinfo.password
    userinfo_anonymous,   // userinfo.anonymous
    userinfo_empty_user,  // userinfo.empty-user
    // host
    host_empty,               // host.empty
    host_invalid_char,        // host.invalid-char
    host_percent_encoded,     // host.percent-encoded (strict)
    host_empty_label,         // host.empty-label
    host_label_too_long,      // host.label-too-long
    host_too_long,            // host.too-long
    host_label_hyphen,        // host.label-hyphen
    host_numeric_ambiguous,   // host.numeric-ambiguous
    host_punycode_invalid,    // host.punycode-invalid
    host_ip_literal_unclosed, // host.ip-literal-unclosed
    host_ipv6_invalid,        // host.ipv6-invalid
    host_ipv6_zone_id,        // host.ipv6-zone-id
    host_ipvfuture,           // host.ipvfuture (strict)
    host_ipvfuture_invalid,   // host.ipvfuture-invalid
    host_uppercase,           // host.uppercase
    host_not_dns,             // host.not-dns (rfc3986)
    // port
    port_invalid,       // port.invalid
    port_out_of_range,  // port.out-of-range
    port_empty,         // port.empty
    port_default,       // port.default
    port_leading_zeros, // port.leading-zeros
    // path and typecode
    path_raw_semicolon,     // path.raw-semicolon (strict)
    path_encoded_traversal, // path.encoded-traversal
    path_encoded_backslash, // path.encoded-backslash
    path_above_root,        // path.above-root
    path_dot_segment,       // path.dot-segment
    path_empty_segment,     // path.empty-segment
    path_encoded_slash,     // path.encoded-slash
    path_dot_after_empty,   // path.dot-after-empty
    path_tilde_inside,      // path.tilde-inside
    path_tilde_user,        // path.tilde-user
    path_dot_lookalike,     // path.dot-lookalike
    path_drive_letter,      // path.drive-letter
    typecode_invalid,       // typecode.invalid
    typecode_misspelled,    // typecode.misspelled
    typecode_uppercase,     // typecode.uppercase
    // query and fragment
    query_present,    // query.present
    fragment_present, // fragment.present
    // the lenient profile's repairs that have no id of their own above
    input_trimmed,     // input.trimmed
    host_unicode,      // host.unicode
    host_idna_invalid, // host.idna-invalid
    // how WHATWG parsers (browsers, Node, ada) or curl read the input differently
    interop_scheme_slashes,       // interop.scheme-slashes
    interop_multiple_at,          // interop.multiple-at
    interop_backslash,            // interop.backslash
    interop_tab_newline,          // interop.tab-newline
    interop_edge_whitespace,      // interop.edge-whitespace
    interop_encoded_dot_segment,  // interop.encoded-dot-segment
    interop_host_percent_encoded, // interop.host-percent-encoded
    interop_typecode_case,        // interop.typecode-case
    // opt-in rules: policies, not faults; reported only when parse_options::opt_in holds them
    host_ip_address,  // host.ip-address
    userinfo_present, // userinfo.present
    port_non_default, // port.non-default
    // the command plan's refusals: reported by plan() (ftpuri/plan.hpp), never by parse()
    plan_nocwd_slash,                // plan.nocwd-slash
    plan_anonymous_password_control, // plan.anonymous-password-control
    // the sanitization policy's findings: reported by check_policy() and sanitize()
    // (ftpuri/policy.hpp), never by parse()
    host_denied,      // host.denied
    host_not_allowed, // host.not-allowed
    // a build without libidn2 (FTPURI_WITH_IDN2=OFF) refuses what needs IDNA; never reported otherwise
    host_idna_unavailable, // host.idna-unavailable
    // a line of a list file (ftpuri-check's files and stdin), never reported by parse(): the line
    // around the URI rather than the URI
    list_fields,         // list.fields
    list_trailing_blank, // list.trailing-blank
    // a host name that begins with a dotted IPv4 address, which wildcard DNS answers with
    host_embedded_address, // host.embedded-address
    // the command plan's refusals of the login options (ftpuri/plan.hpp), never by parse()
    plan_anonymous_refused,   // plan.anonymous-refused
    plan_credentials_control, // plan.credentials-control
    // a decoded 0xFF, Telnet's IAC, in the user, password or path
    pct_telnet_iac, // pct.telnet-iac
    // a raw ";type=" that curl cuts the path at, before the last segment's end
    interop_typecode_cut, // interop.typecode-cut
    // a path that a plan mode or curl reads from the server's root
    path_absolute, // path.absolute
    // a dot-segment whose removal makes an empty segment the path's first
    path_dot_before_empty, // path.dot-before-empty
    // an underscore in a host name: DNS holds it, RFC 1123 host names cannot
    host_underscore, // host.underscore

    // Not an id: the number of ids. The catalogue's size is checked against it below, so an id
    // appended without its row does not compile.
    count
};

struct diag_info {
    diag_id id;
    std::string_view name; // the stable kebab-case id
    severity level;        // in the strict profile
    std::string_view message;
    std::string_view hint;
    // Off unless asked for (parse_options::opt_in, ftpuri-check --enable): a policy that some
    // users want (no IP addresses in a mirror list), not something wrong with the URI.
    bool opt_in = false;
};

// Keep in sync with diag_id: the static_assert below checks the order.
inline constexpr std::array diag_catalogue = {
    diag_info{diag_id::input_empty, "input.empty", severity::error, "empty input",
              "an ftp URI looks like ftp://host/path"},
    diag_info{diag_id::input_too_long, "input.too-long", severity::error, "input is longer than the length limit",
              "raise the limit (parse_options::max_length, --max-length) if such URIs are expected"},
    diag_info{diag_id::char_control, "char.control", severity::error, "raw control character",
              "control bytes never appear raw in a URI; remove it or percent-encode it"},
    diag_info{diag_id::char_space, "char.space", severity::error, "raw space",
              "percent-encode it as %20 (--profile=lenient does this)"},
    diag_info{diag_id::char_non_ascii, "char.non-ascii", severity::error, "raw non-ASCII byte",
              "percent-encode its UTF-8 bytes (\xC3\xA9 is %C3%A9), or use --profile=lenient to have it done"},
    diag_info{diag_id::char_unsafe, "char.unsafe", severity::error, "character that is never allowed in a URI",
              "percent-encode it: \\ %5C, \" %22, < %3C, > %3E, ^ %5E, ` %60, { %7B, | %7C, } %7D"},
    diag_info{diag_id::char_not_allowed, "char.not-allowed", severity::error,
              "character not allowed in this part of the URI", "percent-encode it (%XX with its byte value)"},
    diag_info{diag_id::pct_malformed, "pct.malformed", severity::error, "'%' is not followed by two hex digits",
              "write a literal '%' as %25"},
    diag_info{diag_id::pct_forbidden_control, "pct.forbidden-control", severity::error,
              "percent-encoding decodes to NUL, CR or LF",
              "these bytes end or inject an FTP command (CWD a%0D%0ADELE x); remove them"},
    diag_info{diag_id::pct_control, "pct.control", severity::error, "percent-encoding decodes to a control character",
              "control bytes are not valid in FTP user names, passwords or file names; remove it"},
    diag_info{diag_id::pct_lowercase, "pct.lowercase", severity::warning, "lowercase hex digit in a percent-encoding",
              "the canonical form uses uppercase: %2F, not %2f"},
    diag_info{diag_id::pct_needless, "pct.needless", severity::warning, "percent-encoded unreserved character",
              "write the character itself (%41 is A, %7E is ~)"},
    diag_info{diag_id::pct_non_utf8, "pct.non-utf8", severity::warning, "decoded bytes are not UTF-8",
              "servers and clients disagree on non-UTF-8 names (draft-yevstifeyev 2.3); encode the UTF-8 form"},
    diag_info{
        diag_id::pct_overlong_utf8, "pct.overlong-utf8", severity::error,
        "percent-encoding is overlong UTF-8, a surrogate or above U+10FFFF",
        "lax decoders read it as another character (%C0%AE is '.', %C0%8A is LF); encode the shortest UTF-8 form"},
    diag_info{diag_id::pct_line_separator, "pct.line-separator", severity::error,
              "percent-encoding decodes to a Unicode line separator (U+0085, U+2028, U+2029)",
              "some runtimes end a line there, splitting a command or a log line; remove it"},
    diag_info{diag_id::scheme_missing, "scheme.missing", severity::error, "no scheme", "an ftp URI begins with ftp://"},
    diag_info{diag_id::scheme_not_ftp, "scheme.not-ftp", severity::error, "scheme is not ftp",
              "ftpuri checks ftp URIs; ftps and sftp are other protocols"},
    diag_info{diag_id::scheme_uppercase, "scheme.uppercase", severity::warning, "uppercase letter in the scheme",
              "the canonical scheme is lowercase ftp"},
    diag_info{diag_id::authority_missing, "authority.missing", severity::error, "no '//' and host after 'ftp:'",
              "write ftp://host/path; an ftp URI always names its server"},
    diag_info{diag_id::userinfo_multiple_at, "userinfo.multiple-at", severity::error,
              "more than one '@' in the authority", "percent-encode an '@' in a user name or password as %40"},
    diag_info{diag_id::userinfo_raw_colon, "userinfo.raw-colon", severity::error, "second ':' in the user information",
              "only the first ':' separates user and password; percent-encode the others as %3A"},
    diag_info{diag_id::userinfo_password, "userinfo.password", severity::warning, "password in the URI",
              "RFC 3986 3.2.1 deprecates it: whoever sees the URI sees the password; let the client ask for it"},
    diag_info{diag_id::userinfo_anonymous, "userinfo.anonymous", severity::warning, "explicit anonymous user",
              "anonymous is the default; ftp://host/ means the same"},
    diag_info{diag_id::userinfo_empty_user, "userinfo.empty-user", severity::warning, "empty user name",
              "this logs in as an empty user, not anonymously; drop the '@' for anonymous"},
    diag_info{diag_id::host_empty, "host.empty", severity::error, "empty host",
              "an ftp URI names its server: ftp://host/path"},
    diag_info{diag_id::host_invalid_char, "host.invalid-char", severity::error, "character not allowed in a host name",
              "a DNS name is letters, digits, '-' and '.'; a typecode goes after a path: ftp://host/;type=a"},
    diag_info{diag_id::host_percent_encoded, "host.percent-encoded", severity::error, "percent-encoding in a host name",
              "write the name itself, an internationalized name in its xn-- (IDNA) form"},
    diag_info{diag_id::host_empty_label, "host.empty-label", severity::error, "empty label in the host name",
              "remove the extra '.'"},
    diag_info{diag_id::host_label_too_long, "host.label-too-long", severity::error, "host label longer than 63 bytes",
              "DNS labels are at most 63 bytes (RFC 1034 3.1)"},
    diag_info{diag_id::host_too_long, "host.too-long", severity::error, "host name longer than 253 bytes",
              "DNS names are at most 253 bytes (RFC 1034 3.1)"},
    diag_info{diag_id::host_label_hyphen, "host.label-hyphen", severity::error, "host label begins or ends with '-'",
              "DNS labels begin and end with a letter or digit"},
    diag_info{diag_id::host_numeric_ambiguous, "host.numeric-ambiguous", severity::error,
              "numeric host that is not a dotted-decimal IPv4 address",
              "other parsers read it as a different address (127.1 is 127.0.0.1, 010 is octal); "
              "write four decimal octets without leading zeros"},
    diag_info{diag_id::host_punycode_invalid, "host.punycode-invalid", severity::error,
              "'xn--' label that is not the Punycode of a valid IDNA2008 label",
              "an A-label must decode to a valid internationalized label and encode back to itself; check the name"},
    diag_info{diag_id::host_ip_literal_unclosed, "host.ip-literal-unclosed", severity::error,
              "'[' without a closing ']'", "an IPv6 address is written [2001:db8::1]"},
    diag_info{diag_id::host_ipv6_invalid, "host.ipv6-invalid", severity::error, "invalid IPv6 address",
              "eight groups of 1-4 hex digits, one '::' at most (RFC 4291 2.2)"},
    diag_info{diag_id::host_ipv6_zone_id, "host.ipv6-zone-id", severity::error, "IPv6 zone identifier",
              "zone ids (RFC 6874) are local to one machine and not part of RFC 3986; remove it"},
    diag_info{diag_id::host_ipvfuture, "host.ipvfuture", severity::error, "IPvFuture address",
              "no FTP client connects to one; --profile=rfc3986 accepts it"},
    diag_info{diag_id::host_ipvfuture_invalid, "host.ipvfuture-invalid", severity::error, "invalid IPvFuture address",
              "the form is [vX.text]: 'v', hex digits, '.', then text"},
    diag_info{diag_id::host_uppercase, "host.uppercase", severity::warning, "uppercase letter in the host",
              "host names are case-insensitive; the canonical form is lowercase"},
    diag_info{diag_id::host_not_dns, "host.not-dns", severity::warning,
              "host is a registered name but not a DNS host name",
              "RFC 3986 allows it; the strict profile and DNS do not"},
    diag_info{diag_id::port_invalid, "port.invalid", severity::error, "non-digit in the port",
              "the port is decimal digits: ftp://host:2121/"},
    diag_info{diag_id::port_out_of_range, "port.out-of-range", severity::error, "port outside 1-65535",
              "TCP ports are 1-65535; ftp's default is 21"},
    diag_info{diag_id::port_empty, "port.empty", severity::warning, "empty port",
              "remove the ':'; the canonical form drops it"},
    diag_info{diag_id::port_default, "port.default", severity::warning, "explicit default port 21",
              "remove ':21'; the canonical form drops it"},
    diag_info{diag_id::port_leading_zeros, "port.leading-zeros", severity::warning, "leading zero in the port",
              "some parsers read 021 as octal; the canonical form drops the zeros"},
    diag_info{diag_id::path_raw_semicolon, "path.raw-semicolon", severity::error, "raw ';' in a path segment",
              "percent-encode it as %3B; only ;type=a, ;type=i or ;type=d may end the path"},
    diag_info{diag_id::path_encoded_traversal, "path.encoded-traversal", severity::error,
              "encoded '/' walked together with a '.' or '..'",
              "a URL normalizer sees one segment where the FTP server walks several (..%2F..%2Fetc, x%2Fy/..); "
              "remove it"},
    diag_info{diag_id::path_encoded_backslash, "path.encoded-backslash", severity::error,
              "'%5C' decodes to a backslash", "Windows FTP servers take it as a directory separator; remove it"},
    diag_info{diag_id::path_above_root, "path.above-root", severity::error, "'..' climbs above the starting directory",
              "remove the '..' segments; a client that follows them leaves the login directory"},
    diag_info{diag_id::path_dot_segment, "path.dot-segment", severity::warning, "'.' or '..' segment",
              "the canonical form removes dot-segments (RFC 3986 5.2.4)"},
    diag_info{diag_id::path_empty_segment, "path.empty-segment", severity::warning, "empty path segment (a null CWD)",
              "RFC 1738 sends 'CWD' with an empty argument; draft-yevstifeyev skips it: clients differ"},
    diag_info{diag_id::path_encoded_slash, "path.encoded-slash", severity::warning, "'%2F' inside a segment",
              "it is part of the name (CWD /etc), but curl splits the path at it; be sure it is meant"},
    diag_info{diag_id::path_dot_after_empty, "path.dot-after-empty", severity::error,
              "'..' cancels an empty segment (a null CWD)",
              "RFC 3986 removes the empty segment with it, a client that skips null CWDs climbs one level more "
              "(ftp://h/pub//../x is /pub/x or /x); remove the '//' or the '..'"},
    diag_info{diag_id::path_tilde_inside, "path.tilde-inside", severity::error,
              "'~' or '~user' segment after the first segment",
              "servers expand it into a home directory, so the path after it leaves an unknown place; only the first "
              "segment may be ~"},
    diag_info{diag_id::path_tilde_user, "path.tilde-user", severity::warning,
              "first segment '~user' names another account's home directory",
              "the server expands ~user; make sure that account's files are meant (~ alone is the login directory)"},
    diag_info{diag_id::path_dot_lookalike, "path.dot-lookalike", severity::error,
              "segment of dots and spaces that Windows servers walk as '.' or '..'",
              "Windows strips trailing dots and spaces, so '...' and '..%20' climb like '..'; remove or rename it"},
    diag_info{diag_id::path_drive_letter, "path.drive-letter", severity::warning, "segment is a Windows drive letter",
              "a Windows server may read C: as a drive and leave the FTP root; make sure a directory is meant"},
    diag_info{diag_id::typecode_invalid, "typecode.invalid", severity::error, "typecode is not a, i or d",
              "write ;type=a (ASCII), ;type=i (image) or ;type=d (directory)"},
    diag_info{diag_id::typecode_misspelled, "typecode.misspelled", severity::error, "';typecode=' instead of ';type='",
              "draft-yevstifeyev's ABNF misspells it; write ;type= (--profile=lenient repairs it)"},
    diag_info{diag_id::typecode_uppercase, "typecode.uppercase", severity::warning, "uppercase letter in the typecode",
              "the canonical form is lowercase: ;type=i"},
    diag_info{diag_id::query_present, "query.present", severity::error, "'?' query in an ftp URI",
              "ftp URIs have no query; percent-encode '?' as %3F if it is part of the name"},
    diag_info{diag_id::fragment_present, "fragment.present", severity::warning, "fragment in an ftp URI",
              "a fragment is never sent to the server"},
    diag_info{diag_id::input_trimmed, "input.trimmed", severity::warning, "leading or trailing whitespace",
              "the lenient profile trims them; remove them from the source"},
    diag_info{diag_id::host_unicode, "host.unicode", severity::warning, "Unicode host name",
              "the canonical form holds its IDNA (xn--) form; write that"},
    diag_info{diag_id::host_idna_invalid, "host.idna-invalid", severity::error,
              "host name that IDNA (UTS #46) cannot convert",
              "check the name; only a name that converts to a valid DNS name is accepted"},
    diag_info{diag_id::interop_scheme_slashes, "interop.scheme-slashes", severity::note,
              "WHATWG parsers (browsers) read 'ftp:x' and 'ftp:/x' as 'ftp://x/'",
              "write the '//' so that every parser finds the same host"},
    diag_info{diag_id::interop_multiple_at, "interop.multiple-at", severity::note,
              "WHATWG parsers split the authority at the last '@'; curl refuses it",
              "they would see another host than a parser that splits at the first"},
    diag_info{diag_id::interop_backslash, "interop.backslash", severity::note, "WHATWG parsers read '\\' as '/'",
              "they would see another host or path"},
    diag_info{diag_id::interop_tab_newline, "interop.tab-newline", severity::note,
              "WHATWG parsers silently remove tabs and newlines", "they would read another URI than this one"},
    diag_info{diag_id::interop_edge_whitespace, "interop.edge-whitespace", severity::note,
              "WHATWG parsers strip leading and trailing spaces and controls",
              "trim the input (--profile=lenient does this)"},
    diag_info{diag_id::interop_encoded_dot_segment, "interop.encoded-dot-segment", severity::warning,
              "percent-encoded dot-segment",
              "WHATWG parsers treat %2e as '.', some FTP clients send it as a name; write it plainly or remove it"},
    diag_info{diag_id::interop_host_percent_encoded, "interop.host-percent-encoded", severity::note,
              "WHATWG parsers decode and IDNA-map a percent-encoded host; Boost.URL keeps it as a reg-name",
              "write the host in its ASCII (xn--) form"},
    diag_info{diag_id::interop_typecode_case, "interop.typecode-case", severity::note,
              "curl finds only a lowercase ';type=' and reads this one as part of the file name",
              "write ;type= in lowercase so that curl sets the transfer type and fetches the right file"},
    diag_info{diag_id::host_ip_address, "host.ip-address", severity::warning, "host is an IP address, not a name",
              "lists and configurations outlive addresses; use the server's DNS name", true},
    diag_info{diag_id::userinfo_present, "userinfo.present", severity::warning, "user information in the URI",
              "keep account names out of shared lists; let the client log in anonymously or configure the user", true},
    diag_info{diag_id::port_non_default, "port.non-default", severity::warning, "port other than ftp's 21",
              "firewalls and proxies expect 21; make sure this port is meant", true},
    diag_info{diag_id::plan_nocwd_slash, "plan.nocwd-slash", severity::error,
              "segment decodes to a '/', which the nocwd plan cannot send",
              "nocwd sends the whole path as one argument, where this '/' would read as a separator; plan it in the "
              "multicwd mode"},
    diag_info{diag_id::plan_anonymous_password_control, "plan.anonymous-password-control", severity::error,
              "anonymous password holds NUL, CR or LF",
              "these bytes end or inject an FTP command (PASS x, then DELE y); give an e-mail address"},
    diag_info{diag_id::host_denied, "host.denied", severity::error, "host is in a class the policy denies",
              "this service does not fetch from such addresses (docs/sanitizing.md); use a public server's name"},
    diag_info{diag_id::host_not_allowed, "host.not-allowed", severity::error, "host is not on the policy's allow-list",
              "this service fetches only from the hosts it lists; check the name's spelling"},
    diag_info{diag_id::host_idna_unavailable, "host.idna-unavailable", severity::error,
              "internationalized host, and this build of ftpuri has no IDNA",
              "ftpuri was built with FTPURI_WITH_IDN2=OFF; build it with libidn2 to accept internationalized hosts "
              "(Unicode, or xn-- labels)"},
    diag_info{diag_id::list_fields, "list.fields", severity::error,
              "blanks between two runs of text: the line may hold more than one field",
              "a URI holds no raw blank; say which field is the URI (--field N) or that the whole line is one "
              "(--whole-line), or percent-encode a space as %20"},
    diag_info{diag_id::list_trailing_blank, "list.trailing-blank", severity::warning,
              "spaces or tabs at the end of the line", "remove them (--fix does); they are not part of the URI"},
    diag_info{diag_id::host_embedded_address, "host.embedded-address", severity::warning,
              "host name begins with an IPv4 address, which wildcard DNS resolves it to",
              "services such as nip.io and sslip.io answer 10.0.0.5.sslip.io with 10.0.0.5; the host is classed by "
              "that address too"},
    diag_info{diag_id::plan_anonymous_refused, "plan.anonymous-refused", severity::error,
              "URI has no userinfo, and anonymous login is refused",
              "give the credentials to log in with (plan_options::credentials), or allow anonymous login"},
    diag_info{diag_id::plan_credentials_control, "plan.credentials-control", severity::error,
              "login credentials hold NUL, CR or LF",
              "these bytes end or inject an FTP command (USER x, then DELE y); check the credentials given"},
    diag_info{diag_id::pct_telnet_iac, "pct.telnet-iac", severity::error,
              "percent-encoding decodes to 0xFF, Telnet's IAC byte",
              "clients send it undoubled, and the server reads FF F4 as \"interrupt process\" and the rest as another "
              "name; rename the file or remove the byte"},
    diag_info{diag_id::interop_typecode_cut, "interop.typecode-cut", severity::warning,
              "curl ends the path at this raw ';type=' and reads the next byte as the typecode",
              "curl would fetch another file; percent-encode the ';' as %3B (the canonical form does)"},
    diag_info{diag_id::path_absolute, "path.absolute", severity::warning,
              "path that a client reads from the server's root",
              "curl sends CWD / for a leading empty segment, and %2F is '/': make sure the root, not the login "
              "directory, is meant (a service that confines fetches refuses it)"},
    diag_info{diag_id::path_dot_before_empty, "path.dot-before-empty", severity::error,
              "dot-segment whose removal leaves an empty segment first",
              "ftpuri walks it below the start, but curl and WHATWG parsers remove the dot-segment and read the "
              "path from the root (/.//etc is //etc); remove the dot-segment and the empty segment"},
    diag_info{diag_id::host_underscore, "host.underscore", severity::error, "underscore in a host name",
              "DNS holds such names (SRV-style labels, internal hosts), but RFC 1123 host names cannot, and some "
              "resolvers and clients refuse them; use the server's host name (rfc3986 and lenient accept it)"},
};

namespace detail {
constexpr bool catalogue_in_enum_order() noexcept
{
    for (std::size_t i = 0; i < diag_catalogue.size(); ++i)
        if (static_cast<std::size_t>(diag_catalogue[i].id) != i) return false;
    return true;
}
} // namespace detail
static_assert(detail::catalogue_in_enum_order(), "diag_catalogue rows must follow diag_id's order");
static_assert(static_cast<std::size_t>(diag_id::count) == diag_catalogue.size(),
              "every diag_id needs a row in diag_catalogue, and every row an id");

[[nodiscard]] constexpr diag_info const& info(diag_id id) noexcept
{
    return diag_catalogue[static_cast<std::size_t>(id)];
}

// The id whose name is `name` ("host.empty"), if there is one.
[[nodiscard]] constexpr std::optional<diag_id> find_diag(std::string_view name) noexcept
{
    for (auto const& row : diag_catalogue)
        if (row.name == name) return row.id;
    return std::nullopt;
}

// A set of diagnostic ids, one bit each: which opt-in rules to report, which ids to hide.
class diag_set {
public:
    constexpr diag_set() noexcept = default;
    constexpr diag_set(std::initializer_list<diag_id> ids) noexcept
    {
        for (diag_id id : ids)
            insert(id);
    }

    constexpr void insert(diag_id id) noexcept { bits_[index(id) / 64] |= mask(id); }
    constexpr void erase(diag_id id) noexcept { bits_[index(id) / 64] &= ~mask(id); }
    [[nodiscard]] constexpr bool contains(diag_id id) const noexcept { return (bits_[index(id) / 64] & mask(id)) != 0; }
    [[nodiscard]] constexpr bool empty() const noexcept { return bits_[0] == 0 && bits_[1] == 0; }
    friend constexpr bool operator==(diag_set const&, diag_set const&) noexcept = default;
    friend constexpr diag_set operator|(diag_set a, diag_set const& b) noexcept
    {
        for (std::size_t i = 0; i < a.bits_.size(); ++i)
            a.bits_[i] |= b.bits_[i];
        return a;
    }
    friend constexpr diag_set operator&(diag_set a, diag_set const& b) noexcept
    {
        for (std::size_t i = 0; i < a.bits_.size(); ++i)
            a.bits_[i] &= b.bits_[i];
        return a;
    }

    // Every id whose catalogue row is opt_in.
    [[nodiscard]] static constexpr diag_set opt_in_rules() noexcept
    {
        diag_set all;
        for (auto const& row : diag_catalogue)
            if (row.opt_in) all.insert(row.id);
        return all;
    }

private:
    static constexpr std::size_t index(diag_id id) noexcept { return static_cast<std::size_t>(id); }
    static constexpr std::uint64_t mask(diag_id id) noexcept { return std::uint64_t{1} << (index(id) % 64); }
    static_assert(diag_catalogue.size() <= 128, "diag_set holds one bit per diag_id");

    std::array<std::uint64_t, 2> bits_{};
};

[[nodiscard]] FTPURI_API std::string_view to_string(severity s) noexcept;
[[nodiscard]] FTPURI_API std::string_view to_string(component c) noexcept;

struct diagnostic;
// What a finding says: its id's catalogue message, but for host.denied, whose message names the
// class ("host class loopback is denied by the policy").
[[nodiscard]] FTPURI_API std::string_view message(diagnostic const& d) noexcept;

struct diagnostic {
    diag_id id;
    severity level;
    component where;
    std::uint32_t offset; // byte offset into the input
    std::uint32_t length; // bytes, at least 1 except for "missing" findings at the end
    // What message() adds to the catalogue's message: host.denied's host_class; otherwise 0.
    std::uint8_t detail = 0;

    [[nodiscard]] constexpr diag_info const& info() const noexcept { return ftpuri::info(id); }
    friend constexpr bool operator==(diagnostic const&, diagnostic const&) noexcept = default;
};

// The diagnostics of one parse, in the order found, without allocating.
//
// A fixed array inside the object, because parse() must not allocate and a caller validating
// millions of URIs reuses one list (clear() between inputs). Capacity is generous for one URI:
// each warning id is reported at most once per URI (pct.lowercase, say, for the first
// offending escape only), so real inputs stay far below it. Should warnings ever overflow,
// they are counted in dropped(), never lost silently, and the last slots stay reserved so that
// the error, and the note that explains it, always fit.
class diagnostic_list {
public:
    static constexpr std::size_t capacity = 32;
    static constexpr std::size_t reserved_for_error = 2;

    void clear() noexcept
    {
        size_ = 0;
        dropped_ = 0;
        has_error_ = false;
    }

    // Adds a finding; false when it was dropped for lack of room (counted in dropped()).
    bool push(diagnostic const& d) noexcept
    {
        bool const explains_error = d.level == severity::error || (d.level == severity::note && has_error_);
        std::size_t const limit = explains_error ? capacity : capacity - reserved_for_error;
        if (size_ >= limit) {
            ++dropped_;
            return false;
        }
        items_[size_++] = d;
        has_error_ = has_error_ || d.level == severity::error;
        return true;
    }

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] std::size_t dropped() const noexcept { return dropped_; }
    [[nodiscard]] diagnostic const& operator[](std::size_t i) const noexcept { return items_[i]; }
    [[nodiscard]] diagnostic const* begin() const noexcept { return items_.data(); }
    [[nodiscard]] diagnostic const* end() const noexcept { return items_.data() + size_; }

    [[nodiscard]] bool has_error() const noexcept { return has_error_; }
    [[nodiscard]] std::size_t count(severity s) const noexcept
    {
        std::size_t n = 0;
        for (std::size_t i = 0; i < size_; ++i)
            n += items_[i].level == s ? 1U : 0U;
        return n;
    }
    [[nodiscard]] bool contains(diag_id id) const noexcept
    {
        for (std::size_t i = 0; i < size_; ++i)
            if (items_[i].id == id) return true;
        return false;
    }

private:
    std::array<diagnostic, capacity> items_{};
    std::size_t size_ = 0;
    std::size_t dropped_ = 0;
    bool has_error_ = false;
};

} // namespace ftpuri
