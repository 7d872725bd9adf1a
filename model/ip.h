// IPv4 addresses and prefixes: the value types every stage shares.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace routefix::model {

struct Ipv4 {
  uint32_t value = 0;

  static constexpr size_t kMaxText = 15;  // "255.255.255.255"

  static std::optional<Ipv4> parse(std::string_view text);
  std::string str() const;
  // Writes str()'s text at `out` (room for kMaxText chars) and returns its end: output
  // formatting of millions of routes without a string each.
  char* write(char* out) const;
  auto operator<=>(const Ipv4&) const = default;
};

// A prefix is always canonical: host bits below `length` are zero.
struct Prefix {
  Ipv4 address;
  uint8_t length = 0;

  Prefix() = default;
  Prefix(Ipv4 addr, uint8_t len);  // masks host bits

  // "10.0.0.0/8"; a bare address parses as /32.
  static std::optional<Prefix> parse(std::string_view text);
  // IOS "10.0.0.0 255.0.0.0"; fails for a non-contiguous mask.
  static std::optional<Prefix> fromAddressMask(std::string_view address, std::string_view mask);

  static constexpr size_t kMaxText = Ipv4::kMaxText + 3;  // "255.255.255.255/32"

  std::string str() const;
  char* write(char* out) const;  // as Ipv4::write
  bool contains(Ipv4 ip) const;
  bool contains(const Prefix& other) const;  // other is equal or more specific
  Ipv4 lastAddress() const;
  auto operator<=>(const Prefix&) const = default;
};

uint32_t maskOf(uint8_t length);
// Length of a contiguous netmask ("255.255.255.0" -> 24); nullopt otherwise.
std::optional<uint8_t> maskLength(Ipv4 mask);

// An IOS wildcard match (`network 10.0.0.0 0.0.0.255`, ACL entries). Wildcards may be
// non-contiguous, so this is not a Prefix.
struct WildcardMatch {
  Ipv4 address;
  uint32_t wildcard = 0;  // bits set = don't care

  bool matches(Ipv4 ip) const { return ((ip.value ^ address.value) & ~wildcard) == 0; }
  auto operator<=>(const WildcardMatch&) const = default;
};

}  // namespace routefix::model
