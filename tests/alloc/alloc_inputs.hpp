// SPDX-License-Identifier: Apache-2.0
// tests/alloc/alloc_inputs.hpp: the inputs every allocation test runs over, in every profile.
#pragma once

#include <string>
#include <vector>

#include "ftpuri/parse.hpp"

namespace alloc_test {

// Inputs that reach every branch of the scanner: valid ones with every part, every kind of
// host, warnings of every family, and errors of every family, in both profiles.
inline std::vector<std::string> const& inputs()
{
    static std::vector<std::string> const all = [] {
        std::vector<std::string> v = {
            "ftp://ftp.example.org/pub/README;type=a",
            "FTP://Alice:s3cret@Ftp.Example.org:021/a//b/../%2e%2E/c%2fd.txt;TYPE=I#frag",
            "ftp://anonymous@h/",
            "ftp://@h/",
            "ftp://u:p:q@h/",
            "ftp://[2001:db8::1]:2121/x",
            "ftp://[::ffff:1.2.3.4]/",
            "ftp://[v1.x]/",
            "ftp://[fe80::1%25eth0]/",
            "ftp://[::1/foo/bad]/bad",
            "ftp://1.2.3.4/",
            "ftp://010.0.0.1/",
            "ftp://0x7f.1/",
            "ftp://h_x.example/",
            "ftp://%65xample.com/",
            "ftp://a..b/",
            "ftp://-a/",
            "ftp://h:/",
            "ftp://h:0/",
            "ftp://h:99999999999/",
            "ftp://h:x/",
            "ftp://h/a%0D%0ADELE%20x",
            "ftp://h/a%01b",
            "ftp://h/..%2F..%2Fetc",
            "ftp://h/a%5Cb",
            "ftp://h/../x",
            "ftp://h/%C3%A9%C3",
            "ftp://h/f;typecode=i",
            "ftp://h/f;type=x",
            "ftp://h/a;b/c",
            "ftp://h/q?x=1#f",
            "ftp:/example.com/",
            "ftp://a@b@c/",
            "http://example.com/",
            "example.com/path",
            " ftp://h/",
            "ftp://h/a\tb",
            "ftp://h/\\x",
            "ftp://h/\xC3\xA9",
            "ftp://h/%zz",
            "",
            "  ftp://h/a b/\xC3\xA9;typecode=i  ", // lenient repairs that need no IDNA
            "ftp://u:p:q@h/x",
            // host classes and the policy (docs/sanitizing.md): every kind of class, numeric names with
            // several readings, escapes, trailing dots, allow-listed names and ports
            "ftp://localhost/",
            "ftp://a.LOCALHOST./",
            "ftp://local%68ost/",
            "ftp://127.0.0.1/",
            "ftp://0.0.0.0/",
            "ftp://169.254.169.254/latest/",
            "ftp://10.0.0.7/",
            "ftp://255.255.255.255/",
            "ftp://224.0.0.1/",
            "ftp://240.0.0.1/",
            "ftp://192.0.2.7/",
            "ftp://printer.local/",
            "ftp://svc.internal./",
            "ftp://x.onion/",
            "ftp://[::1]/",
            "ftp://[::]/",
            "ftp://[::127.0.0.1]/",
            "ftp://[64:ff9b::10.0.0.1]/",
            "ftp://[2002:7f00:1::]/",
            "ftp://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
            "ftp://[fc00::1]/",
            "ftp://[ff02::1]/",
            "ftp://[5f00::1]/",
            "ftp://[2001:db8::7]:2121/",
            "ftp://2130706433/",
            "ftp://0177.0.0.1./",
            "ftp://127.0.0.%31/",
            "ftp://09.1/",
            "ftp://1.2.3.4.5/",
            "ftp://ftp.example.org/pub/",
            "ftp://FTP.Example.ORG./pub/",
            "ftp://a.mirror.example.net:21/",
            "ftp://a.mirror.example.net:2121/",
            "ftp://mirror.example.net/",
            "ftp://evil%2F.example.org/",
            "ftp://user:secret@ftp.example.org/",
            "ftp://" + std::string(300, 'a') + ".example/",
        };
        v.push_back("ftp://h/" + std::string(60000, 'a') + "/" + std::string(4000, '%') + "41");
        v.push_back("ftp://h/" + std::string(70000, 'a')); // over the 64 KiB limit
        return v;
    }();
    return all;
}

inline constexpr ftpuri::profile profiles[] = {ftpuri::profile::strict, ftpuri::profile::rfc3986,
                                               ftpuri::profile::lenient};

} // namespace alloc_test
