// SPDX-License-Identifier: Apache-2.0
// ftpuri/ftpuri.hpp: the whole library in one include.
#pragma once

#include "ftpuri/canonical.hpp"
#include "ftpuri/charset.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/redact.hpp"
#include "ftpuri/reply.hpp"
#include "ftpuri/resolve.hpp"
#include "ftpuri/uri_view.hpp"
#include "ftpuri/version.hpp"
#include "ftpuri/write_result.hpp"
