// SPDX-License-Identifier: Apache-2.0
// src/idna.cpp: UTS #46 through libidn2, or, built without it (FTPURI_WITH_IDN2=0), ASCII only.
#include "idna.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#if FTPURI_WITH_IDN2
#include <idn2.h>
#endif

#include "ftpuri/pct.hpp"
#include "text.hpp"

namespace ftpuri {

std::size_t idna_to_ascii(std::string_view raw_host, std::span<char> out) noexcept
{
    std::array<char, idna_max_decoded> decoded{};
    percent_decode_result const d = percent_decode_into(raw_host, decoded);
    if (!d) return 0;
    return idna_map_decoded(std::string_view(decoded.data(), d.size), out);
}

std::size_t idna_map_decoded(std::string_view decoded, std::span<char> out) noexcept
{
    if (decoded.size() > idna_max_decoded || decoded.find('\0') != std::string_view::npos) return 0;

    // A host that decodes to ASCII needs no Unicode processing (UTS #46 maps ASCII letters to
    // lowercase and leaves the rest to the DNS rules checked afterwards), and so no libidn2:
    // "%65xample.com" costs no allocation.
    bool const ascii_only =
        std::none_of(decoded.begin(), decoded.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    if (ascii_only) {
        if (decoded.size() > out.size()) return 0;
        for (std::size_t i = 0; i < decoded.size(); ++i)
            out[i] = static_cast<char>(to_lower_ascii(static_cast<unsigned char>(decoded[i])));
        return decoded.size();
    }

#if FTPURI_WITH_IDN2
    // idna_max_decoded bytes and the NUL libidn2 reads to.
    std::array<char, idna_max_decoded + 1> text{};
    std::copy(decoded.begin(), decoded.end(), text.begin());
    std::uint8_t* ascii = nullptr;
    int const rc = idn2_lookup_u8(reinterpret_cast<std::uint8_t const*>(text.data()), &ascii,
                                  IDN2_NONTRANSITIONAL | IDN2_NFC_INPUT);
    if (rc != IDN2_OK || ascii == nullptr) {
        idn2_free(ascii);
        return 0;
    }
    std::size_t const n = std::strlen(reinterpret_cast<char const*>(ascii));
    bool const fits = n > 0 && n <= out.size();
    if (fits) std::memcpy(out.data(), ascii, n);
    idn2_free(ascii);
    return fits ? n : 0;
#else
    return 0; // Unicode: no IDNA in this build (the scanner reports host.idna-unavailable)
#endif
}

bool is_a_label(std::string_view label) noexcept
{
#if FTPURI_WITH_IDN2
    // Hosts are case-insensitive, Punycode is not: "xn--Bcher-kva" decodes to "Bücher", which
    // IDNA2008 disallows. The canonical form of the host is lowercase, so that is what is judged.
    std::array<char, 64> lower{};
    if (label.empty() || label.size() >= lower.size()) return false;
    for (std::size_t i = 0; i < label.size(); ++i)
        lower[i] = static_cast<char>(to_lower_ascii(static_cast<unsigned char>(label[i])));
    std::uint8_t* checked = nullptr;
    int const rc = idn2_lookup_u8(reinterpret_cast<std::uint8_t const*>(lower.data()), &checked, IDN2_NO_TR46);
    idn2_free(checked);
    return rc == IDN2_OK;
#else
    static_cast<void>(label);
    return false; // nothing can vouch for it
#endif
}

std::optional<rules::finding> find_invalid_a_label(std::string_view name) noexcept
{
    // Every ACE prefix holds "--": a name without one has no label to check.
    if (name.find("--") == std::string_view::npos) return std::nullopt;
    std::size_t label = 0;
    for (std::size_t q = 0; q <= name.size(); ++q) {
        if (q < name.size() && name[q] != '.') continue;
        std::string_view const text = name.substr(label, q - label);
        if (has_ace_prefix(text) && !is_a_label(text))
            return rules::finding{idna_available ? diag_id::host_punycode_invalid : diag_id::host_idna_unavailable,
                                  static_cast<std::uint32_t>(label), static_cast<std::uint32_t>(text.size())};
        label = q + 1;
    }
    return std::nullopt;
}

} // namespace ftpuri
