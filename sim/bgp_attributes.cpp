#include "sim/bgp_attributes.h"

#include <algorithm>

namespace routefix::sim::detail {

namespace {
constexpr uint32_t kMissing = 0xffffffffu;

uint64_t hashValues(const std::vector<uint32_t>& v) {
  uint64_t h = 1469598103934665603ull;
  for (auto x : v) h = (h ^ x) * 1099511628211ull;
  return h;
}
}  // namespace

AsPathTable::AsPathTable() { nodes_.push_back(Node{}); }

uint32_t AsPathTable::child(std::unordered_map<uint64_t, uint32_t>& children, uint32_t path,
                            uint32_t asn, bool confed) {
  uint64_t key = (static_cast<uint64_t>(path) << 32) | asn;
  auto [it, inserted] = children.try_emplace(key, static_cast<uint32_t>(nodes_.size()));
  if (inserted) nodes_.push_back(Node{asn, path, nodes_[path].length + (confed ? 0 : 1), -1, confed});
  return it->second;
}

uint32_t AsPathTable::prepend(uint32_t path, uint32_t asn) {
  // A plain AS goes in front of the confed segments only when the path leaves the
  // confederation, which strips them first (withoutConfed).
  return child(children_, path, asn, false);
}

uint32_t AsPathTable::prependConfed(uint32_t path, uint32_t asn) {
  return child(confedChildren_, path, asn, true);
}

uint32_t AsPathTable::withoutConfed(uint32_t path) const {
  while (path != kEmpty && nodes_[path].confed) path = nodes_[path].parent;
  return path;
}

uint32_t AsPathTable::prepend(uint32_t path, uint32_t asn, uint32_t times) {
  for (uint32_t i = 0; i < times; ++i) path = prepend(path, asn);
  return path;
}

uint32_t AsPathTable::fromSequenceAndSet(const std::vector<uint32_t>& sequence,
                                         const std::vector<uint32_t>& set) {
  uint32_t path = kEmpty;
  if (!set.empty()) {
    std::vector<uint32_t> members = set;
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
    auto& candidates = setRoots_[hashValues(members)];
    path = kMissing;
    for (auto c : candidates)
      if (sets_[nodes_[c].set] == members) path = c;
    if (path == kMissing) {
      path = static_cast<uint32_t>(nodes_.size());
      sets_.push_back(members);
      nodes_.push_back(Node{0, kEmpty, 1, static_cast<int32_t>(sets_.size() - 1)});
      candidates.push_back(path);
    }
  }
  for (auto it = sequence.rbegin(); it != sequence.rend(); ++it) path = prepend(path, *it);
  return path;
}

uint32_t AsPathTable::replace(uint32_t path, uint32_t from, uint32_t to) {
  if (count(path, from) == 0) return path;
  const Node n = nodes_[path];  // a copy: the table grows below
  if (n.set >= 0) {
    std::vector<uint32_t> members = sets_[n.set];
    std::replace(members.begin(), members.end(), from, to);
    return fromSequenceAndSet({}, members);
  }
  uint32_t parent = replace(n.parent, from, to);
  uint32_t asn = n.asn == from ? to : n.asn;
  return n.confed ? prependConfed(parent, asn) : prepend(parent, asn);
}

uint32_t AsPathTable::rewrite(uint32_t path, const std::vector<std::optional<uint32_t>>& byPosition) {
  std::vector<uint32_t> chain;  // leftmost first; an AS_SET node can only be the last
  for (uint32_t p = path; p != kEmpty; p = nodes_[p].parent) chain.push_back(p);
  uint32_t out = kEmpty;
  for (size_t i = chain.size(); i-- > 0;) {
    const Node n = nodes_[chain[i]];  // a copy: the table grows below
    if (n.set >= 0) {
      std::vector<uint32_t> kept;
      for (size_t k = 0; k < sets_[n.set].size(); ++k)
        if (const auto& v = byPosition.at(i + k)) kept.push_back(*v);
      if (!kept.empty()) out = fromSequenceAndSet({}, kept);
    } else if (const auto& v = byPosition.at(i)) {
      out = n.confed ? prependConfed(out, *v) : prepend(out, *v);
    }
  }
  return out;
}

uint32_t AsPathTable::firstAs(uint32_t path) const {
  path = withoutConfed(path);
  const auto& n = nodes_[path];
  if (n.set >= 0 || path == kEmpty) return 0;
  return n.asn;
}

uint32_t AsPathTable::count(uint32_t path, uint32_t asn) const {
  uint32_t c = 0;
  for (uint32_t p = path; p != kEmpty; p = nodes_[p].parent) {
    const auto& n = nodes_[p];
    if (n.set >= 0) {
      const auto& s = sets_[n.set];
      if (std::binary_search(s.begin(), s.end(), asn)) ++c;
    } else if (n.asn == asn) {
      ++c;
    }
  }
  return c;
}

std::vector<uint32_t> AsPathTable::asns(uint32_t path) const {
  std::vector<uint32_t> out;
  for (uint32_t p = path; p != kEmpty; p = nodes_[p].parent) {
    const auto& n = nodes_[p];
    if (n.set >= 0)
      out.insert(out.end(), sets_[n.set].begin(), sets_[n.set].end());
    else
      out.push_back(n.asn);
  }
  return out;
}

std::vector<uint32_t> AsPathTable::setMembers(uint32_t path) const {
  for (uint32_t p = path; p != kEmpty; p = nodes_[p].parent)
    if (nodes_[p].set >= 0) return sets_[nodes_[p].set];
  return {};
}

CommunityTable::CommunityTable() { sets_.emplace_back(); }

uint32_t CommunityTable::intern(std::vector<model::Community> communities) {
  if (communities.empty()) return kEmpty;
  std::sort(communities.begin(), communities.end());
  communities.erase(std::unique(communities.begin(), communities.end()), communities.end());
  auto& candidates = byHash_[hashValues(communities)];
  for (auto c : candidates)
    if (sets_[c] == communities) return c;
  sets_.push_back(std::move(communities));
  candidates.push_back(static_cast<uint32_t>(sets_.size() - 1));
  return candidates.back();
}

bool CommunityTable::contains(uint32_t id, model::Community c) const {
  const auto& s = sets_[id];
  return std::binary_search(s.begin(), s.end(), c);
}

TextCommunityTable::TextCommunityTable() {
  sets_.emplace_back();
  ids_.emplace(sets_.front(), kEmpty);
}

uint32_t TextCommunityTable::intern(std::vector<model::TextCommunity> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  auto [it, inserted] = ids_.try_emplace(values, static_cast<uint32_t>(sets_.size()));
  if (inserted) sets_.push_back(std::move(values));
  return it->second;
}

bool TextCommunityTable::contains(uint32_t id, const model::TextCommunity& value) const {
  const auto& s = sets_[id];
  return std::binary_search(s.begin(), s.end(), value);
}

}  // namespace routefix::sim::detail
