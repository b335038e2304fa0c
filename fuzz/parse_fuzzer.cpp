// SPDX-License-Identifier: Apache-2.0
// fuzz/parse_fuzzer.cpp: the invariants of parse() and of the uri_view it returns, in every profile.
//
//   - validate(s, o) == parse(s, o).has_value(), with and without a diagnostic_list, and both
//     collect the same diagnostics (parse.hpp's promise);
//   - a failed parse reports exactly one error, the one parse() returns, last but for its notes;
//     a successful one reports none; every diagnostic lies within the input; each warning id
//     appears at most once; in strict every severity is the catalogue's;
//   - the view's offsets are ordered and within the input, and the parts re-assemble to it:
//     "ftp" "://" [user [":" password] "@"] host [":" port] path [typecode] ["?" query]
//     ["#" fragment] (the lenient profile's trimmed spaces and controls around it);
//   - the accessors agree with the offsets: port_number() is the port's value, segments() splits
//     the path at '/', name() and cwd_path() are its last segment and the rest, the host kind
//     matches the host's shape, decode_into() writes decode_size_bound() bytes and never more;
//   - strict-valid implies rfc3986- and lenient-valid with the same view, and rfc3986-valid
//     implies lenient-valid;
//   - the length limit: with max_length = size - 1 the input is input.too-long, with size it
//     is read as with the default limit;
//   - the sanitization policy (policy.hpp), with a policy and parse_options::as_error drawn from
//     the input itself (draw_policy below: the denied classes from its last two bytes, allow
//     patterns from the text after its last '#' or from its host, as_error ids from its hash),
//     in every profile: sanitize_into() fails with parse()'s error when parse() fails; when it
//     accepts, parse() does, check_policy() finds nothing, the class is classify_host()'s (public
//     when every other class is denied), an allow pattern matches, and the canonical form it
//     wrote re-parses in the profile to a host of the same classes that the policy accepts too;
//     a policy finding is check_policy()'s own (the offset shifted by the lenient trim), and
//     the same with the patterns sorted and searched by binary search (allow_sorted);
//     host.denied names a class the policy denies (so never with an empty deny set) and the
//     worst denied class of the host; host.not-allowed only with allow patterns; every error
//     lies within the input; the bound-size buffer suffices and one byte less is reported;
//   - and ftpuri.h's ftpuri_sanitize, given the same policy as C strings and id numbers, gives
//     sanitize_into()'s verdict: its error (id, offset, length), or its class and canonical form;
//   - the scanner's first stage at every SIMD level the machine has (SSE2, AVX2) gives the
//     portable scan's answers (simd_level::scalar): validate()'s verdict, parse()'s error or view
//     (detail::uri_parts, facts included), and the collecting parse's list, finding by finding.
//
// The checks are in the headers beside this file: parse_diagnostics_checks.hpp,
// parse_view_checks.hpp, parse_policy_checks.hpp and parse_simd_checks.hpp.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"

#include "fuzz_check.hpp"
#include "parse_diagnostics_checks.hpp"
#include "parse_policy_checks.hpp"
#include "parse_simd_checks.hpp"
#include "parse_view_checks.hpp"

using namespace ftpuri;
using namespace ftpuri_fuzz::parse_checks;

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const input(reinterpret_cast<char const*>(data), size);

    parse_result results[3];
    profile const profiles[3] = {profile::strict, profile::rfc3986, profile::lenient};
    for (int i = 0; i < 3; ++i) {
        parse_options const options{profiles[i], default_max_length};
        parse_result const& r = results[i] = parse(input, options);
        FUZZ_CHECK(validate(input, options) == r.has_value(), input);
        check_diagnostics(input, options, r);
        check_simd_levels(input, options);
        if (r) check_view(input, options, *r);
    }

    drawn_policy drawn;
    draw_policy(input, drawn);
    for (profile const p : profiles) {
        check_sanitize(input, p, drawn);
        check_c_sanitize(input, p, drawn);
    }

    // strict is the narrowest profile.
    if (results[0]) {
        FUZZ_CHECK(results[1].has_value() && same_view(*results[0], *results[1]), input);
        FUZZ_CHECK(results[2].has_value() && same_view(*results[0], *results[2]), input);
    }
    // lenient accepts all that rfc3986 accepts (reading it as rfc3986 does where its own grammar
    // would refuse).
    if (results[1]) FUZZ_CHECK(results[2].has_value(), input);

    // The length limit is checked before anything else, and only it.
    if (size > 0 && size <= max_length_cap) {
        auto const n = static_cast<std::uint32_t>(size);
        parse_result const too_long = parse(input, {profile::strict, n - 1});
        FUZZ_CHECK(!too_long && too_long.error().id == diag_id::input_too_long, input);
        FUZZ_CHECK(too_long.error().offset == n - 1 && too_long.error().length == 1, input);
        FUZZ_CHECK(!validate(input, {profile::lenient, n - 1}), input);
        parse_result const exact = parse(input, {profile::strict, n});
        FUZZ_CHECK(exact.has_value() == results[0].has_value(), input);
        if (!exact) FUZZ_CHECK(exact.error() == results[0].error(), input);
    }
    return 0;
}
