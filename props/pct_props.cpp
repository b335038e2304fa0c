// SPDX-License-Identifier: Apache-2.0
// props/pct_props.cpp: percent-encoding and -decoding (ftpuri/pct.hpp).
#include <string>

#include "generators.hpp"
#include "registry.hpp"

using namespace ftpuri_props;
using ftpuri::write_status;

FTPURI_PROPERTY("pct.roundtrip")
{
    return rc::check(
        "pct.roundtrip: for every encode_set, percent_decode(percent_encode(b)) == b, the output holds only the "
        "set's characters and %XX with uppercase hex, percent_encode_size_bound() is its size",
        [] {
            byte_string const b = *gen_bytes();
            for (encode_set const set : all_encode_sets) {
                RC_LOG() << "encode_set " << encode_set_name(set) << '\n';
                std::string const enc = ftpuri::percent_encode(b.bytes, set);

                // The same as a reference written from the grammar's rule for the set.
                PROP_EQ(enc, ref_encode(b.bytes, set));
                RC_ASSERT(ftpuri::percent_encode_size_bound(b.bytes, set) == enc.size());
                for (std::size_t i = 0; i < enc.size(); ++i) {
                    auto const c = static_cast<unsigned char>(enc[i]);
                    if (c == '%') {
                        RC_ASSERT(i + 2 < enc.size());
                        RC_ASSERT(is_upper_hex(static_cast<unsigned char>(enc[i + 1])));
                        RC_ASSERT(is_upper_hex(static_cast<unsigned char>(enc[i + 2])));
                        i += 2;
                    } else {
                        RC_ASSERT(ref_allowed(set, c));
                        RC_ASSERT(ftpuri::allowed(set).contains(c));
                    }
                }

                ftpuri::percent_decode_result r;
                std::string const dec = ftpuri::percent_decode(enc, &r);
                RC_ASSERT(r.status == write_status::ok);
                RC_ASSERT(r.size == b.bytes.size());
                PROP_EQ(dec, b.bytes);

                // Into a buffer of exactly the size, and of one byte less.
                std::string exact(enc.size(), '\0');
                ftpuri::write_result const er = ftpuri::percent_encode_into(b.bytes, set, exact);
                RC_ASSERT(static_cast<bool>(er));
                RC_ASSERT(er.size == enc.size());
                PROP_EQ(exact, enc);
                if (!enc.empty()) {
                    std::string small(enc.size() - 1, '\0');
                    ftpuri::write_result const sr = ftpuri::percent_encode_into(b.bytes, set, small);
                    RC_ASSERT(!sr);
                    RC_ASSERT(sr.size == enc.size());
                }
            }
        });
}

namespace {

// What percent_decode_into must do with `in` and an output buffer of `room` bytes, worked out
// left to right: the first '%' without two hex digits is invalid at its offset, with the bytes
// decoded before it counted; otherwise a decoded form longer than `room` is buffer_too_small
// with the size it needs, and `room` bytes of it written.
ftpuri::percent_decode_result reference_decode(std::string const& in, std::size_t room, std::string& out)
{
    ftpuri::percent_decode_result r;
    out.clear();
    for (std::size_t i = 0; i < in.size();) {
        auto c = static_cast<unsigned char>(in[i]);
        std::size_t step = 1;
        if (c == '%') {
            bool const well_formed = i + 2 < in.size() && is_hex(static_cast<unsigned char>(in[i + 1])) &&
                                     is_hex(static_cast<unsigned char>(in[i + 2]));
            if (!well_formed) {
                r.status = write_status::invalid;
                r.offset = static_cast<std::uint32_t>(i);
                r.size = out.size();
                if (out.size() > room) out.resize(room);
                return r;
            }
            c = static_cast<unsigned char>(ref_hex_value(static_cast<unsigned char>(in[i + 1])) * 16 +
                                           ref_hex_value(static_cast<unsigned char>(in[i + 2])));
            step = 3;
        }
        out += static_cast<char>(c);
        i += step;
    }
    r.size = out.size();
    if (out.size() > room) {
        r.status = write_status::buffer_too_small;
        out.resize(room);
    }
    return r;
}

} // namespace

FTPURI_PROPERTY("pct.decode")
{
    return rc::check(
        "pct.decode: percent_decode_into rejects exactly the malformed escapes ('%' without two hex digits) at the "
        "offset of the first, and otherwise decodes like a reference decoder, in any buffer size",
        [] {
            byte_string const in = *gen_escape_soup();
            std::optional<std::size_t> const malformed = ref_first_malformed(in.bytes);

            // Unlimited room (percent_decode sizes the buffer itself).
            ftpuri::percent_decode_result r;
            std::string const out = ftpuri::percent_decode(in.bytes, &r);
            std::string expected;
            ftpuri::percent_decode_result const want = reference_decode(in.bytes, in.bytes.size(), expected);
            if (malformed) {
                RC_ASSERT(r.status == write_status::invalid);
                RC_ASSERT(r.offset == *malformed);
            } else {
                RC_ASSERT(r.status == write_status::ok);
            }
            RC_ASSERT(want.status == r.status);
            RC_ASSERT(r.size == want.size);
            PROP_EQ(out, expected);

            // hex_value against the reference, for the bytes of this input.
            for (char c : in.bytes)
                RC_ASSERT(ftpuri::hex_value(static_cast<unsigned char>(c)) ==
                          ref_hex_value(static_cast<unsigned char>(c)));

            // Any smaller buffer: a malformed escape first, else the size needed, and what fitted.
            std::size_t const room = *uniform<std::size_t>(0, in.bytes.size() + 1);
            std::string buffer(room, '\0');
            ftpuri::percent_decode_result const rs = ftpuri::percent_decode_into(in.bytes, buffer);
            ftpuri::percent_decode_result const ws = reference_decode(in.bytes, room, expected);
            RC_LOG() << "buffer of " << room << " bytes\n";
            RC_ASSERT(rs.status == ws.status);
            RC_ASSERT(rs.size == ws.size);
            if (ws.status == write_status::invalid) RC_ASSERT(rs.offset == ws.offset);
            PROP_EQ(buffer.substr(0, rs.size), expected);
        });
}
