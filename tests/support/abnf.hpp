// SPDX-License-Identifier: Apache-2.0
// tests/support/abnf.hpp: the project's one ABNF reader (RFC 5234 and RFC 7405), for
// docs/grammar.abnf, in five parts under abnf/: the tokens, the reader (definitions and their
// checks), the grammar model (one tree a rule), the interpreter (does a rule match an input) and
// the regex writer (a rule as an RE2 regex, for the oracle's build-time tool
// oracle/abnf_to_re2.cpp).
//
// Used by grammar_file_test.cpp (the file itself and its meaning), grammar_reader_test.cpp (the
// reader's own tests), charset_test.cpp (the one-character rules against ftpuri::chars),
// oracle/abnf_to_re2_test.cpp (the regex writer's tests), oracle/abnf_to_re2.cpp and the grammar
// mutants' generator (oracle/grammar_mutants/).
#pragma once

#include "abnf/interpreter.hpp"
#include "abnf/reader.hpp"
#include "abnf/regex_writer.hpp"
#include "abnf/tokens.hpp"
#include "abnf/tree.hpp"
