// SPDX-License-Identifier: Apache-2.0
// tests/scan/diagnostics_inputs_test.cpp: more inputs per diagnostic id than the one documented in
// docs/diagnostics.md, and every severity column of that table.
//
// The hand-written table below adds at least one more input per id (another component, another
// profile, an edge of the rule), each checked like a documented example
// (tests/support/diagnostic_check.hpp). A severity column that the documented example does not
// show (it is documented for one profile) must be shown by the example in that profile or by an
// input of this table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "support/diagnostic_check.hpp"
#include "support/diagnostics_doc.hpp"
#include "support/example_notation.hpp"
#include "support/profiles.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::diagnostic_list;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri::severity;
using ftpuri_test::all_profiles;
using ftpuri_test::check;
using ftpuri_test::describe_with_dropped;
using ftpuri_test::doc;
using ftpuri_test::doc_row;
using ftpuri_test::L;
using ftpuri_test::profile_name;
using ftpuri_test::R;
using ftpuri_test::S;
using ftpuri_test::severity_name;
using ftpuri_test::unescape;

// ---------------------------------------------------------------------------------------
// More inputs per id, beyond the documented one
// ---------------------------------------------------------------------------------------

// The members are in the order the rows below list them; the padding of a table in a test does
// not matter.
// NOLINTNEXTLINE(clang-analyzer-optin.performance.Padding)
struct extra_case {
    profile syntax;
    std::string_view name;
    std::string_view example; // in the notation of docs/diagnostics.md
    std::uint32_t offset;
    std::uint32_t length;
    severity level;
    std::uint32_t max_length = ftpuri::default_max_length;
};

constexpr severity E = severity::error;
constexpr severity W = severity::warning;
constexpr severity N = severity::note;

// clang-format off
extra_case const extra_cases[] = {
    {R, "input.empty", "{empty}", 0, 0, E},
    {S, "input.too-long", "ftp://example.org/pub", 16, 5, E, 16},
    {R, "input.too-long", "{repeat:65537:a}", 65536, 1, E},

    {S, "char.control", R"(ftp://u\x7F@h/)", 7, 1, E},
    {R, "char.control", R"(ftp://h/f#\x00)", 10, 1, E},
    {R, "char.space", "ftp://h/a#b c", 11, 1, E},
    {S, "char.space", "ftp://u p@h/", 7, 1, E},
    {R, "char.space", "ftp://[a b c]/", 8, 1, E}, // the first of an IP-literal's
    {S, "host.ipv6-invalid", "ftp://[::1[]/", 6, 6, E}, // a "[" inside is no zone id's "%"
    {S, "char.non-ascii", R"(ftp://h\xC3\xA9/)", 7, 1, E},
    {R, "char.non-ascii", R"(ftp://h/f#\xFF)", 10, 1, E},
    {S, "char.unsafe", R"(ftp://u"@h/)", 7, 1, E},
    {R, "char.unsafe", "ftp://h/f#a{", 11, 1, E},
    {S, "char.not-allowed", "ftp://h/f#a#b", 11, 1, E},
    {R, "char.not-allowed", "ftp://h/a[b", 9, 1, E},

    {S, "pct.malformed", "ftp://u%zz@h/", 7, 1, E},
    {R, "pct.malformed", "ftp://h/%", 8, 1, E},
    {S, "pct.malformed", "ftp://h/f#%4g", 10, 2, E},
    {S, "pct.malformed", "ftp://a%4/", 7, 2, E},  // in a host: malformed first, not host.percent-encoded
    {S, "pct.malformed", "ftp://h/a%0g", 9, 2, E}, // a first digit of value 0 is a digit: both bytes
    {R, "pct.forbidden-control", "ftp://u%00@h/", 7, 3, E},
    {S, "pct.forbidden-control", "ftp://u:p%0a@h/", 9, 3, E},
    {R, "pct.forbidden-control", "ftp://h/a%0D", 9, 3, E},
    {R, "pct.control", "ftp://h/a%01", 9, 3, W},
    {S, "pct.control", "ftp://u%1B@h/", 7, 3, E},
    {S, "pct.control", "ftp://h/%7F", 8, 3, E},
    {S, "pct.lowercase", "ftp://a%3a@h/", 7, 3, W},
    {R, "pct.lowercase", "ftp://h/%c3%a9", 8, 3, W},
    {S, "pct.lowercase", "ftp://h/%C2%a0", 11, 3, W}, // 'a' itself, first of the two
    {R, "pct.needless", "ftp://%7Euser@h/", 6, 3, W},
    {S, "pct.needless", "ftp://h/a/b%2Dc", 11, 3, W},
    {R, "pct.non-utf8", "ftp://h/a/%C3", 10, 3, W},
    {S, "pct.non-utf8", "ftp://h/%C3%28", 8, 6, W},
    {S, "pct.non-utf8", "ftp://u%FE@h/", 6, 4, W},  // over the user
    {R, "pct.non-utf8", "ftp://h/f?a%C3b", 10, 5, W}, // over the query, which a client may send
    {L, "pct.non-utf8", "ftp://h/f#%FE", 10, 3, W},   // and the fragment, which a service may log
    {S, "pct.telnet-iac", "ftp://u%FF@h/", 7, 3, E},
    {R, "pct.telnet-iac", "ftp://u:%ff@h/", 8, 3, W},
    {L, "pct.telnet-iac", "ftp://h/a/b%FF%F4", 11, 3, W},
    {L, "pct.telnet-iac", R"(ftp://h/a\xFF)", 9, 1, W}, // a raw byte, repaired as %FF
    {R, "pct.telnet-iac", "ftp://h/a?%FF%F4", 10, 3, W}, // a client may send the query with the name
    // rfc3986 takes these as they are, and the canonical form respells them: never silently.
    {R, "path.raw-semicolon", "ftp://h/a/b;c;d/e", 11, 1, W}, // the first
    {R, "path.raw-semicolon", "ftp://h/a;b/c;type=i", 9, 1, W},
    {R, "userinfo.raw-colon", "ftp://u:p:q@h/", 9, 1, W},
    {L, "pct.telnet-iac", "ftp://h/a?b%FF", 11, 3, W},
    {R, "interop.typecode-cut", "ftp://h/a;type=ab", 9, 6, W},          // no typecode: two letters
    {R, "interop.typecode-cut", "ftp://h/x/a;type=d/b;type=i", 11, 6, W}, // the first, not the typecode
    {R, "interop.typecode-cut", "ftp://h/a;type=/b?;type=a", 9, 6, W},
    {S, "path.absolute", "ftp://h/%2Fetc/motd", 8, 3, W},           // a first segment that begins with "/"
    {R, "path.absolute", "ftp://h/pub/%2fetc/motd", 12, 3, W},      // or a later one
    {L, "path.absolute", "ftp://h//", 7, 2, W},                     // a leading empty directory
    {R, "path.absolute", "ftp://h/a/..//etc", 12, 2, W},            // one that removing ".." leaves first
    {R, "path.dot-before-empty", "ftp://h/a/..//etc", 12, 2, W},
    {S, "path.dot-before-empty", "ftp://h/a/./..//etc/x", 14, 2, E},
    {S, "path.dot-before-empty", "ftp://h/~/.//etc/x", 11, 2, E},   // the second after the login directory
    {L, "path.dot-before-empty", "ftp://h/%2e//", 11, 2, W},
    {S, "host.underscore", "ftp://_ftp._tcp.example/", 6, 1, E},
    {R, "host.underscore", "ftp://a.my_host.example/x", 10, 1, W},
    {L, "host.underscore", "ftp://u@My_Host.example:2121/", 10, 1, W},
    {L, "host.not-dns", "ftp://a_b..com/", 6, 8, W}, // an "_" taken for a letter, and a DNS rule broken
    {S, "pct.overlong-utf8", "ftp://h/%E0%80%AE", 8, 9, E},
    {S, "pct.overlong-utf8", "ftp://h/%E0%80x%41", 8, 6, E}, // cut short by a raw byte, then an escape
    {S, "pct.overlong-utf8", "ftp://h/%F0%80%C3%A9", 8, 6, E}, // cut short by a new lead: the cut sequence
    {R, "pct.overlong-utf8", "ftp://u:%ED%A0%80@h/", 8, 9, W},
    {R, "pct.overlong-utf8", "ftp://a%C0%AEb/", 7, 6, W}, // a reg-name's escapes are judged too
    {R, "pct.overlong-utf8", "ftp://a!%C0%AE/", 8, 6, W}, // after a sub-delim below "%"
    {S, "pct.line-separator", "ftp://h/#%C2%85", 9, 6, E},
    {L, "pct.line-separator", "ftp://h/a\xE2\x80\xA9", 9, 3, W},
    {L, "pct.line-separator", "ftp://u:p\xE2\x80\xA8@h/", 9, 3, W}, // raw bytes repaired in the password
    {L, "pct.line-separator", "ftp://h/#\xE2\x80\xA8", 9, 3, W},     // in the fragment, to its last byte
    {L, "pct.overlong-utf8", "ftp://h/#\xC0\xAF" "x", 9, 2, W},      // and cut short by a plain byte

    {S, "scheme.missing", "//h/p", 0, 0, E},
    {S, "scheme.missing", "ftp", 0, 0, E},
    {R, "scheme.missing", "1ftp://h/", 0, 0, E},
    {S, "scheme.missing", "1://h/", 0, 0, E}, // a one-byte "scheme" that is no ALPHA is no scheme
    {S, "scheme.missing", "://h/", 0, 0, E},
    {S, "scheme.missing", "<ftp://h/x", 0, 0, E},  // delimiters, but no closing one
    {S, "scheme.missing", "<http://h/>", 0, 0, E}, // delimiters, but no ftp URI inside
    // Only "<" and ">", or '"' twice, enclose: the bytes on either side of each are no delimiters.
    {S, "scheme.missing", ";ftp://h/x>", 0, 0, E},
    {S, "scheme.missing", "=ftp://h/x>", 0, 0, E},
    {S, "scheme.missing", "<ftp://h/x=", 0, 0, E},
    {S, "scheme.missing", "<ftp://h/x?", 0, 0, E},
    {S, "scheme.missing", "!ftp://h/x\"", 0, 0, E},
    {S, "scheme.missing", "#ftp://h/x\"", 0, 0, E},
    {S, "scheme.missing", "\"ftp://h/x!", 0, 0, E},
    {S, "scheme.missing", "\"ftp://h/x#", 0, 0, E},
    {S, "scheme.not-ftp", "URL:\tftp://h/x", 0, 3, E}, // spaces may follow "URL:", no other blank
    {S, "scheme.missing", "<URL:>", 0, 0, E},
    {S, "scheme.not-ftp", "sftp://h/", 0, 4, E},
    {S, "scheme.not-ftp", "URL:http://h/", 0, 3, E},
    {S, "input.delimited", "URL:ftp://h/x", 0, 4, E},
    {R, "input.delimited", R"("ftp://h/x")", 0, 1, E},
    {L, "input.delimited", "<ftp://h/x>", 0, 1, E},
    {S, "input.delimited", R"(<URL:  FTP://h/x>)", 0, 7, E},
    {L, "input.delimited", R"( <url:ftp:h/x>	)", 1, 5, E}, // lenient trims first; the scheme's "//" is not looked for
    {R, "scheme.not-ftp", "ftps://h/", 0, 4, E},
    {R, "scheme.uppercase", "fTp://h/", 0, 3, W},
    {S, "scheme.uppercase", "Ftp://h/", 0, 3, W}, // each of the three letters alone
    {L, "scheme.uppercase", "ftP://h/", 0, 3, W},

    {R, "authority.missing", "ftp:h", 4, 0, E},
    {S, "authority.missing", "ftp:", 4, 0, E},

    {R, "userinfo.multiple-at", "ftp://u:p@x@h/", 9, 1, E},
    {S, "userinfo.raw-colon", "ftp://:p:q@h/", 8, 1, E},
    {S, "userinfo.password", "ftp://u:@h/", 8, 0, W},
    {R, "userinfo.password", "ftp://u:p:q@h/", 8, 3, W},
    {R, "userinfo.anonymous", "ftp://ANONYMOUS@h/", 6, 9, W},
    {S, "userinfo.anonymous", "ftp://%61nonymous:x@h/", 6, 11, W},
    {S, "userinfo.empty-user", "ftp://:p@h/", 8, 1, W},

    {S, "host.empty", "ftp://@/", 7, 0, E},
    {S, "host.empty", "ftp://:21/", 6, 0, E},
    {S, "host.empty", "ftp://", 6, 0, E},
    {R, "host.empty", "ftp:///p", 6, 0, W},
    {R, "host.invalid-char", "ftp://[::1]x/", 11, 1, E},
    {S, "host.invalid-char", "ftp://h~x/", 7, 1, E},
    {S, "host.invalid-char", "ftp://a!b/", 7, 1, E},
    {S, "host.percent-encoded", "ftp://a%2Eb/", 7, 3, E},
    {S, "host.percent-encoded", "ftp://%41b/", 6, 3, E},
    {S, "host.percent-encoded", "ftp://a.b%2e/", 9, 3, E},
    {S, "host.empty-label", "ftp://a..b/", 8, 1, E},
    {S, "host.empty-label", "ftp://a.b../", 10, 1, E},
    {S, "host.label-too-long", "ftp://a.{repeat:64:b}/", 8, 64, E},
    {S, "host.too-long", "ftp://{repeat:63:a}.{repeat:63:b}.{repeat:63:c}.{repeat:62:d}/", 6, 254, E},
    {S, "host.label-hyphen", "ftp://a-.com/", 7, 1, E},
    {S, "host.label-hyphen", "ftp://a.-b/", 8, 1, E},
    {R, "host.numeric-ambiguous", "ftp://0x7f.1/", 6, 6, W},
    {S, "host.numeric-ambiguous", "ftp://2130706433/", 6, 10, E},
    {S, "host.numeric-ambiguous", "ftp://010.0.0.1/", 6, 9, E},
    {S, "host.numeric-ambiguous", "ftp://1.2.3.4./", 6, 8, E},
    {S, "host.numeric-ambiguous", "ftp://example.123/", 6, 11, E},
    {S, "host.punycode-invalid", "ftp://a.XN--ZZ.example/", 8, 6, E},
    {R, "host.punycode-invalid", "ftp://xn--b/", 6, 5, W},
    {R, "host.ip-literal-unclosed", "ftp://[::1", 6, 4, E},
    {S, "host.ip-literal-unclosed", "ftp://[::1?x", 6, 4, E},
    {R, "host.ipv6-invalid", "ftp://[1:2:3:4:5:6:7:8:9]/", 6, 19, E},
    {S, "host.ipv6-invalid", "ftp://[::1.2.3]/", 6, 9, E},
    {S, "host.ipv6-invalid", "ftp://[]/", 6, 2, E},
    {S, "host.ipv6-invalid", "ftp://[x::1]/", 6, 6, E}, // a letter after "v" begins no IPvFuture
    {R, "host.ipv6-invalid", "ftp://[::1!]/", 6, 6, E}, // a sub-delim below "%" begins no zone id
    {R, "host.ipv6-zone-id", "ftp://[fe80::1%eth0]/", 14, 5, E},
    {S, "host.ipv6-zone-id", "ftp://[fe80::1%25a%25b]/", 14, 8, E}, // from the first "%"
    {S, "host.ipvfuture", "ftp://[v7.fe80::1]/", 6, 12, E},
    {S, "host.ipvfuture", "ftp://[v]/", 6, 3, E}, // a "v" alone is still no IPv6 address
    {R, "host.ipvfuture-invalid", "ftp://[v.x]/", 6, 5, E},
    {R, "host.ipvfuture-invalid", "ftp://[V]/", 6, 3, E},
    {R, "host.uppercase", "ftp://h.EXAMPLE/", 8, 1, W},
    {S, "host.uppercase", "ftp://[::ABCD]/", 9, 1, W},
    {S, "host.uppercase", "ftp://[::a:B]/", 11, 1, W}, // the address's last byte
    // A name that begins with a dotted IPv4 address, in any profile and spelling.
    {S, "host.embedded-address", "ftp://10.0.0.5.sslip.io/", 6, 17, W},
    {S, "host.embedded-address", "ftp://u@169.254.169.254.NIP.io:21/x", 8, 22, W},
    {R, "host.embedded-address", "ftp://127.0.0.%31.nip.io/", 6, 18, W},
    {L, "host.embedded-address", "ftp://010.0.0.1.nip.io/", 6, 16, W},
    {R, "host.not-dns", "ftp://a..b/", 6, 4, W},
    {R, "host.not-dns", "ftp://x!y:2121/", 6, 3, W},

    {R, "port.invalid", "ftp://h:x/", 8, 1, E},
    {S, "port.invalid", "ftp://h:-1/", 8, 1, E},
    {S, "port.out-of-range", "ftp://h:0/", 8, 1, E},
    {R, "port.out-of-range", "ftp://h:99999999999999999999/", 8, 20, E},
    {R, "port.empty", "ftp://u@h:", 9, 1, W},
    {R, "port.default", "ftp://u@h:21", 10, 2, W},
    {S, "port.default", "ftp://h:021/", 8, 3, W},
    {R, "port.default", "ftp://[::1]:21/", 12, 2, W},
    {S, "port.leading-zeros", "ftp://h:021/", 8, 3, W},
    {S, "port.leading-zeros", "ftp://h:01/", 8, 2, W},

    {S, "path.raw-semicolon", "ftp://h/a;type=a/b", 9, 1, E},
    {S, "path.raw-semicolon", "ftp://h/;", 8, 1, E},
    {S, "typecode.invalid", "ftp://h/f;type=a;type=i", 15, 8, E},  // the typecode must end the segment
    {S, "typecode.invalid", "ftp://h/f;type=a.", 15, 2, E},  // a byte below '/' after it is no slash
    {S, "typecode.invalid", "ftp://h/f;type=a!x", 15, 3, E},  // nor is one below '#'
    {R, "path.encoded-traversal", "ftp://h/a/x%2F..", 10, 6, W},
    {S, "path.encoded-traversal", "ftp://h/a%2F.%2Fb", 8, 9, E},
    {R, "path.encoded-backslash", "ftp://h/%5c", 8, 3, W},
    {S, "path.encoded-backslash", "ftp://h/d/%5C..", 10, 3, E},
    {S, "path.above-root", "ftp://h/a/../../b", 13, 2, E},
    {S, "path.above-root", "ftp://h/%2E%2E/", 8, 6, E},
    {R, "path.above-root", "ftp://h/..", 8, 2, W},
    {R, "path.dot-segment", "ftp://h/a/..", 10, 2, W},
    {S, "path.dot-segment", "ftp://h/.", 8, 1, W},
    {S, "path.empty-segment", "ftp://h//f", 7, 1, W},
    {R, "path.empty-segment", "ftp://h/a//", 9, 1, W},
    {R, "path.encoded-slash", "ftp://h/a/b%2fc", 11, 3, W},
    {S, "path.dot-after-empty", "ftp://h/a//b/%2e%2E/..;type=d", 20, 2, E},
    {R, "path.dot-after-empty", "ftp://h/a//../b", 11, 2, W},
    {S, "path.tilde-inside", "ftp://h/a/%7E", 10, 3, E},
    {L, "path.tilde-inside", "ftp://h/a/~b", 10, 2, W},
    {S, "path.tilde-user", "ftp://h/~x;type=d", 8, 2, W},
    {S, "path.dot-lookalike", "ftp://h/a/.%20%2e", 10, 7, E},
    {R, "path.dot-lookalike", "ftp://h/....", 8, 4, W},
    {S, "path.drive-letter", "ftp://h/z%7C/", 8, 4, W},
    {S, "path.drive-letter", "ftp://h/%43%3A/x", 8, 6, W},  // six bytes, every one escaped

    {S, "typecode.invalid", "ftp://h/;type=z#x", 14, 1, E},
    {S, "typecode.invalid", "ftp://h/f;TYPE=X", 15, 1, E},
    {S, "typecode.invalid", "ftp://h/f;type=", 15, 0, E},  // missing, at the end
    {R, "typecode.misspelled", "ftp://h/f;typecode=i", 9, 10, W},
    {R, "typecode.misspelled", "ftp://h/f;typecode=", 9, 10, W},  // ending the path, letter missing
    {S, "typecode.uppercase", "ftp://h/;type=D", 8, 7, W},
    {R, "typecode.uppercase", "ftp://h/f;Type=a", 9, 7, W},

    {S, "query.present", "ftp://h/f?a#b", 9, 2, E},
    {S, "query.present", "ftp://h?x", 7, 2, E},
    {R, "query.present", "ftp://h/?q=1", 8, 4, W},
    {R, "fragment.present", "ftp://h#", 7, 1, W},
    {S, "fragment.present", "ftp://h/f#a/b?c", 9, 6, W},

    {R, "interop.scheme-slashes", "ftp:h", 4, 0, N},
    {S, "interop.scheme-slashes", "ftp:", 4, 0, N},
    {R, "interop.multiple-at", "ftp://u:p@x@h/", 9, 1, N},
    {S, "interop.backslash", R"(ftp://h\\evil/)", 7, 1, N},
    {R, "interop.backslash", R"(ftp://h/f#\\)", 10, 1, N},
    {S, "interop.tab-newline", R"(ftp://h/f\nx)", 9, 1, N},
    {R, "interop.tab-newline", R"(ftp://u\r@h/)", 7, 1, N},
    {S, "interop.edge-whitespace", R"(\tftp://h/)", 0, 1, N},
    {R, "interop.edge-whitespace", R"(\x00ftp://h/)", 0, 1, N},
    // At the end too: WHATWG strips trailing C0 controls and spaces (this note wins over
    // interop.tab-newline for a trailing CR or LF).
    {S, "interop.edge-whitespace", R"(ftp://h/f\n)", 9, 1, N},
    {S, "interop.edge-whitespace", R"(ftp://h/f\x20\r\n)", 9, 1, N},
    {S, "interop.edge-whitespace", R"(ftp://h/f\r\x20)", 9, 1, N}, // a space after it is an edge too
    {S, "interop.encoded-dot-segment", "ftp://h/a/%2e%2E", 10, 6, W},
    {R, "interop.encoded-dot-segment", "ftp://h/%2e/", 8, 3, W},
    {R, "interop.host-percent-encoded", "ftp://a%2Db/", 7, 3, W},
    {S, "interop.host-percent-encoded", "ftp://a%2Eb/", 7, 3, N},
    {L, "interop.edge-whitespace", R"(ftp://h/\x01)", 8, 1, N}, // lenient trims only whitespace
    {L, "host.ip-address", "ftp://[2001:DB8::1]:2121/", 6, 13, W},
    {R, "userinfo.present", "ftp://anonymous@h/", 6, 9, W},
    {S, "port.non-default", "ftp://h:0990/", 8, 4, W},
    {R, "interop.typecode-case", "ftp://h/f;Type=a", 9, 7, N},
    {L, "interop.typecode-case", "ftp://h/d/;tYPE=D", 10, 7, N},

    // The lenient profile: strict's grammar, its repairs reported as warnings, the safety
    // rules that rfc3986 relaxes relaxed too; what it cannot repair stays an error.
    {L, "input.trimmed", R"(ftp://h/\r\n)", 8, 2, W},         // the trailing run
    {L, "input.trimmed", R"(\t\x20ftp://h/\x20)", 0, 2, W},   // the leading run, when there is one
    {L, "input.trimmed", R"(ftp://h/a\x20\x20)", 9, 2, W},
    {L, "host.unicode", R"(ftp://u@\xC3\xA9.example:2121/)", 8, 10, W},
    {L, "host.unicode", "ftp://%C3%A9t%C3%A9.example/", 6, 21, W},  // escaped UTF-8
    {L, "host.percent-encoded", "ftp://%41b%42/", 6, 3, W},  // decoded, and ASCII: no IDNA needed
    {L, "host.unicode", "ftp://h%C3%A9/", 6, 7, W},      // decodes to non-ASCII: IDNA
    // A decoded host must not smuggle a "@": its canonical form would name evil.1 (fuzzer finding).
    // IDNA maps a fullwidth "@" (U+FF20) and "#" (U+FF03) to ASCII no host name holds.
    {L, "host.invalid-char", R"(ftp://good.example\xEF\xBC\xA0evil.1/)", 6, 21, E},
    {L, "host.invalid-char", R"(ftp://\xEF\xBC\x83.1/)", 6, 5, E},
    {L, "host.idna-invalid", R"(ftp://a\xFF/)", 6, 2, E},               // not UTF-8
    {L, "host.idna-invalid", R"(ftp://u:p@a\xFF/)", 10, 2, E},
    // Escapes alone that convert to no DNS name: a reg-name, as rfc3986 reads it.
    {L, "host.not-dns", "ftp://good.example%40evil.com/", 6, 23, W},
    {L, "host.idna-invalid", R"(ftp://xn--a\xC3\xA9/)", 6, 7, E},   // an A-label prefix on a Unicode label
    {L, "host.idna-invalid", R"(ftp://\xE2\x98\x83.com/)", 6, 7, E},  // a symbol: IDNA2008 disallows it
    {L, "host.idna-invalid", R"(ftp://\xE3\x80\x82localhost/)", 6, 12, E}, // its IDNA form has an empty label
    {L, "char.space", "ftp://u p@h/", 7, 1, W},
    {L, "char.space", "ftp://h/f#a b", 11, 1, W},
    {L, "char.space", "ftp://a b/", 7, 1, E},  // in a host or a port there is no repair
    {L, "char.space", "ftp://h:2 1/", 9, 1, E},
    {L, "char.non-ascii", R"(ftp://u\xC3\xA9@h/)", 7, 1, W},
    {L, "char.non-ascii", R"(ftp://h/f#\xC3\xA9)", 10, 1, W},
    {L, "char.non-ascii", R"(ftp://h:2\xC3\xA9/)", 9, 1, E},
    {L, "char.non-ascii", R"(ftp://[::1\xC3\xA9]/)", 10, 1, E},
    {L, "char.control", R"(ftp://h/a\tb)", 9, 1, E},  // inside the input: not trimmed
    {L, "interop.tab-newline", R"(ftp://h/a\tb)", 9, 1, N},
    {L, "userinfo.raw-colon", "ftp://u::@h/", 8, 1, W},
    {L, "typecode.misspelled", "ftp://h/;typecode=d", 8, 10, W},
    {L, "typecode.uppercase", "ftp://h/f;TYPECODE=I", 9, 11, W},  // over the misspelled typecode
    {L, "host.numeric-ambiguous", "ftp://0x7f.1/", 6, 6, W},
    {L, "host.empty", "ftp://@/", 7, 0, W},
    {L, "pct.control", "ftp://u%01@h/", 7, 3, W},
    {L, "path.encoded-traversal", "ftp://h/a/x%2F..", 10, 6, W},
    {L, "path.encoded-backslash", "ftp://h/%5c", 8, 3, W},
    {L, "path.above-root", "ftp://h/a/../../b", 13, 2, W},
    {L, "path.raw-semicolon", "ftp://h/a;b/c", 9, 1, W},
    {L, "query.present", "ftp://h?x", 7, 2, W},
};
// clang-format on

void PrintTo(extra_case const& c, std::ostream* os)
{
    *os << c.name << " `" << c.example << "` (" << profile_name(c.syntax) << ")";
}

class extra : public ::testing::TestWithParam<extra_case> {};

TEST_P(extra, input_triggers_the_id)
{
    extra_case const& c = GetParam();
    std::optional<std::string> const input = unescape(c.example);
    ASSERT_TRUE(input.has_value()) << "bad notation: " << c.example;
    check({c.name, c.syntax, *input, c.offset, c.length, c.level, c.max_length});
}

std::string extra_test_name(::testing::TestParamInfo<extra_case> const& info)
{
    std::string name;
    for (char c : info.param.name)
        name += (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ? c : '_';
    return name + "_" + std::string(profile_name(info.param.syntax)) + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(more_inputs, extra, ::testing::ValuesIn(extra_cases), extra_test_name);

// Every severity column of docs/diagnostics.md holds. The row's example is documented for one
// profile (strict, else rfc3986, else lenient); in each other profile with a severity, the same
// example must report the id at the same offset and length with that severity, or, where it
// does not report the id at all (strict's `ftp://host;type=a` is a valid reg-name in rfc3986,
// lenient trims the trailing control of a strict example), a hand-written input above must
// show the id in that profile with that severity.
TEST(diagnostics_md, every_severity_column_holds)
{
    std::size_t by_example = 0;
    for (doc_row const& row : doc().rows) {
        auto const id = ftpuri::find_diag(row.name);
        // A plan or policy id is never reported by a parse; diagnostics_doc_test's plan_rows and
        // policy_rows check their every column through the plan and the policy.
        if (!id || !row.problem.empty() || row.is_beyond_parse()) continue;
        for (profile p : all_profiles) {
            std::optional<severity> const level = row.level_in(p);
            if (!level || p == row.example_profile()) continue; // "—", or checked row by row above
            SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line << ", " << profile_name(p));
            parse_options options{p};
            options.opt_in = ftpuri::diag_set::opt_in_rules();
            diagnostic_list list;
            (void)ftpuri::parse(std::string_view(row.input), options, list);
            if (list.contains(*id)) {
                ++by_example;
                check({row.name, p, row.input, row.offset, row.length, *level});
                continue;
            }
            bool const shown = std::any_of(std::begin(extra_cases), std::end(extra_cases), [&](extra_case const& c) {
                return c.name == row.name && c.syntax == p && c.level == *level;
            });
            EXPECT_TRUE(shown) << row.name << ": the example does not report it in " << profile_name(p) << " ("
                               << describe_with_dropped(list) << "), and no input in extra_cases shows it as "
                               << severity_name(*level) << " there";
        }
    }
    EXPECT_GT(by_example, 100U); // most rows show every column with their own example
}

TEST(more_inputs, every_id_has_another_input_than_the_documented_one)
{
    for (auto const& entry : ftpuri::diag_catalogue) {
        // The plan's ids have their inputs in plan_test.cpp, the policy's in policy_test.cpp,
        // where the plan and the policy report them; host.idna-unavailable's are in
        // tests/no_idn2/, the build without libidn2 that reports it; the guarded fetch's in
        // tests/e2e/fetch.py, against a real server.
        if (entry.name.starts_with("plan.") || entry.name.starts_with("fetch.") ||
            entry.id == ftpuri::diag_id::host_denied || entry.id == ftpuri::diag_id::host_not_allowed ||
            entry.id == ftpuri::diag_id::host_idna_unavailable || entry.name.starts_with("list."))
            continue;
        bool another = false;
        for (extra_case const& c : extra_cases) {
            if (c.name != entry.name) continue;
            bool same_as_doc = false;
            for (doc_row const& row : doc().rows)
                if (row.name == entry.name && row.example == c.example && row.example_profile() == c.syntax)
                    same_as_doc = true;
            another = another || !same_as_doc;
        }
        EXPECT_TRUE(another) << entry.name << " needs an extra input in tests/scan/diagnostics_inputs_test.cpp";
    }
}

// ---------------------------------------------------------------------------------------
// Edges
// ---------------------------------------------------------------------------------------

// WHATWG strips "C0 control or space" at the edges; DEL is not one, so it gets no such note.
TEST(edge_whitespace, del_at_an_edge_is_a_control_without_the_note)
{
    for (std::string_view const input : {std::string_view("\x7F"
                                                          "ftp://h/"),
                                         std::string_view("ftp://h/a\x7F")}) {
        for (profile p : all_profiles) {
            diagnostic_list list;
            EXPECT_FALSE(ftpuri::parse(input, parse_options{p}, list).has_value());
            EXPECT_TRUE(list.contains(diag_id::char_control)) << describe_with_dropped(list);
            EXPECT_FALSE(list.contains(diag_id::interop_edge_whitespace)) << describe_with_dropped(list);
        }
    }
}

// Only spaces and C0 controls after a bad byte put it at the edge: '!' (0x21), the first byte
// above space, does not (docs/mutation.md: mutants that moved the bound to 0x21 or took any
// byte for the edge survived the suite before this test).
TEST(edge_whitespace, a_byte_above_space_after_it_is_no_edge)
{
    // \x20: a space the eye can see at the end of a literal.
    // NOLINTNEXTLINE(modernize-raw-string-literal)
    for (std::string_view const input : {"ftp://h/f !", "ftp://h/f\t!", "ftp://h/f\x01\x20!", "ftp://h/f !\x20"}) {
        for (profile p : all_profiles) {
            diagnostic_list list;
            static_cast<void>(ftpuri::parse(input, parse_options{p}, list)); // the findings are the point
            EXPECT_FALSE(list.contains(diag_id::interop_edge_whitespace))
                << ftpuri::to_string(p) << " " << describe_with_dropped(list);
        }
    }
}

// curl's ";type=" is case-sensitive in the word and not in the letter (lib/ftp.c uppercases
// the letter), and it never reads ";typecode=": only an uppercase word gets the note.
TEST(typecode_case, note_only_where_curl_misreads_the_typecode)
{
    struct row {
        ftpuri::profile syntax;
        std::string_view input;
        bool note;
    };
    for (row const& r : {row{ftpuri::profile::strict, "ftp://h/f;type=I", false},
                         row{ftpuri::profile::strict, "ftp://h/f;tYpe=i", true},
                         row{ftpuri::profile::rfc3986, "ftp://h/f;type=A", false},
                         row{ftpuri::profile::lenient, "ftp://h/f;TYPECODE=I", false},
                         row{ftpuri::profile::lenient, "ftp://h/f;TYPE=I", true}}) {
        diagnostic_list list;
        ASSERT_TRUE(ftpuri::parse(r.input, parse_options{r.syntax}, list).has_value()) << r.input;
        EXPECT_TRUE(list.contains(diag_id::typecode_uppercase)) << r.input;
        EXPECT_EQ(list.contains(diag_id::interop_typecode_case), r.note)
            << r.input << ": " << describe_with_dropped(list);
    }
}

// `input` is valid in `syntax`, without a single diagnostic.
void expect_no_diagnostic(std::string_view input, ftpuri::profile syntax)
{
    diagnostic_list list;
    ASSERT_TRUE(ftpuri::parse(input, parse_options{syntax}, list).has_value()) << input;
    EXPECT_EQ(list.size(), 0U) << input << ": " << describe_with_dropped(list);
}

// The other side: a typecode all in lowercase, which each profile finds in its own way (rfc3986
// at the end of the last segment only), is no warning at all.
TEST(typecode_case, a_lowercase_typecode_is_no_warning)
{
    for (ftpuri::profile const syntax : {ftpuri::profile::strict, ftpuri::profile::rfc3986, ftpuri::profile::lenient}) {
        for (std::string_view const input : {"ftp://h/f;type=i", "ftp://h/d/;type=d"}) {
            expect_no_diagnostic(input, syntax);
        }
    }
}

// rfc3986 reads ";" as a pchar, and looks for a misspelled ";typecode=" in the last segment: a
// ";" that begins other parameters is none, however far from the end. The one finding is the
// raw ";" itself, which the canonical form respells "%3B".
TEST(typecode_misspelled, rfc3986_parameters_are_none)
{
    for (std::string_view const input : {"ftp://h/a;b=cdefghijk", "ftp://h/f;x=1;y=22222222", "ftp://h/;typecodes"}) {
        diagnostic_list list;
        ASSERT_TRUE(ftpuri::parse(input, parse_options{ftpuri::profile::rfc3986}, list).has_value()) << input;
        ASSERT_EQ(list.size(), 1U) << input << ": " << describe_with_dropped(list);
        EXPECT_EQ(list[0].id, diag_id::path_raw_semicolon) << input;
        EXPECT_EQ(list[0].offset, input.find(';')) << input;
    }
}

} // namespace
