// Interned BGP attributes: AS paths and community sets are stored once and referred to by
// id, so a route is a few integers and comparing or copying it costs nothing. Prepending an
// AS to an interned path is a hash lookup, which is what eBGP export does millions of times.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "model/policy.h"

namespace routefix::sim::detail {

class AsPathTable {
 public:
  static constexpr uint32_t kEmpty = 0;

  AsPathTable();
  uint32_t prepend(uint32_t path, uint32_t asn);
  uint32_t prepend(uint32_t path, uint32_t asn, uint32_t times);
  // A path ending in an AS_SET (aggregate as-set): the set counts as one hop.
  uint32_t fromSequenceAndSet(const std::vector<uint32_t>& sequence,
                              const std::vector<uint32_t>& set);
  uint32_t fromSequence(const std::vector<uint32_t>& sequence) { return fromSequenceAndSet(sequence, {}); }

  uint32_t length(uint32_t path) const { return nodes_[path].length; }
  uint32_t firstAs(uint32_t path) const;  // 0 for the empty path
  uint32_t count(uint32_t path, uint32_t asn) const;  // occurrences (set members count once)
  // Flattened: the sequence, then the set members.
  std::vector<uint32_t> asns(uint32_t path) const;
  std::vector<uint32_t> setMembers(uint32_t path) const;

 private:
  struct Node {
    uint32_t asn = 0;
    uint32_t parent = kEmpty;
    uint32_t length = 0;
    int32_t set = -1;  // index into sets_ for an AS_SET root
  };
  std::vector<Node> nodes_;
  std::vector<std::vector<uint32_t>> sets_;
  std::unordered_map<uint64_t, uint32_t> children_;  // (parent, asn) -> node
  std::unordered_map<uint64_t, std::vector<uint32_t>> setRoots_;  // hash -> candidate nodes
};

class CommunityTable {
 public:
  static constexpr uint32_t kEmpty = 0;

  CommunityTable();
  uint32_t intern(std::vector<model::Community> communities);  // sorts, dedups
  const std::vector<model::Community>& get(uint32_t id) const { return sets_[id]; }
  bool contains(uint32_t id, model::Community c) const;

 private:
  std::vector<std::vector<model::Community>> sets_;
  std::unordered_map<uint64_t, std::vector<uint32_t>> byHash_;
};

struct AttributeTables {
  AsPathTable paths;
  CommunityTable communities;
  CommunityTable clusterLists;  // cluster ids as "communities": order is irrelevant for loops
};

}  // namespace routefix::sim::detail
