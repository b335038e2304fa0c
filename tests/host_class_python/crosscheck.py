#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tests/host_class_python/crosscheck.py: ftpuri's address classes against Python's ipaddress.

    crosscheck.py --tool build/tests/host_class_dump [--count N] [--seed S] [--corrupt]

Draws N addresses (default 40000) from a fixed seed, biased toward the edges of every range
ftpuri classifies (the first and last address of each row and the one just outside it) and
toward every IPv6 form that carries an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64
64:ff9b::/96, 6to4, Teredo), asks host_class_dump (host_class_dump.cpp) for ftpuri's class of
each, and recomputes the class here with the standard library's `ipaddress`, written from
what docs/sanitizing.md found out about what each ipaddress predicate means in each Python version:

  - Python's predicates where they are exact in every version: is_loopback, is_link_local,
    is_multicast, is_reserved (240/4) of an IPv4Address; is_link_local, is_multicast,
    is_site_local, is_reserved (the "Reserved by IETF" blocks outside 2000::/3) of an
    IPv6Address that is not IPv4-mapped; ipv4_mapped, sixtofour and teredo;
  - is_private / is_global where they are exact up to the documented exception lists:
    private IPv4 100.64/10 is the only place where is_private and is_global are both False;
    ftpuri's public IPv4 is is_global minus multicast and the special-purpose rows Python calls
    global; ftpuri's public IPv6 is is_global inside 2000::/3 minus 2001::/23, 2002::/16,
    3fff::/20 and 2620:4f:8000::/48;
  - by hand what Python does not do: 0/8, 255.255.255.255, the documentation ranges, and the
    unwrapping of IPv4-compatible and NAT64 addresses (and of mapped ones, whose IPv6
    predicates differ between 3.11, 3.13 and later).

The predicates it relies on behave alike in 3.11.2 (Debian, with the CVE-2024-4032 fix),
3.11.7 and 3.12.1 (without it), 3.13.0 and later, so the test passes under whichever python3
runs it. The oracle also checks itself: every address must fall in exactly one of its classes.

--corrupt changes the tool's answer for the first loopback address before comparing: the run
must then fail (ctest's host_class.python_crosscheck.shown_able_to_fail expects MISMATCH).
Exit status 0 when every class agrees, 1 otherwise (each disagreement printed: address, ours,
Python's and how the oracle got it).
"""

import argparse
import ipaddress
import random
import subprocess
import sys

V4 = ipaddress.IPv4Address
V6 = ipaddress.IPv6Address
N4 = ipaddress.IPv4Network
N6 = ipaddress.IPv6Network

# ---- the oracle ------------------------------------------------------------------------------

V4_BROADCAST = V4("255.255.255.255")
V4_THIS_NETWORK = N4("0.0.0.0/8")
V4_RFC1918 = [N4("10.0.0.0/8"), N4("172.16.0.0/12"), N4("192.168.0.0/16")]
V4_DOCUMENTATION = [N4("192.0.2.0/24"), N4("198.51.100.0/24"), N4("203.0.113.0/24")]
# IANA special-purpose rows that Python's is_global calls global (in some or all versions) and
# ftpuri calls reserved (rows Globally Reachable in the registry, and terminated ones), and
# 198.18/15, which Python calls private.
V4_RESERVED_ROWS = [N4("192.0.0.0/24"), N4("192.31.196.0/24"), N4("192.52.193.0/24"), N4("192.88.99.0/24"),
                    N4("192.175.48.0/24"), N4("198.18.0.0/15")]

V6_ULA = N6("fc00::/7")
V6_NAT64 = N6("64:ff9b::/96")
V6_DOCUMENTATION = [N6("2001:db8::/32"), N6("3fff::/20")]
V6_GLOBAL_UNICAST = N6("2000::/3")
V6_RESERVED_IN_GLOBAL = [N6("2001::/23"), N6("2002::/16"), N6("2620:4f:8000::/48")]


def in_any(a, networks):
    return any(a in n for n in networks)


def classes_v4(a):
    """Every class the oracle's rules give an IPv4 address (exactly one, when they are right)."""
    found = []
    if a == V4_BROADCAST:
        found.append("broadcast")
    if a in V4_THIS_NETWORK:
        found.append("unspecified")
    if a.is_loopback:
        found.append("loopback")
    if a.is_link_local:
        found.append("link-local")
    # not is_private and not is_global: 100.64/10 (RFC 6598) and nothing else, in every version.
    if in_any(a, V4_RFC1918) or (not a.is_private and not a.is_global):
        found.append("private")
    if in_any(a, V4_DOCUMENTATION):
        found.append("documentation")
    if a.is_multicast:
        found.append("multicast")
    if (a.is_reserved and a != V4_BROADCAST) or in_any(a, V4_RESERVED_ROWS):
        found.append("reserved")
    if a.is_global and not a.is_multicast and not in_any(a, V4_RESERVED_ROWS):
        found.append("public")
    return found


def classify_v4(a):
    found = classes_v4(a)
    if len(found) != 1:
        raise AssertionError("oracle: %s is in %s, not exactly one class" % (a, found or "no"))
    return found[0], "ipv4"


def classify_v6(a):
    """The class and how it was found (the wrapper unwrapped, or 'ipv6')."""
    n = int(a)
    if n == 0:
        return "unspecified", "ipv6"
    if n == 1:
        return "loopback", "ipv6"
    mapped = a.ipv4_mapped
    if mapped is not None:
        return classify_v4(mapped)[0], "mapped %s" % mapped
    if n >> 32 == 0:
        inner = V4(n & 0xFFFFFFFF)
        return classify_v4(inner)[0], "compatible %s" % inner
    if a in V6_NAT64:
        inner = V4(n & 0xFFFFFFFF)
        return classify_v4(inner)[0], "nat64 %s" % inner
    # 6to4 and Teredo: the carried IPv4's class when it is not public; else the table's (reserved).
    carried = None
    if a.sixtofour is not None:
        carried = ("6to4", a.sixtofour)
    elif a.teredo is not None:
        carried = ("teredo client", a.teredo[1])
    if carried is not None:
        inner = classify_v4(carried[1])[0]
        if inner != "public":
            return inner, "%s %s" % carried
    found = []
    if a.is_link_local:
        found.append("link-local")
    if a in V6_ULA or a.is_site_local:
        found.append("private")
    if a.is_multicast:
        found.append("multicast")
    if in_any(a, V6_DOCUMENTATION):
        found.append("documentation")
    # is_reserved: the "Reserved by IETF" blocks, i.e. outside 2000::/3, fc00::/7, fe80::/10,
    # fec0::/10 and ff00::/8 (5f00::/16, 100::/64, 64:ff9b:1::/48, ::ffff:0:0:0/96 among them).
    if a.is_reserved or in_any(a, V6_RESERVED_IN_GLOBAL):
        found.append("reserved")
    if a in V6_GLOBAL_UNICAST and a.is_global and not in_any(a, V6_RESERVED_IN_GLOBAL + V6_DOCUMENTATION):
        found.append("public")
    if len(found) != 1:
        raise AssertionError("oracle: %s is in %s, not exactly one class" % (a, found or "no"))
    return found[0], ("6to4/teredo carrying a public %s" % carried[1]) if carried else "ipv6"


# ---- the addresses -----------------------------------------------------------------------------

# Every range either side classifies, and a few more whose edges are worth a look. The edges
# are drawn from these; the classes are not (the oracle above decides them).
V4_RANGES = [
    "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
    "192.0.0.0/24", "192.0.0.0/29", "192.0.0.8/32", "192.0.0.9/32", "192.0.0.10/32", "192.0.0.170/31",
    "192.0.2.0/24", "192.31.196.0/24", "192.52.193.0/24", "192.88.99.0/24", "192.88.99.2/32",
    "192.168.0.0/16", "192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
    "224.0.0.0/4", "233.252.0.0/24", "240.0.0.0/4", "255.255.255.255/32", "1.0.0.0/8", "8.8.8.0/24",
]
V6_RANGES = [
    "::/128", "::1/128", "::/96", "::ffff:0:0/96", "::ffff:0:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48",
    "100::/64", "100:0:0:1::/64", "2000::/3", "2001::/23", "2001::/32", "2001:1::1/128", "2001:1::2/128",
    "2001:1::3/128", "2001:2::/48", "2001:3::/32", "2001:4:112::/48", "2001:10::/28", "2001:20::/28",
    "2001:30::/28", "2001:200::/23", "2001:db8::/32", "2002::/16", "2620:4f:8000::/48", "3fff::/20",
    "4000::/3", "5f00::/16", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8", "2606:4700::/32",
]


def edges(network):
    """First, last, one before and one after (where they exist)."""
    first = int(network.network_address)
    last = int(network.broadcast_address)
    top = (1 << network.max_prefixlen) - 1
    out = [first, last]
    if first > 0:
        out.append(first - 1)
    if last < top:
        out.append(last + 1)
    return out


def inside(rng, network):
    return int(network.network_address) + rng.randrange(network.num_addresses)


class Draw:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.v4_nets = [N4(r) for r in V4_RANGES]
        self.v6_nets = [N6(r) for r in V6_RANGES]

    def v4_int(self):
        r = self.rng.random()
        if r < 0.45:
            return self.rng.choice(edges(self.rng.choice(self.v4_nets)))
        if r < 0.75:
            return inside(self.rng, self.rng.choice(self.v4_nets))
        return self.rng.getrandbits(32)

    def v6_int(self):
        rng = self.rng
        kind = rng.randrange(10)
        v4 = self.v4_int()
        if kind == 0:  # IPv4-mapped
            return 0xFFFF << 32 | v4
        if kind == 1:  # IPv4-compatible (:: and ::1 among them, now and then)
            return v4 if rng.random() < 0.9 else rng.randrange(4)
        if kind == 2:  # NAT64 well-known prefix
            return int(V6("64:ff9b::")) | v4
        if kind == 3:  # 6to4: the IPv4 in bits 16-47, anything after
            return 0x2002 << 112 | v4 << 80 | rng.getrandbits(80)
        if kind == 4:  # Teredo: server, flags, port, client inverted in the last 32 bits
            return 0x20010000 << 96 | rng.getrandbits(32) << 64 | rng.getrandbits(32) << 32 | (~v4 & 0xFFFFFFFF)
        if kind <= 6:
            return rng.choice(edges(rng.choice(self.v6_nets)))
        if kind <= 8:
            return inside(rng, rng.choice(self.v6_nets))
        # Uniform over the space, or over 2000::/3 (where most of the rows are).
        return rng.getrandbits(128) if rng.random() < 0.5 else 0x2 << 125 | rng.getrandbits(125)

    def address_text(self):
        """One address, in one of the spellings inet_pton reads."""
        rng = self.rng
        if rng.random() < 0.35:
            return str(V4(self.v4_int()))
        a = V6(self.v6_int())
        style = rng.randrange(3)
        if style == 0:
            return a.compressed
        if style == 1:
            return a.exploded.upper() if rng.random() < 0.5 else a.exploded
        # The last 32 bits as a dotted quad.
        n = int(a)
        head = ":".join("%x" % (n >> (112 - 16 * i) & 0xFFFF) for i in range(6))
        return "%s:%s" % (head, V4(n & 0xFFFFFFFF))


# ---- the comparison --------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", required=True, help="the host_class_dump binary")
    parser.add_argument("--count", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--corrupt", action="store_true",
                        help="change the tool's class of the first loopback address (the test must fail)")
    args = parser.parse_args()

    draw = Draw(args.seed)
    texts = [draw.address_text() for _ in range(args.count)]
    done = subprocess.run([args.tool], input="\n".join(texts) + "\n", capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print("host_class_dump failed (exit %d): %s" % (done.returncode, done.stderr.strip()))
        return 1
    lines = done.stdout.splitlines()
    if len(lines) != len(texts):
        print("host_class_dump printed %d lines for %d addresses" % (len(lines), len(texts)))
        return 1

    corrupted = not args.corrupt
    mismatches = 0
    per_class = {}
    per_wrapper = {}
    for text, line in zip(texts, lines):
        address, _, ours = line.rpartition(" ")
        if address != text:
            print("host_class_dump answered %r for %r" % (line, text))
            return 1
        a = ipaddress.ip_address(text)
        expected, how = classify_v4(a) if a.version == 4 else classify_v6(a)
        if not corrupted and expected == "loopback":
            ours, corrupted = "public", True
        per_class[expected] = per_class.get(expected, 0) + 1
        wrapper = how.split(" ")[0]
        per_wrapper[wrapper] = per_wrapper.get(wrapper, 0) + 1
        if ours != expected:
            mismatches += 1
            if mismatches <= 50:
                print("MISMATCH %s: ftpuri says %s, Python's ipaddress %s (%s)" % (text, ours, expected, how))

    print("python %s; %d addresses, seed %d" % (sys.version.split()[0], len(texts), args.seed))
    print("  by class:   " + ", ".join("%s %d" % kv for kv in sorted(per_class.items())))
    print("  by form:    " + ", ".join("%s %d" % kv for kv in sorted(per_wrapper.items())))
    if mismatches:
        print("%d MISMATCHes" % mismatches)
        return 1
    print("all agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
