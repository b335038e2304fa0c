// SPDX-License-Identifier: Apache-2.0
// ftpuri/parse.hpp: check an ftp URI and take it apart.
//
//     std::string const text = "ftp://ftp.example.org/pub/README;type=a";
//     ftpuri::parse_result const r = ftpuri::parse(text);
//     if (!r) {
//         ftpuri::diagnostic const& e = r.error();   // e.id, e.offset, e.info().hint
//         ...
//     }
//     r->host();        // "ftp.example.org", a view into `text`
//     r->typecode();    // 'a'
//
// One scanner serves every entry point. It makes one pass over the path (the authority is first
// located, then scanned), reads each byte through a 256-entry table named after its ABNF rule,
// never backtracks, never recurses and never throws. Its cost is linear in the input, which
// parse_options::max_length bounds (64 KiB by default).
//
// Nothing here allocates, except inside libidn2, which allocates its result in two cases: the
// UTS #46 conversion of a lenient host that decodes to non-ASCII ("b%C3%BCcher.example"), and,
// in every profile, the check that an "xn--" label of a DNS host is a valid A-label.
// tests/alloc/ counts every heap allocation (malloc and its kin, operator new) while parse()
// and validate() (with and without a diagnostic_list) run over inputs of every part, host kind
// and diagnostic family in all three profiles, and fails on one; its inputs have no Unicode
// host and no "xn--" label, so the two exceptions are documented, not tested.
//
// validate() is the same scanner with storing turned off (docs/scanner.md): validate(s, o) ==
// parse(s, o).has_value() for every input, and tests, a fuzzer and the oracle hold it to that.
//
// Parsing stops at the first error. The overloads taking a diagnostic_list also collect the
// warnings found before it, then the error and any note that explains it (interop.*).
#pragma once

#include <string>
#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/export.h"
#include "ftpuri/options.hpp"
#include "ftpuri/result.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri {

// Either a uri_view or the first error.
using parse_result = result<uri_view>;

[[nodiscard]] FTPURI_API parse_result parse(std::string_view input, parse_options const& options = {}) noexcept;
[[nodiscard]] FTPURI_API parse_result parse(std::string_view input, parse_options const& options,
                                            diagnostic_list& out) noexcept;

// A C string (a literal, say) converts to std::string_view and to std::string alike; these
// overloads settle it for the view, which points into the caller's array.
[[nodiscard]] inline parse_result parse(char const* input, parse_options const& options = {}) noexcept
{
    return parse(std::string_view(input), options);
}
[[nodiscard]] inline parse_result parse(char const* input, parse_options const& options, diagnostic_list& out) noexcept
{
    return parse(std::string_view(input), options, out);
}

// A uri_view points into the string it was parsed from; a temporary std::string would leave it
// dangling at the end of the full expression. These overloads make that a compile error.
parse_result parse(std::string&& input, parse_options const& options = {}) = delete;
parse_result parse(std::string&& input, parse_options const& options, diagnostic_list& out) = delete;
parse_result parse(std::string const&& input, parse_options const& options = {}) = delete;
parse_result parse(std::string const&& input, parse_options const& options, diagnostic_list& out) = delete;

[[nodiscard]] FTPURI_API bool validate(std::string_view input, parse_options const& options = {}) noexcept;
[[nodiscard]] FTPURI_API bool validate(std::string_view input, parse_options const& options,
                                       diagnostic_list& out) noexcept;

} // namespace ftpuri
