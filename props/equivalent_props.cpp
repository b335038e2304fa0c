// SPDX-License-Identifier: Apache-2.0
// props/equivalent_props.cpp: equivalent() (ftpuri/canonical.hpp).
//
//   equivalent.relation   reflexive, symmetric and transitive on triples of spellings of one
//                         or two related URIs, every spelling of one URI equivalent to the
//                         others, and each pair agreeing with the canonical forms
//   equivalent.iff_canon  equivalent(a, b) == (canonicalize(a) == canonicalize(b)) for
//                         variants, edits, canonical forms, near-misses and unrelated URIs,
//                         in every profile; false whenever either is invalid
#include <array>
#include <string>

#include "generators.hpp"
#include "registry.hpp"

using namespace ftpuri_props;

namespace {

// equivalent(a, b) against the canonical forms; both overloads.
bool checked_equivalent(std::string const& a, std::string const& b, profile p)
{
    bool const e = ftpuri::equivalent(a, b, opts(p));
    std::optional<std::string> const ca = canon(a, p);
    std::optional<std::string> const cb = canon(b, p);
    if (!ca || !cb) {
        if (e) RC_FAIL("equivalent() is true for an invalid input: " + escape_bytes(a) + " / " + escape_bytes(b));
        return false;
    }
    if (e != (*ca == *cb)) {
        RC_FAIL(std::string("equivalent() says ") + (e ? "true" : "false") + " but the canonical forms are " +
                escape_bytes(*ca) + " and " + escape_bytes(*cb) + "\n  a: " + escape_bytes(a) +
                "\n  b: " + escape_bytes(b) + "\n  profile " + std::string(profile_name(p)));
    }
    ftpuri::parse_result const ra = ftpuri::parse(a, opts(p));
    ftpuri::parse_result const rb = ftpuri::parse(b, opts(p));
    RC_ASSERT(ftpuri::equivalent(*ra, *rb) == e);
    return e;
}

} // namespace

FTPURI_PROPERTY("equivalent.relation")
{
    return rc::check("equivalent.relation: reflexive, symmetric, transitive; spellings of one URI are equivalent", [] {
        profile const p = *gen_profile();
        uri_parts const base = *gen_uri(p);
        uri_parts const other = *gen_different(base);
        std::array<int, 3> family{};
        std::array<std::string, 3> t;
        for (std::size_t i = 0; i < 3; ++i) {
            family[i] = *uniform(0, 2);
            uri_parts const v = *gen_variant(family[i] == 0 ? base : other);
            t[i] = v.text();
            RC_LOG() << "uri " << i << " (" << (family[i] == 0 ? "base" : "edited") << "): " << escape_bytes(t[i])
                     << '\n';
        }
        if (!ftpuri::validate(base.text(), opts(p))) RC_FAIL("generated URI is invalid: " + escape_bytes(base.text()));
        bool const other_valid = ftpuri::validate(other.text(), opts(p));
        RC_CLASSIFY(!other_valid, "edit made it invalid");
        for (std::size_t i = 0; i < 3; ++i) {
            bool const valid = ftpuri::validate(t[i], opts(p));
            if (family[i] == 0 && !valid) RC_FAIL("a re-spelling of a valid URI is invalid: " + escape_bytes(t[i]));
            if (family[i] == 1 && other_valid && !valid)
                RC_FAIL("a re-spelling of a valid URI is invalid: " + escape_bytes(t[i]));
            RC_ASSERT(checked_equivalent(t[i], t[i], p) == valid); // reflexive (on valid input)
        }
        std::array<std::array<bool, 3>, 3> e{};
        for (std::size_t i = 0; i < 3; ++i) {
            for (std::size_t j = 0; j < 3; ++j) {
                e[i][j] = checked_equivalent(t[i], t[j], p);
                bool const same_family_valid = family[i] == family[j] && (family[i] == 0 || other_valid);
                if (same_family_valid && !e[i][j])
                    RC_FAIL("two spellings of one URI are not equivalent:\n  " + escape_bytes(t[i]) + "\n  " +
                            escape_bytes(t[j]) + "\n  profile " + std::string(profile_name(p)));
            }
        }
        for (std::size_t i = 0; i < 3; ++i) {
            for (std::size_t j = 0; j < 3; ++j) {
                RC_ASSERT(e[i][j] == e[j][i]); // symmetric
                for (std::size_t k = 0; k < 3; ++k)
                    if (e[i][j] && e[j][k]) RC_ASSERT(e[i][k]); // transitive
            }
        }
        RC_CLASSIFY(family[0] != family[1] && e[0][1], "an edit that kept the resource");
    });
}

FTPURI_PROPERTY("equivalent.iff_canon")
{
    return rc::check("equivalent.iff_canon: equivalent(a, b) == (canonicalize(a) == canonicalize(b))", [] {
        profile const p = *gen_profile();
        uri_parts const a = *gen_uri(p);
        std::string const ta = a.text();
        std::string tb;
        switch (*uniform(0, 6)) {
        case 0:
            RC_TAG("variant");
            tb = (*gen_variant(a)).text();
            break;
        case 1:
            RC_TAG("edit");
            tb = (*gen_different(a)).text();
            break;
        case 2: {
            RC_TAG("its canonical form");
            std::optional<std::string> const c = canon(ta, p);
            if (!c) RC_FAIL("generated URI is invalid: " + escape_bytes(ta));
            tb = *c;
            break;
        }
        case 3:
            RC_TAG("unrelated");
            tb = (*gen_uri(p)).text();
            break;
        case 4:
            RC_TAG("near-miss");
            tb = (*gen_mutation(ta, p)).text;
            break;
        default: { // another profile's URI, parsed in this one
            RC_TAG("other profile's URI");
            profile const q = *gen_profile();
            tb = (*gen_uri(q)).text();
            break;
        }
        }
        RC_LOG() << "a " << escape_bytes(ta) << "\nb " << escape_bytes(tb) << "\nprofile " << profile_name(p) << '\n';
        bool const ab = checked_equivalent(ta, tb, p);
        bool const ba = checked_equivalent(tb, ta, p);
        RC_ASSERT(ab == ba);
    });
}
