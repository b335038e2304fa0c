/* SPDX-License-Identifier: Apache-2.0
 * A C consumer of the installed fetch component, through pkg-config ftpuri-fetch: a connection
 * refused at connect time, before any byte is sent (tests/install/fetch.sh). */
#include <ftpuri.h>
#include <stdio.h>
#include <string.h>

static int discard(void* user_data, const char* bytes, size_t size)
{
    (void)user_data;
    (void)bytes;
    (void)size;
    return 1;
}

int main(void)
{
    ftpuri_policy policy = FTPURI_POLICY_INIT;
    ftpuri_fetch_options options = FTPURI_FETCH_OPTIONS_INIT;
    ftpuri_diagnostic error = FTPURI_DIAGNOSTIC_INIT;
    const char* resolve[1] = {"files.example.com:21:127.0.0.2"};
    int status;
    policy.deny = FTPURI_HOST_CLASS_BIT(FTPURI_HOST_CLASS_LOOPBACK);
    options.resolve = resolve;
    options.resolve_count = 1;
    status = ftpuri_fetch("ftp://files.example.com/f", FTPURI_NUL_TERMINATED, NULL, &policy, &options, discard, NULL,
                          NULL, &error);
    if (status != FTPURI_INVALID || strcmp(error.name, "fetch.address-denied") != 0) {
        puts("wrong answer");
        return 1;
    }
    puts("ok");
    return 0;
}
