/* SPDX-License-Identifier: Apache-2.0 */
/* examples/c/ftpuri_example.c: the C API of ftpuri.h, whole: validate each URI given on the
 * command line, and for a valid one print its parts, canonical form, host class and the FTP
 * commands it stands for. C99 and ftpuri.h only; ctest runs it and compares its output with
 * expected.txt beside it.
 *
 *     ftpuri_example "ftp://jo@ftp.example.org/pub/READ%20ME;type=a" "ftp://h/a b"
 */
#include <ftpuri.h>
#include <stdio.h>

static void print_part(const char* uri, const char* label, ftpuri_range r)
{
    if (r.offset == FTPURI_NPOS) return;
    printf("  %-9s %.*s\n", label, (int)r.length, uri + r.offset);
}

/* What a linter prints: the error, where it is, and what to do. */
static void print_error(const char* uri, const ftpuri_diagnostic* e)
{
    printf("  error %s at byte %u: %s\n", e->name, (unsigned)e->offset, e->message);
    printf("    %s\n    %*s^\n", uri, (int)e->offset, "");
    printf("  hint: %s\n", e->hint);
}

static int check(const char* uri)
{
    ftpuri_diagnostic error = FTPURI_DIAGNOSTIC_INIT;
    ftpuri_uri parts = FTPURI_URI_INIT;
    printf("%s\n", uri);
    if (ftpuri_parse(uri, FTPURI_NUL_TERMINATED, NULL, &parts, &error) != FTPURI_OK) {
        print_error(uri, &error);
        return 1;
    }
    print_part(uri, "user", parts.user);
    print_part(uri, "host", parts.host);
    print_part(uri, "path", parts.path);
    print_part(uri, "name", parts.name);
    printf("  %-9s %u\n", "port", (unsigned)parts.port_number);

    char canonical[512];
    size_t n = 0;
    if (ftpuri_canonicalize(uri, FTPURI_NUL_TERMINATED, NULL, 0, canonical, sizeof canonical, &n, NULL) == FTPURI_OK)
        printf("  canonical %s\n", canonical);

    uint32_t host_class = 0;
    if (ftpuri_classify_host(uri, FTPURI_NUL_TERMINATED, NULL, &host_class, NULL) == FTPURI_OK)
        printf("  class     %s\n", ftpuri_host_class_name(host_class));

    /* The plan lives on the stack; its commands are computed as they are asked for. */
    ftpuri_plan plan;
    int ask_password = 0;
    if (ftpuri_plan_init(&plan, uri, FTPURI_NUL_TERMINATED, NULL, NULL, &ask_password, &error) != FTPURI_OK) {
        print_error(uri, &error);
        return 1;
    }
    ftpuri_command command = FTPURI_COMMAND_INIT;
    while (ftpuri_plan_next(&plan, &command) == FTPURI_OK) {
        char line[512];
        if (ftpuri_plan_write_line(&plan, line, sizeof line, &n) == FTPURI_OK) printf("  > %s\n", line);
    }
    if (ask_password) printf("  (the server may ask for the password, which the URI does not give)\n");
    return 0;
}

int main(int argc, char** argv)
{
    int failed = 0;
    (void)fprintf(stderr, "ftpuri %s\n", ftpuri_version()); /* not in expected.txt: it changes */
    for (int i = 1; i < argc; ++i)
        failed |= check(argv[i]);
    return failed;
}
