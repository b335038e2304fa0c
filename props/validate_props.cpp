// SPDX-License-Identifier: Apache-2.0
// props/validate_props.cpp: validate() and parse() agree, with and without a diagnostic_list.
//
// For every input and each of the three profiles:
//   - validate(s) == parse(s).has_value(), and the same with a diagnostic_list;
//   - with a list, it holds an error iff the input is invalid: exactly one error, the one
//     parse() returns, and validate's list equals parse's;
//   - parse with and without a list give the same view;
//   - each profile accepts all that the one before it accepts: a strict-valid input is valid
//     in rfc3986, and an rfc3986-valid input in lenient.
// Inputs: URIs generated valid (which must be valid in their profile), near-misses (one byte
// edited: valid or not) and arbitrary bytes.
#include <string>

#include "generators.hpp"
#include "registry.hpp"

using namespace ftpuri_props;

namespace {

bool same_offsets(ftpuri::uri_view::offsets const& a, ftpuri::uri_view::offsets const& b)
{
    return a.scheme_end == b.scheme_end && a.user_begin == b.user_begin && a.user_end == b.user_end &&
           a.password_begin == b.password_begin && a.password_end == b.password_end && a.host_begin == b.host_begin &&
           a.host_end == b.host_end && a.port_begin == b.port_begin && a.port_end == b.port_end &&
           a.path_begin == b.path_begin && a.path_end == b.path_end && a.typecode_begin == b.typecode_begin &&
           a.query_begin == b.query_begin && a.query_end == b.query_end && a.fragment_begin == b.fragment_begin;
}

std::string show_list(ftpuri::diagnostic_list const& l)
{
    std::string out;
    for (ftpuri::diagnostic const& d : l)
        out += " [" + std::string(ftpuri::to_string(d.level)) + " " + describe(d) + "]";
    return out;
}

void check_agreement(std::string const& text)
{
    // all_profiles runs from the narrowest (strict) to the widest (lenient).
    profile narrower = profile::strict;
    bool narrower_valid = false;
    for (profile const p : all_profiles) {
        RC_LOG() << "profile " << profile_name(p) << '\n';
        ftpuri::parse_options const o = opts(p);
        bool const valid = ftpuri::validate(text, o);
        ftpuri::parse_result const r = ftpuri::parse(text, o);
        RC_ASSERT(valid == r.has_value());

        ftpuri::diagnostic_list from_validate;
        ftpuri::diagnostic_list from_parse;
        bool const valid_listed = ftpuri::validate(text, o, from_validate);
        ftpuri::parse_result const rl = ftpuri::parse(text, o, from_parse);
        RC_ASSERT(valid_listed == valid);
        RC_ASSERT(rl.has_value() == valid);
        RC_ASSERT(from_validate.has_error() == !valid);
        RC_ASSERT(from_parse.has_error() == !valid);
        if (from_validate.size() != from_parse.size() ||
            !std::equal(from_validate.begin(), from_validate.end(), from_parse.begin())) {
            RC_FAIL("validate's diagnostics" + show_list(from_validate) + " differ from parse's" +
                    show_list(from_parse));
        }
        if (valid) {
            RC_ASSERT(from_parse.count(ftpuri::severity::error) == 0U);
            RC_ASSERT(same_offsets(r->raw_offsets(), rl->raw_offsets()));
            RC_ASSERT(r->host_type() == rl->host_type());
            RC_ASSERT(r->port_number() == rl->port_number());
            RC_ASSERT(r->typecode() == rl->typecode());
        } else {
            RC_ASSERT(from_parse.count(ftpuri::severity::error) == 1U);
            RC_ASSERT(r.error() == rl.error());
            bool found = false;
            for (ftpuri::diagnostic const& d : from_parse)
                found = found || (d.level == ftpuri::severity::error && d == r.error());
            if (!found) RC_FAIL("the list" + show_list(from_parse) + " lacks the error " + describe(r.error()));
        }

        if (narrower_valid && !valid)
            RC_FAIL(std::string(profile_name(narrower)) + "-valid input refused in " + std::string(profile_name(p)) +
                    ": " + describe(r.error()));
        narrower = p;
        narrower_valid = valid;
    }
}

} // namespace

FTPURI_PROPERTY("validate.valid_uris")
{
    return rc::check("validate.valid_uris: generated valid URIs are valid, and validate and parse agree", [] {
        profile const p = *gen_profile();
        uri_parts const u = *gen_uri(p);
        std::string const text = u.text();
        ftpuri::parse_result const r = ftpuri::parse(text, opts(p));
        if (!r) RC_FAIL("generated " + std::string(profile_name(p)) + " URI refused: " + describe(r.error()));
        check_agreement(text);
    });
}

FTPURI_PROPERTY("validate.near_misses")
{
    return rc::check("validate.near_misses: validate and parse agree on one-byte edits of valid URIs", [] {
        near_miss const n = *gen_near_miss();
        RC_CLASSIFY(ftpuri::validate(n.text), "strict-valid");
        check_agreement(n.text);
    });
}

FTPURI_PROPERTY("validate.arbitrary")
{
    return rc::check("validate.arbitrary: validate and parse agree on arbitrary bytes", [] {
        arbitrary_input const a = *gen_arbitrary_input();
        check_agreement(a.text);
    });
}
