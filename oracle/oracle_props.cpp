// SPDX-License-Identifier: Apache-2.0
// oracle/oracle_props.cpp: the scanner against the regex oracle on RapidCheck's inputs
// (docs/assurance.md, differential test (a)).
//
//     oracle_props [NAME ...]      run the named properties (all without arguments)
//
// The generators are props/generators.hpp's: URIs generated valid in a profile, near-misses (one
// byte-level edit of a valid URI, valid or not) and arbitrary bytes after ftp-like prefixes.
// Each input is judged in both grammar profiles by ftpuri_oracle::judge: the scanner accepts
// exactly when the regex matches and the named constraints hold, and an error on an input the
// regex matches is a violated constraint's.
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "generators.hpp"
#include "oracle.hpp"

namespace {

using ftpuri::profile;

void judge_both(std::string const& text)
{
    ftpuri_oracle::oracle_set const& o = ftpuri_oracle::built_oracles();
    for (profile p : {profile::strict, profile::rfc3986}) {
        ftpuri_oracle::verdict const v = ftpuri_oracle::judge(text, p, o);
        RC_CLASSIFY(v.oracle, std::string(ftpuri::to_string(p)) + " oracle matches");
        if (!v.agrees) RC_FAIL(ftpuri_oracle::describe(text, p, v));
    }
}

struct property {
    char const* name;
    bool (*run)();
};

property const properties[] = {
    {"oracle.valid_uris",
     [] {
         return rc::check("oracle.valid_uris: generated valid URIs, judged against the oracle", [] {
             // Whether the generator's URIs are valid is props' validate.valid_uris; here each
             // is judged, valid or not, in both profiles.
             bool const strict = *rc::gen::arbitrary<bool>();
             ftpuri_props::uri_parts const u = *ftpuri_props::gen_uri(strict ? profile::strict : profile::rfc3986);
             judge_both(u.text());
         });
     }},
    {"oracle.near_misses",
     [] {
         return rc::check("oracle.near_misses: one-byte edits of valid URIs, judged against the oracle", [] {
             ftpuri_props::near_miss const n = *ftpuri_props::gen_near_miss();
             judge_both(n.text);
         });
     }},
    {"oracle.arbitrary",
     [] {
         return rc::check("oracle.arbitrary: arbitrary bytes after ftp-like prefixes, judged against the oracle", [] {
             ftpuri_props::arbitrary_input const a = *ftpuri_props::gen_arbitrary_input();
             judge_both(a.text);
         });
     }},
};

} // namespace

int main(int argc, char** argv)
{
    bool ok = true;
    int ran = 0;
    for (property const& prop : properties) {
        bool wanted = argc == 1;
        for (int i = 1; i < argc; ++i)
            wanted = wanted || std::strcmp(argv[i], prop.name) == 0;
        if (!wanted) continue;
        ++ran;
        ok = prop.run() && ok;
    }
    if (ran == 0) {
        std::fprintf(stderr, "oracle_props: no such property\n");
        return 2;
    }
    return ok ? 0 : 1;
}
