// SPDX-License-Identifier: Apache-2.0
// dns_name_shape_test: the host shortcut (src/scan/dns_name_shape.hpp) finds where a run of
// lowercase name bytes ends, and says "a plain DNS name" exactly when the run is the whole name,
// the DNS rules find nothing and no "--" calls for the A-label check: on every name of five kinds
// of byte up to eight long and on random names up to 34 bytes (31 at most taken), wherever the name lies in the input,
// inputs from 8 bytes on; and never at the portable level, whose scan the tests take as the reference.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>

#include "idna.hpp"
#include "rules/dns_name.hpp"
#include "scan/byte_runs.hpp"
#include "scan/dns_name_shape.hpp"
#include "support/simd_level_guard.hpp"

namespace {

using ftpuri::detail::simd_level;

// What the rules say: nothing to find, and no "--" (find_invalid_a_label() has work only then).
bool rules_pass(std::string_view name)
{
    bool const pass = !ftpuri::rules::check_dns_name(name) && name.find("--") == std::string_view::npos;
    if (pass) {
        EXPECT_FALSE(ftpuri::find_invalid_a_label(name)) << name;
    }
    return pass;
}

// Where the run of lowercase name bytes from `begin` ends: at the first other byte, the input's
// end, or 32 bytes on.
std::size_t run_end(std::string const& input, std::size_t begin)
{
    std::size_t end = begin;
    while (end < input.size() && end < begin + 32 && (ftpuri::rules::dns_name_char.contains(input[end])) &&
           !(input[end] >= 'A' && input[end] <= 'Z'))
        ++end;
    return end;
}

// Whether the shortcut takes the name of `length` bytes at `begin` whole, checking the run's end
// it reports on the way.
bool shortcut(std::string const& input, std::size_t begin, std::size_t length)
{
    auto const* s = reinterpret_cast<unsigned char const*>(input.data());
    ftpuri::detail::name_shape const shape =
        ftpuri::detail::read_name_shape(s, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(input.size()));
    if (ftpuri::detail::active_simd_level != simd_level::scalar && input.size() >= 8) {
        EXPECT_EQ(shape.end, run_end(input, begin)) << input;
    }
    return shape.plain && shape.end == begin + length;
}

using level_guard = ftpuri_test::simd_level_guard;

// The name in four places: with a long path after it, as the input's last bytes (the window
// then ends at the input's end), as the last bytes of an input of exactly 32 (the shortest the
// read takes in two loads of 16 bytes), and in inputs shorter than 32 bytes, ending the input or
// before a "/" (an input under 8 bytes is never read).
std::size_t check(std::string const& name)
{
    std::size_t failures = 0;
    bool const lowercase = name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-.") == std::string::npos;
    bool const expected = !name.empty() && name.size() < 32 && lowercase && rules_pass(name);
    std::string const before = "ftp://user@";
    std::string const followed = before + name + "/pub/debian/dists/bookworm/Release";
    std::string const last = std::string(40, 'x') + name;
    // Dots and hyphens after the name are no part of it.
    std::string const ported = before + name + ":21/a-b.c-d/.e-/f..g--h/-";
    if (shortcut(ported, before.size(), name.size()) != expected) {
        ADD_FAILURE() << "before a port: \"" << name << "\" expected " << expected;
        ++failures;
    }
    if (shortcut(followed, before.size(), name.size()) != expected) {
        ADD_FAILURE() << "followed: \"" << name << "\" expected " << expected;
        ++failures;
    }
    if (shortcut(last, 40, name.size()) != expected) {
        ADD_FAILURE() << "last: \"" << name << "\" expected " << expected;
        ++failures;
    }
    if (name.size() <= 32) {
        std::string const exact = std::string(32 - name.size(), 'x') + name;
        if (shortcut(exact, exact.size() - name.size(), name.size()) != expected) {
            ADD_FAILURE() << "in 32 bytes: \"" << name << "\" expected " << expected;
            ++failures;
        }
    }
    if (name.size() < 25) {
        std::string const tiny = "ftp://" + name + "/";
        std::string const at_the_end = "ftp://" + name;
        if (shortcut(tiny, 6, name.size()) != expected ||
            shortcut(at_the_end, 6, name.size()) != (expected && at_the_end.size() >= 8)) {
            ADD_FAILURE() << "in an input under 32 bytes: \"" << name << "\" expected " << expected;
            ++failures;
        }
    }
    return failures;
}

TEST(DnsNameShape, EveryShortNameOfFiveKindsOfByte)
{
    level_guard const sse2(simd_level::sse2);
    constexpr std::string_view alphabet = "a-.A_";
    std::size_t failures = 0;
    std::size_t taken = 0;
    for (std::size_t length = 1; length <= 8 && failures < 20; ++length) {
        std::size_t count = 1;
        for (std::size_t i = 0; i < length; ++i)
            count *= alphabet.size();
        for (std::size_t k = 0; k < count && failures < 20; ++k) {
            std::string name;
            for (std::size_t i = 0, rest = k; i < length; ++i, rest /= alphabet.size())
                name += alphabet[rest % alphabet.size()];
            failures += check(name);
            if (name.find_first_of("A_") == std::string::npos && rules_pass(name)) ++taken;
        }
    }
    EXPECT_EQ(failures, 0U);
    EXPECT_GT(taken, 200U); // the shortcut's yes was asked often, not only its no
}

TEST(DnsNameShape, RandomNamesUpTo34Bytes)
{
    level_guard const sse2(simd_level::sse2);
    std::mt19937 random(20261128); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    constexpr std::string_view alphabet = "abcxyzAZ0129-.._%";
    std::size_t failures = 0;
    for (int i = 0; i < 50000 && failures < 20; ++i) {
        std::size_t const length = 1 + static_cast<std::size_t>(random() % 34);
        std::string name;
        for (std::size_t k = 0; k < length; ++k)
            name += (random() % 3 == 0) ? alphabet[random() % alphabet.size()] : static_cast<char>('a' + random() % 26);
        failures += check(name);
    }
    EXPECT_EQ(failures, 0U);
}

TEST(DnsNameShape, RealNamesAreTakenAndFaultsAreNot)
{
    level_guard const sse2(simd_level::sse2);
    for (std::string const name :
         {"ftp.debian.org", "mirror.example.net.", "a", "x-y.z", "ftp.kernel.org", "0123456789abcdefghijklmnopqrstu"})
        EXPECT_TRUE(shortcut("ftp://" + name + "/pub/linux/kernel/v6.x/x.tar.xz", 6, name.size())) << name;
    for (std::string const name :
         {"-a.b", "a-.b", "a..b", ".a", "a.b..", "xn--a.b", "ab--cd", "a_b", "A.B%41", "Ftp.b"})
        EXPECT_FALSE(shortcut("ftp://" + name + "/pub/linux/kernel/v6.x/x.tar.xz", 6, name.size())) << name;
    // 31 bytes, the longest the read takes, with its trailing "." in the last lane: the mark of
    // that "." must not clear another lane's (a shift by 32 wraps to lane 0 on x86).
    std::string const inner(29, 'a');
    EXPECT_TRUE(shortcut("ftp://" + inner + "a." + "/pub", 6, 31));
    for (std::string const& name : {"." + inner + ".", "-" + inner + ".", inner + "-."})
        EXPECT_FALSE(shortcut("ftp://" + name + "/pub/linux/kernel/v6.x/x.tar.xz", 6, name.size())) << name;
    // A host that begins at the input's end ("ftp://...@"): an empty run, whatever the bytes
    // before it, in an input longer than the read too.
    EXPECT_FALSE(shortcut(std::string(40, 'x'), 40, 0));
    EXPECT_FALSE(shortcut(std::string(20, 'x'), 20, 0));
    // 32 bytes: the read cannot see where the name ends.
    std::string const long_name(32, 'a');
    EXPECT_FALSE(shortcut("ftp://" + long_name + "/pub/linux/kernel/v6.x/x.tar.xz", 6, long_name.size()));
}

TEST(DnsNameShape, NeverAtThePortableLevel)
{
    level_guard const scalar(simd_level::scalar);
    EXPECT_FALSE(shortcut("ftp://ftp.debian.org/debian/dists/bookworm/Release", 6, 14));
}

} // namespace
