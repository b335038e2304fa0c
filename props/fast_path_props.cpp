// SPDX-License-Identifier: Apache-2.0
// props/fast_path_props.cpp: the fast forms give exactly the reference's results.
//
// The reference is parse(s, o, list) with the scanner's first stage portable
// (simd_level::scalar), every finding collected; each entry point runs at every SIMD level the
// machine has (SSE2, AVX2: src/scan/byte_runs.hpp).
//
//   fast.validate_same   validate(s, o), validate(s, o, list) and parse(s, o, list) give the
//                        reference's verdict, the collecting two its list of findings exactly
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
// often each path was taken (the canonical fast path), so that a run shows both
// sides exercised. The comparisons themselves are tests/support/fast_path_check.hpp's, which
// tests/scan/fast_path_test.cpp runs over every known input.
#include <string>

#include "canonical_general.hpp"
#include "escape_rich.hpp"
#include "registry.hpp"
#include "support/fast_path_check.hpp"

using namespace ftpuri_props;

namespace {

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
                std::string const differs = ftpuri_test::validate_disagreement(s, o);
                if (!differs.empty()) RC_FAIL("in " + std::string(profile_name(p)) + ": " + differs);
                if (p == drawn) {
                    RC_TAG(std::string(profile_name(p)) + (ftpuri::validate(s, o) ? " valid" : " invalid"));
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
                std::string const differs = ftpuri_test::parse_disagreement(s, o);
                if (!differs.empty()) RC_FAIL("in " + std::string(profile_name(p)) + ": " + differs);
                if (p == drawn) {
                    ftpuri::parse_result const fast = ftpuri::parse(s, o);
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
        std::string const differs = ftpuri_test::canonical_disagreement(*r);
        if (!differs.empty()) RC_FAIL("in " + std::string(profile_name(p)) + ": " + differs);
    });
}
