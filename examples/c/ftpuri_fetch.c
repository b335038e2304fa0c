/* SPDX-License-Identifier: Apache-2.0
 * ftpuri_fetch.c: the guarded fetch from C (ftpuri.h's ftpuri_fetch, in libftpuri_fetch).
 *
 *     ftpuri_fetch_c [--deny-loopback] [--resolve HOST:PORT:ADDRESS] URI
 *
 * Writes the file to stdout; on stderr "ok BYTES CONNECTIONS", or "ID OFFSET LENGTH CODE" when
 * the fetch is refused or fails. Exit status 0, 1 (refused or failed) or 2 (usage).
 * tests/e2e/fetch.py runs it against a real server. */
#include <ftpuri.h>
#include <stdio.h>
#include <string.h>

static int write_out(void* user_data, const char* bytes, size_t size)
{
    (void)user_data;
    return fwrite(bytes, 1, size, stdout) == size;
}

int main(int argc, char** argv)
{
    ftpuri_policy policy = FTPURI_POLICY_INIT;
    ftpuri_fetch_options options = FTPURI_FETCH_OPTIONS_INIT;
    ftpuri_fetch_result result = FTPURI_FETCH_RESULT_INIT;
    ftpuri_diagnostic error = FTPURI_DIAGNOSTIC_INIT;
    const char* resolve[1] = {NULL};
    const char* uri = NULL;
    int i;
    int status;
    for (i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--deny-loopback") == 0) {
            policy.deny |= FTPURI_HOST_CLASS_BIT(FTPURI_HOST_CLASS_LOOPBACK);
        } else if (strcmp(argv[i], "--resolve") == 0 && i + 1 < argc) {
            resolve[0] = argv[++i];
            options.resolve = resolve;
            options.resolve_count = 1;
        } else {
            uri = argv[i];
        }
    }
    if (uri == NULL) {
        (void)fputs("usage: ftpuri_fetch_c [--deny-loopback] [--resolve HOST:PORT:ADDRESS] URI\n", stderr);
        return 2;
    }
    options.timeout_ms = 10000;
    status = ftpuri_fetch(uri, FTPURI_NUL_TERMINATED, NULL, &policy, &options, write_out, NULL, &result, &error);
    if (status == FTPURI_OK) {
        (void)fprintf(stderr, "ok %lu %u\n", (unsigned long)result.bytes, (unsigned)result.connections);
        return 0;
    }
    if (status != FTPURI_INVALID) {
        (void)fprintf(stderr, "bad argument\n");
        return 2;
    }
    (void)fprintf(stderr, "%s %u %u %u\n", error.name, (unsigned)error.offset, (unsigned)error.length,
                  (unsigned)result.reply_code);
    return 1;
}
