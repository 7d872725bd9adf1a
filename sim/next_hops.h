// A route's next hops, shared between routes. A router forwards thousands of BGP prefixes over
// the same ECMP set (a fat-tree ToR: every remote prefix over all its uplinks); one copy per
// route made the next hops most of the RIB's memory and of the time spent building it.
// Reads behave like a const std::vector<NextHop>; writes (push_back, mutable iterators) copy
// the list first when another route shares it, so sharing is never visible.
#pragma once

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/network.h"

namespace routefix::sim {

struct NextHop {
  std::optional<model::Ipv4> ip;  // none for connected routes and interface statics
  std::string interface;          // egress interface on this node
  std::string node;               // neighbouring device, or "" when it is outside the snapshot
  bool discard = false;           // Null0 / blackhole / discard
  auto operator<=>(const NextHop&) const = default;
};

class NextHops {
 public:
  using value_type = NextHop;
  using iterator = std::vector<NextHop>::iterator;
  using const_iterator = std::vector<NextHop>::const_iterator;
  using size_type = std::size_t;

  NextHops() = default;
  NextHops(std::vector<NextHop> hops)  // NOLINT: implicit, a list is a vector to its readers
      : list_(hops.empty() ? nullptr : std::make_shared<std::vector<NextHop>>(std::move(hops))) {}
  NextHops(std::initializer_list<NextHop> hops) : NextHops(std::vector<NextHop>(hops)) {}

  std::size_t size() const { return list().size(); }
  bool empty() const { return list().empty(); }
  const NextHop& operator[](std::size_t i) const { return list()[i]; }
  const NextHop& front() const { return list().front(); }
  const NextHop& back() const { return list().back(); }
  const_iterator begin() const { return list().begin(); }
  const_iterator end() const { return list().end(); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }

  iterator begin() { return own().begin(); }
  iterator end() { return own().end(); }
  void push_back(NextHop hop) { own().push_back(std::move(hop)); }

  bool operator==(const NextHops& other) const {
    return list_ == other.list_ || list() == other.list();
  }

 private:
  const std::vector<NextHop>& list() const {
    static const std::vector<NextHop> kEmpty;
    return list_ ? *list_ : kEmpty;
  }
  std::vector<NextHop>& own() {
    if (!list_)
      list_ = std::make_shared<std::vector<NextHop>>();
    else if (list_.use_count() > 1)
      list_ = std::make_shared<std::vector<NextHop>>(*list_);
    return *list_;
  }

  std::shared_ptr<std::vector<NextHop>> list_;  // null: no next hops
};

}  // namespace routefix::sim
