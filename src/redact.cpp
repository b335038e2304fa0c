// Password redaction: the rules are in include/ftpuri/redact.hpp.
#include "ftpuri/redact.hpp"

#include <cstdint>
#include <cstring>

namespace ftpuri {
namespace {

// The password as [begin, end) in size_t, so that inputs of any size are handled here and only
// find_password's uint32_t interface has a size limit.
struct span_of_input {
    std::size_t begin;
    std::size_t end;
};

std::optional<span_of_input> locate_password(std::string_view input) noexcept
{
    std::size_t const slashes = input.find("://");
    if (slashes == std::string_view::npos) return std::nullopt;
    std::size_t const authority_begin = slashes + 3;

    // The authority ends where a path, query or fragment begins; '\' too, because WHATWG parsers
    // read it as '/', and what follows is then a path for them.
    std::size_t authority_end = input.find_first_of("/?#\\", authority_begin);
    if (authority_end == std::string_view::npos) authority_end = input.size();

    std::string_view const authority = input.substr(authority_begin, authority_end - authority_begin);
    std::size_t const at = authority.rfind('@'); // the last '@', where WHATWG and curl split
    if (at == std::string_view::npos) return std::nullopt;
    std::size_t const colon = authority.substr(0, at).find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    return span_of_input{authority_begin + colon + 1, authority_begin + at};
}

} // namespace

std::optional<byte_range> find_password(std::string_view input) noexcept
{
    std::optional<span_of_input> const p = locate_password(input);
    if (!p || p->end > UINT32_MAX) return std::nullopt;
    return byte_range{static_cast<std::uint32_t>(p->begin), static_cast<std::uint32_t>(p->end - p->begin)};
}

std::size_t redact_password_into(std::string_view input, std::span<char> out) noexcept
{
    std::optional<span_of_input> const p = locate_password(input);
    if (!p) {
        if (out.size() < input.size()) return SIZE_MAX;
        if (!input.empty()) std::memcpy(out.data(), input.data(), input.size());
        return input.size();
    }

    static constexpr std::string_view mask = "****";
    std::size_t const tail = input.size() - p->end;
    std::size_t const size = p->begin + mask.size() + tail;
    if (out.size() < size) return SIZE_MAX;
    std::memcpy(out.data(), input.data(), p->begin);
    std::memcpy(out.data() + p->begin, mask.data(), mask.size());
    if (tail != 0) std::memcpy(out.data() + p->begin + mask.size(), input.data() + p->end, tail);
    return size;
}

} // namespace ftpuri
