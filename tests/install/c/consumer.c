/* SPDX-License-Identifier: Apache-2.0 */
/* tests/install/c/consumer.c: a C program built against an installed ftpuri (ftpuri.h only):
 * validates, canonicalizes and plans; exits 0 only when every answer is the expected one. */
#include <ftpuri.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

static void expect(int ok, const char* what)
{
    if (!ok) {
        printf("FAILED: %s\n", what);
        ++failures;
    }
}

int main(void)
{
    ftpuri_diagnostic error = FTPURI_DIAGNOSTIC_INIT;
    expect(ftpuri_validate("ftp://ftp.example.org/pub/", FTPURI_NUL_TERMINATED, NULL, NULL) == FTPURI_OK, "validate");
    expect(ftpuri_validate("ftp://h:x/", FTPURI_NUL_TERMINATED, NULL, &error) == FTPURI_INVALID, "invalid");
    expect(strcmp(error.name, "port.invalid") == 0 && error.offset == 8, "the error's id and offset");

    char out[64];
    size_t n = 0;
    expect(ftpuri_canonicalize("FTP://H:21/%7e/a/../f", FTPURI_NUL_TERMINATED, NULL, 0, out, sizeof out, &n, NULL) ==
               FTPURI_OK,
           "canonicalize");
    expect(strcmp(out, "ftp://h/~/f") == 0 && n == 11, "the canonical form");

    ftpuri_plan plan;
    ftpuri_command command = FTPURI_COMMAND_INIT;
    const char* want[] = {"USER anonymous", "PASS anonymous@", "CWD pub", "RETR f"};
    size_t count = 0;
    expect(ftpuri_plan_init(&plan, "ftp://h/pub/f", FTPURI_NUL_TERMINATED, NULL, NULL, NULL, NULL) == FTPURI_OK,
           "plan");
    while (ftpuri_plan_next(&plan, &command) == FTPURI_OK) {
        expect(ftpuri_plan_write_line(&plan, out, sizeof out, &n) == FTPURI_OK, "a command line");
        expect(count < 4 && strcmp(out, want[count]) == 0, "the command");
        ++count;
    }
    expect(count == 4, "four commands");
    expect(strcmp(ftpuri_version(), FTPURI_VERSION_STRING) == 0, "the library is the headers' version");
    printf("c consumer: ftpuri %s, %s\n", ftpuri_version(), failures == 0 ? "all as expected" : "FAILED");
    return failures == 0 ? 0 : 1;
}
