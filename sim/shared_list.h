// A list shared between its copies until one of them writes: a route's next hops (a fat-tree
// ToR forwards every remote prefix over the same ECMP set) and a node's routing table (a
// failure scenario changes a handful of the baseline's tables and shares the rest). Reads
// behave like a const std::vector<T>; writes (push_back, mutable iterators) copy the list
// first when another owner shares it, so sharing is never visible. One pointer in size
// (sim/shared_value.h).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <vector>

#include "sim/shared_value.h"

namespace routefix::sim {

template <typename T>
class SharedList {
 public:
  using value_type = T;
  using iterator = typename std::vector<T>::iterator;
  using const_iterator = typename std::vector<T>::const_iterator;
  using size_type = std::size_t;

  SharedList() = default;
  SharedList(std::vector<T> items)  // NOLINT: implicit, a list is a vector to its readers
      : list_(items.empty() ? SharedValue<std::vector<T>>() : SharedValue<std::vector<T>>(std::move(items))) {}
  SharedList(std::initializer_list<T> items) : SharedList(std::vector<T>(items)) {}

  std::size_t size() const { return list().size(); }
  bool empty() const { return list().empty(); }
  const T& operator[](std::size_t i) const { return list()[i]; }
  const T& at(std::size_t i) const { return list().at(i); }
  const T& front() const { return list().front(); }
  const T& back() const { return list().back(); }
  const_iterator begin() const { return list().begin(); }
  const_iterator end() const { return list().end(); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }

  iterator begin() { return own().begin(); }
  iterator end() { return own().end(); }
  void push_back(T item) { own().push_back(std::move(item)); }
  // The items as a vector of one's own (a copy only when shared).
  std::vector<T> release() && { return std::move(list_).release(); }
  // The items appended to `out` (moved when no other owner shares them), leaving this empty.
  void appendTo(std::vector<T>& out) && {
    if (list_.sole())
      out.insert(out.end(), std::make_move_iterator(own().begin()), std::make_move_iterator(own().end()));
    else
      out.insert(out.end(), list().begin(), list().end());
    list_.reset();
  }

  bool operator==(const SharedList& other) const { return list_ == other.list_; }
  // Whether both are the same storage (equal without comparing items).
  bool sharesWith(const SharedList& other) const { return list_.sharesWith(other.list_); }

 private:
  const std::vector<T>& list() const { return *list_; }
  std::vector<T>& own() { return list_.mutate(); }

  SharedValue<std::vector<T>> list_;  // nothing held: empty
};

}  // namespace routefix::sim
