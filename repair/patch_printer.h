// Writes knob changes back into the configs in the device's own syntax (IOS and FRR here;
// Junos through JunosPatchPrinter). Each change rewrites, removes or adds
// as few lines as it can, next to the lines it relates to and with their indentation, so the
// diff reads like an operator's edit.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/network.h"
#include "repair/config_edit.h"
#include "symsim/knobs.h"
#include "symsim/session_graph.h"

namespace routefix::repair {

class PatchPrinter {
 public:
  PatchPrinter(const model::Network& network, const std::vector<symsim::BgpSession>& sessions,
               ConfigEdits& edits)
      : network_(network), sessions_(sessions), edits_(edits) {}

  // Adds the edits for one knob change. False, with `why`, when it cannot be written.
  bool apply(const symsim::Knob& knob, int64_t value, std::string& why);

 private:
  bool clauseAction(const model::Device& d, const symsim::Knob& k, bool permit, std::string& why);
  bool prefixListEntry(const model::Device& d, const symsim::Knob& k, int64_t value, std::string& why);
  bool prefixListAdd(const model::Device& d, const symsim::Knob& k, std::string& why);
  bool setValue(const model::Device& d, const symsim::Knob& k, int64_t value, std::string& why);
  bool prepend(const model::Device& d, const symsim::Knob& k, int64_t count, std::string& why);
  bool network(const model::Device& d, const symsim::Knob& k, bool present, std::string& why);
  bool redistribution(const model::Device& d, const symsim::Knob& k, std::string& why);
  bool nullRoute(const model::Device& d, const symsim::Knob& k, std::string& why);
  bool reflectorClient(const model::Device& d, const symsim::Knob& k, bool client, std::string& why);
  bool session(const symsim::Knob& k, bool up, std::string& why);
  bool ospfCost(const model::Device& d, const symsim::Knob& k, int64_t cost, std::string& why);
  bool ospfInterface(const model::Device& d, const symsim::Knob& k, std::string& why);
  // Address families (patch_printer_family.cpp): `neighbor X activate` and `network P` in the
  // BGP block's IPv6 family, which is added when there is none; `activate` in a VRF's family.
  bool activateIpv6(const model::Device& d, const symsim::Knob& k, std::string& why);
  bool ipv6Network(const model::Device& d, const symsim::Knob& k, bool present, std::string& why);
  bool activateInVrf(const model::Device& d, const symsim::Knob& k, std::string& why);
  static std::string ipv6FamilyHeader(const model::Device& d);
  // Where a line goes in an address-family block: the block whose header `isHeader` accepts
  // (none: a new block headed `newHeader` at the end of the BGP block; "" refuses); in it,
  // before the first line starting with the two words `companion` (or after the last such
  // line when `afterCompanion`), else after the last line starting with the word `after`,
  // else at the block's top.
  struct FamilyPlace {
    std::function<bool(const std::vector<std::string>&)> isHeader;
    std::string newHeader;
    std::string after;
    std::string companion;
    bool afterCompanion = false;
  };
  // VRFs (patch_printer_vrf.cpp): a route target added or rewritten, an interface moved.
  bool routeTarget(const model::Device& d, const symsim::Knob& k, std::string& why);
  bool interfaceVrf(const model::Device& d, const symsim::Knob& k, std::string& why);
  bool fixSessionSide(const model::Device& d, const symsim::SessionSide& side,
                      const symsim::SessionSide& peer, bool ebgp, std::string& why);
  // Two statements that refuse each other (semantics::sessionRefusal): removes the fewest
  // `passive` / `local-role` lines, on one side, after which they no longer do.
  bool unrefuse(const symsim::BgpSession& s, std::string& why);

  // Lines of the device's `router bgp` block: file and [first, last].
  struct Block {
    std::string file;
    int first = 0, last = 0;
  };
  // Adds `neighbor addr peer-group G` for a peer-group of the block whose remote-as is the
  // peer's AS (or internal/external as `ebgp` says). False when there is none.
  bool joinPeerGroup(const model::Device& d, const Block& b, const std::string& addr,
                     const std::string& peerAs, bool ebgp);
  Block bgpBlock(const model::Device& d);
  bool addToFamily(const Block& b, const FamilyPlace& place, const std::string& line, std::string& why);
  // Line in the BGP block that starts with these words (after indentation), last match.
  int findBgpLine(const model::Device& d, const std::vector<std::string>& words, bool last = true);
  // Where address-family ipv4 unicast starts inside the BGP block (0 if there is none).
  int addressFamilyLine(const model::Device& d);
  // The last `network` line of the IPv4 unicast family (0 if there is none): not one of the
  // IPv6 family's or a VRF's.
  int lastIpv4NetworkLine(const model::Device& d);

  const model::Network& network_;
  const std::vector<symsim::BgpSession>& sessions_;
  ConfigEdits& edits_;
};

}  // namespace routefix::repair
