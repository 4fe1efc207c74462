// The object a set of DPI functions reaches. DPI imports are plain C symbols with no
// argument to carry `this`, so one object of type T at a time is installed for them; the
// returned hook uninstalls it when it goes out of scope.
//
//   auto hook = stackscope::DpiTarget<Pipeview>::install(&pv);
//   extern "C" void ss_pipe_fe(...) { if (auto* p = DpiTarget<Pipeview>::get()) p->...; }
#pragma once

#include <memory>

namespace stackscope {

template <class T>
class DpiTarget {
 public:
  struct Uninstall {
    void operator()(T* p) const {
      if (slot() == p) slot() = nullptr;
    }
  };
  using Hook = std::unique_ptr<T, Uninstall>;

  static Hook install(T* p) {
    slot() = p;
    return Hook(p);
  }
  static T* get() { return slot(); }

 private:
  static T*& slot() {
    static T* installed = nullptr;
    return installed;
  }
};

}  // namespace stackscope
