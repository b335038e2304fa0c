/* SPDX-License-Identifier: Apache-2.0 */
/* ftpuri/export.h: FTPURI_API, the mark of what the shared library exports.
 *
 * The library is compiled with hidden visibility, and linked with a version script
 * (cmake/ftpuri.map) that keeps everything else local: what carries FTPURI_API, the C API of
 * ftpuri.h and the public C++ API of ftpuri/ (namespace ftpuri, outside detail), is all that
 * libftpuri.so exports. tests/abi/ holds the list of those symbols and the C ABI baseline, and
 * fails when either changes by accident. C and C++ alike include this header. */
#ifndef FTPURI_EXPORT_H
#define FTPURI_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define FTPURI_API __attribute__((visibility("default")))
#else
#define FTPURI_API
#endif

#endif /* FTPURI_EXPORT_H */
