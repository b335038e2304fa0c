// props/fast_path_props.cpp: the fast paths give exactly the full scan's results (issue 14).
//
// The reference is detail::parse_full_scan(s, o, list) (src/full_scan.hpp): every byte through
// the full scan, every finding collected. Each entry point may take plain_scan.hpp's shortcuts:
// validate(s, o) asks plain_uri first, parse(s, o) takes plain_authority / plain_path, and the
// collecting validate(s, o, list) and parse(s, o, list) take them for parts that draw no warning.
//
//   fast.validate_same   validate(s, o), validate(s, o, list) and parse(s, o, list) give the
//                        reference's verdict, the collecting two its list of findings exactly;
//                        where detail::plain_uri(s, o) says yes, the reference does too
//   fast.parse_same      parse(s, o) and parse(s, o, list) each match the reference: both
//                        succeed or both fail; on failure with the same error (id, severity,
//                        component, offset, length), on success with the same detail::uri_parts
//                        behind the view, facts and path_respelled_from included
//   fast.canonical_same  for a valid input and each of the 8 canonical_options,
//                        canonicalize_into(view) and detail::canonicalize_into_general(view)
//                        give the same status and bytes: in a big buffer, in one of exactly the
//                        size needed, and in one byte less (buffer_too_small, the same size
//                        needed); neither writes outside its span. The same on the view with
//                        its facts cleared, when the scan wrote any.
//
// Inputs: escape_rich.hpp's URIs, drawn for a random profile; the first two properties check
// them in all three profiles, fast.canonical_same in the profile drawn. The tags show how
// often each path was taken (plain_uri; the canonical fast path), so that a run shows both
// sides exercised.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "canonical_general.hpp"
#include "escape_rich.hpp"
#include "full_scan.hpp"
#include "plain_scan.hpp"
#include "registry.hpp"
#include "support/uri_parts_diff.hpp"

using namespace ftpuri_props;
using ftpuri::canonical_options;
using ftpuri::canonical_result;
using ftpuri::canonical_status;
using view_parts = ftpuri::detail::uri_parts; // not generators.hpp's uri_parts

namespace {

std::string show_diag(ftpuri::diagnostic const& d)
{
    return describe(d) + " (" + std::string(ftpuri::to_string(d.level)) + ", in " +
           std::string(ftpuri::to_string(d.where)) + ")";
}

// A list of findings, one per line.
std::string show_findings(ftpuri::diagnostic_list const& list)
{
    std::string out;
    for (ftpuri::diagnostic const& d : list)
        out += "\n    " + show_diag(d);
    return list.size() == 0 ? " nothing" : out;
}

// ---- canonical form: one call, into a span with guard bytes on both sides ---------------------

struct canon_call {
    canonical_status status = canonical_status::ok;
    std::size_t size = 0;
    std::string bytes; // what it wrote, when ok
    bool guards_intact = true;
    bool size_in_span = true; // an ok result's size fits the span
};

std::string show_call(canon_call const& c)
{
    std::string status;
    switch (c.status) {
    case canonical_status::ok: status = "ok"; break;
    case canonical_status::buffer_too_small: status = "buffer_too_small"; break;
    case canonical_status::idna_failed: status = "idna_failed"; break;
    }
    std::string out = status + ", size " + std::to_string(c.size);
    if (c.status == canonical_status::ok) out += ", " + escape_bytes(c.bytes);
    if (!c.guards_intact) out += ", WROTE OUTSIDE ITS SPAN";
    if (!c.size_in_span) out += ", SIZE LARGER THAN ITS SPAN";
    return out;
}

class guarded_buffer {
public:
    static constexpr std::size_t guard = 16;
    static constexpr char fill = '\x5A';

    // A call of `write(span)` with a span of `capacity` bytes.
    template <class Write>
    canon_call call(std::size_t capacity, Write write)
    {
        if (bytes_.size() < capacity + 2 * guard) bytes_.resize(capacity + 2 * guard);
        std::fill(bytes_.begin(), bytes_.begin() + guard, fill);
        std::fill(bytes_.begin() + static_cast<std::ptrdiff_t>(guard + capacity),
                  bytes_.begin() + static_cast<std::ptrdiff_t>(2 * guard + capacity), fill);
        std::span<char> const span(bytes_.data() + guard, capacity);
        canonical_result const r = write(span);
        canon_call c;
        c.status = r.status;
        c.size = r.size;
        c.size_in_span = r.status != canonical_status::ok || r.size <= capacity;
        if (r.status == canonical_status::ok && c.size_in_span) c.bytes.assign(span.data(), r.size);
        for (std::size_t i = 0; i < guard; ++i) {
            c.guards_intact = c.guards_intact && bytes_[i] == fill && bytes_[guard + capacity + i] == fill;
        }
        return c;
    }

private:
    std::vector<char> bytes_;
};

bool same_call(canon_call const& a, canon_call const& b)
{
    return a.status == b.status && a.size == b.size && a.bytes == b.bytes;
}

std::string show_options(canonical_options const& o)
{
    return std::string("{drop_password=") + (o.drop_password ? "1" : "0") +
           " drop_fragment=" + (o.drop_fragment ? "1" : "0") + " drop_anonymous=" + (o.drop_anonymous ? "1" : "0") +
           "}";
}

std::array<canonical_options, 8> all_canonical_options()
{
    std::array<canonical_options, 8> out{};
    for (unsigned k = 0; k < 8; ++k)
        out[k] = canonical_options{(k & 1U) != 0, (k & 2U) != 0, (k & 4U) != 0};
    return out;
}

// canonicalize_into and canonicalize_into_general on one view, every option, three buffers.
void check_canonical(ftpuri::uri_view const& view, char const* which)
{
    guarded_buffer buffer;
    std::size_t const big = ftpuri::canonical_size_bound(view.size());
    for (canonical_options const& o : all_canonical_options()) {
        auto fast = [&](std::span<char> s) { return ftpuri::canonicalize_into(view, s, o); };
        auto general = [&](std::span<char> s) { return ftpuri::detail::canonicalize_into_general(view, s, o); };
        std::string const where = std::string(which) + " with " + show_options(o) + ", fast path " +
                                  (ftpuri::detail::takes_canonical_fast_path(view, o) ? "taken" : "not taken");
        auto compare = [&](char const* buffer_name, canon_call const& f, canon_call const& g) {
            if (!same_call(f, g) || !f.guards_intact || !g.guards_intact || !f.size_in_span || !g.size_in_span) {
                RC_FAIL(where + ", " + buffer_name + ":\n  canonicalize_into:         " + show_call(f) +
                        "\n  canonicalize_into_general: " + show_call(g));
            }
        };
        canon_call const g = buffer.call(big, general);
        canon_call const f = buffer.call(big, fast);
        compare("buffer of canonical_size_bound", f, g);
        if (g.status != canonical_status::ok) continue; // idna_failed: nothing more to size
        canon_call const ge = buffer.call(g.size, general);
        canon_call const fe = buffer.call(g.size, fast);
        compare("buffer of exactly the size needed", fe, ge);
        if (fe.status != canonical_status::ok) RC_FAIL(where + ": refused a buffer of exactly the size needed");
        canon_call const gs = buffer.call(g.size - 1, general);
        canon_call const fs = buffer.call(g.size - 1, fast);
        compare("buffer one byte short", fs, gs);
        if (fs.status != canonical_status::buffer_too_small || fs.size != g.size)
            RC_FAIL(where + ": a buffer one byte short gave " + show_call(fs));
    }
}

profile draw_profile_and_input(rich_uri& u)
{
    profile const p = *gen_profile();
    u = *gen_escape_rich(p);
    return p;
}

} // namespace

FTPURI_PROPERTY("fast.validate_same")
{
    return rc::check(
        "fast.validate_same: validate(s), validate(s, list) and parse(s, list) agree on escape-rich URIs", [] {
            rich_uri u;
            profile const drawn = draw_profile_and_input(u);
            std::string const& s = u.text;
            for (profile const p : all_profiles) {
                ftpuri::parse_options const o = opts(p);
                bool const plain = ftpuri::detail::plain_uri(s, o);
                bool const quick = ftpuri::validate(s, o);
                ftpuri::diagnostic_list from_validate;
                ftpuri::diagnostic_list from_parse;
                ftpuri::diagnostic_list from_reference;
                bool const listed = ftpuri::validate(s, o, from_validate);
                bool const parsed = ftpuri::parse(s, o, from_parse).has_value();
                ftpuri::parse_result const full = ftpuri::detail::parse_full_scan(s, o, from_reference);
                bool const reference = full.has_value();
                if (quick != reference || listed != reference || parsed != reference || (plain && !reference)) {
                    RC_FAIL("in " + std::string(profile_name(p)) + ": plain_uri " + show_text(plain) +
                            ", validate(s, o) " + show_text(quick) + ", validate(s, o, list) " + show_text(listed) +
                            ", parse(s, o, list) " + show_text(parsed) + ", the full scan " + show_text(reference) +
                            (reference ? std::string() : "; its error: " + show_diag(full.error())));
                }
                for (ftpuri::diagnostic_list const* list : {&from_validate, &from_parse}) {
                    if (!std::equal(list->begin(), list->end(), from_reference.begin(), from_reference.end())) {
                        RC_FAIL("in " + std::string(profile_name(p)) + ": " +
                                (list == &from_validate ? "validate" : "parse") + "(s, o, list) found" +
                                show_findings(*list) + "; the full scan found" + show_findings(from_reference));
                    }
                }
                if (p == drawn) {
                    RC_TAG(std::string(profile_name(p)) + (!listed ? " invalid"
                                                           : plain ? " valid, plain_uri"
                                                                   : " valid, scanner"));
                }
            }
        });
}

FTPURI_PROPERTY("fast.parse_same")
{
    return rc::check(
        "fast.parse_same: parse(s) and parse(s, list) give the same view or error on escape-rich URIs", [] {
            rich_uri u;
            profile const drawn = draw_profile_and_input(u);
            std::string const& s = u.text;
            for (profile const p : all_profiles) {
                ftpuri::parse_options const o = opts(p);
                ftpuri::diagnostic_list found;
                ftpuri::diagnostic_list from_reference;
                ftpuri::parse_result const full = ftpuri::detail::parse_full_scan(s, o, from_reference);
                ftpuri::parse_result const quick = ftpuri::parse(s, o);
                ftpuri::parse_result const listed = ftpuri::parse(s, o, found);
                std::string const in = "in " + std::string(profile_name(p)) + ": ";
                for (ftpuri::parse_result const* r : {&quick, &listed}) {
                    ftpuri::parse_result const& fast = *r;
                    std::string const name = r == &quick ? "parse(s, o)" : "parse(s, o, list)";
                    if (fast.has_value() != full.has_value()) {
                        RC_FAIL(in + name + " " +
                                (fast ? std::string("succeeds") : "fails with " + show_diag(fast.error())) +
                                ", the full scan " +
                                (full ? std::string("succeeds") : "fails with " + show_diag(full.error())));
                    }
                    if (!fast) {
                        ftpuri::diagnostic const& a = fast.error();
                        ftpuri::diagnostic const& b = full.error();
                        if (a.id != b.id || a.level != b.level || a.where != b.where || a.offset != b.offset ||
                            a.length != b.length) {
                            RC_FAIL(in + name + " fails with " + show_diag(a) + ", the full scan with " + show_diag(b));
                        }
                    } else {
                        view_parts const& a = ftpuri::detail::view_access::parts(*fast);
                        view_parts const& b = ftpuri::detail::view_access::parts(*full);
                        if (!(a == b))
                            RC_FAIL(in + name + " and the full scan differ:" +
                                    ftpuri_test::uri_parts_diff(a, b, s, name, "the full scan"));
                    }
                }
                ftpuri::parse_result const& fast = quick;
                if (p == drawn) {
                    bool const facts =
                        fast && (ftpuri::detail::view_access::parts(*fast).facts & ftpuri::detail::facts_known) != 0;
                    RC_TAG(std::string(profile_name(p)) + (!fast   ? " invalid"
                                                           : facts ? " valid, facts"
                                                                   : " valid, no facts"));
                }
            }
        });
}

FTPURI_PROPERTY("fast.canonical_same")
{
    return rc::check("fast.canonical_same: canonicalize_into equals canonicalize_into_general on escape-rich URIs", [] {
        rich_uri u;
        profile const p = draw_profile_and_input(u);
        ftpuri::parse_result const r = ftpuri::parse(u.text, opts(p));
        if (!r) {
            RC_TAG(std::string(profile_name(p)) + " invalid: not checked");
            return;
        }
        bool const respelled = ftpuri::detail::view_access::parts(*r).path_respelled_from != ftpuri::uri_offsets::npos;
        RC_TAG(std::string(profile_name(p)) + (!ftpuri::detail::takes_canonical_fast_path(*r)
                                                   ? " canonical general writer"
                                               : respelled ? " canonical fast path, path respelled"
                                                           : " canonical fast path, path as written"));
        check_canonical(*r, "the view of parse(s, o)");
        view_parts parts = ftpuri::detail::view_access::parts(*r);
        if (parts.facts != 0) {
            parts.facts = 0; // "nothing known": the view a caller could build without the scanner
            parts.path_respelled_from = ftpuri::uri_offsets::npos;
            check_canonical(ftpuri::uri_view(parts), "the view with its facts cleared");
        }
    });
}
