// Interned BGP attributes: AS paths and community sets are stored once and referred to by
// id, so a route is a few integers and comparing or copying it costs nothing. Prepending an
// AS to an interned path is a hash lookup, which is what eBGP export does millions of times.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
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
  // RFC 5065: a member AS prepended inside a confederation goes into an AS_CONFED_SEQUENCE,
  // which the path length does not count; leaving the confederation strips those segments.
  uint32_t prependConfed(uint32_t path, uint32_t asn);
  uint32_t withoutConfed(uint32_t path) const;
  // A path ending in an AS_SET (aggregate as-set): the set counts as one hop.
  uint32_t fromSequenceAndSet(const std::vector<uint32_t>& sequence,
                              const std::vector<uint32_t>& set);
  uint32_t fromSequence(const std::vector<uint32_t>& sequence) { return fromSequenceAndSet(sequence, {}); }
  // Every occurrence of `from` (set members and confed segments included) replaced by `to`.
  uint32_t replace(uint32_t path, uint32_t from, uint32_t to);
  // Position by position in asns() order, the AS that stays (nullopt: dropped), as
  // semantics::withoutPrivateAs says; segments keep their kind.
  uint32_t rewrite(uint32_t path, const std::vector<std::optional<uint32_t>>& byPosition);

  uint32_t length(uint32_t path) const { return nodes_[path].length; }
  // The first AS of the AS_SEQUENCE (confed segments skipped); 0 for none.
  uint32_t firstAs(uint32_t path) const;
  // The AS of the neighbour that sent the path: its first AS, a confed one included.
  uint32_t neighborAs(uint32_t path) const { return path == kEmpty ? 0 : nodes_[path].asn; }
  // Occurrences (set members count once; confed segments count, as in loop detection).
  uint32_t count(uint32_t path, uint32_t asn) const;
  // Flattened: the confed segment, the sequence, then the set members.
  std::vector<uint32_t> asns(uint32_t path) const;
  std::vector<uint32_t> setMembers(uint32_t path) const;

 private:
  struct Node {
    uint32_t asn = 0;
    uint32_t parent = kEmpty;
    uint32_t length = 0;
    int32_t set = -1;  // index into sets_ for an AS_SET root
    bool confed = false;  // in an AS_CONFED_SEQUENCE (always in front of the rest)
  };
  uint32_t child(std::unordered_map<uint64_t, uint32_t>& children, uint32_t path, uint32_t asn,
                 bool confed);
  std::vector<Node> nodes_;
  std::vector<std::vector<uint32_t>> sets_;
  std::unordered_map<uint64_t, uint32_t> children_;  // (parent, asn) -> node
  std::unordered_map<uint64_t, uint32_t> confedChildren_;
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

// Sets of extended or large communities in their canonical text (model::TextCommunity).
// Rare next to standard communities: a plain map is enough.
class TextCommunityTable {
 public:
  static constexpr uint32_t kEmpty = 0;

  TextCommunityTable();
  uint32_t intern(std::vector<model::TextCommunity> values);  // sorts, dedups
  const std::vector<model::TextCommunity>& get(uint32_t id) const { return sets_[id]; }
  bool contains(uint32_t id, const model::TextCommunity& value) const;

 private:
  std::vector<std::vector<model::TextCommunity>> sets_;
  std::map<std::vector<model::TextCommunity>, uint32_t> ids_;
};

struct AttributeTables {
  AsPathTable paths;
  CommunityTable communities;
  TextCommunityTable ext_communities;
  TextCommunityTable large_communities;
  CommunityTable clusterLists;  // cluster ids as "communities": order is irrelevant for loops
};

}  // namespace routefix::sim::detail
