// Addresses and prefixes of either family: a 128-bit value plus the family (issue 16).
//
// The IPv4 stages (sim, symsim, verify, repair) keep model::Ipv4 / model::Prefix (ip.h), a
// uint32 that Z3 encodes and the RIB keys on; IpAddress / IpPrefix are what IPv6 is modelled
// with, and an IPv4 value converts to and from them exactly (fromV4 / v4()). The IPv4 users
// move over stage by stage; nothing needs both types for one value.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/ip.h"

namespace routefix::model {

enum class IpFamily : uint8_t { V4, V6 };  // IPv4 orders before IPv6
std::string_view familyName(IpFamily f);   // "ipv4", "ipv6"
inline constexpr uint8_t maxPrefixLength(IpFamily f) { return f == IpFamily::V4 ? 32 : 128; }

struct IpAddress {
  IpFamily family = IpFamily::V4;
  // The value, most significant 64 bits first; an IPv4 address sits in the low 32 bits of lo.
  uint64_t hi = 0;
  uint64_t lo = 0;

  // "2001:db8:0:0:1:0:0:1" with every group written out, plus 6 groups and a dotted quad.
  static constexpr size_t kMaxText = 45;  // "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255"

  static IpAddress fromV4(Ipv4 a) { return {IpFamily::V4, 0, a.value}; }
  static IpAddress v6(uint64_t hi, uint64_t lo) { return {IpFamily::V6, hi, lo}; }

  // Either family: a dotted quad is IPv4, anything with a colon IPv6 (RFC 4291 2.2 text:
  // "::" compression, hex groups of 1-4 digits in any case, a trailing dotted quad as in
  // "::ffff:1.2.3.4"). A zone ("fe80::1%eth0") is not an address and is rejected.
  static std::optional<IpAddress> parse(std::string_view text);
  static std::optional<IpAddress> parseV6(std::string_view text);

  // IPv4 dotted quad; IPv6 in RFC 5952 canonical form: lower case, no leading zeros, the
  // longest run of two or more zero groups (the first of equal runs) as "::", and the
  // IPv4-mapped range ::ffff:0:0/96 with a dotted quad.
  std::string str() const;
  char* write(char* out) const;  // str()'s text at out (room for kMaxText); returns its end

  bool isV4() const { return family == IpFamily::V4; }
  Ipv4 v4() const { return Ipv4{static_cast<uint32_t>(lo)}; }  // meaningful for isV4()
  bool isLinkLocal() const;  // fe80::/10 (IPv6 only)
  bool isV4Mapped() const;   // ::ffff:0:0/96

  // Bit i counted from the most significant bit of the family's width (0..31 or 0..127).
  bool bit(unsigned i) const;
  // The address with every bit from `length` on cleared (the family's width caps length).
  IpAddress masked(uint8_t length) const;

  auto operator<=>(const IpAddress&) const = default;
};

// A prefix is always canonical: host bits below `length` are zero.
struct IpPrefix {
  IpAddress address;
  uint8_t length = 0;

  static constexpr size_t kMaxText = IpAddress::kMaxText + 4;  // "/128"

  IpPrefix() = default;
  IpPrefix(IpAddress addr, uint8_t len);  // masks host bits; len capped at the family's width
  static IpPrefix fromV4(const Prefix& p) { return IpPrefix(IpAddress::fromV4(p.address), p.length); }

  // "2001:db8::/32", "10.0.0.0/8"; a bare address is a host prefix (/32, /128).
  static std::optional<IpPrefix> parse(std::string_view text);
  // An address and its length as written on an interface ("2001:db8::1/64" keeps ::1), so
  // the caller has both the address and, with IpPrefix(address, length), the subnet.
  static std::optional<std::pair<IpAddress, uint8_t>> parseInterfaceAddress(std::string_view text);

  IpFamily family() const { return address.family; }
  std::string str() const;
  char* write(char* out) const;  // as IpAddress::write, room for kMaxText
  bool contains(const IpAddress& ip) const;       // same family and inside
  bool contains(const IpPrefix& other) const;     // same family, equal or more specific
  Prefix v4() const { return Prefix(address.v4(), length); }  // meaningful for IPv4 ones

  // Ordered by family, then address, then length: a parent sorts before its more specifics.
  auto operator<=>(const IpPrefix&) const = default;
};

// Prefix-list range semantics, shared by both families (IOS/FRR `ip[v6] prefix-list`, Junos
// route-filter): `candidate` lies inside `base` and its length is in [ge, le], where ge
// defaults to base's length and le to the family's width; without ge and le, the length must
// equal base's. Families never match each other.
bool prefixRangeMatches(const IpPrefix& base, std::optional<uint8_t> ge, std::optional<uint8_t> le,
                        const IpPrefix& candidate);

}  // namespace routefix::model
