// SPDX-License-Identifier: Apache-2.0
// props/gen_near_misses.hpp: near-misses, arbitrary input, and the builder's components.
// One part of generators.hpp, which includes them all.
#pragma once

#include "gen_variants.hpp"

namespace ftpuri_props {

// ---- near-misses and arbitrary input -----------------------------------------------------------

// The bytes a one-byte edit of a URI is most likely to change the verdict with.
inline constexpr char pivotal_array[] = "/;%@:#? .[]\\\0\r\n\t\x7f\xc3\xff"
                                        "AFaf02Ee";
inline constexpr std::string_view pivotal_bytes{pivotal_array, sizeof pivotal_array - 1};

// One byte-level edit of `base`: insert, delete or replace a byte with a pivotal one, swap the
// case of a letter, or duplicate a byte.
inline rc::Gen<near_miss> gen_mutation(std::string base, profile base_syntax)
{
    return gen::exec([base = std::move(base), base_syntax] {
        near_miss n;
        n.base_syntax = base_syntax;
        n.base = base;
        std::string t = base;
        std::size_t const at = *uniform<std::size_t>(0, t.size() + 1);
        char const pivot = *gen::elementOf(std::string(pivotal_bytes));
        std::string const shown = escape_bytes(std::string_view(&pivot, 1));
        switch (*uniform(0, 5)) {
        case 0:
            t.insert(at, 1, pivot);
            n.mutation = "insert " + shown + " at " + std::to_string(at);
            break;
        case 1:
            if (at < t.size()) t.erase(at, 1);
            n.mutation = "delete at " + std::to_string(at);
            break;
        case 2:
            if (at < t.size()) {
                t[at] = pivot;
            } else {
                t += pivot;
            }
            n.mutation = "replace with " + shown + " at " + std::to_string(at);
            break;
        case 3: { // swap the case of the first letter at or after `at`
            std::size_t i = at;
            while (i < t.size() && !is_alpha(static_cast<unsigned char>(t[i])))
                ++i;
            if (i < t.size()) t[i] = static_cast<char>(t[i] ^ 0x20);
            n.mutation = "swap case at " + std::to_string(i);
            break;
        }
        default:
            if (at < t.size()) t.insert(at, 1, t[at]);
            n.mutation = "duplicate at " + std::to_string(at);
            break;
        }
        n.text = std::move(t);
        return n;
    });
}

// A URI valid in a random profile, with one byte-level edit.
inline rc::Gen<near_miss> gen_near_miss()
{
    return gen::exec([] {
        profile const p = *gen_profile();
        return *gen_mutation((*gen_uri(p)).text(), p);
    });
}

inline rc::Gen<arbitrary_input> gen_arbitrary_input()
{
    return gen::exec([] {
        std::string const prefix =
            *gen::element<std::string>("", "ftp://", "FTP://", "ftp:", "ftp:/", "ftp://h/", "ftp://u@h");
        return arbitrary_input{prefix + *gen::container<std::string>(gen_risky_byte())};
    });
}

// ---- the builder's components ---------------------------------------------------------------

inline rc::Gen<builder_case> gen_builder_case()
{
    return gen::exec([] {
        // The look-alike rules (utf8.hpp) are the scanner's to check against the oracle and the
        // security tests; here a byte that may lead one becomes "x".
        auto const no_look_alikes = [](std::string bytes) {
            for (char& c : bytes)
                if (may_lead_look_alike(static_cast<unsigned char>(c))) c = 'x';
            return bytes;
        };
        builder_case b;
        b.user = no_look_alikes(*gen_component_bytes(byte_rules::any, 0.2));
        b.password = no_look_alikes(*gen_component_bytes(byte_rules::any, 0.2));
        b.host = *gen_strict_host();
        int const count = *uniform(0, 5);
        for (int i = 0; i < count; ++i) {
            std::string segment = no_look_alikes(*gen::weightedOneOf<std::string>({
                {6, gen_component_bytes(byte_rules::any, 0.2)},
                {2, gen::element<std::string>(".", "..", "./..", "a/..", "../b", "\\", "a\\b", "x/./y", "/", "")},
            }));
            // A home directory after the first segment and a look-alike of ".." have rules of
            // their own (tests/policy/security_test.cpp); the builder's model leaves them out.
            if ((i > 0 && segment.starts_with('~')) || is_dot_lookalike(segment)) segment.insert(0, 1, 'x');
            b.segments.push_back(std::move(segment));
        }
        return b;
    });
}

} // namespace ftpuri_props
