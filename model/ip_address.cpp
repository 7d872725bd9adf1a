#include "model/ip_address.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <vector>

namespace routefix::model {

namespace {

uint64_t highBits(unsigned n) { return n == 0 ? 0 : (n >= 64 ? ~uint64_t{0} : ~uint64_t{0} << (64 - n)); }

// The ':'-separated groups of one side of "::" into `groups`; a dotted quad (two groups) only
// as the last group of the address (`last`).
bool parseGroups(std::string_view part, bool last, std::vector<uint16_t>& groups) {
  if (part.empty()) return true;
  size_t start = 0;
  while (true) {
    size_t colon = part.find(':', start);
    std::string_view group = part.substr(start, colon == std::string_view::npos ? part.npos : colon - start);
    if (group.find('.') != std::string_view::npos) {
      auto quad = Ipv4::parse(group);
      if (!quad || colon != std::string_view::npos || !last) return false;
      groups.push_back(static_cast<uint16_t>(quad->value >> 16));
      groups.push_back(static_cast<uint16_t>(quad->value & 0xffff));
      return true;
    }
    if (group.empty() || group.size() > 4) return false;
    unsigned value = 0;
    auto [end, ec] = std::from_chars(group.data(), group.data() + group.size(), value, 16);
    if (ec != std::errc() || end != group.data() + group.size()) return false;
    groups.push_back(static_cast<uint16_t>(value));
    if (colon == std::string_view::npos) return true;
    start = colon + 1;
  }
}

std::array<uint16_t, 8> groupsOf(const IpAddress& a) {
  std::array<uint16_t, 8> g{};
  for (int i = 0; i < 4; ++i) {
    g[i] = static_cast<uint16_t>(a.hi >> (48 - 16 * i));
    g[4 + i] = static_cast<uint16_t>(a.lo >> (48 - 16 * i));
  }
  return g;
}

char* writeHex(char* out, uint16_t group) {
  return std::to_chars(out, out + 4, unsigned{group}, 16).ptr;
}

}  // namespace

std::string_view familyName(IpFamily f) { return f == IpFamily::V4 ? "ipv4" : "ipv6"; }

std::optional<IpAddress> IpAddress::parse(std::string_view text) {
  if (text.find(':') != std::string_view::npos) return parseV6(text);
  auto v4 = Ipv4::parse(text);
  if (!v4) return std::nullopt;
  return fromV4(*v4);
}

std::optional<IpAddress> IpAddress::parseV6(std::string_view text) {
  size_t gap = text.find("::");
  if (gap != std::string_view::npos && text.find("::", gap + 1) != std::string_view::npos) return std::nullopt;
  std::vector<uint16_t> head, tail;
  if (gap == std::string_view::npos) {
    if (!parseGroups(text, true, head) || head.size() != 8) return std::nullopt;
  } else {
    if (!parseGroups(text.substr(0, gap), false, head) || !parseGroups(text.substr(gap + 2), true, tail) ||
        head.size() + tail.size() > 7)
      return std::nullopt;
  }
  std::array<uint16_t, 8> g{};
  std::copy(head.begin(), head.end(), g.begin());
  std::copy(tail.begin(), tail.end(), g.end() - static_cast<std::ptrdiff_t>(tail.size()));
  IpAddress a{IpFamily::V6, 0, 0};
  for (int i = 0; i < 4; ++i) {
    a.hi = (a.hi << 16) | g[i];
    a.lo = (a.lo << 16) | g[4 + i];
  }
  return a;
}

bool IpAddress::isLinkLocal() const { return family == IpFamily::V6 && (hi >> 54) == (0xfe80u >> 6); }

bool IpAddress::isV4Mapped() const {
  return family == IpFamily::V6 && hi == 0 && (lo >> 32) == 0xffff;
}

char* IpAddress::write(char* out) const {
  if (isV4()) return v4().write(out);
  if (isV4Mapped()) {
    for (char c : std::string_view("::ffff:")) *out++ = c;
    return Ipv4{static_cast<uint32_t>(lo)}.write(out);
  }
  auto g = groupsOf(*this);
  // RFC 5952 4.2: the longest run of zero groups, the first of equal ones, if at least two.
  int bestStart = -1, bestLength = 1;
  for (int i = 0; i < 8;) {
    if (g[i] != 0) {
      ++i;
      continue;
    }
    int j = i;
    while (j < 8 && g[j] == 0) ++j;
    if (j - i > bestLength) bestStart = i, bestLength = j - i;
    i = j;
  }
  for (int i = 0; i < 8; ++i) {
    if (i == bestStart) {
      *out++ = ':';
      *out++ = ':';
      i += bestLength - 1;
      continue;
    }
    if (i > 0 && i != bestStart + bestLength) *out++ = ':';
    out = writeHex(out, g[i]);
  }
  return out;
}

std::string IpAddress::str() const {
  char text[kMaxText];
  return std::string(text, write(text));
}

bool IpAddress::bit(unsigned i) const {
  if (isV4()) return (lo >> (31 - i)) & 1;
  return i < 64 ? (hi >> (63 - i)) & 1 : (lo >> (127 - i)) & 1;
}

IpAddress IpAddress::masked(uint8_t length) const {
  if (isV4()) return fromV4(Ipv4{static_cast<uint32_t>(lo) & maskOf(length)});
  if (length <= 64) return v6(hi & highBits(length), 0);
  return v6(hi, lo & highBits(length - 64u));
}

IpPrefix::IpPrefix(IpAddress addr, uint8_t len)
    : length(std::min(len, maxPrefixLength(addr.family))) {
  address = addr.masked(length);
}

std::optional<std::pair<IpAddress, uint8_t>> IpPrefix::parseInterfaceAddress(std::string_view text) {
  auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  auto ip = IpAddress::parse(text.substr(0, slash));
  if (!ip) return std::nullopt;
  auto lenText = text.substr(slash + 1);
  unsigned len = 0;
  auto [next, ec] = std::from_chars(lenText.data(), lenText.data() + lenText.size(), len);
  if (lenText.empty() || ec != std::errc() || next != lenText.data() + lenText.size() ||
      len > maxPrefixLength(ip->family))
    return std::nullopt;
  return std::pair{*ip, static_cast<uint8_t>(len)};
}

std::optional<IpPrefix> IpPrefix::parse(std::string_view text) {
  if (text.find('/') == std::string_view::npos) {
    auto ip = IpAddress::parse(text);
    if (!ip) return std::nullopt;
    return IpPrefix(*ip, maxPrefixLength(ip->family));
  }
  auto parts = parseInterfaceAddress(text);
  if (!parts) return std::nullopt;
  return IpPrefix(parts->first, parts->second);
}

char* IpPrefix::write(char* out) const {
  out = address.write(out);
  *out++ = '/';
  return std::to_chars(out, out + 3, unsigned{length}).ptr;
}

std::string IpPrefix::str() const {
  char text[kMaxText];
  return std::string(text, write(text));
}

bool IpPrefix::contains(const IpAddress& ip) const {
  return ip.family == address.family && ip.masked(length) == address;
}

bool IpPrefix::contains(const IpPrefix& other) const {
  return other.length >= length && contains(other.address);
}

bool prefixRangeMatches(const IpPrefix& base, std::optional<uint8_t> ge, std::optional<uint8_t> le,
                        const IpPrefix& candidate) {
  if (!base.contains(candidate)) return false;
  if (!ge && !le) return candidate.length == base.length;
  uint8_t low = ge.value_or(base.length), high = le.value_or(maxPrefixLength(base.family()));
  return candidate.length >= low && candidate.length <= high;
}

}  // namespace routefix::model
