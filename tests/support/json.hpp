// SPDX-License-Identifier: Apache-2.0
// tests/support/json.hpp: reading RapidJSON values (the records of tests/data/*.jsonl).
#pragma once

#include <rapidjson/document.h>

#include <string_view>

namespace ftpuri_test {

using json = rapidjson::Value;

// The text of a string value.
inline std::string_view json_str(json const& v)
{
    return {v.GetString(), v.GetStringLength()};
}

// The member `name` of an object; nullptr when `obj` is no object or has no such member.
inline json const* json_member(json const& obj, char const* name)
{
    if (!obj.IsObject()) return nullptr;
    auto it = obj.FindMember(name);
    return it == obj.MemberEnd() ? nullptr : &it->value;
}

// The text of the string member `name`; "" when there is none or it is no string.
inline std::string_view json_member_str(json const& obj, char const* name)
{
    json const* v = json_member(obj, name);
    return v && v->IsString() ? json_str(*v) : std::string_view();
}

} // namespace ftpuri_test
