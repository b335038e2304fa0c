// SPDX-License-Identifier: Apache-2.0
// oracle/oracle.hpp: the regex oracle derived from docs/grammar.abnf, and the judge that holds
// ftpuri's scanner to it (docs/assurance.md).
//
// The build runs the tool abnf_to_re2 (oracle/abnf_to_re2.cpp) on docs/grammar.abnf and writes
// one regex per profile into the build tree; this header loads them into RE2 (Latin-1, so one
// byte is one character).
// A regex says what the grammar says and nothing more: the grammar's named semantic constraints
// ("; @constraint NAME: ...") are checked here, by small functions written from the constraint
// texts, on the components that the regex's named groups capture. The scanner's code is never
// used to decide what the right answer is.
//
// The claim judge() checks, for one input and one profile (strict or rfc3986):
//
//     scanner accepts  <=>  oracle matches  and  no named constraint is violated
//
// and, when the oracle matches but a constraint is violated, the scanner's error is the
// diagnostic id of one of the violated constraints. So a scanner error of the "syntax" class
// (see id_table()) always means the oracle rejects, and the scanner never accepts what the
// oracle rejects. What is not claimed: which error a scanner reports for an input the oracle
// rejects (it stops at the first problem it meets, which may be a constraint's).
#pragma once

#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "support/read_file.hpp"

namespace re2 {
class RE2;
}

namespace ftpuri_oracle {

// ---- what each diagnostic id means to the oracle ----------------------------------------------

enum class id_class : std::uint8_t {
    syntax,       // the error says the input is not in the grammar's language
    constraint,   // the error says a named constraint of the grammar is violated
    never_error,  // a warning or a note in strict and rfc3986: never the error of a parse
    lenient_only, // an error only the lenient profile (no grammar of its own) reports
    plan_only,    // an error of the command plan (ftpuri/plan.hpp), never of a parse
    policy_only,  // an error of a sanitization policy (ftpuri/policy.hpp), never of a parse
    build_only,   // an error only of a build without IDNA (FTPURI_WITH_IDN2=OFF), never of this one
    list_only,    // a finding about a line of a list file (ftpuri-check), never of a parse
    fetch_only,   // what happened fetching a sanitized URI (ftpuri/fetch.hpp), never of a parse
};

struct id_row {
    std::string_view id;         // the diagnostic id ("port.out-of-range")
    id_class cls;                //
    std::string_view constraint; // the "; @constraint" name, for cls == constraint
};

// One row per diagnostic id of ftpuri::diag_catalogue, in its order, made from the oracle and
// constraint columns of include/ftpuri/diagnostics.def.
std::span<id_row const> id_table() noexcept;
id_row const* classify(ftpuri::diag_id id) noexcept;

// The named constraints this file implements, by their names in docs/grammar.abnf.
std::span<std::string_view const> implemented_constraints() noexcept;

// ---- the oracle --------------------------------------------------------------------------------

using id_set = std::bitset<128>; // indexed by ftpuri::diag_id

class oracle {
public:
    // Compiles `pattern` (Latin-1, RE2 syntax). ok() says whether it compiled.
    explicit oracle(std::string const& pattern);
    ~oracle();
    oracle(oracle const&) = delete;
    oracle& operator=(oracle const&) = delete;

    [[nodiscard]] bool ok() const noexcept;
    [[nodiscard]] std::string error() const;
    [[nodiscard]] int program_size() const noexcept;

    // RE2::FullMatch of the whole input.
    [[nodiscard]] bool matches(std::string_view input) const noexcept;

    // The components captured by the named groups of a match (absent: not in the input).
    struct parts {
        std::optional<std::string_view> user, password, userinfo, host, port, path, query, fragment;
    };
    [[nodiscard]] bool match(std::string_view input, parts& out) const noexcept;

private:
    std::unique_ptr<re2::RE2> re_;
    int groups_ = 0;
    int user_ = -1, password_ = -1, userinfo_ = -1, host_ = -1, port_ = -1, path_ = -1, query_ = -1, fragment_ = -1;
};

// The regexes the build generated (FTPURI_ORACLE_DIR); aborts with a message when one is
// missing or does not compile.
struct oracle_set {
    oracle strict;      // rule ftp-URI
    oracle rfc3986;     // rule ftp-URI-rfc3986
    oracle ipv4address; // rule IPv4address, for the numeric-host constraint
    [[nodiscard]] oracle const& of(ftpuri::profile p) const noexcept
    {
        return p == ftpuri::profile::strict ? strict : rfc3986;
    }
};
oracle_set const& built_oracles();

using ftpuri_test::read_file;                   // tests/support/read_file.hpp
std::string oracle_path(std::string_view file); // FTPURI_ORACLE_DIR "/" file

// ---- the named constraints -----------------------------------------------------------------

// The ids of the errors the named constraints require for an input the oracle matched, given
// its parts: empty when every constraint holds. Written from the constraint texts of
// docs/grammar.abnf, one function per constraint (constraints.cpp).
id_set required_errors(std::string_view input, ftpuri::profile p, oracle::parts const& parts, oracle const& ipv4address,
                       std::uint32_t max_length = ftpuri::default_max_length);

// ---- the judge -----------------------------------------------------------------------------

struct verdict {
    bool oracle = false;                  // the regex matches
    bool scanner = false;                 // ftpuri::parse accepts
    bool validated = false;               // ftpuri::validate accepts (its own fast path): must equal `scanner`
    std::optional<ftpuri::diag_id> error; // the scanner's error
    id_set required;                      // errors the constraints require (oracle matched)
    bool agrees = false;                  // the claim above holds for this input
};

verdict judge(std::string_view input, ftpuri::profile p, oracle_set const& o,
              std::uint32_t max_length = ftpuri::default_max_length);

// judge() in two halves, for a caller that judges one input against many oracles (the grammar's
// mutants, grammar_mutants_test) and so scans it once: what the scanner says, and the verdict
// given that. judge(input, p, o) is judge(input, p, o, scan(input, p)).
struct scanned {
    bool scanner = false;                 // ftpuri::parse accepts
    bool validated = false;               // ftpuri::validate accepts
    std::optional<ftpuri::diag_id> error; // parse's error
};
scanned scan(std::string_view input, ftpuri::profile p, std::uint32_t max_length = ftpuri::default_max_length);
verdict judge(std::string_view input, ftpuri::profile p, oracle_set const& o, scanned const& s,
              std::uint32_t max_length = ftpuri::default_max_length);

std::string printable(std::string_view s);
std::string describe(std::string_view input, ftpuri::profile p, verdict const& v);

} // namespace ftpuri_oracle
