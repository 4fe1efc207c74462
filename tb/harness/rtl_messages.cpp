// VL_PRINTF for the Verilated models (tb/harness/vl_print.h). The models are evaluated on the main
// thread only (no --threads), so one buffer, owned by this function's static, is enough; it
// lives here because Verilator's hook is a plain function and can carry no context.
#include "rtl_messages.h"

#include <algorithm>
#include <array>
#include <cstdarg>
#include <cstdio>
#include <string_view>

namespace stackscope::tb {
namespace {

// The text printed since the last take, capped: an assertion message is one line.
struct RtlText {
  std::array<char, 1024> buf{};
  std::size_t len = 0;
};
RtlText& rtl_text() {
  static RtlText t;
  return t;
}

}  // namespace

std::string take_rtl_message() {
  RtlText& t = rtl_text();
  std::string_view all(t.buf.data(), t.len);
  t.len = 0;
  const std::size_t err = all.find("%Error");
  std::string_view line = all.substr(err == std::string_view::npos ? 0 : err);
  if (line.starts_with("%Error: ")) line.remove_prefix(8);
  line = line.substr(0, line.find('\n'));
  return std::string(line);
}

}  // namespace stackscope::tb

int ss_vl_printf(const char* fmt, ...) {
  stackscope::tb::RtlText& t = stackscope::tb::rtl_text();
  if (t.len + 1 >= t.buf.size()) return 0;  // keep the first message whole; drop the rest
  va_list ap;
  va_start(ap, fmt);
  const int n = std::vsnprintf(t.buf.data() + t.len, t.buf.size() - t.len, fmt, ap);
  va_end(ap);
  if (n > 0) t.len = std::min(t.len + static_cast<std::size_t>(n), t.buf.size() - 1);
  return n;
}
