// SPDX-License-Identifier: Apache-2.0
// tests/peers/vectors_test.cpp: ftpuri against other parsers' ftp test vectors.
//
// tests/data/*.jsonl hold verbatim records from WPT, curl (lib1560), trurl, CPython, Go and
// rust-url (see tests/data/README.md). For every record this test either
//   - checks the ftp URI(s) it carries ("subjects", addressed by JSON Pointer into the record):
//     ftpuri's verdict comes from `cases()` (tests/data/table-vectors.jsonl), keyed by the URI, and where the peer
//     parsed the URI as ftp and ftpuri accepts it, the peer's components are compared with ftpuri's; or
//   - lists it as not applicable, with the reason.
// A record that is neither, a plan for a record that no longer exists, a URI without an
// expectation, an expectation no record uses, a disagreement with a peer that has no `why`, and
// a `why` with no disagreement behind it all fail the test, so the table stays complete and honest.
//
// "Disagreement" means: the peer reads the URI as a valid ftp URL and ftpuri's strict profile
// rejects it, or the peer rejects it and strict accepts it, or both accept it and a component
// differs beyond the known differences of representation:
//   - WHATWG (WPT, rust-url) drops port 21 and writes an empty path as pathname "/";
//   - curl and trurl write an empty path as "/"; curl fills in 21 with CURLU_DEFAULT_PORT;
//     trurl's --json parts are decoded;
//   - CPython's FTPHandler passes decoded dirs without the name, and a file type it derives:
//     ;type=X upper-cased, else "D" for an empty name, else "I"; ftpuri has no typecode then;
//   - Go's User and Path are decoded, Host holds the port.
// ftpuri's own parts are raw (as written); cwds and name are decoded. The comparison of parts is
// support/peer_parts.hpp.

#include "support/json.hpp"
#include "support/peer_parts.hpp"
#include "support/strcat.hpp"
#include "support/uri_case_table.hpp"
#include "support/uri_expect.hpp"

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

using namespace ftpuri_test;
using namespace ftpuri_test::peer_parts;

namespace {

// --- what ftpuri says about every URI the records carry: tests/data/table-vectors.jsonl ---------

std::deque<uri_case> const& cases()
{
    return ftpuri_test::peer_uri_cases();
}

uri_case const* find_case(std::string_view uri)
{
    uri_case const* found = nullptr;
    for (auto const& c : cases())
        if (c.uri == uri) found = &c;
    return found;
}

// --- which records are checked, through which of their fields ------------------------------

enum class peer {
    accepts_ftp,  // the peer reads it as a valid ftp URL (perhaps after guessing a scheme)
    rejects,      // the peer fails on it
    other_scheme, // the peer reads it as a URL of another scheme, or it has another scheme
    output,       // the peer's own output: accepts_ftp if its scheme is ftp, else other_scheme
};

struct subject {
    // JSON Pointer to a string in the record; "|lines" after it: each non-empty line of it.
    std::string_view pointer;
    peer verdict;
};

struct record_plan {
    std::string_view file;
    std::string_view key; // "index N", "line N" (" #k" for the k-th record with that line), "input X"
    std::vector<subject> subjects;
    std::string_view not_applicable = {}; // the reason, when there are no subjects
};

std::vector<record_plan> const& plans()
{
    using P = peer;
    static std::vector<record_plan> const table = {
        {wpt, "index 81", {{"/input", P::accepts_ftp}}},
        {wpt, "index 89", {{"/input", P::other_scheme}}},
        {wpt, "index 97", {{"/input", P::accepts_ftp}}},
        {wpt, "index 100", {{"/input", P::other_scheme}}},
        {wpt, "index 195", {{"/input", P::accepts_ftp}}},
        {wpt, "index 196", {{"/input", P::accepts_ftp}}},
        {wpt, "index 208", {{"/input", P::accepts_ftp}}},
        {wpt, "index 212", {{"/input", P::other_scheme}}},
        {wpt, "index 220", {{"/input", P::accepts_ftp}}},
        {wpt, "index 223", {{"/input", P::other_scheme}}},
        {wpt, "index 544", {{"/input", P::rejects}}},
        {wpt, "index 545", {{"/input", P::rejects}}},
        {wpt, "index 548", {{"/input", P::accepts_ftp}}},
        {wpt, "index 737", {{"/input", P::other_scheme}}},
        {wpt, "index 782", {{"/input", P::other_scheme}}},

        {curl, "line 288", {{"/input", P::rejects}}},
        {curl, "line 295", {{"/input", P::other_scheme}}},
        {curl, "line 462", {{"/input", P::accepts_ftp}}},  // CURLU_GUESS_SCHEME
        {curl, "line 466", {{"/input", P::other_scheme}}}, // guessed http
        {curl, "line 581", {{"/input", P::accepts_ftp}}},
        {curl, "line 584", {{"/input", P::other_scheme}}},
        {curl, "line 590", {{"/input", P::other_scheme}}},
        {curl, "line 979", {{"/input", P::accepts_ftp}, {"/expect/url", P::output}}},
        {curl, "line 1002", {{"/input", P::accepts_ftp}, {"/expect/url", P::output}}},
        {curl, "line 1022", {{"/input", P::other_scheme}, {"/expect/url", P::output}}},
        // set_parts_list: the setters themselves are not ftpuri's business; the URLs are.
        {curl, "line 1225", {{"/input", P::other_scheme}, {"/expect/url", P::output}}},
        {curl,
         "line 1237",
         {},
         "setter test: curl refuses to set the scheme `-ftp`; the URL stays https://example.com/ and holds no ftp URI "
         "(ftpuri has no setters)"},
        {curl,
         "line 1241",
         {},
         "setter test: curl refuses to set the scheme `+ftp`; the URL stays https://example.com/ and holds no ftp URI "
         "(ftpuri has no setters)"},
        {curl,
         "line 1245",
         {},
         "setter test: curl refuses to set the scheme `.ftp`; the URL stays https://example.com/ and holds no ftp URI "
         "(ftpuri has no setters)"},
        {curl, "line 1376", {{"/expect/url", P::output}}}, // built part by part from nothing
        {curl, "line 1412", {{"/input", P::other_scheme}, {"/expect/url", P::output}}},
        // set_url_list: relative resolution of "" against the base; both URLs are checked here,
        // the resolution itself is not (ftpuri resolves nothing yet).
        {curl, "line 1525", {{"/base", P::accepts_ftp}, {"/expect/url", P::output}}},
        {curl, "line 2433", {{"/input", P::accepts_ftp}}}, // guessed ftp
        {curl, "line 2434", {{"/input", P::accepts_ftp}}}, // guessed ftp (not reported: CURLU_NO_GUESS_SCHEME)

        {trurl, "index 5", {{"/input/arguments/0", P::accepts_ftp}, {"/expect/stdout|lines", P::output}}},
        {trurl, "index 16", {{"/expect/stdout|lines", P::output}}}, // built by --set
        {trurl, "index 18", {{"/expect/stdout|lines", P::output}}}, // built by --set
        {trurl, "index 71", {{"/input/arguments/1", P::accepts_ftp}, {"/expect/stdout|lines", P::output}}},
        {trurl, "index 72", {{"/input/arguments/0", P::other_scheme}, {"/expect/stdout|lines", P::output}}},
        {trurl, "index 73", {{"/input/arguments/1", P::accepts_ftp}, {"/expect/stdout|lines", P::output}}},
        {trurl, "index 96", {{"/input/arguments/0", P::other_scheme}, {"/expect/stdout|lines", P::output}}},
        {trurl,
         "index 97",
         {},
         "trurl command-line error (duplicate --iterate port); no URL is produced, and the record mentions ftp only "
         "through the scheme name sftp"},
        {trurl, "index 101", {{"/input/arguments/0", P::accepts_ftp}, {"/expect/stdout/0/url", P::output}}},
        // --verify stops at the first bad URL: "" (exit code 9); git:// is never reached.
        {trurl,
         "index 107",
         {{"/input/arguments/2", P::accepts_ftp},
          {"/input/arguments/3", P::rejects},
          {"/input/arguments/4", P::other_scheme},
          {"/expect/stdout/0/url", P::output}}},
        {trurl, "index 161", {{"/input/arguments/0", P::other_scheme}, {"/expect/stdout|lines", P::output}}},
        {trurl, "index 162", {{"/input/arguments/0", P::other_scheme}, {"/expect/stdout|lines", P::output}}},
        {trurl, "index 167", {{"/input/arguments/0", P::accepts_ftp}, {"/expect/stdout|lines", P::output}}},
        {trurl, "index 184", {{"/input/arguments/0", P::other_scheme}}},
        {trurl, "index 186", {{"/input/arguments/0", P::other_scheme}}},
        {trurl, "index 187", {{"/input/arguments/0", P::other_scheme}}},
        {trurl, "index 189", {{"/input/arguments/0", P::other_scheme}}},
        {trurl, "index 190", {{"/input/arguments/0", P::other_scheme}}},

        // test_RFC2732_invalid: every URL of the subTests axis must raise ValueError.
        {cpython,
         "line 736",
         {{"/also_parametrized_over/invalid_url/0", P::other_scheme},
          {"/also_parametrized_over/invalid_url/1", P::other_scheme},
          {"/also_parametrized_over/invalid_url/2", P::rejects},
          {"/also_parametrized_over/invalid_url/3", P::other_scheme},
          {"/also_parametrized_over/invalid_url/4", P::other_scheme}}},
        {cpython,
         "line 736 #2",
         {{"/also_parametrized_over/invalid_url/0", P::other_scheme},
          {"/also_parametrized_over/invalid_url/1", P::other_scheme},
          {"/also_parametrized_over/invalid_url/2", P::rejects},
          {"/also_parametrized_over/invalid_url/3", P::other_scheme},
          {"/also_parametrized_over/invalid_url/4", P::other_scheme}}},
        {cpython, "line 736 #3", {{"/params/invalid_url", P::rejects}}},
        {cpython, "line 1966", {{"/input", P::accepts_ftp}}},
        {cpython, "line 748", {{"/input", P::accepts_ftp}}},
        {cpython, "line 751", {{"/input", P::accepts_ftp}}},
        {cpython, "line 754", {{"/input", P::accepts_ftp}}},
        {cpython, "line 757", {{"/input", P::accepts_ftp}}},
        {cpython, "line 760", {{"/input", P::accepts_ftp}}},
        {cpython, "line 763", {{"/input", P::accepts_ftp}}},
        {cpython, "line 503", {{"/input", P::rejects}}},

        {gorust, "input ftp://webmaster@www.google.com/", {{"/input", P::accepts_ftp}}},
        {gorust, "input ftp://john%20doe@www.google.com/", {{"/input", P::accepts_ftp}}},
        {gorust, "input ftp://127.0.0.1:21/", {{"/input", P::accepts_ftp}}},
        {gorust, "input ftp://user@127.0.0.1:2121/", {{"/input", P::accepts_ftp}}},
        {gorust, "input ftp://\xF0\x9F\x98\x85:\xF0\x9F\x99\x82@\xF0\x9F\x99\x82.com", {{"/input", P::accepts_ftp}}},
    };
    return table;
}

// --- JSON helpers ----------------------------------------------------------------------------

// json, json_str, json_member, json_member_str: tests/support/json.hpp.

struct record_file {
    std::vector<std::unique_ptr<rapidjson::Document>> records;
};

record_file load(std::string_view name)
{
    record_file out;
    std::string const path = std::string(FTPURI_TEST_DATA_DIR) + "/" + std::string(name);
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty()) continue;
        auto doc = std::make_unique<rapidjson::Document>();
        doc->Parse(line.c_str(), line.size());
        EXPECT_FALSE(doc->HasParseError()) << path << ":" << n << ": not JSON";
        if (doc->HasParseError()) continue;
        EXPECT_TRUE(json_member(*doc, "source") != nullptr) << path << ":" << n << ": no source (attribution)";
        out.records.push_back(std::move(doc));
    }
    return out;
}

std::string base_key(json const& rec)
{
    if (json const* l = json_member(rec, "line"); l && l->IsInt()) return "line " + std::to_string(l->GetInt());
    if (json const* i = json_member(rec, "index"); i && i->IsInt()) return "index " + std::to_string(i->GetInt());
    return "input " + std::string(json_member_str(rec, "input"));
}

// The scheme of `s` lowercased ("" when `s` has none).
std::string scheme_of(std::string_view s)
{
    std::size_t const colon = s.find(':');
    if (colon == std::string_view::npos || colon == 0) return {};
    for (std::size_t i = 0; i < colon; ++i) {
        char const c = s[i];
        bool const alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        bool const other = (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
        if (!(alpha || (i > 0 && other))) return {};
    }
    return lower(s.substr(0, colon));
}

// The peer's verdict on a subject, where the record states it (nullopt: the plan's word is taken).
std::optional<peer> derived_verdict(std::string_view file, json const& rec, std::string_view pointer,
                                    std::string_view uri)
{
    json const* expect = json_member(rec, "expect");
    if (file == wpt && pointer == "/input") {
        if (json const* f = json_member(*expect, "failure"); f && f->IsTrue()) return peer::rejects;
        return json_member_str(*expect, "protocol") == "ftp:" ? peer::accepts_ftp : peer::other_scheme;
    }
    if (file == curl) {
        std::string_view const table = json_member_str(rec, "table");
        if (table == "get_parts_list" && pointer == "/input") {
            if (json_member_str(*expect, "set_url_rc") != "CURLUE_OK") return peer::rejects;
            json const* parts = json_member(*expect, "parts");
            return parts && json_member_str(*parts, "scheme") == "ftp" ? peer::accepts_ftp : peer::other_scheme;
        }
        if (table == "get_url_list" && pointer == "/input") {
            if (json_member_str(*expect, "rc") != "CURLUE_OK") return peer::rejects;
            return scheme_of(json_member_str(*expect, "url")) == "ftp" ? peer::accepts_ftp : peer::other_scheme;
        }
        if (table == "test_scheme_guess" && pointer == "/input") {
            json const* fails = json_member(*expect, "set_url_fails");
            if (fails && fails->IsTrue()) return peer::rejects;
            if (json_member_str(*expect, "scheme") == "ftp") return peer::accepts_ftp;
            return std::nullopt; // accepted, the guessed scheme not reported
        }
        return std::nullopt;
    }
    if (file == cpython) {
        std::string_view const kind = json_member_str(rec, "kind");
        if (kind == "urllib.request.FTPHandler.ftp_open" || kind == "_parse_proxy") return peer::accepts_ftp;
        if (kind == "urllib.request.urlopen" && json_member(*expect, "raises")) return peer::rejects;
        if (json_member_str(rec, "test").find("test_RFC2732_invalid") != std::string_view::npos)
            return scheme_of(uri) == "ftp" ? peer::rejects : peer::other_scheme;
        return std::nullopt;
    }
    if (file == gorust) {
        if (json const* parsed = json_member(*expect, "parsed"))
            return json_member_str(*parsed, "Scheme") == "ftp" ? peer::accepts_ftp : peer::other_scheme;
        return json_member(*expect, "authority") || json_member(*expect, "origin_unicode")
                   ? std::optional<peer>(peer::accepts_ftp)
                   : std::nullopt;
    }
    return std::nullopt;
}

// --- component comparisons: support/peer_parts.hpp ------------------------------------------

std::string_view to_string(peer p)
{
    switch (p) {
    case peer::accepts_ftp: return "accepts it as ftp";
    case peer::rejects: return "rejects it";
    case peer::other_scheme: return "reads another scheme";
    case peer::output: return "printed it";
    }
    return "?";
}

// --- the walk over every record --------------------------------------------------------------

struct tally {
    int checked = 0;
    int not_applicable = 0;
};

struct walk_state {
    std::map<std::string_view, int> uses;                               // case uri -> subjects using it
    std::map<std::string_view, std::vector<std::string>> disagreements; // case uri -> descriptions
    std::set<std::pair<std::string_view, std::string_view>> plans_seen;
};

void walk_subject(std::string_view file, json const& rec, subject const& s, std::string_view pointer,
                  std::string_view uri, walk_state& st)
{
    SCOPED_TRACE("subject " + std::string(pointer) + " = <" + std::string(uri) + ">");
    peer verdict = s.verdict;
    if (verdict == peer::output) {
        verdict = scheme_of(uri) == "ftp" ? peer::accepts_ftp : peer::other_scheme;
    } else if (auto d = derived_verdict(file, rec, pointer, uri)) {
        EXPECT_EQ(to_string(*d), to_string(verdict)) << "the plan's peer verdict contradicts the record";
    }

    uri_case const* c = find_case(uri);
    if (!c) {
        ADD_FAILURE() << "no expectation in cases() for <" << uri << ">";
        return;
    }
    ++st.uses[c->uri];
    bool const strict_valid = !c->strict.error.has_value();
    std::vector<std::string> found;
    switch (verdict) {
    case peer::accepts_ftp:
        if (!strict_valid)
            found.push_back("peer accepts it as ftp, strict rejects it (" + name_of(c->strict.error->id) + ")");
        break;
    case peer::rejects:
        if (strict_valid) found.emplace_back("peer rejects it, strict accepts it");
        break;
    case peer::other_scheme:
        EXPECT_TRUE(!strict_valid &&
                    (c->strict.error->id == D::scheme_not_ftp || c->strict.error->id == D::scheme_missing))
            << "a URI the peer reads as another scheme must be scheme.not-ftp or scheme.missing to ftpuri";
        break;
    case peer::output: break;
    }
    if (verdict == peer::accepts_ftp) {
        if (auto v = accepted_view(uri))
            for (auto& mm : compare(file, rec, pointer, uri, *v))
                found.push_back("component " + mm);
    }
    std::string const where = std::string(file) + " " + base_key(rec) + " " + std::string(pointer) + " (peer " +
                              std::string(to_string(verdict)) + ")";
    for (auto const& f : found) {
        EXPECT_FALSE(c->why.empty()) << "undeclared disagreement with " << where << ": " << f
                                     << "\n  add a `why` to the case, or fix the expectation";
        st.disagreements[c->uri].push_back(cat({where, ": ", f}));
    }
}

tally walk_file(std::string_view file, std::size_t expected_records, walk_state& st)
{
    SCOPED_TRACE("file tests/data/" + std::string(file));
    tally t;
    record_file const data = load(file);
    EXPECT_EQ(data.records.size(), expected_records) << "record count changed: re-check the plan";
    std::map<std::string, int> seen_keys;
    for (auto const& doc : data.records) {
        json const& rec = *doc;
        std::string key = base_key(rec);
        int const n = ++seen_keys[key];
        if (n > 1) key += " #" + std::to_string(n);
        SCOPED_TRACE("record " + key + " from " + std::string(json_member_str(rec, "source")));
        record_plan const* plan = nullptr;
        for (auto const& p : plans())
            if (p.file == file && p.key == key) {
                EXPECT_EQ(plan, nullptr) << "two plans for one record";
                plan = &p;
            }
        if (!plan) {
            ADD_FAILURE() << "record is neither checked nor listed as not applicable: add it to plans()";
            continue;
        }
        st.plans_seen.insert({plan->file, plan->key});
        if (plan->subjects.empty()) {
            EXPECT_FALSE(plan->not_applicable.empty()) << "a plan without subjects needs its reason";
            ++t.not_applicable;
            continue;
        }
        EXPECT_TRUE(plan->not_applicable.empty()) << "a checked record has no not-applicable reason";
        ++t.checked;
        for (subject const& s : plan->subjects) {
            std::string_view ptr = s.pointer;
            bool const lines = ptr.ends_with("|lines");
            if (lines) ptr.remove_suffix(6);
            json const* val = rapidjson::Pointer(std::string(ptr).c_str()).Get(rec);
            if (!val || !val->IsString()) {
                ADD_FAILURE() << "subject " << s.pointer << " is not a string in the record";
                continue;
            }
            std::string_view const text = json_str(*val);
            if (!lines) {
                walk_subject(file, rec, s, s.pointer, text, st);
                continue;
            }
            std::size_t pos = 0;
            int count = 0;
            while (pos < text.size()) {
                std::size_t const nl = std::min(text.find('\n', pos), text.size());
                if (nl > pos) {
                    walk_subject(file, rec, s, s.pointer, text.substr(pos, nl - pos), st);
                    ++count;
                }
                pos = nl + 1;
            }
            EXPECT_GT(count, 0) << "subject " << s.pointer << " has no lines";
        }
    }
    return t;
}

struct file_spec {
    std::string_view name;
    std::size_t records;
};
constexpr file_spec files[] = {{wpt, 15}, {curl, 19}, {trurl, 18}, {cpython, 11}, {gorust, 5}};

} // namespace

// Every case of the table, in both profiles, one test each.
class VectorCase : public ::testing::TestWithParam<std::size_t> {};

TEST_P(VectorCase, Verdict)
{
    uri_case const& c = cases()[GetParam()];
    check_case(c);
    if (!c.why.empty()) RecordProperty("why", std::string(c.why));
}

INSTANTIATE_TEST_SUITE_P(Peers, VectorCase, ::testing::Range<std::size_t>(0, cases().size()),
                         [](::testing::TestParamInfo<std::size_t> const& param_info) {
                             std::string name = "c"; // not "c" + ...: GCC 12 -Wrestrict false positive (bug 105329)
                             name += std::to_string(param_info.param);
                             name += '_';
                             for (char ch : cases()[param_info.param].uri)
                                 if (((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                                      (ch >= '0' && ch <= '9')) &&
                                     name.size() < 48)
                                     name += ch;
                             return name;
                         });

TEST(Vectors, CasesAreUnique)
{
    std::set<std::string_view> seen;
    for (auto const& c : cases())
        EXPECT_TRUE(seen.insert(c.uri).second) << "duplicate case <" << c.uri << ">";
}

// Every record of every file is checked or not applicable; every disagreement is explained,
// every explanation is backed by a disagreement, every case is used.
TEST(Vectors, EveryRecordAccountedFor)
{
    walk_state st;
    std::ostringstream summary;
    for (auto const& f : files) {
        tally const t = walk_file(f.name, f.records, st);
        summary << "  " << f.name << ": " << t.checked << " checked, " << t.not_applicable << " not applicable\n";
        RecordProperty(std::string(f.name),
                       std::to_string(t.checked) + " checked, " + std::to_string(t.not_applicable) + " not applicable");
    }
    for (auto const& p : plans())
        EXPECT_TRUE(st.plans_seen.count({p.file, p.key}))
            << "plan for a record that does not exist: " << p.file << " " << p.key;
    for (auto const& c : cases()) {
        EXPECT_GT(st.uses[c.uri], 0) << "case <" << c.uri << "> is used by no record";
        if (!c.why.empty()) {
            EXPECT_FALSE(st.disagreements[c.uri].empty())
                << "case <" << c.uri << "> explains a disagreement no peer record shows: " << c.why;
        }
    }
    summary << "deliberate disagreements:\n";
    for (auto const& [uri, list] : st.disagreements) {
        summary << "  <" << uri << ">\n";
        for (auto const& d : list)
            summary << "    " << d << "\n";
        if (uri_case const* c = find_case(uri)) summary << "    why: " << c->why << "\n";
    }
    std::cout << "peer vectors:\n" << summary.str();
}
