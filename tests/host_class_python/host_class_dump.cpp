// SPDX-License-Identifier: Apache-2.0
// tests/host_class_python/host_class_dump.cpp: prints the class ftpuri gives each address.
//
//     host_class_dump < addresses      one address a line: a dotted quad or an IPv6 address
//
// Each line is read with inet_pton() (AF_INET, else AF_INET6), not with the library's own
// parser, and classified with ftpuri::classify_address(); the output is "ADDRESS CLASS" a line,
// CLASS as ftpuri::to_string() spells it. A line inet_pton() refuses prints "ADDRESS ?" and makes
// the exit status 1. crosscheck.py (beside this file) feeds it and judges the answers.
#include <arpa/inet.h>

#include <array>
#include <cstdint>
#include <iostream>
#include <span>
#include <string>

#include "ftpuri/host_class.hpp"

int main()
{
    std::ios::sync_with_stdio(false);
    int status = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        std::array<std::uint8_t, 4> v4{};
        std::array<std::uint8_t, 16> v6{};
        std::cout << line << ' ';
        if (inet_pton(AF_INET, line.c_str(), v4.data()) == 1) {
            std::cout << ftpuri::to_string(ftpuri::classify_address(std::span<std::uint8_t const, 4>(v4))) << '\n';
        } else if (inet_pton(AF_INET6, line.c_str(), v6.data()) == 1) {
            std::cout << ftpuri::to_string(ftpuri::classify_address(std::span<std::uint8_t const, 16>(v6))) << '\n';
        } else {
            std::cout << "?\n";
            status = 1;
        }
    }
    return status;
}
