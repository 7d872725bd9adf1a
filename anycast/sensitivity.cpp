#include "anycast/sensitivity.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace routefix::anycast {

ClientSensitivity::ClientSensitivity(size_t sessions)
    : parent_(sessions), to_parent_(sessions, 0), seen_(sessions, 0) {
  for (size_t s = 0; s < sessions; ++s) parent_[s] = static_cast<uint32_t>(s);
}

std::pair<size_t, int> ClientSensitivity::find(size_t s) {
  int offset = 0;
  size_t root = s;
  while (parent_[root] != root) {
    offset += to_parent_[root];
    root = parent_[root];
  }
  // Path compression keeps later finds short.
  int remaining = offset;
  while (parent_[s] != s) {
    size_t next = parent_[s];
    int step = to_parent_[s];
    parent_[s] = static_cast<uint32_t>(root);
    to_parent_[s] = remaining;
    remaining -= step;
    s = next;
  }
  return {root, offset};
}

void ClientSensitivity::observe(const PrependVector& p, const std::vector<size_t>& tie_set, size_t winner,
                                bool record_winner) {
  for (size_t s : tie_set) seen_[s] = 1;
  const size_t first = tie_set.front();
  for (size_t k = 1; k < tie_set.size(); ++k) {
    size_t s = tie_set[k];
    int diff = p[first] - p[s];  // r(s) - r(first)
    auto [root_a, off_a] = find(first);
    auto [root_b, off_b] = find(s);
    if (root_a == root_b) {
      if (off_b - off_a != diff) throw std::logic_error("anycast sensitivity: inconsistent tie observations");
      continue;
    }
    parent_[root_b] = static_cast<uint32_t>(root_a);
    to_parent_[root_b] = off_a + diff - off_b;
  }
  if (record_winner && tie_set.size() >= 2) {
    auto [it, inserted] = tie_winner_.emplace(tie_set, winner);
    if (!inserted && it->second != winner)
      throw std::logic_error("anycast sensitivity: tie winner differs for the same tie set");
  }
}

void ClientSensitivity::finish() {
  sessions_.clear();
  offsets_.clear();
  std::optional<size_t> root;
  for (size_t s = 0; s < seen_.size(); ++s) {
    if (!seen_[s]) continue;
    auto [r, off] = find(s);
    if (root && *root != r)
      throw std::logic_error("anycast sensitivity: polling left sessions " + std::to_string(s) +
                             " unrelated to the others");
    root = r;
    sessions_.push_back(s);
    offsets_.push_back(off);
  }
  if (offsets_.empty()) return;
  int low = *std::min_element(offsets_.begin(), offsets_.end());
  for (int& o : offsets_) o -= low;
}

std::vector<size_t> ClientSensitivity::predictTies(const PrependVector& p) const {
  int best = std::numeric_limits<int>::max();
  for (size_t i = 0; i < sessions_.size(); ++i) best = std::min(best, p[sessions_[i]] + offsets_[i]);
  std::vector<size_t> ties;
  for (size_t i = 0; i < sessions_.size(); ++i)
    if (p[sessions_[i]] + offsets_[i] == best) ties.push_back(i);
  return ties;
}

std::vector<PrependVector> pollPlan(size_t sessions, int max_prepend) {
  std::vector<PrependVector> plan;
  plan.emplace_back(sessions, 0);
  if (max_prepend <= 0) return plan;
  for (size_t s = 0; s < sessions; ++s)
    for (int t = 1; t <= max_prepend; ++t) {
      PrependVector p(sessions, 0);
      p[s] = t;
      plan.push_back(std::move(p));
    }
  for (size_t s = 0; s < sessions; ++s)
    for (int t = 0; t < max_prepend; ++t) {
      PrependVector p(sessions, max_prepend);
      p[s] = t;
      plan.push_back(std::move(p));
    }
  plan.emplace_back(sessions, max_prepend);
  return plan;
}

}  // namespace routefix::anycast
