// The report: JSON document (the one source every other view is rendered from), toplev-like
// text, CSV, and the atomic file writer. Schema and formulas: docs/report.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_result.h"
#include "symbolizer.h"

namespace stackscope::report {

using Json = nlohmann::ordered_json;

inline constexpr int kSchemaVersion = 1;
inline constexpr const char* kSchemaName = "stackscope-report";

// One run: configuration, status, raw counters and every derived metric.
Json run_json(const RunResult& r, const Symbolizer& sym, unsigned top_n = 20);
// The document: {"schema", "version", "runs": [...], "summary": [...]} (summary for suites).
Json document(std::vector<Json> runs, bool suite);

struct TextOptions {
  bool expand_all = false;  // Top-Down: every node, not only the dominant branch
  unsigned top = 10;        // TIP rows
};
std::string render_run_text(const Json& run, const TextOptions& o);
std::string render_suite_text(const Json& doc);
// Long-format table: workload,section,stage,item,value.
std::string render_csv(const Json& doc);

// Writes `path` through a temporary file and a rename, so a failure leaves nothing
// half-written; throws std::runtime_error with one line.
void write_atomic(const std::string& path, const std::string& content);

}  // namespace stackscope::report
