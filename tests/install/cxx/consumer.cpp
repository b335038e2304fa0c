// SPDX-License-Identifier: Apache-2.0
// tests/install/cxx/consumer.cpp: a C++ program built against an installed ftpuri, in a newer
// standard than the library's own (the package must not impose -std=c++20).
#include <ftpuri/ftpuri.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

int main()
{
    int failures = 0;
    auto expect = [&](bool ok, char const* what) {
        if (!ok) {
            std::printf("FAILED: %s\n", what);
            ++failures;
        }
    };
    std::string const text = "FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I";
    ftpuri::parse_result const r = ftpuri::parse(text);
    expect(r.has_value(), "parse");
    char out[ftpuri::canonicalize_size_bound(128)];
    ftpuri::write_result const c = ftpuri::canonicalize_into(*r, out);
    expect(c && std::string_view(out, c.size) == "ftp://ftp.example.org/~user/pub/f.txt;type=i", "canonical form");
    expect(!ftpuri::validate("ftp://h/a%0D%0ADELE%20x"), "an injection refused");
    std::vector<std::string> lines;
    std::string const seed = "ftp://myname@host.dom/%2Fetc/motd";
    ftpuri::parse_result const u = ftpuri::parse(seed);
    for (ftpuri::ftp_command const& command : *ftpuri::plan(*u)) {
        char line[128];
        std::size_t const n = command.write_into(line).size;
        lines.emplace_back(line, n);
    }
    expect(lines == std::vector<std::string>{"USER myname", "CWD /etc", "RETR motd"}, "the plan");
    expect(ftpuri::classify_host(*ftpuri::parse("ftp://127.0.0.1/")) == ftpuri::host_class::loopback, "host class");
    expect(ftpuri::version() == ftpuri::header_version, "the library is the headers' version");
    std::printf("c++ consumer (C++ %ld): ftpuri %s, %s\n", static_cast<long>(__cplusplus),
                std::string(ftpuri::version()).c_str(), failures == 0 ? "all as expected" : "FAILED");
    return failures == 0 ? 0 : 1;
}
