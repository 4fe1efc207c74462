// Run configuration: what the built model has, a JSON config file on top, validation with
// one-line errors (std::invalid_argument) for anything the model cannot run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "run_result.h"

namespace stackscope::report {

// The configuration the Verilated SoC was compiled with (widths, caches, ROB): runs may
// restate these but not change them. Update together with rtl/top/soc_top.sv parameters.
RunConfig built_model();

// Applies a JSON config file (sections as in the report's "config": core, caches, memory,
// ideal, pmu, freq_hz, max_cycles, lockstep). Unknown keys and wrong types are errors.
void apply_config_file(const std::string& path, RunConfig& cfg);

// The same on the file's text (`path` names it in errors): the fuzzer's entry (fuzz/).
void apply_config_text(const std::string& path, const std::string& text, RunConfig& cfg);

// The range rule of an integer setting, named by its CLI option (without "--") or its
// config-file key; the CLI, the config file and validate() all apply it. Throws
// std::invalid_argument "NAME V: must be LO..HI".
void check_limit(std::string_view name, uint64_t v);

// Throws std::invalid_argument with one line naming the field when `cfg` is impossible or
// differs from what `built` can do.
void validate(const RunConfig& cfg, const RunConfig& built);

}  // namespace stackscope::report
