// SPDX-License-Identifier: Apache-2.0
// tests/support/fast_path_check.hpp: whether the fast forms give the reference's results on one
// input, for tests/scan/fast_path_test.cpp (every known input) and props/fast_path_props.cpp
// (escape-rich generated ones). Each check returns "" when they agree, else what differs.
//
// The fast forms: the scanner's first stage skips plain bytes with SSE2 or AVX2
// (src/scan/byte_runs.hpp), and each entry point (validate and parse, with and without a list)
// runs here at every SIMD level the machine has; canonicalize_into(view) takes its one-pass
// writer where detail::takes_canonical_fast_path says so. The references: parse(s, o, list) with
// the portable byte-at-a-time scan (simd_level::scalar), every finding collected, and
// detail::canonicalize_into_general.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "canonical_general.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/uri_view.hpp"
#include "guarded_buffer.hpp"
#include "printable.hpp"
#include "scan/byte_runs.hpp"
#include "uri_parts_diff.hpp"

namespace ftpuri_test {

inline std::string show_finding(ftpuri::diagnostic const& d)
{
    std::ostringstream os;
    os << d.info().name << " (" << ftpuri::to_string(d.level) << ", in " << ftpuri::to_string(d.where) << ") at "
       << d.offset << "+" << d.length;
    return os.str();
}

// The SIMD levels this machine runs besides the portable scan.
inline std::vector<ftpuri::detail::simd_level> fast_levels()
{
    using ftpuri::detail::simd_level;
    std::vector<simd_level> levels;
    if (ftpuri::detail::detected_simd_level() != simd_level::scalar) levels.push_back(simd_level::sse2);
    if (ftpuri::detail::detected_simd_level() == simd_level::avx2) levels.push_back(simd_level::avx2);
    return levels;
}

inline char const* level_name(ftpuri::detail::simd_level level)
{
    using ftpuri::detail::simd_level;
    return level == simd_level::avx2 ? "AVX2" : level == simd_level::sse2 ? "SSE2" : "scalar";
}

// Runs `f` with the scanner's first stage at `level`, then puts the machine's level back.
template <class F>
auto at_level(ftpuri::detail::simd_level level, F f)
{
    ftpuri::detail::simd_level const saved = ftpuri::detail::active_simd_level;
    ftpuri::detail::active_simd_level = level;
    auto result = f();
    ftpuri::detail::active_simd_level = saved;
    return result;
}

// The reference: the portable scan, every finding collected.
inline ftpuri::parse_result parse_full_scan(std::string_view s, ftpuri::parse_options const& o,
                                            ftpuri::diagnostic_list& out)
{
    return at_level(ftpuri::detail::simd_level::scalar, [&] { return ftpuri::parse(s, o, out); });
}

// validate(s, o), validate(s, o, list) and parse(s, o, list) give the reference's verdict at
// every SIMD level, the collecting two its findings exactly.
inline std::string validate_disagreement(std::string_view s, ftpuri::parse_options const& o)
{
    ftpuri::diagnostic_list reference;
    ftpuri::parse_result const full = parse_full_scan(s, o, reference);
    bool const verdict = full.has_value();
    for (ftpuri::detail::simd_level const level : fast_levels()) {
        bool const quick = at_level(level, [&] { return ftpuri::validate(s, o); });
        ftpuri::diagnostic_list a;
        ftpuri::diagnostic_list b;
        bool const listed = at_level(level, [&] { return ftpuri::validate(s, o, a); });
        bool const parsed = at_level(level, [&] { return ftpuri::parse(s, o, b).has_value(); });
        bool const same_findings = std::equal(a.begin(), a.end(), reference.begin(), reference.end()) &&
                                   std::equal(b.begin(), b.end(), reference.begin(), reference.end());
        if (quick == verdict && listed == verdict && parsed == verdict && same_findings) continue;
        std::ostringstream os;
        os << level_name(level) << ": validate(s, o) " << quick << ", validate(s, o, list) " << listed
           << ", parse(s, o, list) " << parsed << ", the portable scan " << verdict;
        if (!verdict) os << " (" << show_finding(full.error()) << ")";
        auto list = [&](char const* name, ftpuri::diagnostic_list const& l) {
            os << "\n    " << name << ":";
            for (ftpuri::diagnostic const& d : l)
                os << " " << show_finding(d);
        };
        if (!same_findings) {
            list("validate(s, o, list)", a);
            list("parse(s, o, list)", b);
            list("the portable scan", reference);
        }
        return os.str();
    }
    return {};
}

// How `fast` (parse(s, o) or parse(s, o, list), named `name`) differs from the portable scan's `full`:
// the same error (id, severity, component, offset, length), or the same detail::uri_parts.
inline std::string parse_disagreement(std::string_view s, std::string const& name, ftpuri::parse_result const& fast,
                                      ftpuri::parse_result const& full)
{
    if (fast.has_value() != full.has_value()) {
        return name + (fast ? " succeeds" : " fails with " + show_finding(fast.error())) + ", the portable scan " +
               (full ? "succeeds" : "fails with " + show_finding(full.error()));
    }
    if (!fast) {
        ftpuri::diagnostic const& a = fast.error();
        ftpuri::diagnostic const& b = full.error();
        if (a.id == b.id && a.level == b.level && a.where == b.where && a.offset == b.offset && a.length == b.length)
            return {};
        return name + " fails with " + show_finding(a) + ", the portable scan with " + show_finding(b);
    }
    ftpuri::detail::uri_parts const& a = ftpuri::detail::view_access::parts(*fast);
    ftpuri::detail::uri_parts const& b = ftpuri::detail::view_access::parts(*full);
    if (a == b) return {};
    return name + "'s view and the portable scan's differ:" + uri_parts_diff(a, b, s, name, "the portable scan");
}

// parse(s, o) and parse(s, o, list) at every SIMD level, each against the portable scan.
inline std::string parse_disagreement(std::string_view s, ftpuri::parse_options const& o)
{
    ftpuri::diagnostic_list reference;
    ftpuri::parse_result const full = parse_full_scan(s, o, reference);
    for (ftpuri::detail::simd_level const level : fast_levels()) {
        std::string const at = std::string(" at ") + level_name(level);
        ftpuri::diagnostic_list found;
        std::string quick =
            parse_disagreement(s, "parse(s, o)" + at, at_level(level, [&] { return ftpuri::parse(s, o); }), full);
        if (!quick.empty()) return quick;
        std::string listed = parse_disagreement(s, "parse(s, o, list)" + at,
                                                at_level(level, [&] { return ftpuri::parse(s, o, found); }), full);
        if (!listed.empty()) return listed;
    }
    return {};
}

// One canonical call into a span of `capacity` bytes between guard bytes.
struct canon_call {
    ftpuri::write_status status = ftpuri::write_status::ok;
    std::size_t size = 0;
    std::string bytes;  // what it wrote, when ok
    bool intact = true; // nothing written outside the span, and an ok size within it
    bool operator==(canon_call const& o) const
    {
        return status == o.status && size == o.size && bytes == o.bytes && intact && o.intact;
    }
};

inline std::string show(canon_call const& c)
{
    std::ostringstream os;
    os << (c.status == ftpuri::write_status::ok                 ? "ok"
           : c.status == ftpuri::write_status::buffer_too_small ? "buffer_too_small"
                                                                : "invalid")
       << ", size " << c.size;
    if (c.status == ftpuri::write_status::ok) os << ", \"" << printable(c.bytes) << "\"";
    if (!c.intact) os << ", WROTE OR CLAIMED MORE THAN ITS SPAN";
    return os.str();
}

template <class Write>
canon_call call_into(std::size_t capacity, Write write)
{
    guarded buffer(capacity);
    ftpuri::write_result const r = write(buffer.span());
    canon_call c{r.status, r.size, {}, buffer.intact()};
    if (r.status == ftpuri::write_status::ok) {
        if (r.size <= capacity) {
            c.bytes = buffer.written(r.size);
        } else {
            c.intact = false; // claims more than its span
        }
    }
    return c;
}

inline std::string show(ftpuri::canonical_options const& o)
{
    std::ostringstream os;
    os << "{drop_password=" << o.drop_password << " drop_fragment=" << o.drop_fragment
       << " drop_anonymous=" << o.drop_anonymous << "}";
    return os.str();
}

// For each of the 8 canonical_options, canonicalize_into and canonicalize_into_general give the
// same status and bytes in a buffer of canonicalize_size_bound, of exactly the size needed, and of
// one byte less (buffer_too_small, the same size needed), neither writing outside its span.
inline std::string canonical_disagreement_of(ftpuri::uri_view const& view, char const* which)
{
    std::string out;
    std::size_t const big = ftpuri::canonicalize_size_bound(view.size());
    for (unsigned k = 0; k < 8; ++k) {
        ftpuri::canonical_options const o{(k & 1U) != 0, (k & 2U) != 0, (k & 4U) != 0};
        auto fast = [&](std::span<char> s) { return ftpuri::canonicalize_into(view, s, o); };
        auto general = [&](std::span<char> s) { return ftpuri::detail::canonicalize_into_general(view, s, o); };
        std::string const where = std::string(which) + " " + show(o) + " (fast path " +
                                  (ftpuri::detail::takes_canonical_fast_path(view, o) ? "taken" : "not taken") + "), ";
        auto compare = [&](char const* buffer, canon_call const& f, canon_call const& g) {
            if (f == g) return true;
            out +=
                where + buffer + ": canonicalize_into " + show(f) + "; canonicalize_into_general " + show(g) + "\n  ";
            return false;
        };
        canon_call const g = call_into(big, general);
        if (!compare("big buffer", call_into(big, fast), g) || g.status != ftpuri::write_status::ok) continue;
        canon_call const fe = call_into(g.size, fast);
        compare("exact buffer", fe, call_into(g.size, general));
        if (fe.status != ftpuri::write_status::ok) out += where + "refused a buffer of exactly the size needed\n  ";
        canon_call const fs = call_into(g.size - 1, fast);
        compare("buffer one byte short", fs, call_into(g.size - 1, general));
        if (fs.status != ftpuri::write_status::buffer_too_small || fs.size != g.size)
            out += where + "a buffer one byte short gave " + show(fs) + "\n  ";
    }
    return out;
}

// The view as parsed, and the same view with its facts cleared ("nothing known": the view a
// caller could build without the scanner, which takes the general writer).
inline std::string canonical_disagreement(ftpuri::uri_view const& view)
{
    std::string out = canonical_disagreement_of(view, "view");
    ftpuri::detail::uri_parts parts = ftpuri::detail::view_access::parts(view);
    if (parts.facts != 0) {
        parts.facts = 0;
        parts.path_respelled_from = ftpuri::uri_offsets::npos;
        out += canonical_disagreement_of(ftpuri::uri_view(parts), "view with its facts cleared");
    }
    return out;
}

} // namespace ftpuri_test
