// Writes knob changes into Junos configs, in whichever form the file uses (hierarchical
// `{ ... }` or `set` lines). A change rewrites the line the model points at where there is
// one: an action word (`accept` <-> `reject`), a value after its keyword (`local-preference
// 300`, OSPF interface `metric 20`, `peer-as`), an `as-path-prepend` list, a prefix in a
// prefix-list or route-filter. Where the statement is absent it is added in its block
// (JunosStatementPlacer): a prefix-list entry or route-filter, a BGP `neighbor` in the group
// of the same kind, a neighbor's `cluster` (route-reflector client), an OSPF interface
// `metric`, a first term in the export policy that originates a prefix.
#pragma once

#include <string>
#include <vector>

#include "model/network.h"
#include "repair/config_edit.h"
#include "symsim/knobs.h"
#include "symsim/session_graph.h"

namespace routefix::repair {

class JunosPatchPrinter {
 public:
  JunosPatchPrinter(const model::Network& network, const std::vector<symsim::BgpSession>& sessions,
                    ConfigEdits& edits)
      : network_(network), sessions_(sessions), edits_(edits) {}

  // Adds the edits for one knob change on a Junos device. False, with `why`, when it cannot.
  bool apply(const model::Device& d, const symsim::Knob& knob, int64_t value, std::string& why);
  // Brings up this device's side of a BGP session to `peer`: adds the neighbor to a group of
  // the same kind (or a new group like one), or corrects its peer-as. No edit when the side
  // is already right.
  bool fixSessionSide(const model::Device& d, const symsim::SessionSide& side, const symsim::SessionSide& peer,
                      bool ebgp, std::string& why);

 private:
  bool termAction(const model::Device& d, const symsim::Knob& k, bool accept, std::string& why);
  bool setValue(const model::Device& d, const symsim::Knob& k, int64_t value, std::string& why);
  bool prepend(const model::Device& d, const symsim::Knob& k, int64_t count, std::string& why);
  bool prefixListEntry(const model::Device& d, const symsim::Knob& k, std::string& why);
  bool prefixListAdd(const model::Device& d, const symsim::Knob& k, std::string& why);
  bool ospfCost(const model::Device& d, const symsim::Knob& k, int64_t cost, std::string& why);
  bool reflectorClient(const model::Device& d, const symsim::Knob& k, bool client, std::string& why);
  bool originate(const model::Device& d, const symsim::Knob& k, bool present, std::string& why);
  // Replaces the word after `keyword` on the line (keeping a trailing ';').
  bool rewriteValue(const model::SourceSpan& span, const std::string& keyword, const std::string& value,
                    std::string& why);

  const model::Network& network_;
  const std::vector<symsim::BgpSession>& sessions_;
  ConfigEdits& edits_;
};

}  // namespace routefix::repair
