// One value shared between its copies until one of them writes, in a single pointer: a
// route's peer name, the statement it came from, and (through SharedList) its next hops, AS
// path and communities. A 2,000-router WAN holds 18 million routes, so a route's size counts:
// std::shared_ptr would take two pointers per field where this takes one (the count lives
// with the value). Reads see a default T when nothing is held; writes (mutate) copy first when
// another owner shares the value, so sharing is never visible. The count is atomic: BGP's
// parts on threads copy routes of the same IGP tables.
#pragma once

#include <atomic>
#include <cstddef>
#include <utility>

namespace routefix::sim {

template <typename T>
class SharedValue {
 public:
  SharedValue() = default;
  SharedValue(T value) : block_(new Block{1, std::move(value)}) {}  // NOLINT: implicit, it holds a T
  SharedValue(const SharedValue& other) : block_(other.block_) {
    if (block_) block_->owners.fetch_add(1, std::memory_order_relaxed);
  }
  SharedValue(SharedValue&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
  SharedValue& operator=(SharedValue other) noexcept {
    std::swap(block_, other.block_);
    return *this;
  }
  ~SharedValue() { reset(); }

  const T& operator*() const { return block_ ? block_->value : kDefault; }
  const T* operator->() const { return &**this; }
  bool holds() const { return block_ != nullptr; }
  // Whether no other copy shares the value (so it may be moved out).
  bool sole() const { return block_ && block_->owners.load(std::memory_order_acquire) == 1; }

  // The value, to write: copied first when another owner shares it.
  T& mutate() {
    if (!block_)
      block_ = new Block{1, T{}};
    else if (block_->owners.load(std::memory_order_acquire) > 1)
      *this = SharedValue(T(block_->value));
    return block_->value;
  }
  // The value as one's own (moved out when no other owner shares it), leaving this empty.
  T release() && {
    if (!block_) return T{};
    T out = sole() ? std::move(block_->value) : block_->value;
    reset();
    return out;
  }
  void reset() {
    if (block_ && block_->owners.fetch_sub(1, std::memory_order_acq_rel) == 1) delete block_;
    block_ = nullptr;
  }

  bool operator==(const SharedValue& other) const { return block_ == other.block_ || **this == *other; }
  // Whether both are the same storage (equal without comparing values).
  bool sharesWith(const SharedValue& other) const { return block_ == other.block_; }

 private:
  struct Block {
    std::atomic<size_t> owners;
    T value;
  };
  static inline const T kDefault{};
  Block* block_ = nullptr;
};

}  // namespace routefix::sim
