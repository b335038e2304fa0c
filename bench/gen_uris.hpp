// SPDX-License-Identifier: Apache-2.0
// gen_uris.hpp: a deterministic stream of mirror-list-like ftp URIs, for the CLI benchmark
// (bench/cli_throughput.sh via bench/gen_uris.cpp) and the CLI's flat-memory test
// (tests/cli_memory/), which writes a gigabyte of them through a pipe.
//
// Every URI is valid under ftpuri's default (strict) profile and draws no warning either, so
// that a benchmark over them times the common path (no diagnostics to format) and ftpuri-check
// must exit 0 on them. Warnings are avoided on purpose: no password, no anonymous@, no explicit
// :21, uppercase hex in every %XX, only escapes that are needed (space, '%', '#', UTF-8 bytes),
// no empty or dot segments, lowercase scheme and host, IPv6 in its canonical (RFC 5952) form.
//
// The mix (mostly DNS hosts; some user@, ports, ;type=, percent-encodings, IPv4 and IPv6 hosts;
// paths of 2 to 7 segments) is there so that the parser's branches are all taken, as in a real
// mirror list, rather than one shape that the branch predictor learns. Lines average about 70
// bytes. The stream is splitmix64.hpp's: the same seed gives the same bytes everywhere.
#pragma once

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "splitmix64.hpp"

namespace ftpuri_bench {

class uri_generator : splitmix64 {
public:
    explicit uri_generator(std::uint64_t seed) noexcept : splitmix64(seed) {}

    // Appends one URI, without a newline.
    void append(std::string& out)
    {
        out += "ftp://";
        if (chance(60)) {
            out += pick(users);
            out += '@';
        }
        append_host(out);
        if (chance(60)) {
            out += ':';
            out += pick(ports);
        }
        auto const shape = below(1000);
        if (shape < 20) return; // ftp://host, no path
        out += '/';
        if (shape < 40) return; // ftp://host/
        for (auto n = 2 + below(6); n > 0; --n) {
            out += chance(40) ? pick(encoded_dirs) : pick(dirs);
            out += '/';
        }
        if (chance(250)) {
            // A directory: the path ends in '/', sometimes with ;type=d.
            if (chance(100)) out += ";type=d";
            return;
        }
        append_file_name(out);
        auto const type = below(1000);
        if (type < 60)
            out += ";type=i";
        else if (type < 80)
            out += ";type=a";
    }

private:
    bool chance(std::uint64_t per_mille) noexcept { return below(1000) < per_mille; }

    // n in `base`, lowercase, without leading zeros.
    static void append_number(std::string& out, std::uint64_t n, int base = 10)
    {
        std::array<char, 64> digits{};
        auto const [end, error] = std::to_chars(digits.data(), digits.data() + digits.size(), n, base);
        static_cast<void>(error); // 64 digits hold any uint64_t in any base
        out.append(digits.data(), end);
    }

    void append_host(std::string& out)
    {
        auto const kind = below(1000);
        if (kind < 30) {
            // Documentation ranges (RFC 5737): four decimal octets, no leading zeros.
            out += pick(ipv4_nets);
            out += '.';
            append_number(out, 1 + below(254));
        } else if (kind < 50) {
            // Lowercase hex without leading zeros and one "::": the canonical form, no warning.
            out += "[2001:db8::";
            for (auto n = 1 + below(3); n > 0; --n) {
                append_number(out, 1 + below(0xFFFF), 16);
                if (n > 1) out += ':';
            }
            out += ']';
        } else if (kind < 450) {
            out += "ftp";
            out += pick(ftp_suffixes);
            out += '.';
            out += pick(country_codes);
            out += '.';
            out += pick(orgs);
            out += ".org";
        } else if (kind < 700) {
            out += "ftp.";
            out += pick(orgs);
            out += '.';
            out += pick(tlds);
        } else if (kind < 900) {
            out += pick(university_prefixes);
            out += '.';
            out += pick(universities);
            out += ".edu";
        } else {
            out += "mirror";
            append_number(out, 1 + below(99));
            out += '.';
            out += pick(country_codes);
            out += '.';
            out += pick(orgs);
            out += ".net";
        }
    }

    void append_file_name(std::string& out)
    {
        auto const stem = below(stems.size() + plain_stems.size());
        if (stem >= stems.size()) {
            out += plain_stems[static_cast<std::size_t>(stem - stems.size())];
            out += pick(plain_extensions);
            return;
        }
        out += stems[static_cast<std::size_t>(stem)];
        out += '-';
        append_number(out, below(20));
        out += '.';
        append_number(out, below(40));
        if (chance(500)) {
            out += '.';
            append_number(out, below(100));
        }
        out += pick(extensions);
    }

    static constexpr std::array<std::string_view, 30> orgs = {
        "kernel",     "debian",     "freebsd", "openbsd",   "netbsd", "gnu",    "apache", "mozilla",
        "cpan",       "ctan",       "gentoo",  "archlinux", "ubuntu", "fedora", "centos", "opensuse",
        "slackware",  "postgresql", "python",  "videolan",  "gimp",   "kde",    "gnome",  "xfce",
        "sourceware", "isc",        "x",       "tug",       "cran",   "eclipse"};
    static constexpr std::array<std::string_view, 21> universities = {
        "mit",   "stanford", "berkeley", "cmu", "uni-erlangen", "tu-dresden", "rwth-aachen",
        "ox",    "cam",      "ethz",     "kth", "uio",          "helsinki",   "tsinghua",
        "kaist", "u-tokyo",  "unimelb",  "usp", "uba",          "unam",       "tuwien"};
    static constexpr std::array<std::string_view, 30> country_codes = {
        "de", "fr", "nl", "uk", "se", "no", "fi", "dk", "at", "ch", "it", "es", "pt", "pl", "cz",
        "jp", "kr", "tw", "au", "nz", "br", "ar", "ca", "us", "za", "in", "ru", "gr", "ie", "be"};
    static constexpr std::array<std::string_view, 12> tlds = {"org", "net", "com", "edu", "de", "fr",
                                                              "nl",  "uk",  "se",  "jp",  "io", "info"};
    static constexpr std::array<std::string_view, 5> ftp_suffixes = {"", "", "", "2", "3"};
    static constexpr std::array<std::string_view, 5> university_prefixes = {"ftp", "mirror", "mirrors", "ftp.cs",
                                                                            "ftp.informatik"};
    static constexpr std::array<std::string_view, 3> ipv4_nets = {"192.0.2", "198.51.100", "203.0.113"};
    static constexpr std::array<std::string_view, 64> dirs = {
        "pub",      "mirror",      "mirrors", "linux",    "debian",    "ubuntu",        "pool",    "main",
        "contrib",  "non-free",    "dists",   "releases", "release",   "stable",        "testing", "updates",
        "security", "source",      "sources", "packages", "distfiles", "ports",         "archive", "old",
        "binaries", "iso",         "images",  "cdimage",  "kernel",    "v6.x",          "v5.x",    "amd64",
        "arm64",    "i386",        "x86_64",  "noarch",   "SRPMS",     "RPMS",          "doc",     "docs",
        "misc",     "tools",       "gnu",     "software", "incoming",  "Documentation", "unix",    "win32",
        "macos",    "tex-archive", "CPAN",    "authors",  "id",        "by-hash",       "SHA256",  "current",
        "latest",   "snapshots",   "nightly", "2023",     "2024",      "13.2",          "12.5",    "7.4"};
    // Names that need escapes: spaces, '%', '#' and UTF-8, in uppercase hex.
    static constexpr std::array<std::string_view, 14> encoded_dirs = {"My%20Documents",
                                                                      "Program%20Files",
                                                                      "caf%C3%A9",
                                                                      "r%C3%A9sum%C3%A9s",
                                                                      "%C3%BCbersicht",
                                                                      "100%25",
                                                                      "C%23",
                                                                      "Fran%C3%A7ais",
                                                                      "%E6%97%A5%E6%9C%AC%E8%AA%9E",
                                                                      "%D0%BA%D0%BD%D0%B8%D0%B3%D0%B8",
                                                                      "new%20releases",
                                                                      "%E2%82%AC-prices",
                                                                      "draft%20(2)",
                                                                      "a%20b%20c"};
    static constexpr std::array<std::string_view, 35> stems = {
        "linux",   "gcc",  "binutils", "glibc", "coreutils", "bash",  "emacs",    "vim",      "openssl",
        "openssh", "curl", "wget",     "zlib",  "xz",        "bzip2", "perl",     "python",   "ruby",
        "tcl",     "tk",   "gmp",      "mpfr",  "make",      "cmake", "autoconf", "automake", "libtool",
        "sed",     "grep", "gawk",     "tar",   "gzip",      "nginx", "httpd",    "postfix"};
    static constexpr std::array<std::string_view, 9> plain_stems = {
        "README", "INDEX", "ls-lR", "MD5SUMS", "SHA256SUMS", "Packages", "Release", "CHANGES", "COPYING"};
    static constexpr std::array<std::string_view, 4> plain_extensions = {"", ".gz", ".txt", ".xz"};
    static constexpr std::array<std::string_view, 18> extensions = {
        ".tar.gz", ".tar.xz", ".tar.bz2", ".zip", ".tgz",     ".deb", ".rpm",  ".iso", ".txt",
        ".sig",    ".asc",    ".gz",      ".xz",  ".diff.gz", ".dsc", ".html", ".pdf", ""};
    static constexpr std::array<std::string_view, 10> users = {"mirror", "ftp", "upload",  "guest",    "jdoe",
                                                               "backup", "web", "m.smith", "dev-team", "ftp_user"};
    static constexpr std::array<std::string_view, 8> ports = {"2121", "8021", "990",   "10021",
                                                              "2100", "4021", "60021", "21000"};
};

} // namespace ftpuri_bench
