// Writes knob changes into Junos configs, in whichever form the file uses (hierarchical
// `{ ... }` or `set` lines). Every change is a rewrite of the line the model points at: an
// action word (`accept` <-> `reject`), a value after its keyword (`local-preference 300`,
// `metric 20`), an `as-path-prepend` list, an OSPF interface `metric`. Changes that would add
// statements are refused with a reason (where a new statement belongs differs between the
// two forms, and a wrong place changes meaning).
#pragma once

#include <string>

#include "model/device.h"
#include "repair/config_edit.h"
#include "symsim/knobs.h"

namespace routefix::repair {

class JunosPatchPrinter {
 public:
  explicit JunosPatchPrinter(ConfigEdits& edits) : edits_(edits) {}

  // Adds the edits for one knob change on a Junos device. False, with `why`, when it cannot.
  bool apply(const model::Device& d, const symsim::Knob& knob, int64_t value, std::string& why);

 private:
  bool termAction(const model::Device& d, const symsim::Knob& k, bool accept, std::string& why);
  bool setValue(const model::Device& d, const symsim::Knob& k, int64_t value, std::string& why);
  bool prepend(const model::Device& d, const symsim::Knob& k, int64_t count, std::string& why);

  ConfigEdits& edits_;
};

}  // namespace routefix::repair
