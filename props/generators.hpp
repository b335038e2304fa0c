// SPDX-License-Identifier: Apache-2.0
// props/generators.hpp: RapidCheck generators for ftp URIs and the bytes inside them.
//
// Every generated type has a showValue() (RapidCheck's customization point, found by ADL in
// this namespace), so that a counterexample prints as one readable line with its non-printable
// bytes escaped (\x00, \x0d, \xc3 ...) and with the profile it was generated for.
//
//   gen_bytes()             arbitrary byte strings, weighted toward / ; % @ : # ? space, '.',
//                           '\', controls and non-ASCII
//   gen_uri(profile)        URIs valid in that profile, as uri_parts (the pieces and the text)
//   gen_variant(parts)      the same resource spelled differently (equivalent by docs/behaviour.md)
//   gen_different(parts)    one meaning-changing edit (another resource, or maybe the same)
//   gen_near_miss()         a valid URI with one byte-level mutation (valid or not)
//   gen_arbitrary_input()   arbitrary bytes, sometimes after an "ftp://"-like prefix
//   gen_builder_case()      decoded user, password, host and segments for the builder property
//
// The generators live in one header per part, each including the one before:
//   gen_types.hpp         the generated types, and how a counterexample of each prints
//   gen_bytes.hpp         choices and bytes: uniform integers, bytes weighted toward those that matter
//   gen_spellings.hpp     re-spellings of a component's raw text that keep its meaning
//   gen_hosts.hpp         hosts: DNS names, IP addresses and their forms, Unicode labels
//   gen_components.hpp    the other components: userinfo, port, path segments, typecode
//   gen_uris.hpp          whole URIs valid in each profile (gen_uri)
//   gen_variants.hpp      the same resource spelled differently, and edits that change it
//   gen_near_misses.hpp   near-misses, arbitrary input, and the builder's components
//
// Sizes: component strings are scaled down from RapidCheck's size (0..100 by default), so a
// URI stays around a few hundred bytes at most; hosts and labels sometimes hit their limits
// (63-byte labels, names near 253 bytes) on purpose.
#pragma once

#include "gen_bytes.hpp"
#include "gen_components.hpp"
#include "gen_hosts.hpp"
#include "gen_near_misses.hpp"
#include "gen_spellings.hpp"
#include "gen_types.hpp"
#include "gen_uris.hpp"
#include "gen_variants.hpp"
