// SPDX-License-Identifier: Apache-2.0
// tests/no_idn2/no_idn2_check.cpp: what ftpuri built without libidn2 (FTPURI_WITH_IDN2=OFF)
// accepts and refuses. Whatever needs IDNA (a lenient Unicode host, an "xn--" label in any
// profile) is refused as host.idna-unavailable, at the host or at the label; what needs none (a
// lenient host that only decodes to ASCII, a plain ASCII host) is accepted as before. Prints
// each failed check and returns 1 if any failed.
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"

namespace {

int failures = 0;

std::string_view profile_name(ftpuri::profile p)
{
    switch (p) {
    case ftpuri::profile::strict: return "strict";
    case ftpuri::profile::rfc3986: return "rfc3986";
    case ftpuri::profile::lenient: return "lenient";
    }
    return "?";
}

void failed(std::string_view input, ftpuri::profile p, std::string const& what)
{
    ++failures;
    std::printf("FAILED: \"%.*s\" (%.*s): %s\n", static_cast<int>(input.size()), input.data(),
                static_cast<int>(profile_name(p).size()), profile_name(p).data(), what.c_str());
}

// `input` is invalid in profile `p` with the error host.idna-unavailable at [offset, offset + length).
void expect_unavailable(std::string_view input, ftpuri::profile p, std::uint32_t offset, std::uint32_t length)
{
    ftpuri::parse_result const r = ftpuri::parse(input, ftpuri::parse_options{p});
    if (r.has_value()) {
        failed(input, p, "valid; expected the error host.idna-unavailable");
        return;
    }
    ftpuri::diagnostic const& e = r.error();
    if (e.id != ftpuri::diag_id::host_idna_unavailable || e.level != ftpuri::severity::error ||
        e.where != ftpuri::component::host || e.offset != offset || e.length != length) {
        failed(input, p,
               std::string("error ") + std::string(e.info().name) + " at " + std::to_string(e.offset) + "+" +
                   std::to_string(e.length) + "; expected host.idna-unavailable at " + std::to_string(offset) + "+" +
                   std::to_string(length));
    }
    if (ftpuri::validate(input, ftpuri::parse_options{p})) failed(input, p, "validate() says valid");
    // Collecting warnings takes the other scan: the same error.
    ftpuri::diagnostic_list list;
    if (ftpuri::parse(input, ftpuri::parse_options{p}, list).has_value() ||
        !list.contains(ftpuri::diag_id::host_idna_unavailable))
        failed(input, p, "parse() with a diagnostic_list does not report host.idna-unavailable");
}

// `input` is valid in profile `p` and its canonical form is `canonical`.
void expect_valid(std::string_view input, ftpuri::profile p, std::string_view canonical)
{
    ftpuri::parse_options const options{p};
    ftpuri::parse_result const r = ftpuri::parse(input, options);
    if (!r.has_value()) {
        failed(input, p, "invalid: " + std::string(r.error().info().name));
        return;
    }
    if (!ftpuri::validate(input, options)) failed(input, p, "validate() says invalid");
    std::optional<std::string> const written = ftpuri::canonicalize(input, options);
    if (!written || *written != canonical)
        failed(input, p, "canonical form " + written.value_or("(none)") + "; expected " + std::string(canonical));
}

} // namespace

int main()
{
    using ftpuri::profile;
    constexpr profile all[] = {profile::strict, profile::rfc3986, profile::lenient};

    // The id itself.
    ftpuri::diag_info const& row = ftpuri::info(ftpuri::diag_id::host_idna_unavailable);
    if (row.name != "host.idna-unavailable" || row.level != ftpuri::severity::error) {
        ++failures;
        std::printf("FAILED: the catalogue's row of host.idna-unavailable\n");
    }

    // A lenient Unicode host, raw or percent-encoded: the whole host (6 is after "ftp://").
    expect_unavailable("ftp://b\xC3\xBC"
                       "cher.example/",
                       profile::lenient, 6, 15);
    expect_unavailable("ftp://b%C3%BCcher.example/", profile::lenient, 6, 19);
    // Not UTF-8, but still not ASCII: what IDNA would have refused, this build cannot judge. The
    // byte first, and %80, the lowest that is not ASCII (docs/mutation.md: the build with
    // libidn2 reads these as reg-names whether or not they count as Unicode, so only this one
    // tells).
    expect_unavailable("ftp://%FFa/", profile::lenient, 6, 4);
    expect_unavailable("ftp://a%80/", profile::lenient, 6, 4);
    // An "xn--" label, in every profile: the label.
    for (profile p : all)
        expect_unavailable("ftp://xn--bcher-kva.example/", p, 6, 13);
    expect_unavailable("ftp://ftp.xn--bcher-kva.example/", profile::strict, 10, 13);
    expect_unavailable("ftp://ftp.XN--bcher-kva.example/", profile::lenient, 10, 13);
    // A lenient host that decodes to an "xn--" label: the whole host, as any converted host.
    expect_unavailable("ftp://%78n--bcher-kva.example/", profile::lenient, 6, 23);

    // What needs no IDNA is accepted as before.
    expect_valid("ftp://%65xample.com/", profile::lenient, "ftp://example.com/");
    expect_valid("ftp://EXAMPLE.com/", profile::lenient, "ftp://example.com/");
    // %7F, the highest escape that is ASCII, is no Unicode host: a reg-name, as with libidn2.
    expect_valid("ftp://a%7F/", profile::lenient, "ftp://a%7F/");
    for (profile p : all) {
        expect_valid("ftp://ftp.example.org/pub/", p, "ftp://ftp.example.org/pub/");
        expect_valid("ftp://a-xn--b.example/", p, "ftp://a-xn--b.example/"); // "xn--" not at the start
    }

    if (failures != 0) {
        std::printf("%d check(s) failed\n", failures);
        return 1;
    }
    std::printf("all checks passed\n");
    return 0;
}
