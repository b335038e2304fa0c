/* SPDX-License-Identifier: Apache-2.0 */
/* examples/c/ftpuri_service.c: a service that fetches what untrusted input names, on ftpuri.h
 * alone (the README's C++ service, in C). Each argument is sanitized under the service's policy:
 * every host class but public denied, two allowed host patterns, a password or a %2F refused.
 * An accepted URI is printed in its canonical form with the commands to send and what to do
 * when the server answers 550; a refused one with why and where. Passwords never reach the
 * log, even in an input that is no URI. Then a relative link is resolved against an accepted
 * URI, and an address DNS gave for an allowed name is classed before connecting to it.
 * C99; ctest compares its output with service_expected.txt, in the build tree and against the
 * installed package (tests/install/run.sh). Exits 1 when an input was refused.
 *
 *     ftpuri_service "ftp://ftp.example.org/pub/README" "ftp://u:pw@127.0.0.1/"
 */
#include <ftpuri.h>
#include <stdio.h>

static const char* const mirrors[] = {"ftp.example.org:21", "*.mirror.example.net:21"};
/* Warnings this service refuses, as -Werror=ID: a password, a %2F that curl splits at. */
static const uint32_t refused_warnings[] = {FTPURI_DIAG_USERINFO_PASSWORD, FTPURI_DIAG_PATH_ENCODED_SLASH};

/* ftpuri_verb's stages: USER and PASS log in, CWD and TYPE walk the path, the rest transfers. */
static uint32_t stage_of(uint32_t verb)
{
    if (verb <= FTPURI_VERB_PASS) return FTPURI_STAGE_LOGIN;
    if (verb <= FTPURI_VERB_TYPE) return FTPURI_STAGE_PATH;
    return FTPURI_STAGE_TRANSFER;
}

static void print_plan(const char* canonical, size_t length)
{
    ftpuri_plan plan;
    ftpuri_command command = FTPURI_COMMAND_INIT;
    char line[1024];
    uint32_t action = FTPURI_ACTION_STOP;
    if (ftpuri_plan_init(&plan, canonical, length, NULL, NULL, NULL, NULL) != FTPURI_OK) return;
    while (ftpuri_plan_next(&plan, &command) == FTPURI_OK &&
           ftpuri_plan_write_line(&plan, line, sizeof line, NULL) == FTPURI_OK &&
           ftpuri_reply_action(550, stage_of(command.verb), &action) == FTPURI_OK)
        printf("  %-24s on 550: %s\n", line, ftpuri_client_action_name(action));
}

/* 1 when accepted; the canonical form then in `canonical`. */
static int accept(const ftpuri_policy* policy, const char* uri, char* canonical, size_t size, size_t* length)
{
    char log[1024];
    ftpuri_diagnostic error = FTPURI_DIAGNOSTIC_INIT;
    uint32_t host_class = FTPURI_HOST_CLASS_PUBLIC;
    int status;
    if (ftpuri_redact_password(uri, FTPURI_NUL_TERMINATED, log, sizeof log, NULL) != FTPURI_OK)
        (void)snprintf(log, sizeof log, "(an input too long to log)");
    status = ftpuri_sanitize(uri, FTPURI_NUL_TERMINATED, NULL, policy, FTPURI_CANONICAL_DROP_FRAGMENT, canonical, size,
                             length, &host_class, &error);
    if (status == FTPURI_INVALID) {
        printf("refused  %s\n  %s at byte %u [%s]\n", log, error.message, (unsigned)error.offset, error.name);
        return 0;
    }
    if (status != FTPURI_OK) {
        printf("refused  %s\n  too long\n", log);
        return 0;
    }
    printf("accepted %s\n  as %s (host class %s)\n", log, canonical, ftpuri_host_class_name(host_class));
    print_plan(canonical, *length);
    return 1;
}

int main(int argc, char** argv)
{
    ftpuri_policy policy = FTPURI_POLICY_INIT;
    char canonical[1024], base[1024], target[2048];
    size_t length = 0;
    int refused = 0, i;
    uint32_t host_class = FTPURI_HOST_CLASS_PUBLIC;
    static const uint8_t resolved[4] = {10, 0, 0, 7}; /* what DNS answered for an allowed name */

    policy.deny = FTPURI_HOST_CLASSES_NON_PUBLIC;
    policy.allow = mirrors;
    policy.allow_count = sizeof mirrors / sizeof mirrors[0];
    policy.as_error = refused_warnings;
    policy.as_error_count = sizeof refused_warnings / sizeof refused_warnings[0];

    base[0] = '\0';
    for (i = 1; i < argc; ++i) {
        if (!accept(&policy, argv[i], canonical, sizeof canonical, &length)) {
            ++refused;
            continue;
        }
        if (base[0] == '\0') (void)snprintf(base, sizeof base, "%s", canonical);
    }

    /* A link in a listing is relative to the URI it came from: resolve it, then sanitize it. */
    if (base[0] != '\0' && ftpuri_resolve(base, FTPURI_NUL_TERMINATED, "../gnu/;type=d", FTPURI_NUL_TERMINATED, NULL,
                                          target, sizeof target, NULL, NULL) == FTPURI_OK) {
        printf("link ../gnu/;type=d from %s\n", base);
        accept(&policy, target, canonical, sizeof canonical, &length);
    }

    /* A name can resolve anywhere: class the address before connecting to it. */
    if (ftpuri_classify_address(resolved, sizeof resolved, &host_class) == FTPURI_OK)
        printf("DNS gave 10.0.0.7: %s, %s\n", ftpuri_host_class_name(host_class),
               (policy.deny & FTPURI_HOST_CLASS_BIT(host_class)) != 0 ? "do not connect" : "connect");
    return refused == 0 ? 0 : 1;
}
