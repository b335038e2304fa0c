// SPDX-License-Identifier: Apache-2.0
// oracle/oracle.cpp: loading the generated regexes, and matching an input against one.
#include "oracle.hpp"

#include <re2/re2.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace ftpuri_oracle {

oracle::oracle(std::string const& pattern)
{
    RE2::Options options;
    options.set_encoding(RE2::Options::EncodingLatin1); // one byte, one character
    options.set_log_errors(false);
    options.set_max_mem(std::int64_t{256} << 20); // room for the DFA of a 3 KB regex
    re_ = std::make_unique<RE2>(pattern, options);
    if (!re_->ok()) return;
    groups_ = re_->NumberOfCapturingGroups();
    for (auto const& [name, index] : re_->NamedCapturingGroups()) {
        if (name == "user") user_ = index;
        if (name == "password") password_ = index;
        if (name == "userinfo") userinfo_ = index;
        if (name == "host" || name == "host_3986") host_ = index;
        if (name == "port") port_ = index;
        if (name == "ftp_path" || name == "path_abempty") path_ = index;
        if (name == "query") query_ = index;
        if (name == "fragment") fragment_ = index;
    }
}

oracle::~oracle() = default;

bool oracle::ok() const noexcept
{
    return re_->ok();
}

std::string oracle::error() const
{
    return re_->error();
}

int oracle::program_size() const noexcept
{
    return re_->ProgramSize();
}

bool oracle::matches(std::string_view input) const noexcept
{
    return re_->Match(input, 0, input.size(), RE2::ANCHOR_BOTH, nullptr, 0);
}

bool oracle::match(std::string_view input, parts& out) const noexcept
{
    std::array<re2::StringPiece, 16> sub{};
    int const n = groups_ + 1 < static_cast<int>(sub.size()) ? groups_ + 1 : static_cast<int>(sub.size());
    out = {};
    if (!re_->Match(input, 0, input.size(), RE2::ANCHOR_BOTH, sub.data(), n)) return false;
    auto const get = [&](int i) -> std::optional<std::string_view> {
        if (i < 0 || i >= n || sub[static_cast<std::size_t>(i)].data() == nullptr) return std::nullopt;
        return std::string_view(sub[static_cast<std::size_t>(i)].data(), sub[static_cast<std::size_t>(i)].size());
    };
    out.user = get(user_);
    out.password = get(password_);
    out.userinfo = get(userinfo_);
    out.host = get(host_);
    out.port = get(port_);
    out.path = get(path_);
    out.query = get(query_);
    out.fragment = get(fragment_);
    // An empty group that matched has a non-null data() into the input; one that did not
    // match has a null one (RE2 documents the difference for any input but a null one).
    return true;
}

std::string oracle_path(std::string_view file)
{
    return std::string(FTPURI_ORACLE_DIR) + "/" + std::string(file);
}

namespace {

std::string load_pattern(char const* file)
{
    std::string const path = oracle_path(file);
    std::string text = read_file(path);
    if (text.empty()) {
        std::fprintf(stderr, "oracle: cannot read %s (the build generates it)\n", path.c_str());
        std::abort();
    }
    return text;
}

} // namespace

oracle_set const& built_oracles()
{
    static oracle_set const set{oracle(load_pattern("ftp_oracle_strict.re2")),
                                oracle(load_pattern("ftp_oracle_rfc3986.re2")),
                                oracle(load_pattern("ftp_oracle_ipv4address.re2"))};
    for (oracle const* o : {&set.strict, &set.rfc3986, &set.ipv4address}) {
        if (!o->ok()) {
            std::fprintf(stderr, "oracle: a generated regex does not compile: %s\n", o->error().c_str());
            std::abort();
        }
    }
    return set;
}

} // namespace ftpuri_oracle
