// SPDX-License-Identifier: Apache-2.0
// props/builder_props.cpp: building a URI from decoded components and parsing it back.
//
// Arbitrary bytes for user, password and segments are percent-encoded for their sets and put
// together as "ftp://user:password@host/seg1/seg2...". Parsing it back (strict) either gives
// the same decoded components, or refuses it with exactly the diagnostic the safety rules of
// docs/behaviour.md name for the first offending byte or segment, at its offset.
#include <optional>
#include <string>
#include <vector>

#include "generators.hpp"
#include "registry.hpp"

using namespace ftpuri_props;
using ftpuri::component;
using ftpuri::diag_id;

namespace {

struct expected_error {
    diag_id id;
    std::uint32_t offset;
    std::uint32_t length;
};

std::string show(expected_error const& e)
{
    return std::string(ftpuri::info(e.id).name) + " at " + std::to_string(e.offset) + "+" + std::to_string(e.length);
}

// The first escape in `encoded` (which starts at `base` in the URI) that a safety rule
// forbids: NUL, CR, LF in any component (pct.forbidden-control); other C0 controls and DEL
// in strict (pct.control); a backslash in the path (path.encoded-backslash).
std::optional<expected_error> first_bad_escape(std::string const& encoded, std::size_t base, bool path)
{
    for (std::size_t i = 0; i < encoded.size(); ++i) {
        if (encoded[i] != '%') continue;
        auto const b = static_cast<unsigned char>(ref_hex_value(static_cast<unsigned char>(encoded[i + 1])) * 16 +
                                                  ref_hex_value(static_cast<unsigned char>(encoded[i + 2])));
        auto const at = static_cast<std::uint32_t>(base + i);
        if (b == 0 || b == '\r' || b == '\n') return expected_error{diag_id::pct_forbidden_control, at, 3};
        if (is_control(b)) return expected_error{diag_id::pct_control, at, 3};
        if (path && b == '\\') return expected_error{diag_id::path_encoded_backslash, at, 3};
        i += 2;
    }
    return std::nullopt;
}

bool hides_dot_segment(std::string const& decoded)
{
    if (decoded.find('/') == std::string::npos) return false;
    std::size_t begin = 0;
    for (;;) {
        std::size_t const slash = decoded.find('/', begin);
        std::string const part = decoded.substr(begin, slash == std::string::npos ? std::string::npos : slash - begin);
        // A look-alike ("..", "... ") walks as a dot-segment on Windows.
        bool const lookalike = part.size() >= 2 && part[0] == '.' && part.find_first_not_of(". ") == std::string::npos;
        if (dotness(part) != 0 || lookalike) return true;
        if (slash == std::string::npos) return false;
        begin = slash + 1;
    }
}

} // namespace

FTPURI_PROPERTY("builder.roundtrip")
{
    return rc::check(
        "builder.roundtrip: percent-encoded components parse back (strict) to the same decoded bytes, or are refused "
        "with the safety rule's diagnostic at the first offending byte",
        [] {
            builder_case const b = *gen_builder_case();
            std::string const user = ftpuri::percent_encode(b.user, encode_set::usp_char);
            std::string const password = ftpuri::percent_encode(b.password, encode_set::usp_char);
            std::vector<std::string> segments;
            for (std::string const& s : b.segments)
                segments.push_back(ftpuri::percent_encode(s, encode_set::ftp_segment));

            std::string text = "ftp://" + user + ":" + password + "@" + b.host.text;
            std::size_t const path_begin = text.size();
            for (std::string const& s : segments)
                text += "/" + s;
            RC_LOG() << "URI " << escape_bytes(text) << '\n';

            // What the safety rules say, component by component, left to right.
            std::optional<expected_error> want = first_bad_escape(user, 6, false);
            if (!want) want = first_bad_escape(password, 6 + user.size() + 1, false);
            std::size_t at = path_begin;
            int depth = 0;
            std::vector<std::string> kept; // RFC 3986 5.2.4's output, decoded
            for (std::size_t i = 0; i < segments.size() && !want; ++i) {
                std::size_t const begin = at + 1;
                auto const length = static_cast<std::uint32_t>(segments[i].size());
                auto const here = [&](diag_id id) {
                    return expected_error{id, static_cast<std::uint32_t>(begin), length};
                };
                want = first_bad_escape(segments[i], begin, true);
                if (want) break;
                // @constraint dot-segment-depth, dot-after-empty: empty and "." segments stay; a
                // first "~..." is a home at depth 0.
                std::string const& d = b.segments[i];
                int const dots = dotness(d);
                bool cancels_slashed = false;
                if (dots == 2) {
                    if (depth == 0) {
                        want = here(diag_id::path_above_root);
                        break;
                    }
                    if (kept.back().empty()) {
                        want = here(diag_id::path_dot_after_empty);
                        break;
                    }
                    cancels_slashed = kept.back().find('/') != std::string::npos;
                    --depth;
                    kept.pop_back();
                } else if (dots == 0) {
                    // @constraint dot-before-empty: an empty directory that removing dot-segments
                    // makes the path's first (second after a first "~"), where it did not stand.
                    bool const login = kept.size() == 1 && kept.front() == "~" && b.segments[0] == "~";
                    if (d.empty() && i + 1 < segments.size() && ((kept.empty() && i != 0) || (login && i != 1))) {
                        want = expected_error{diag_id::path_dot_before_empty, static_cast<std::uint32_t>(begin - 1), 2};
                        break;
                    }
                    kept.push_back(d);
                    if (!d.empty() && !(i == 0 && d[0] == '~')) ++depth;
                }
                // @constraint decoded-traversal
                if (hides_dot_segment(d) || cancels_slashed) {
                    want = here(diag_id::path_encoded_traversal);
                    break;
                }
                at = begin + segments[i].size();
            }

            ftpuri::parse_result const r = ftpuri::parse(text);
            if (want) {
                if (r) RC_FAIL("accepted, but expected " + show(*want));
                ftpuri::diagnostic const& e = r.error();
                if (e.id != want->id || e.offset != want->offset || e.length != want->length)
                    RC_FAIL("refused with " + describe(e) + ", expected " + show(*want));
                RC_TAG("refused: " + std::string(ftpuri::info(want->id).name));
                return;
            }
            if (!r) RC_FAIL("refused with " + describe(r.error()) + ", expected it accepted");
            RC_TAG("accepted");
            ftpuri::uri_view const& v = *r;
            RC_ASSERT(v.has_userinfo());
            RC_ASSERT(v.has_password());
            PROP_EQ(v.user(), user);
            PROP_EQ(v.password(), password);
            PROP_EQ(view_decode(v, component::user), b.user);
            PROP_EQ(view_decode(v, component::password), b.password);
            PROP_EQ(ftpuri::percent_decode(v.user()), b.user);
            PROP_EQ(ftpuri::percent_decode(v.password()), b.password);
            PROP_EQ(v.host(), b.host.text);
            PROP_EQ(raw_segments(v.path()), segments);
            std::vector<std::string> decoded;
            for (std::string_view s : v.segments())
                decoded.push_back(ftpuri::percent_decode(s));
            PROP_EQ(decoded, b.segments);
            RC_ASSERT(v.typecode() == '\0');
            RC_ASSERT(!v.has_fragment());
        });
}
